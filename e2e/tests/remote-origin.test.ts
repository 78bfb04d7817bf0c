import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { startSystem, REPO_ROOT, type System } from '../support/system';
import { submitLogin } from '../support/sign-in';

/**
 * A remote deployed on its own origin, as a feature team would (docs/deploying.md, "Deploying a remote"): Users
 * is served by `npm run serve -w remote-users` on a second port, the API is started with
 * REMOTE_USERS_URL pointing there, and the shell the API serves loads Users from that origin —
 * with the Content-Security-Policy naming exactly that origin, and the area working as it does
 * from one origin.
 */
let served: ChildProcess;
let remoteEntryUrl: string;
let system: System;
let browser: Browser;

/** Starts `npm run serve -w remote-users -- --port 0` and reads the address it prints. */
function serveUsersRemote(): Promise<{ child: ChildProcess; entryUrl: string }> {
  // Its own process group, so stopping it stops npm's child node process too.
  const child = spawn('npm', ['run', 'serve', '-w', 'remote-users', '--', '--port', '0'], { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const printed = /REMOTE_USERS_URL=(\S+)/.exec(output);
      if (printed) resolve({ child, entryUrl: printed[1] as string });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm run serve exited with ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  const started = await serveUsersRemote();
  served = started.child;
  remoteEntryUrl = started.entryUrl;
  [system, browser] = await Promise.all([startSystem({ env: { REMOTE_USERS_URL: remoteEntryUrl }, demoCalls: 50 }), launchChromium()]);
  // `npm run serve` first brings the API's compiled CLI up to date (tsc -b), seconds on a quiet machine.
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
  if (served?.pid) process.kill(-served.pid, 'SIGTERM');
});

test('the served remote answers with the headers a cross-origin remote needs, and no API', async () => {
  const entry = await fetch(remoteEntryUrl, { headers: { origin: system.url } });
  expect(entry.status).toBe(200);
  expect(entry.headers.get('access-control-allow-origin')).toBe('*');
  expect(entry.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  // The address names a kept build's manifest: that folder never changes, so it is kept a year.
  expect(remoteEntryUrl).toMatch(/\/\d+\.\d+\.\d+-[0-9a-f]{10}\/mf-manifest\.json$/);
  expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const origin = new URL(remoteEntryUrl).origin;
  expect((await fetch(`${origin}/api/health`)).status).toBe(404);
  expect((await fetch(`${remoteEntryUrl}.map`)).status).toBe(404);
});

test('the shell loads Users from the other origin, the CSP allows exactly that origin, and the area works', async () => {
  const remoteOrigin = new URL(remoteEntryUrl).origin;
  const page = await browser.newPage({ baseURL: system.url });
  const fromRemoteOrigin: string[] = [];
  const fromApiRemotesFolder: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${remoteOrigin}/`)) fromRemoteOrigin.push(request.url());
    if (request.url().startsWith(`${system.url}/remotes/users/`)) fromApiRemotesFolder.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy|CORS/i.test(message.text())) refused.push(message.text());
  });

  const response = await page.goto('/users');
  const csp = response?.headers()['content-security-policy'] ?? '';
  // A directive's sources, less the page's per-response nonce.
  const sources = (name: string) => csp.split(';').map((part) => part.trim().split(/\s+/)).find(([directive]) => directive === name)?.slice(1).filter((source) => !source.startsWith("'nonce-"));
  expect(sources('script-src')).toEqual(["'self'", remoteOrigin]);
  expect(sources('connect-src')).toEqual(["'self'", remoteOrigin]);

  await page.waitForURL('**/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL('**/users');
  await page.getByRole('heading', { name: 'User Management', exact: true }).waitFor();
  // The remote's list (and its search) comes from the API through the shell's session, as from one origin.
  await page.getByPlaceholder('Search users by name, email, or role...').fill(system.demoAdmin.email);
  await page.getByRole('cell', { name: system.demoAdmin.email, exact: true }).waitFor();
  // And a write: a user created from the cross-origin area.
  await page.getByRole('button', { name: 'Add User' }).click();
  const form = page.getByRole('dialog', { name: 'Create User' });
  await form.getByLabel(/^Name/).fill('Olga Origin');
  await form.getByLabel(/^Email/).fill('olga@example.com');
  await form.getByLabel(/^Password/).fill('s3cret-pass');
  await form.getByRole('button', { name: 'Create User' }).click();
  await page.getByText('User created successfully').waitFor();
  await page.getByPlaceholder('Search users by name, email, or role...').fill('olga@');
  await page.getByRole('cell', { name: 'olga@example.com', exact: true }).waitFor();

  expect(fromRemoteOrigin).toContain(remoteEntryUrl);
  // Its chunks came from its own origin too (publicPath 'auto'), never from the API's copy.
  expect(fromRemoteOrigin.filter((url) => url !== remoteEntryUrl).length).toBeGreaterThan(0);
  expect(fromApiRemotesFolder).toEqual([]);
  expect(refused).toEqual([]);
  await page.close();
});
