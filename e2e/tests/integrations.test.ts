import type { ApiSuccess } from '@callboard/contract';
import type { Connector, ConnectorEvent } from '@callboard/contract/connectors';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi } from '../support/api-client';
import { launchChromium } from '../support/browser';
import { signedInBrowser } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * Connecting the platforms (issue 37), in real Chromium against the production build: an admin creates a
 * Ringba connector and reads the URLs to paste; the test fires that connector's pixels as Ringba does (a local
 * HTTP client, the tokens replaced by a call's values), and the call appears live in Call Logs, left open in
 * another tab, while the connector's event list fills. Then the admin uploads a Ringba-style CSV export in Users →
 * Import, maps the one column nothing recognised, sees the preview follow, imports it with its progress, and
 * downloads the rejected rows.
 */
let system: System;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 200 }), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
// Each test's browsers close with it: a Call Logs tab left open would read the log again at every batch an import stores.
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

jest.setTimeout(240_000);

/** The demo admin in a browser of their own, on `at`. */
async function admin(at: string): Promise<Page> {
  const signedIn = await signedInBrowser(browser, system.url, system.demoAdmin, { at });
  contexts.push(signedIn.context);
  return signedIn.page;
}

/** A template's URL as Ringba fires it: each of its tokens replaced by the call's value, URL-encoded. */
function fired(templateUrl: string, values: Record<string, string>): string {
  let url = templateUrl;
  for (const [token, value] of Object.entries(values)) url = url.split(token).join(encodeURIComponent(value));
  return url;
}

/** Fires one pixel (GET, as Ringba's pixels are set up) and returns what the connector says it became. */
async function firePixel(url: string): Promise<{ outcome: string; platformCallId: string }> {
  const response = await fetch(url);
  const body = (await response.json()) as ApiSuccess<{ outcome: string; platformCallId: string }>;
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

test('a Ringba connector: its URL shown, its pixels fired make a call that appears live in the open Call Logs, and its events list fills', async () => {
  // ---- Call Logs, left open in a tab of its own (today, where a call made now lands), live.
  const logs = await admin('/calllogs');
  await logs.getByRole('heading', { name: 'Call Logs', exact: true }).waitFor();
  await logs.locator('.calllogs__heading').getByRole('status').filter({ hasText: /^Live$/ }).waitFor();

  // ---- The admin makes a Ringba connector in Users → Connectors; it opens on what to paste.
  const page = await logs.context().newPage();
  await page.goto('/users');
  await page.getByRole('link', { name: 'Connectors' }).click();
  await page.getByRole('heading', { name: 'Connectors', exact: true }).waitFor();
  await page.getByRole('button', { name: 'New connector' }).click();
  const dialog = page.getByRole('dialog', { name: 'New connector' });
  await dialog.getByLabel('Name').fill('Ringba – main account');
  expect(await dialog.getByLabel('Platform').inputValue()).toBe('ringba');
  await dialog.getByRole('button', { name: 'Create connector' }).click();
  await page.waitForURL(/\/users\/connectors\/[^/?]+$/);
  await page.getByRole('heading', { name: 'Ringba – main account' }).waitFor();
  await page.getByText('Connector created', { exact: true }).waitFor();
  const connectorId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // The URL is this server's receive path with the connector's token, as the admin API says.
  const connectorUrl = await page.getByLabel('Connector URL', { exact: true }).inputValue();
  const connector = (await callApi<ApiSuccess<Connector>>(system.url, `/api/connectors/${encodeURIComponent(connectorId)}`, { token: await tokenOf(page) })).data;
  expect(connectorUrl).toBe(connector.url);
  expect(connectorUrl.startsWith(`${system.url}/api/ingest/connectors/${connectorId}?token=`)).toBe(true);
  const incoming = await page.getByLabel('URL for Incoming', { exact: true }).inputValue();
  const completed = await page.getByLabel('URL for Completed', { exact: true }).inputValue();
  expect(incoming.startsWith(`${connectorUrl}&`)).toBe(true);
  expect(incoming).toContain('=[Call:InboundCallId]');
  expect(completed).toContain('=[tag:CallLength:Total]');
  await page.getByRole('table', { name: 'Received events' }).getByText('Nothing received yet').waitFor();

  // ---- Ringba fires Incoming: the call is made, and shows in the open Call Logs without a reload.
  const inboundCallId = `RGB${Date.now().toString(36).toUpperCase()}E2E`;
  const tokens = {
    '[Call:InboundCallId]': inboundCallId,
    '[tag:InboundNumber:Number]': '+15557340001',
    '[tag:Campaign:Name]': 'E2E Ringba Solar',
    '[tag:Publisher:Name]': 'E2E Ringba Publisher',
    '[tag:Publisher:Id]': 'PUB-E2E-7',
    '[tag:Target:Name]': 'E2E Ringba Target',
    '[tag:Buyer:Name]': 'E2E Ringba Buyer',
    '[tag:CallLength:Total]': '204',
  };
  const made = await firePixel(fired(incoming, tokens));
  expect(made).toMatchObject({ outcome: 'created', platformCallId: inboundCallId });
  const callId = await storedCallId(inboundCallId);
  const row = logs.getByRole('table', { name: 'Call log' }).getByRole('row').filter({ has: logs.locator(`input[data-call-id="${callId}"]`) });
  await row.waitFor({ timeout: 10_000 });
  await row.getByText('E2E Ringba Solar').waitFor();
  await row.getByText('E2E Ringba Publisher').waitFor();

  // ---- Then Completed: the same call, now with its target, buyer and length, still live.
  const done = await firePixel(fired(completed, tokens));
  expect(done).toMatchObject({ outcome: 'updated', platformCallId: inboundCallId });
  expect(await storedCallId(inboundCallId)).toBe(callId);
  await row.getByText('E2E Ringba Buyer').waitFor({ timeout: 10_000 });
  await row.getByText('3:24').waitFor();

  // ---- The connector's list of received events has both, newest first, filled as the calls changed.
  const events = page.getByRole('table', { name: 'Received events' });
  const eventRows = events.getByRole('row').filter({ hasText: inboundCallId });
  await eventRows.nth(1).waitFor({ timeout: 10_000 });
  expect(await eventRows.count()).toBe(2);
  await eventRows.nth(0).getByText('Updated the call').waitFor();
  await eventRows.nth(1).getByText('Created the call').waitFor();
  // What was sent is there, the token taken out.
  await eventRows.nth(1).getByText('Show what was sent').click();
  const sent = await eventRows.nth(1).locator('pre').textContent();
  expect(sent).toContain(inboundCallId);
  expect(sent).toContain('[redacted]');
  expect(sent).not.toContain(connector.token);
  const listed = (await callApi<ApiSuccess<ConnectorEvent[]>>(system.url, `/api/connectors/${encodeURIComponent(connectorId)}/events`, { token: await tokenOf(page) })).data;
  expect(listed.map((event) => [event.outcome, event.callId])).toEqual([
    ['updated', callId],
    ['created', callId],
  ]);
});

/** The id of the call stored for a platform's call id (the platform's answer carries none: it has no use for ours). */
async function storedCallId(systemCallId: string): Promise<string> {
  const rows = await system.server.db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE system_call_id = $1', [systemCallId]);
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/** A Ringba call-log export's column titles; "Call Outcome", a column of the account's own, is no platform's name. */
const EXPORT_HEADER = ['Inbound Call ID', 'Call Date', 'Caller ID', 'Campaign', 'Publisher', 'Target', 'Buyer', 'Call Length In Seconds', 'Has Connected', 'Revenue', 'Payout', 'Call Outcome'];
const EXPORT_ROWS = 25_000;
const OUTCOMES = ['Sales', 'Voicemail', 'Not Interested', 'Hungup'];
/** The rows the importer refuses, by line in the file (the header is line 1): a date that is none, a row without its campaign. */
const BAD_DATE_LINE = 3;
const NO_CAMPAIGN_LINE = 5;

/**
 * The export: a call a minute back from an hour ago, two rows broken. 25,000 rows are 25 of the importer's
 * batches, several seconds' run on the embedded database, so the page, reading the progress every second,
 * shows it part way.
 */
function ringbaExport(): string {
  const start = Date.now() - 60 * 60_000;
  const rows = Array.from({ length: EXPORT_ROWS }, (_, i) => {
    const line = i + 2;
    const at = line === BAD_DATE_LINE ? 'yesterday afternoon' : new Date(start - i * 60_000).toISOString();
    const campaign = line === NO_CAMPAIGN_LINE ? '' : i % 2 === 0 ? 'E2E Import Solar' : 'E2E Import Medicare';
    const seconds = 30 + (i % 400);
    return [`E2E-IMP-${i}`, at, `+1444${String(i).padStart(7, '0')}`, campaign, 'E2E Import Publisher', 'E2E Import Target', 'E2E Import Buyer', String(seconds), 'Yes', '$12.50', '$4.00', OUTCOMES[i % OUTCOMES.length]!];
  });
  return Papa.unparse([EXPORT_HEADER, ...rows]);
}

test('a Ringba CSV export uploaded in Import: recognised, one column mapped by hand with the preview following, imported with its progress, the rejected rows downloaded', async () => {
  const page = await admin('/users');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await page.getByRole('heading', { name: 'Import calls', exact: true }).waitFor();
  const file = ringbaExport();
  await page.getByLabel('CSV file').setInputFiles({ name: 'ringba-calls.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL(/\/users\/import\/[^/?]+$/);
  await page.getByRole('heading', { name: 'ringba-calls.csv' }).waitFor();
  await page.getByText('Recognised as a Ringba export').waitFor();
  await page.getByText('Not imported: Call Outcome.').waitFor();

  // The preview: the first 20 rows as they will be stored, the two broken ones saying why.
  const preview = page.getByRole('table', { name: 'Preview' });
  await page.getByText('18 of the first 20 rows will be stored; 2 have problems and will be rejected.').waitFor();
  await preview.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(BAD_DATE_LINE), exact: true }) }).getByText(/Call Date: "yesterday afternoon" is not a date-time/).waitFor();
  await preview.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(NO_CAMPAIGN_LINE), exact: true }) }).getByText('Campaign: campaignName is required').waitFor();
  expect(await preview.getByRole('columnheader', { name: 'QC disposition' }).count()).toBe(0);

  // The one change: the account's Call Outcome column is the QC disposition. The preview follows.
  const mapping = page.getByRole('table', { name: 'Mapping' });
  await mapping.getByLabel('Column for QC disposition').selectOption({ label: 'Call Outcome (column 12)' });
  await preview.getByRole('columnheader', { name: 'QC disposition' }).waitFor();
  const firstRow = preview.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2', exact: true }) });
  await firstRow.getByRole('cell', { name: 'Sales', exact: true }).waitFor();
  await page.getByText('Not imported: Call Outcome.').waitFor({ state: 'detached' });

  // Import: its progress, batch by batch, read every second, until the summary.
  await page.getByRole('button', { name: `Import ${EXPORT_ROWS.toLocaleString('en-US')} rows` }).click();
  const bar = page.getByRole('progressbar', { name: 'Importing' });
  await bar.waitFor();
  const seen: number[] = [];
  const outcome = page.getByRole('heading', { name: 'Import finished' });
  for (const deadline = Date.now() + 150_000; !(await outcome.isVisible()); ) {
    if (Date.now() > deadline) throw new Error(`the import did not finish in 150 s; progress seen: ${seen.join(', ')}`);
    const now = await bar.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null);
    if (now !== null && Number(now) !== seen.at(-1)) seen.push(Number(now));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The bar only ever moved forward, and showed the import part way through.
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(seen.some((share) => share > 0 && share < 100)).toBe(true);
  const summary = page.locator('dl.import-outcome');
  const figure = async (term: string) => (await summary.locator('div').filter({ has: page.getByRole('term').filter({ hasText: term }) }).getByRole('definition').textContent())?.trim();
  expect(await figure('Rows read')).toBe(EXPORT_ROWS.toLocaleString('en-US'));
  expect(await figure('New calls stored')).toBe((EXPORT_ROWS - 2).toLocaleString('en-US'));
  expect(await figure('Calls updated')).toBe('0');
  expect(await figure('Rows rejected')).toBe('2');
  // Stored as mapped, the hand-mapped disposition with them.
  const stored = await system.server.db.query<{ disposition: string | null; n: number }>(
    "SELECT qc_disposition AS disposition, count(*)::int AS n FROM calls WHERE system_call_id LIKE 'E2E-IMP-%' GROUP BY qc_disposition ORDER BY qc_disposition",
  );
  expect(stored.reduce((sum, row) => sum + row.n, 0)).toBe(EXPORT_ROWS - 2);
  expect(stored.map((row) => row.disposition)).toEqual(['Hungup', 'Not Interested', 'Sales', 'Voicemail']);

  // The rejected rows: each with its line and reason, then the row as the file had it, save that a cell a
  // spreadsheet would run as a formula (the caller id's leading +) starts with ' (as every file the app writes).
  const asWritten = (row: string[]) => row.map((cell) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download rejected rows' }).click()]);
  expect(download.suggestedFilename()).toBe('ringba-calls-rejected.csv');
  const rejected = Papa.parse<string[]>((await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const original = Papa.parse<string[]>(file).data;
  expect(rejected[0]).toEqual(['Line', 'Rejection reason', ...EXPORT_HEADER]);
  expect(rejected).toHaveLength(3);
  expect(rejected[1]!.slice(0, 2)).toEqual([String(BAD_DATE_LINE), expect.stringMatching(/^Call Date: "yesterday afternoon" is not a date-time/)]);
  expect(rejected[1]!.slice(2)).toEqual(asWritten(original[BAD_DATE_LINE - 1]!));
  expect(rejected[2]!.slice(0, 2)).toEqual([String(NO_CAMPAIGN_LINE), 'Campaign: campaignName is required']);
  expect(rejected[2]!.slice(2)).toEqual(asWritten(original[NO_CAMPAIGN_LINE - 1]!));
});

/** The session the page keeps (its token in the origin's localStorage), for the test's own reads through the API. */
function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '');
}
