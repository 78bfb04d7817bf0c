import { DISPOSITIONS } from '@callboard/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { NormalisedCall } from '../../api/src/domain/calls/ingest-validation';
import { storeCalls } from '../../api/src/domain/calls/calls-writer';
import { launchChromium } from '../support/browser';
import { eventually } from '../support/eventually';
import { callApiInPage } from '../support/api-client';
import { callLog, everyCallId, loadedCount, openCallLogs, readWholeLog, storedCall } from '../support/call-log';
import { startSystem, type System } from '../support/system';

/**
 * The live Call Logs in real Chromium against the production build: infinite
 * scroll without duplicates, a bulk re-disposition that reaches the log,
 * Reporting's counts and the call's history, and a call's shareable address.
 */
let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // 3000 calls over 90 days: about a thousand in the last 30, twenty pages of the log.
  [system, browser] = await Promise.all([startSystem({ demoCalls: 3000 }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: system.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  // The top bar's filters: the last 30 days, so the log has pages to scroll through.
  await openCallLogs(page, system.demoAdmin, 'last_30_days');
});
afterEach(async () => {
  await context.close();
});

const log = () => callLog(page);
/** The ids of the rows drawn, top to bottom. */
const shownIds = () => log().locator('input[data-call-id]').evaluateAll((inputs) => inputs.map((input) => input.getAttribute('data-call-id')!));

/** An API call with the page's session, as the app makes them. */
function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return callApiInPage<T>(page, path, init);
}

function arrivingCall(n: number): NormalisedCall {
  return storedCall(`E2E-ARRIVAL-${n}-${Date.now()}`, new Date(), { callerId: `+1555999${String(n).padStart(4, '0')}` });
}

test('scrolling loads more calls, newest first, without showing any call twice or skipping one even as new ones arrive', async () => {
  await eventually(async () => (await loadedCount(page))[0], 50, 20_000);
  const [, total] = await loadedCount(page);
  expect(total).toBeGreaterThan(200);

  for (let pages = 2; pages <= 4; pages += 1) {
    // New calls arrive between pages, above the rows: the next page starts after the last row's place, unmoved by them.
    await storeCalls(system.server.db, [arrivingCall(pages * 2), arrivingCall(pages * 2 + 1)]);
    await page.getByTestId('log-end').scrollIntoViewIfNeeded();
    await eventually(async () => (await loadedCount(page))[0] >= pages * 50, true, 20_000);
  }

  // The log draws only the rows in view: read it whole by scrolling it (which may load a few pages more on the way).
  const { ids } = await readWholeLog(page);
  expect(new Set(ids).size).toBe(ids.length);
  const [loaded] = await loadedCount(page);
  expect(loaded).toBe(ids.length);
  expect(ids.length).toBeGreaterThanOrEqual(200);

  // Exactly the calls the API has from the first one shown down, in its order: the arrivals above were never announced.
  const truth = await everyCallId(page, 'last_30_days');
  const from = truth.indexOf(ids[0]!);
  expect(from).toBeGreaterThanOrEqual(0);
  expect(ids).toEqual(truth.slice(from, from + ids.length));
});

test('a bulk re-disposition of three calls changes their status in the log, the counts in Reporting, and the call’s history', async () => {
  await eventually(async () => (await loadedCount(page))[0], 50, 20_000);
  const rows = log().locator('tbody tr');
  const statusOf = (i: number) => rows.nth(i).locator('td').nth(8).innerText();
  const before = [await statusOf(0), await statusOf(1), await statusOf(2)].map((s) => s.trim());
  const target = DISPOSITIONS.find((d) => !before.includes(d))!;
  const ids = (await shownIds()).slice(0, 3);

  type Stats = { data: { totalCalls: number; dispositions: { disposition: string; count: number }[] } };
  const countOf = (stats: Stats, disposition: string) => stats.data.dispositions.find((d) => d.disposition === disposition)?.count ?? 0;
  const statsBefore = await api<Stats>('/api/stats?datePreset=last_30_days');

  // Select the first three: a click, then a shift-click on the third.
  await rows.nth(0).locator('input[type=checkbox]').click();
  await rows.nth(2).locator('input[type=checkbox]').click({ modifiers: ['Shift'] });
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByText('3 selected').waitFor();

  await bar.getByRole('combobox', { name: 'Disposition' }).selectOption(target);
  await bar.getByRole('textbox', { name: 'Reason' }).fill('Checked by hand in e2e');
  await bar.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog', { name: `Set 3 calls to ${target}?` });
  await dialog.getByRole('button', { name: 'Update 3 calls' }).click();
  await page.getByText('3 calls updated').waitFor();

  // The log shows the new status on the same three calls.
  for (let i = 0; i < 3; i += 1) await eventually(async () => (await statusOf(i)).trim(), target, 10_000);
  expect((await shownIds()).slice(0, 3)).toEqual(ids);

  // Reporting's counts: three more for the new status, as many fewer for the old ones, the same total.
  const statsAfter = await api<Stats>('/api/stats?datePreset=last_30_days');
  expect(statsAfter.data.totalCalls).toBe(statsBefore.data.totalCalls);
  expect(countOf(statsAfter, target)).toBe(countOf(statsBefore, target) + 3);
  for (const old of new Set(before.filter((s) => (DISPOSITIONS as readonly string[]).includes(s)))) {
    const moved = before.filter((s) => s === old).length;
    expect(countOf(statsAfter, old)).toBe(countOf(statsBefore, old) - moved);
  }

  // The first call's detail: the verdict a person set beside the AI's, and who changed it from what, how.
  await rows.nth(0).locator('td').nth(2).click();
  const details = page.getByRole('complementary', { name: 'Call details' });
  await details.getByRole('group', { name: 'Reviewer’s verdict' }).getByText('Demo Admin').waitFor();
  const history = details.getByRole('list', { name: 'Change history' });
  const entry = history.getByRole('listitem').first();
  await entry.waitFor();
  expect(await entry.innerText()).toContain('Demo Admin');
  expect(await entry.innerText()).toContain(target);
  if (before[0]) expect(await entry.innerText()).toContain(before[0]);
  expect(await entry.innerText()).toContain('Checked by hand in e2e');
  expect(await entry.innerText()).toContain('Bulk update');
  // A call's details have a path of the area, the same shape as Reporting's.
  expect(new URL(page.url()).pathname).toBe(`/callLogs/calls/${ids[0]}`);

  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/callLogs');

  // The address of an open call can be shared: a fresh load opens it, and the same path works in Reporting.
  await page.goto(`/callLogs/calls/${ids[0]}`);
  const shared = page.getByRole('complementary', { name: 'Call details' });
  await shared.getByRole('list', { name: 'Change history' }).getByRole('listitem').first().waitFor();
  await page.goto(`/reporting/calls/${ids[0]}`);
  await page.getByRole('dialog', { name: /Call Record Details/ }).getByRole('region', { name: 'Basic Information' }).waitFor();
});

test('? lists the screen’s keyboard shortcuts in a dialog; Esc closes it and the keys go back to the log', async () => {
  await eventually(async () => (await loadedCount(page))[0] > 0, true, 20_000);
  await page.keyboard.press('j');
  const focusRow = log().locator('tr.calllogs__row--focused');
  await focusRow.waitFor();

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  const thisScreen = dialog.getByRole('region', { name: 'This screen' });
  const j = thisScreen.getByRole('term').filter({ hasText: /^j$/ });
  expect(await j.count()).toBe(1);
  expect(await j.locator('xpath=following-sibling::dd[1]').innerText()).toBe('Next call');
  expect(await dialog.getByRole('region', { name: 'Everywhere' }).innerText()).toContain('Show the keyboard shortcuts');

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // Focus is back on the focus row, and Escape closed only the list.
  expect(await focusRow.evaluate((row) => row === document.activeElement)).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/callLogs');
});
