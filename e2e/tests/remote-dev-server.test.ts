import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { startSystem, REPO_ROOT, type System } from '../support/system';

/**
 * A remote alone on its dev server, as its team works on it (`npm run dev -w remote-users`), against
 * an API already running: its own page has no shell, so it must bring the federation runtime the
 * remote no longer carries (decision 0028), and it runs with hot updates.
 */
let devServer: ChildProcess;
let devUrl: string;
let system: System;
let browser: Browser;

/** `npm run dev -w remote-users` on a free port, proxying /api to the test's API; resolves with its address once compiled. */
function startDevServer(apiUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn('npm', ['run', 'dev', '-w', 'remote-users', '--', '--port', 'auto'], {
    cwd: REPO_ROOT,
    // Its own process group, so stopping it stops webpack under npm too.
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
    child.on('exit', (code) => reject(new Error(`npm run dev -w remote-users exited with ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 20 }), launchChromium()]);
  const started = await startDevServer(system.url);
  devServer = started.child;
  devUrl = started.url;
}, 600_000);
afterAll(async () => {
  if (devServer?.pid) process.kill(-devServer.pid, 'SIGTERM');
  await browser?.close();
  await system?.stop();
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
