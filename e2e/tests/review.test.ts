import type { ApiSuccess, CallChangeResult, CallDetail, RecordsResponse } from '@callboard/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { applyDatePreset } from '../support/filters';
import { submitLogin } from '../support/sign-in';
import { callApiInPage, callApi } from '../support/api-client';
import { startSystem, type System } from '../support/system';

/**
 * Correcting a verdict where the call is, in real Chromium against the
 * production build and the real API: a reviewer re-dispositions the focus row
 * of Call Logs with the keyboard (d, a letter, Enter), sees the toast and
 * undoes it; restores the AI's verdict from Reporting's call detail and undoes
 * that; a `user` is offered neither.
 */
let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const PASSWORD = 'r3view-pass';
const REVIEWER = { name: 'Rita Reviewer', email: 'rita.reviewer@example.com', password: PASSWORD, role: 'reviewer' };
const READER = { name: 'Una User', email: 'una.user@example.com', password: PASSWORD, role: 'user' };
const SLOW = { timeout: 30_000 };

function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  return callApi<T>(system.url, path, { method: 'POST', body, token });
}

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 400 }), launchChromium()]);
  const login = await post<{ data: { token: string } }>('/api/auth/login', system.demoAdmin);
  for (const person of [REVIEWER, READER]) await post('/api/users', person, login.data.token);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
afterEach(async () => {
  await context?.close();
});

jest.setTimeout(180_000);

/** Signs in as this person in a fresh browser, with the last 30 days chosen so the screens have calls. */
async function signIn(person: { email: string; password: string }): Promise<void> {
  context = await browser.newContext({ baseURL: system.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(SLOW.timeout);
  await page.goto('/login');
  await submitLogin(page, person.email, person.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await applyDatePreset(page, 'last_30_days');
}

/** An API call with the page's session, as the app makes them. */
function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return callApiInPage<T>(page, path, init);
}

const callOf = async (id: string) => (await api<ApiSuccess<CallDetail>>(`/api/calls/records/${id}`)).data;

async function openCallLogs(): Promise<void> {
  await page.getByRole('link', { name: 'Call Logs' }).click();
  await page.getByRole('heading', { name: 'Call Logs', exact: true }).waitFor();
  await page.getByRole('table', { name: 'Call log' }).locator('tbody tr').first().waitFor();
}

const focusedRow = () => page.locator('tr.calllogs__row--focused');
const focusedId = () => focusedRow().locator('input[data-call-id]').getAttribute('data-call-id');

test('a reviewer re-dispositions the focus row with d, a letter and Enter, then undoes it from the toast', async () => {
  await signIn(REVIEWER);
  await openCallLogs();
  await page.keyboard.press('j');
  const id = (await focusedId())!;
  const before = await callOf(id);
  // IVR is the only disposition starting with i; Language Barrier the only one with l.
  const [letter, target] = before.status === 'IVR' ? ['l', 'Language Barrier'] : ['i', 'IVR'];

  await page.keyboard.press('d');
  const list = page.getByRole('listbox', { name: /^Disposition for / });
  await list.waitFor();
  await page.keyboard.press(letter);
  await page.keyboard.press('Enter');
  await list.waitFor({ state: 'detached' });

  const toast = page.locator('.cb-undo-toast', { hasText: `Call set to ${target}` });
  await toast.waitFor();
  // The focus went on to the next call.
  expect(await focusedId()).not.toBe(id);
  const changed = await callOf(id);
  expect(changed.status).toBe(target);
  expect(changed.statusOverridden).toBe(true);
  expect(changed.audit[0]).toMatchObject({ action: 'set', to: { status: target } });
  const row = page.locator('tr', { has: page.locator(`input[data-call-id="${id}"]`) });
  await row.getByText(target, { exact: true }).first().waitFor();

  await toast.getByRole('button', { name: 'Undo' }).click();
  await page.getByText('Change undone').waitFor();
  const undone = await callOf(id);
  expect(undone.status).toBe(before.status);
  expect(undone.statusOverridden).toBe(before.statusOverridden);
  expect(undone.audit[0]).toMatchObject({ action: 'undo' });
  await row.getByText(before.status, { exact: true }).first().waitFor();
});

test('a reviewer restores the AI verdict from Reporting’s call detail, then undoes it', async () => {
  await signIn(REVIEWER);
  // A call the bot judged, given another verdict by a person first.
  const records = await api<RecordsResponse>('/api/calls/records?datePreset=last_30_days&limit=50');
  const call = records.data.find((c) => c.qc.disposition && c.qc.disposition !== 'Callback' && !c.statusOverridden)!;
  expect(call).toBeDefined();
  const set = await api<ApiSuccess<CallChangeResult>>(`/api/calls/${call.id}/disposition`, { method: 'PUT', body: { status: 'Callback', reason: 'Asked for Monday' } });
  expect(set.data.changeId).not.toBeNull();

  await page.goto(`/reporting/calls/${call.id}`);
  const dialog = page.getByRole('dialog', { name: /Call Record Details/ });
  const review = dialog.getByRole('region', { name: 'Review' });
  await review.getByRole('group', { name: 'Reviewer’s verdict' }).getByText('by Rita Reviewer').waitFor();
  // The bot's verdict is the spec's QC Information; the Review shows it once, there, not a second time.
  await dialog.getByRole('region', { name: 'QC Information' }).getByText(call.qc.disposition!, { exact: true }).first().waitFor();
  expect(await review.getByRole('group', { name: 'AI verdict' }).count()).toBe(0);

  await review.getByRole('button', { name: 'Restore AI verdict' }).click();
  const toast = page.locator('.cb-undo-toast', { hasText: `AI verdict restored: ${call.qc.disposition}` });
  await toast.waitFor();
  await review.getByText('None: the AI’s verdict (QC Information) counts.').waitFor();
  const restored = await callOf(call.id);
  expect(restored.status).toBe(call.qc.disposition);
  expect(restored.statusOverridden).toBe(false);
  expect(restored.audit[0]).toMatchObject({ action: 'restore' });

  await toast.getByRole('button', { name: 'Undo' }).click();
  await page.getByText('Change undone').waitFor();
  await review.getByRole('button', { name: 'Restore AI verdict' }).waitFor();
  const back = await callOf(call.id);
  expect(back.status).toBe('Callback');
  expect(back.reason).toBe('Asked for Monday');
  expect(back.statusOverridden).toBe(true);
});

test('a user is offered no controls: no list from d, no form in the panel, no restore in Reporting', async () => {
  await signIn(READER);
  await openCallLogs();
  await page.keyboard.press('j');
  const id = (await focusedId())!;
  await page.keyboard.press('d');
  await page.getByTestId('review-announcement').getByText('Only a reviewer or an admin can change a call’s disposition').waitFor();
  expect(await page.getByRole('listbox').count()).toBe(0);

  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: 'Call details' });
  await panel.getByRole('group', { name: 'AI verdict' }).waitFor();
  await panel.getByRole('region', { name: 'History' }).waitFor();
  expect(await panel.getByRole('form', { name: 'Change disposition' }).count()).toBe(0);

  await page.goto(`/reporting/calls/${id}`);
  const review = page.getByRole('dialog', { name: /Call Record Details/ }).getByRole('region', { name: 'Review' });
  await review.getByRole('group', { name: 'Reviewer’s verdict' }).waitFor();
  expect(await review.getByRole('form', { name: 'Change disposition' }).count()).toBe(0);
  expect(await review.getByRole('button', { name: 'Restore AI verdict' }).count()).toBe(0);
});
