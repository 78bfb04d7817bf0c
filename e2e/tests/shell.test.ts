import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { eventually } from '../support/eventually';
import { startSystem, type System } from '../support/system';
import { submitLogin } from '../support/sign-in';

/**
 * The shell as a newcomer meets it, in real Chromium against the production
 * build served by the API.
 */
let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: system.url });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const storedToken = () => page.evaluate(() => localStorage.getItem('token'));

test('a newcomer registers, lands on /login with the email filled in, signs in and reaches /reporting', async () => {
  await page.goto('/register');
  await expectHeading('Create Account');
  await page.getByLabel(/^Full name/i).fill('Nora Newcomer');
  await page.getByLabel(/^Email/).fill('nora@example.com');
  await page.getByLabel(/^Password/).fill('s3cret-pass');
  await page.getByLabel(/^Confirm password/i).fill('s3cret-pass');
  await page.getByRole('button', { name: 'Register Now' }).click();

  await page.waitForURL('**/login');
  await expectHeading('Welcome Back!');
  expect(await page.getByLabel(/^Email/).inputValue()).toBe('nora@example.com');
  await page.getByLabel(/^Password/).fill('s3cret-pass');
  await page.getByRole('button', { name: 'Login Now' }).click();

  await page.waitForURL(/\/reporting(\?.*)?$/);
  await expectHeading('Reporting');
  await page.getByText('Nora Newcomer').first().waitFor();
});

test('a signed-out deep link to /users returns there after sign-in, and a reload keeps the session', async () => {
  await page.goto('/users');
  await page.waitForURL('**/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL('**/users');
  await expectHeading('User Management');

  await page.reload();
  await expectHeading('User Management');
  expect(page.url()).toMatch(/\/users$/);
  expect(await storedToken()).toBeTruthy();
});

test('logout clears storage and protects every route again', async () => {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

  for (const path of ['/reporting', '/callLogs', '/users', '/']) {
    await page.goto(path);
    await page.waitForURL('**/login');
  }
});

test("the app's own refresh and logout reach the server; another site's page is refused", async () => {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);

  // What the session keeper sends ahead of expiry, from the app's own page.
  const refreshed = await page.evaluate(async () => (await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' })).status);
  expect(refreshed).toBe(200);

  // Another site's page posting a form to the refresh route (a form, since the API's
  // Cross-Origin-Resource-Policy would hide the answer to a fetch from the test). Its own server
  // reached as localhost, which the browser counts as another site than 127.0.0.1.
  const otherSite = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(`<!doctype html><title>Elsewhere</title><form method="post" action="${system.url}/api/auth/refresh"><button>Go</button></form>`);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  try {
    const elsewhere = await context.newPage();
    await elsewhere.goto(`http://localhost:${(otherSite.address() as AddressInfo).port}/`);
    const [answer] = await Promise.all([
      elsewhere.waitForResponse((response) => response.url().endsWith('/api/auth/refresh')),
      elsewhere.getByRole('button', { name: 'Go' }).click(),
    ]);
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
  } finally {
    otherSite.closeAllConnections();
    await new Promise((resolve) => otherSite.close(resolve));
  }

  const logout = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  expect((await logout).status()).toBe(200);
  await page.waitForURL('**/login');
});

test('an unknown path ends on /reporting', async () => {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await page.goto('/no/such/page');
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await expectHeading('Reporting');
});

test('with one remote unreachable the shell and the other areas still work', async () => {
  await page.route('**/remotes/users/**', (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);

  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByText('Loading chunk failed').waitFor();
  await page.getByRole('button', { name: 'Retry' }).waitFor();

  // The rest of the frame keeps working, and nobody is signed out.
  await page.getByRole('link', { name: 'Call Logs' }).click();
  await expectHeading('Call Logs');
  await page.getByRole('link', { name: 'Reporting' }).click();
  await expectHeading('Reporting');
  expect(await storedToken()).toBeTruthy();

  // Still down when the user comes back; once the files are reachable again, Retry really loads the area.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByText('Loading chunk failed').waitFor();
  await page.unroute('**/remotes/users/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expectHeading('User Management');
});

test('a token the API rejects signs the user out', async () => {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);

  // The server forgets the session (as after a password change elsewhere); the next request
  // gets a 401. Reporting may already be polling; otherwise moving to Call Logs makes one.
  await system.server.db.query('UPDATE sessions SET revoked_at = now()');
  const signedOut = page.waitForURL('**/login');
  if (new URL(page.url()).pathname === '/reporting') {
    // Reporting's own first requests often sign the user out before the click, taking the link away:
    // waiting on for it then ran the click's whole 5 s timeout.
    await Promise.race([signedOut, page.getByRole('link', { name: 'Call Logs' }).click({ timeout: 5000 }).catch(() => undefined)]);
  }
  await signedOut;
  expect(await storedToken()).toBeNull();
});

test('the sidebar collapses to 80 px and expands to 220 px', async () => {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  const width = async () => Math.round((await sidebar.boundingBox())!.width);

  await eventually(width, 220);
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await eventually(width, 80);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await eventually(width, 220);
});

test("the API docs run under the app's Content-Security-Policy without a violation", async () => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations ??= [];
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} [${event.sample}]`);
    });
  });
  const appPolicy = (await page.request.get('/api/healthz')).headers()['content-security-policy'];
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toBe(appPolicy);

  // The operations are drawn: swagger-ui's scripts ran and read /api/docs/json.
  await page.getByText('A page of call records (by number, or by time after a cursor) with the exact total for the same filters').first().waitFor();
  await page.getByText('/api/calls/records', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Try it out' }).first().click();
  await page.getByRole('button', { name: 'Execute' }).first().click();
  // Signed out, the API answers 401: swagger-ui draws the response, highlighted, under the same policy.
  await page.locator('.responses-inner .response-col_status', { hasText: '401' }).first().waitFor();
  expect(await page.locator('.opblock').count()).toBeGreaterThan(20);

  expect(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).toEqual([]);
  expect(violations).toEqual([]);
});

async function expectHeading(name: string) {
  await page.getByRole('heading', { name, exact: true }).waitFor();
}
