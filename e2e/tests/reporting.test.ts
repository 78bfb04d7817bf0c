import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { eventually } from '../support/eventually';
import { startSystem, type System } from '../support/system';
import { submitLogin } from '../support/sign-in';
import { applyDatePreset } from '../support/filters';

/**
 * The Reporting screen on demo data, in real Chromium against the production
 * build served by the API: the statistics and the records.
 * Every test signs in on a fresh browser context and looks at the last 30
 * days, where the demo data has about a thousand calls: many pages, every
 * disposition, some recordings.
 */
let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

// A busy 2-core machine builds, seeds and renders slowly: allow generous waits, never tight ones.
const SLOW = { timeout: 30_000 };

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 3000 }), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: system.url, acceptDownloads: true, viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  page.setDefaultTimeout(SLOW.timeout);
});
afterEach(async () => {
  await context.close();
});

jest.setTimeout(180_000);

async function signInOnLast30Days() {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);

  await applyDatePreset(page, 'last_30_days');
  await statsSettled();
  await recordsSettled();
}

const table = () => page.getByRole('table', { name: 'Call records' });
const summary = () => page.getByText(/^Showing \d[\d,]*-\d[\d,]* of \d[\d,]* items$/);
const card = (label: string) => page.getByRole('article', { name: label, exact: true });

async function statsSettled() {
  await page.getByText('Loading stats...').waitFor({ state: 'detached' });
  await card('Total Processed').getByTestId('stats-count').waitFor();
}

async function recordsSettled() {
  await page.getByText('Loading records...').waitFor({ state: 'detached' });
  await summary().waitFor();
}

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
const totalProcessed = async () => number(await card('Total Processed').getByTestId('stats-count').textContent());

/** "Showing 26-50 of 1,004 items" → { first: 26, last: 50, total: 1004 }. */
async function shown() {
  const text = (await summary().textContent()) ?? '';
  const [, first, last, total] = /^Showing ([\d,]+)-([\d,]+) of ([\d,]+) items$/.exec(text) ?? [];
  return { first: number(first ?? ''), last: number(last ?? ''), total: number(total ?? '') };
}

function header(label: string): Locator {
  return table().getByRole('columnheader', { name: label, exact: true });
}

async function columnLabels(): Promise<string[]> {
  return table().getByRole('columnheader').allTextContents();
}

/** The text of one column's cells, read by its header's position. */
async function columnCells(label: string, attribute?: string): Promise<(string | null)[]> {
  const index = (await columnLabels()).indexOf(label);
  expect(index).toBeGreaterThanOrEqual(0);
  const cells = table().locator(`tbody tr td:nth-child(${index + 1})`);
  if (!attribute) return cells.allTextContents();
  return cells.evaluateAll((tds, name) => tds.map((td) => td.querySelector(`[${name}]`)?.getAttribute(name) ?? null), attribute);
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = SLOW.timeout) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('choosing a publisher changes the cards and the table together: the table total is always Total Processed', async () => {
  await signInOnLast30Days();
  const before = await totalProcessed();
  expect(before).toBeGreaterThan(100);
  expect((await shown()).total).toBe(before);

  await page.getByRole('button', { name: 'Publishers', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Publishers' });
  await picker.getByRole('checkbox').first().check();
  await picker.getByRole('button', { name: 'Apply (1)' }).click();
  await picker.waitFor({ state: 'detached' });

  await waitUntil(async () => {
    if (await page.getByText(/Loading (stats|records)\.\.\./).count()) return false;
    const [total, table] = [await totalProcessed(), (await shown()).total];
    return total !== before && total === table;
  }, 'the filtered stats and records to agree');
  const after = await totalProcessed();
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThan(before);
  // The dispositions add up to the total with Rejected / Unknown.
  const labels = ['Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup', 'Callback', 'IVR', 'Subsidy', 'Language Barrier', 'Misdialed', 'Rejected / Unknown'];
  let sum = 0;
  for (const label of labels) sum += number(await card(label).getByTestId('stats-count').textContent());
  expect(sum).toBe(after);
});

test('sorting by Duration orders the rows, ascending first and then descending', async () => {
  await signInOnLast30Days();
  const durations = async () => (await columnCells('Duration', 'title')).map((title) => number(title));
  const sorted = (values: number[], dir: 1 | -1) => values.every((v, i) => i === 0 || dir * (v - (values[i - 1] as number)) >= 0);

  await header('Duration').getByRole('button').click();
  await waitUntil(async () => (await header('Duration').getAttribute('aria-sort')) === 'ascending', 'ascending sort');
  await recordsSettled();
  await waitUntil(async () => sorted(await durations(), 1), 'rows in ascending duration');
  const ascending = await durations();
  expect(ascending.length).toBe(25);

  await header('Duration').getByRole('button').click();
  await waitUntil(async () => (await header('Duration').getAttribute('aria-sort')) === 'descending', 'descending sort');
  await recordsSettled();
  await waitUntil(async () => sorted(await durations(), -1), 'rows in descending duration');
  expect((await durations())[0]).toBeGreaterThanOrEqual(Math.max(...ascending));
});

test('paging to the last page shows the last items', async () => {
  await signInOnLast30Days();
  const { total } = await shown();
  const pages = Math.ceil(total / 25);
  expect(pages).toBeGreaterThan(7);
  const nav = page.getByRole('navigation', { name: 'Records pages' });

  await nav.getByRole('button', { name: `Page ${pages}`, exact: true }).click();
  await waitUntil(async () => (await shown()).last === total, 'the last page');
  await recordsSettled();
  expect(await nav.getByRole('button', { name: `Page ${pages}`, exact: true }).getAttribute('aria-current')).toBe('page');
  expect(await table().locator('tbody tr').count()).toBe(total - (pages - 1) * 25);
  expect(await shown()).toEqual({ first: (pages - 1) * 25 + 1, last: total, total });
});

test('a call opens from its row with a playable recording, closes, and opens again from its URL', async () => {
  await signInOnLast30Days();
  // Newest first; find a row with a recording, paging on if needed.
  const nav = page.getByRole('navigation', { name: 'Records pages' });
  let row = table().locator('tbody tr', { has: page.getByRole('link', { name: 'Play' }) }).first();
  for (let next = 2; (await row.count()) === 0 && next <= 5; next += 1) {
    await nav.getByRole('button', { name: 'Next page' }).click();
    await recordsSettled();
    row = table().locator('tbody tr', { has: page.getByRole('link', { name: 'Play' }) }).first();
  }
  const play = row.getByRole('link', { name: 'Play' });
  expect(await play.getAttribute('target')).toBe('_blank');
  const recording = await play.getAttribute('href');
  // A recording on this server comes as a signed link; without its signature the file is refused.
  expect(recording).toMatch(/^\/recordings\/demo-\d\.wav\?expires=\d+&signature=[\w-]+$/);
  expect((await page.request.get(String(recording).split('?')[0] as string)).status()).toBe(401);

  // A click on a plain cell of the row opens the details.
  await row.locator('td').nth(2).click();
  await page.waitForURL(/\/reporting\/calls\/\d+(\?.*)?$/);
  const callUrl = page.url();
  const dialog = page.getByRole('dialog', { name: /Call Record Details/ });
  await dialog.getByRole('region', { name: 'Basic Information' }).waitFor();
  const title = await dialog.getByRole('heading').first().textContent();

  const audio = dialog.locator('audio');
  expect(await audio.getAttribute('src')).toBe(recording);
  expect(await dialog.getByRole('link', { name: 'Download Recording' }).getAttribute('href')).toBe(recording);
  // The recording really plays from the player's own button: metadata loads and time moves (muted: headless
  // Chromium has no sound card to block on), at the speed chosen.
  await audio.evaluate((element) => {
    (element as HTMLAudioElement).muted = true;
  });
  await dialog.getByRole('button', { name: '1.5×' }).click();
  await dialog.getByRole('button', { name: 'Play recording' }).click();
  await dialog.getByRole('button', { name: 'Pause recording' }).waitFor();
  // Time moves once the file has loaded, which a loaded machine takes a while to do: polled, not slept for.
  await eventually(async () => (await audio.evaluate((element) => (element as HTMLAudioElement).currentTime)) > 0, true, 15_000);
  const played = await audio.evaluate((element) => {
    const media = element as HTMLAudioElement;
    return { duration: media.duration, time: media.currentTime, rate: media.playbackRate, error: media.error?.code ?? null };
  });
  expect(played.error).toBeNull();
  expect(played.duration).toBeGreaterThan(0);
  expect(played.time).toBeGreaterThan(0);
  expect(played.rate).toBe(1.5);
  expect(await dialog.getByRole('slider', { name: 'Seek' }).isEnabled()).toBe(true);
  // P pauses it, as the button does.
  await page.keyboard.press('p');
  await dialog.getByRole('button', { name: 'Play recording' }).waitFor();

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await dialog.waitFor({ state: 'detached' });

  // The address of an open call can be shared: a fresh load opens the same call.
  await page.goto(callUrl);
  const shared = page.getByRole('dialog', { name: /Call Record Details/ });
  await shared.getByRole('region', { name: 'System Information' }).waitFor();
  expect(await shared.getByRole('heading').first().textContent()).toBe(title);
  await page.keyboard.press('Escape');
  await page.waitForURL(/\/reporting(\?.*)?$/);
});

test('a hidden column stays hidden after a reload', async () => {
  await signInOnLast30Days();
  expect(await columnLabels()).toContain('Transcript');

  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Column Settings' });
  await settings.getByRole('checkbox', { name: 'Transcript' }).uncheck();
  await settings.getByRole('button', { name: 'Save' }).click();
  await settings.waitFor({ state: 'detached' });
  expect(await columnLabels()).not.toContain('Transcript');

  await page.reload();
  await recordsSettled();
  const labels = await columnLabels();
  expect(labels).not.toContain('Transcript');
  expect(labels).toContain('Summary');
});

test('CSV and XLSX exports download; the CSV holds as many rows as the table says', async () => {
  await signInOnLast30Days();
  const { total } = await shown();
  expect(total).toBeGreaterThan(0);

  const exportAs = async (format: 'CSV' | 'XLSX') => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('menuitem', { name: format }).click();
    const download = await downloading;
    await page.getByRole('dialog', { name: 'Export Complete' }).waitFor();
    expect(await page.getByText('Export completed successfully!').count()).toBe(1);
    const file = await download.path();
    return { name: download.suggestedFilename(), bytes: readFileSync(file) };
  };

  const csv = await exportAs('CSV');
  expect(csv.name).toMatch(/^call_records_\d{8}T\d{6}Z\.csv$/);
  const parsed = Papa.parse<Record<string, string>>(csv.bytes.toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual(expect.arrayContaining(['Time Stamp', 'CID', 'Status', 'Duration']));
  expect(parsed.data).toHaveLength(total);
  // The popup goes by itself after 3 s.
  await page.getByRole('dialog', { name: 'Export Complete' }).waitFor({ state: 'detached', timeout: 15_000 });

  const xlsx = await exportAs('XLSX');
  expect(xlsx.name).toMatch(/^call_records_\d{8}T\d{6}Z\.xlsx$/);
  expect(xlsx.bytes.length).toBeGreaterThan(100);
  expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});
