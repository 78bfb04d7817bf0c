import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { startSystem, REPO_ROOT, type System } from '../support/system';

/**
 * A remote alone on its dev server, as its team works on it (`npm run dev -w remote-users`), against
 * an API already running: its own page has no shell, so it must bring the federation runtime the
 * remote no longer carries (decision 0028), and it runs with hot updates.
 *
 * The dev server runs the package's own `dev` script in a copy of the package (its sources; the
 * shared webpack setup and tsconfigs linked), so that the live edit below never reaches a file another
 * suite builds from (deploys.test.ts builds the Users remote while this suite may be editing it).
 */
const DEV_SCRIPT = 'webpack serve --mode development';
const USERS_PAGE = 'src/features/user-list/components/users-page.tsx';

let copyRoot: string;
let packageCopy: string;
let devServer: ChildProcess;
let devUrl: string;
let system: System;
let browser: Browser;

/** A copy of remote-users inside the repository (its imports resolve through the repository's node_modules). */
function copyUsersPackage(): string {
  copyRoot = mkdtempSync(path.join(REPO_ROOT, 'e2e', '.dev-server-'));
  // What the package's webpack.config.js and tsconfig.json reach for, one folder up.
  for (const shared of ['scripts', 'tsconfig.web.json', 'tsconfig.base.json']) symlinkSync(path.join(REPO_ROOT, shared), path.join(copyRoot, shared));
  const source = path.join(REPO_ROOT, 'remote-users');
  const copy = path.join(copyRoot, 'remote-users');
  cpSync(source, copy, {
    recursive: true,
    filter: (file) => !/\.test\.tsx?$/.test(file) && !file.startsWith(path.join(source, 'node_modules')) && !file.startsWith(path.join(source, 'dist')),
  });
  return copy;
}

/** The package's `dev` script (webpack serve) on a free port, proxying /api to the test's API; resolves with its address once compiled. */
function startDevServer(packageDir: string, apiUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const script = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.dev;
  if (script !== DEV_SCRIPT) throw new Error(`remote-users' dev script is now "${script}": update this suite to run what it runs`);
  const webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [REPO_ROOT] });
  const child = spawn(process.execPath, [webpackCli, 'serve', '--mode', 'development', '--port', 'auto'], {
    cwd: packageDir,
    // Its own process group, so stopping it stops every process webpack started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CALLBOARD_DEV_API: apiUrl },
  });
  let output = '';
  let url: string | undefined;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      url ??= /Loopback: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
      if (url && /compiled (successfully|with \d+ warnings?)/.test(output)) resolve({ child, url });
      if (/compiled with \d+ errors?/.test(output)) reject(new Error(`the dev server failed to compile:\n${output}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the remote-users dev server exited with ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  packageCopy = copyUsersPackage();
  [system, browser] = await Promise.all([startSystem({ demoCalls: 20 }), launchChromium()]);
  const started = await startDevServer(packageCopy, system.url);
  devServer = started.child;
  devUrl = started.url;
}, 600_000);
afterAll(async () => {
  if (devServer?.pid) process.kill(-devServer.pid, 'SIGTERM');
  await browser?.close();
  await system?.stop();
  if (copyRoot) rmSync(copyRoot, { recursive: true, force: true });
});

test('its page loads the federation runtime first, signs in through the API and shows the area', async () => {
  const page = await browser.newPage({ baseURL: devUrl });
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  await page.goto('/');
  const scripts = await page.locator('script[src]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('src')));
  expect(scripts[0]).toMatch(/federation-runtime\.js$/);

  // The standalone host's own sign-in form (shared-auth/src/standalone-host.tsx).
  await page.getByLabel('Email').fill(system.demoAdmin.email);
  await page.getByLabel('Password').fill(system.demoAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'User Management', exact: true }).waitFor();
  await page.getByPlaceholder('Search users by name, email, or role...').fill(system.demoAdmin.email);
  await page.getByRole('cell', { name: system.demoAdmin.email, exact: true }).waitFor();
  // Hot updates are on: the dev server's client and the refresh runtime are in the page.
  expect(await page.evaluate(() => Object.keys(window).some((key) => key.startsWith('__reactRefreshInjected')))).toBe(true);
  expect(failures).toEqual([]);
  await page.close();
});

test('an edit to a component is applied in place: the page is not reloaded and what was typed stays', async () => {
  const page = await browser.newPage({ baseURL: devUrl });
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  await page.goto('/');
  await page.getByLabel('Email').fill(system.demoAdmin.email);
  await page.getByLabel('Password').fill(system.demoAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'User Management', exact: true }).waitFor();
  const search = page.getByPlaceholder('Search users by name, email, or role...');
  await search.fill('adm');
  // A reload would lose this; a hot update keeps the page's window and the component's state.
  await page.evaluate(() => Object.assign(window, { beforeTheEdit: true }));

  const file = path.join(packageCopy, USERS_PAGE);
  const text = readFileSync(file, 'utf8');
  if (!text.includes('>User Management</h1>')) throw new Error(`${USERS_PAGE} no longer renders its heading as this test edits it`);
  writeFileSync(file, text.replace('>User Management</h1>', '>User Management (edited live)</h1>'));

  await page.getByRole('heading', { name: 'User Management (edited live)', exact: true }).waitFor({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { beforeTheEdit?: boolean }).beforeTheEdit)).toBe(true);
  expect(await search.inputValue()).toBe('adm');
  expect(failures).toEqual([]);
  await page.close();
}, 120_000);
