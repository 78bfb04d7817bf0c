import { DISPOSITIONS } from '@callboard/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { eventually } from '../support/eventually';
import { applyDatePreset } from '../support/filters';
import { submitLogin } from '../support/sign-in';
import { callApi, type ApiInit } from '../support/api-client';
import { startSystem, type System } from '../support/system';

/**
 * Roles as people meet them, in real Chromium against the production build: an admin makes someone a
 * Reviewer in the Users dialog; the reviewer, in a browser of their own, is offered Call Logs' bulk
 * re-disposition and uses it; a `user` selecting the same rows is not offered it
 * (contract/src/permissions.ts).
 */
let system: System;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PASSWORD = 's3cret-pass';
const REVIEWER = { name: 'Rae Reviewer', email: 'rae.reviewer@example.com', password: PASSWORD };
const MEMBER = { name: 'Uma User', email: 'uma.user@example.com', password: PASSWORD };

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 600 }), launchChromium()]);
  // Both start as plain users, made by the demo admin through the API; the screen under test makes Rae a reviewer.
  const login = await api<{ data: { token: string } }>('/api/auth/login', { body: system.demoAdmin });
  for (const person of [REVIEWER, MEMBER]) await api('/api/users', { token: login.data.token, body: { ...person, role: 'user' } });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

jest.setTimeout(180_000);

function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  return callApi<T>(system.url, path, init);
}

/** A browser of its own (cookies, storage), signed in as `who` on the way to `at`. */
async function signedIn(who: { email: string; password: string }, at: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: system.url, viewport: { width: 1400, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(at);
  await page.waitForURL('**/login');
  await submitLogin(page, who.email, who.password);
  return page;
}

/** Call Logs over the last 30 days (the demo calls span 90), once its first rows have loaded. */
async function openCallLogs(page: Page) {
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await applyDatePreset(page, 'last_30_days');
  await page.getByRole('link', { name: 'Call Logs' }).click();
  await page.getByRole('heading', { name: 'Call Logs', exact: true }).waitFor();
  const rows = page.getByRole('table', { name: 'Call log' }).locator('tbody tr');
  await eventually(async () => (await rows.locator('input[data-call-id]').count()) >= 2, true, 20_000);
  return rows;
}

function usersRow(page: Page, email: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
}

test('an admin makes someone a Reviewer, who is offered the bulk re-disposition in Call Logs and uses it', async () => {
  const admin = await signedIn(system.demoAdmin, '/users');
  await admin.waitForURL('**/users');
  await admin.getByPlaceholder('Search users by name, email, or role...').fill('rae.reviewer@');
  await usersRow(admin, REVIEWER.email).getByRole('button', { name: `Edit ${REVIEWER.name}` }).click();
  const form = admin.getByRole('dialog', { name: 'Edit User' });
  await form.getByLabel(/^Role/).selectOption({ label: 'Reviewer' });
  await form.getByRole('button', { name: 'Update User' }).click();
  await admin.getByText('User updated successfully').waitFor();
  await form.waitFor({ state: 'detached' });
  await usersRow(admin, REVIEWER.email).getByText('Reviewer', { exact: true }).waitFor();

  const rae = await signedIn(REVIEWER, '/reporting');
  const rows = await openCallLogs(rae);
  const statusOf = async (i: number) => (await rows.nth(i).locator('td').nth(8).innerText()).trim();
  const before = [await statusOf(0), await statusOf(1)];
  const target = DISPOSITIONS.find((d) => !before.includes(d))!;

  await rows.nth(0).locator('input[type=checkbox]').click();
  await rows.nth(1).locator('input[type=checkbox]').click();
  const bar = rae.getByRole('region', { name: 'Bulk actions' });
  await bar.getByText('2 selected').waitFor();
  expect(await bar.getByText('Only reviewers and admins can re-disposition calls.').count()).toBe(0);
  await bar.getByRole('combobox', { name: 'Disposition' }).selectOption(target);
  await bar.getByRole('textbox', { name: 'Reason' }).fill('Reviewed in e2e');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await rae.getByRole('dialog', { name: `Set 2 calls to ${target}?` }).getByRole('button', { name: 'Update 2 calls' }).click();
  await rae.getByText('2 calls updated').waitFor();
  for (const i of [0, 1]) await eventually(() => statusOf(i), target, 10_000);
});

test('a user selecting rows is told why there is no re-disposition, and offered none', async () => {
  const uma = await signedIn(MEMBER, '/reporting');
  const rows = await openCallLogs(uma);
  await rows.nth(0).locator('input[type=checkbox]').click();
  const bar = uma.getByRole('region', { name: 'Bulk actions' });
  await bar.getByText('1 selected').waitFor();
  await bar.getByText('Only reviewers and admins can re-disposition calls.').waitFor();
  expect(await bar.getByRole('combobox', { name: 'Disposition' }).count()).toBe(0);
  expect(await bar.getByRole('button', { name: 'Apply' }).count()).toBe(0);
});
