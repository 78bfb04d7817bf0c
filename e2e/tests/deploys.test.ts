import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REMOTES } from '@callboard/contract';
import { launchChromium } from '../support/browser';
import { submitLogin } from '../support/sign-in';
import { REPO_ROOT, startSystem, type System } from '../support/system';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the deploy logic is a CommonJS script, used here as a deploy uses it.
const remoteBuilds = require('../../scripts/remote-builds.js') as {
  currentBuild(distDir: string): string | undefined;
  listBuilds(distDir: string): { id: string }[];
  installBuild(distDir: string, stagingDir: string, version: string): string;
  newStagingDir(distDir: string): string;
};

/**
 * Deploying a remote while people have tabs open, in Chromium against the
 * production build: the Users remote is built again from a changed file into
 * a second build folder while a tab runs the first, and a build needing
 * another major of a shared package is deployed after it.
 *
 * The suite has a web root of its own, so its deploys never touch the builds
 * the other suites use: the shell, Reporting and Call Logs are the repository's
 * builds (links), and Users is a copy of the package (sources and the
 * repository's current build) that this suite builds again.
 */
const execFileAsync = promisify(execFile);
const USERS = REMOTES.find((remote) => remote.name === 'users')!;

let webRoot: string;
let usersDist: string;
let firstBuild: string;
let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // Inside the repository, so the copy's imports resolve through the repository's node_modules.
  webRoot = mkdtempSync(path.join(REPO_ROOT, 'e2e', '.deploys-'));
  for (const folder of ['shell', 'remote-reporting', 'remote-calllogs']) {
    mkdirSync(path.join(webRoot, folder));
    symlinkSync(path.join(REPO_ROOT, folder, 'dist'), path.join(webRoot, folder, 'dist'));
  }
  // What the copied package's webpack.config.js and tsconfig.json reach for, one folder up.
  for (const shared of ['scripts', 'tsconfig.web.json', 'tsconfig.base.json']) symlinkSync(path.join(REPO_ROOT, shared), path.join(webRoot, shared));
  const source = path.join(REPO_ROOT, USERS.folder);
  cpSync(source, path.join(webRoot, USERS.folder), {
    recursive: true,
    filter: (file) => !/\.test\.tsx?$/.test(file) && !file.startsWith(path.join(source, 'node_modules')) && !file.startsWith(path.join(source, 'dist')),
  });
  usersDist = path.join(webRoot, USERS.folder, 'dist');
  const repositoryDist = path.join(source, 'dist');
  const built = remoteBuilds.currentBuild(repositoryDist);
  if (!built) throw new Error(`${repositoryDist} has no current build: run node scripts/build-web.js`);
  firstBuild = built;
  cpSync(path.join(repositoryDist, firstBuild), path.join(usersDist, firstBuild), { recursive: true });
  writeFileSync(path.join(usersDist, 'current.json'), JSON.stringify({ build: firstBuild }));

  [system, browser] = await Promise.all([startSystem({ env: { WEB_ROOT: webRoot } }), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: system.url });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function remotesJson(): Promise<Record<string, string>> {
  return (await fetch(new URL('/remotes.json', system.url))).json() as Promise<Record<string, string>>;
}

/** The Users remote rebuilt from a changed source file, as its team would deploy it: `webpack --mode production`. */
async function deployChangedUsers(): Promise<string> {
  const page = path.join(webRoot, USERS.folder, 'src/features/user-list/components/users-page.tsx');
  const text = readFileSync(page, 'utf8');
  writeFileSync(page, text.replace('>User Management</h1>', '>User Management (new build)</h1>'));
  const webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [REPO_ROOT] });
  await execFileAsync(process.execPath, [webpackCli, '--mode', 'production'], { cwd: path.join(webRoot, USERS.folder), maxBuffer: 16 * 1024 * 1024 });
  return remoteBuilds.currentBuild(usersDist)!;
}

async function signIn(): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await page.getByRole('heading', { name: 'Reporting' }).waitFor();
}

test('every remote is listed by its current manifest, which is valid JSON naming its entry, ./App and the shared versions', async () => {
  const entries = await remotesJson();
  for (const remote of REMOTES) {
    const url = entries[remote.federationName];
    expect(url).toMatch(new RegExp(`^/remotes/${remote.name}/\\d+\\.\\d+\\.\\d+-[0-9a-f]{10}/mf-manifest\\.json$`));
    const response = await fetch(new URL(url!, system.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = JSON.parse(await response.text());
    expect(manifest).toMatchObject({
      name: remote.federationName,
      metaData: { remoteEntry: { name: 'remoteEntry.js' }, publicPath: 'auto' },
    });
    expect(manifest.exposes.map((expose: { path: string }) => expose.path)).toEqual(['./App']);
    const sharedAuth = manifest.shared.filter((shared: { name: string }) => shared.name.startsWith('@callboard/shared-auth'));
    expect(sharedAuth.length).toBeGreaterThan(0);
    // Subpaths shared through a prefix key carry no `singleton` in a manifest; the shell judges them by their package.
    for (const shared of sharedAuth) expect(shared).toMatchObject({ version: '1.0.0', requiredVersion: '^1.0.0' });
    const react = manifest.shared.find((shared: { name: string }) => shared.name === 'react');
    expect(react).toMatchObject({ singleton: true, requiredVersion: react.version });
    // The entry the manifest names is beside it.
    const entry = await fetch(new URL(url!.replace(/mf-manifest\.json$/, manifest.metaData.remoteEntry.name), system.url));
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
  }
});

test('a remote deployed while a tab is open: the tab keeps its build, loads its chunks later, then offers the new one', async () => {
  await page.clock.install();
  await signIn();
  const usersRequests: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/remotes/users/')) usersRequests.push({ url: response.url(), status: response.status() });
  });

  const secondBuild = await deployChangedUsers();
  expect(secondBuild).not.toBe(firstBuild);
  expect(remoteBuilds.listBuilds(usersDist).map((build) => build.id).sort()).toEqual([firstBuild, secondBuild].sort());
  expect((await remotesJson()).remote_users).toBe(`/remotes/users/${secondBuild}/mf-manifest.json`);

  // The tab registered the first build before the deploy; Users' code was not fetched yet, and every file of it still loads.
  expect(usersRequests).toEqual([]);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('heading', { name: 'User Management', exact: true }).waitFor();
  expect(usersRequests.length).toBeGreaterThan(2);
  for (const request of usersRequests) {
    expect(request).toEqual({ url: expect.stringContaining(`/remotes/users/${firstBuild}/`), status: 200 });
  }

  // Back to the window a minute later: the shell reads /remotes.json again and the area offers the new build.
  await page.clock.fastForward(61_000);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const notice = page.getByRole('status').filter({ hasText: 'A new version of Users is available' });
  await notice.waitFor();
  expect(await notice.textContent()).toBe('A new version of Users is available — Reload');
  // Nothing was swapped under the person: the running area is still the first build.
  await page.getByRole('heading', { name: 'User Management', exact: true }).waitFor();

  await notice.getByRole('button', { name: 'Reload' }).click();
  await page.getByRole('heading', { name: 'User Management (new build)' }).waitFor();
  expect(usersRequests.some((request) => request.url.includes(`/remotes/users/${secondBuild}/remoteEntry.js`))).toBe(true);
  // Building a remote on this machine takes minutes while other suites run.
}, 600_000);

test('a build that needs another major of a shared package shows why in its area, and is never started', async () => {
  // The current build, with its manifest saying it needs @callboard/shared-auth 2.x: a deploy like any other.
  const staging = remoteBuilds.newStagingDir(usersDist);
  cpSync(path.join(usersDist, remoteBuilds.currentBuild(usersDist)!), staging, { recursive: true });
  const manifestFile = path.join(staging, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  for (const shared of manifest.shared) {
    if (shared.name.startsWith('@callboard/shared-auth')) Object.assign(shared, { version: '2.0.0', requiredVersion: '^2.0.0' });
  }
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const incompatible = remoteBuilds.installBuild(usersDist, staging, '2.0.0');
  expect(incompatible).toMatch(/^2\.0\.0-/);

  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  const entryRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/remoteEntry.js') && request.url().includes('/remotes/users/')) entryRequests.push(request.url());
  });
  await signIn();
  await page.goto('/users');
  const alert = page.getByRole('alert');
  await alert.getByText('Users cannot run on this page').waitFor();
  expect(await alert.textContent()).toContain('This version of Users needs @callboard/shared-auth ^2.0.0, but this page provides 1.0.0, so it was not started.');
  expect(entryRequests).toEqual([]);
  expect(logged.some((line) => line.includes('remote_users needs @callboard/shared-auth ^2.0.0, but this page provides @callboard/shared-auth 1.0.0'))).toBe(true);

  // The rest of Callboard keeps working.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Call Logs' }).click();
  await page.getByRole('heading', { name: 'Call Logs' }).first().waitFor();
});
