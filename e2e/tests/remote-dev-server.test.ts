import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
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
 *
 * The same dev server also serves the remote inside the shell's, wired as `npm run dev` wires them
 * (scripts/dev.js): the API's REMOTE_USERS_URL names the remote dev server's manifest, and the shell's
 * dev server proxies /api and /remotes.json to the API. An edit there must refresh in place too.
 */
const DEV_SCRIPT = 'webpack serve --mode development';
const USERS_PAGE = 'src/features/user-list/components/users-page.tsx';

let copyRoot: string;
let packageCopy: string;
let devServer: ChildProcess;
let devUrl: string;
let shellDevServer: ChildProcess;
let shellDevUrl: string;
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

/** A port nobody listens on now, for a dev server whose address the API must know before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The package's `dev` script (webpack serve) on `port`, proxying /api to the test's API; resolves with its address once compiled. */
function startDevServer(packageDir: string, apiUrl: string, port: number | 'auto'): Promise<{ child: ChildProcess; url: string }> {
  const script = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.dev;
  if (script !== DEV_SCRIPT) throw new Error(`${path.basename(packageDir)}'s dev script is now "${script}": update this suite to run what it runs`);
  const webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [REPO_ROOT] });
  const child = spawn(process.execPath, [webpackCli, 'serve', '--mode', 'development', '--port', String(port)], {
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
    child.on('exit', (code) => reject(new Error(`the ${path.basename(packageDir)} dev server exited with ${code}:\n${output}`)));
  });
}

/**
 * Edits the Users heading in the package copy to `edited` while `page` shows it with `typed` in `search`,
 * and checks the edit arrives as a hot update: the heading changes in place, the page's window is the
 * same one (a reload would lose the mark set before the edit) and what was typed stays.
 */
async function expectHeadingEditedInPlace(page: Page, search: Locator, typed: string, edited: string): Promise<void> {
  await page.evaluate(() => Object.assign(window, { beforeTheEdit: true }));
  const file = path.join(packageCopy, USERS_PAGE);
  const text = readFileSync(file, 'utf8');
  const heading = />User Management[^<]*<\/h1>/;
  if (!heading.test(text)) throw new Error(`${USERS_PAGE} no longer renders its heading as this suite edits it`);
  writeFileSync(file, text.replace(heading, `>${edited}</h1>`));

  await page.getByRole('heading', { name: edited, exact: true }).waitFor({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { beforeTheEdit?: boolean }).beforeTheEdit)).toBe(true);
  expect(await search.inputValue()).toBe(typed);
}

beforeAll(async () => {
  packageCopy = copyUsersPackage();
  const usersPort = await freePort();
  [system, browser] = await Promise.all([
    startSystem({ demoCalls: 20, env: { REMOTE_USERS_URL: `http://127.0.0.1:${usersPort}/mf-manifest.json` } }),
    launchChromium(),
  ]);
  // The shell is only read, never edited, so its dev server runs from the repository's own folder.
  const [users, shell] = await Promise.all([startDevServer(packageCopy, system.url, usersPort), startDevServer(path.join(REPO_ROOT, 'shell'), system.url, 'auto')]);
  devServer = users.child;
  devUrl = users.url;
  shellDevServer = shell.child;
  shellDevUrl = shell.url;
}, 600_000);
afterAll(async () => {
  for (const child of [devServer, shellDevServer]) if (child?.pid) process.kill(-child.pid, 'SIGTERM');
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
  await expectHeadingEditedInPlace(page, search, 'adm', 'User Management (edited live)');
  expect(failures).toEqual([]);
  await page.close();
}, 120_000);

test('inside the shell, as `npm run dev` runs them: an edit to the remote is applied in place, what was typed stays', async () => {
  const page = await browser.newPage({ baseURL: shellDevUrl });
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  // A deep link: the guard sends the person to /login and back, so no other area is opened.
  await page.goto('/users');
  await page.getByLabel(/^Email/).fill(system.demoAdmin.email);
  await page.getByLabel(/^Password/).fill(system.demoAdmin.password);
  await page.getByRole('button', { name: 'Login Now' }).click();
  await page.getByRole('heading', { name: /^User Management/ }).waitFor();
  // The area came from the remote's dev server, not from a build the API serves.
  const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(fetched).toContain(`${devUrl}/mf-manifest.json`);
  const search = page.getByPlaceholder('Search users by name, email, or role...');
  await search.fill('adm');
  // The shell's refresh runtime and React DOM were on the page before the remote's runtime arrived:
  // the edit is applied only if the remote's runtime still found React DOM (scripts/webpack/devtools-hook.js).
  await expectHeadingEditedInPlace(page, search, 'adm', 'User Management (edited inside the shell)');
  expect(failures).toEqual([]);
  await page.close();
}, 120_000);
