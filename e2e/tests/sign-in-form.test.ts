import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOGIN_SCREEN } from '@callboard/contract';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../api/src/start-server';
import { startBanner } from '../../api/src/startup/start-banner';
import { writeMigratedDataDir } from '../../api/test/support/test-database';
import { launchChromium } from '../support/browser';
import { REPO_ROOT } from '../support/system';

/**
 * The prerendered sign-in form never puts the password in an address, whoever sends it: the app, or the
 * browser itself when no script runs. Not in the address bar, not in a request, not in the server's
 * request log (docs/security.md). The server is started here, not by startSystem, to read its log.
 */
let server: RunningServer;
let browser: Browser;
let dataDir: string;
const logged: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'callboard-e2e-sign-in-form-'));
  await writeMigratedDataDir(dataDir);
  [server, browser] = await Promise.all([
    startServer({
      env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: REPO_ROOT, DEMO_DATA: 'true', LOG_LEVEL: 'info', REQUEST_LOG_LEVEL: 'info' },
      passwordCost: { log2N: 10, r: 8, p: 1 },
      demoCalls: 50,
      logStream: { write: (line) => logged.push(line) },
    }),
    launchChromium(),
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

jest.setTimeout(180_000);

test('submitting the prerendered /login form never puts the password in the URL or the request log, with JavaScript on or off', async () => {
  const signIn = /Demo sign-in: (\S+) \/ (\S+)/.exec(startBanner(server));
  const [email, password] = [signIn?.[1] as string, signIn?.[2] as string];
  expect(password).toBeTruthy();
  // With JavaScript on, from the page's file name too, which was once served raw: without its nonces, its
  // script was blocked and the browser sent the form itself, as a GET.
  for (const [javaScriptEnabled, opened] of [[true, `/${LOGIN_SCREEN.file}`], [false, LOGIN_SCREEN.path]] as const) {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const addresses: string[] = [];
      page.on('request', (request) => addresses.push(request.url()));
      page.on('framenavigated', (frame) => addresses.push(frame.url()));
      logged.length = 0;

      await page.goto(opened);
      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Password/).fill(password);
      // What the press sends: the app's request to the API, or the browser's own navigation.
      const sent = page.waitForRequest((request) => request.isNavigationRequest() || new URL(request.url()).pathname === '/api/auth/login');
      await page.getByRole('button', { name: 'Login Now' }).click();
      const request = await sent;
      await page.waitForLoadState();
      const leaks = (texts: string[]) => texts.filter((text) => text.includes(password) || /[?&](?:password|email)=/i.test(text));
      expect(leaks([page.url(), ...addresses])).toEqual([]);
      if (javaScriptEnabled) {
        // The app sent it, as JSON to the API, and signed in.
        expect(`${request.method()} ${new URL(request.url()).pathname}`).toBe('POST /api/auth/login');
        await page.waitForURL((url) => url.pathname.startsWith('/reporting'));
      } else {
        // The browser sent it: a POST to the page, answered with the page again, which says what is missing
        // (in a <noscript>: Playwright's text locators skip those, so it is read from the markup).
        expect(`${request.method()} ${new URL(request.url()).pathname}`).toBe(`POST ${LOGIN_SCREEN.path}`);
        await page.getByRole('button', { name: 'Login Now' }).waitFor();
        expect(new URL(page.url()).pathname).toBe(LOGIN_SCREEN.path);
        expect(await page.locator('form noscript').innerHTML()).toContain('Signing in needs JavaScript');
      }

      expect(leaks([page.url(), ...addresses])).toEqual([]);
      expect(new URL(page.url()).search).toBe('');
      expect(logged.filter((line) => line.includes(password) || line.includes(encodeURIComponent(email)))).toEqual([]);
      // The log was read: it holds this sign-in's request lines.
      expect([javaScriptEnabled, logged.some((line) => /"method":"POST","url":"\/(?:api\/auth\/)?login"/.test(line))]).toEqual([javaScriptEnabled, true]);
    } finally {
      await context.close();
    }
  }
});
