import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { callApi, type ApiInit } from '../support/api-client';
import { startSystem, type System } from '../support/system';
import { submitLogin } from '../support/sign-in';

/**
 * The Profile dialog as a person meets it, in real Chromium against the production build served by
 * the API: renaming yourself shows in the header at once, a new password replaces the old one at the
 * next sign-in; and an address an area does not know lands on /reporting. The person is one the demo
 * admin creates, so the demo admin's password, which other suites read, is never changed.
 */
let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const EMAIL = 'pat.profile@example.com';
const OLD_PASSWORD = 'old-pass-123';
const NEW_PASSWORD = 'new-pass-456';

// A busy 2-core machine starts the system and the browser slowly: a generous wait, like the other suites'.
beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 50 }), launchChromium()]);
  const adminToken = await apiToken(system.demoAdmin.email, system.demoAdmin.password);
  await api('/api/users', { method: 'POST', token: adminToken, body: { name: 'Pat Profile', email: EMAIL, password: OLD_PASSWORD, role: 'user' } });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: system.url });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  return callApi<T>(system.url, path, init);
}

async function apiToken(email: string, password: string): Promise<string> {
  return (await api<{ data: { token: string } }>('/api/auth/login', { method: 'POST', body: { email, password } })).data.token;
}

/** The header's account button, named after the person. */
const accountButton = (name: string) => page.getByRole('banner').getByRole('button', { name, exact: true });

async function signIn(email: string, password: string): Promise<void> {
  await page.goto('/reporting');
  await page.waitForURL('**/login');
  await submitLogin(page, email, password);
}

test('the Profile dialog renames you (the header shows it) and changes your password for the next sign-in', async () => {
  await signIn(EMAIL, OLD_PASSWORD);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await accountButton('Pat Profile').click();
  await page.getByRole('menuitem', { name: 'Profile', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Profile', exact: true });
  expect(await dialog.getByLabel(/^Email/).inputValue()).toBe(EMAIL);
  await dialog.getByLabel(/^Name/).fill('Pat Renamed');
  await dialog.getByLabel('Current password', { exact: true }).fill(OLD_PASSWORD);
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await page.getByText('Profile updated').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
  await accountButton('Pat Renamed').waitFor();

  // Signed out, the old password no longer opens the account; the new one does, under the new name.
  await accountButton('Pat Renamed').click();
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
  await page.waitForURL('**/login');
  await submitLogin(page, EMAIL, OLD_PASSWORD);
  await page.getByText('Invalid email or password').first().waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');

  await submitLogin(page, EMAIL, NEW_PASSWORD);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await accountButton('Pat Renamed').waitFor();
});

// Signed in as the demo admin, whose password nothing here changes.
test.each(['/users/nope', '/reporting/nope', '/callLogs/x'])('%s ends on /reporting', async (path) => {
  await signIn(system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await page.goto(path);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await page.getByRole('heading', { name: 'Reporting', exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/reporting');
});
