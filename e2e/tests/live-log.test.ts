import type { Browser, BrowserContext, Page } from 'playwright-core';
import { storeCalls } from '../../api/src/domain/calls/calls-writer';
import { everyCallId, loadedCount, openCallLogs, readWholeLog, scrollForMore, storedCall } from '../support/call-log';
import { launchChromium } from '../support/browser';
import { eventually } from '../support/eventually';
import { startSystem, type System } from '../support/system';

/**
 * The bounded live log in real Chromium against the production build: with
 * 10,000 calls scrolled through, the page holds a bounded number of rows; and
 * while calls are delivered during the scrolling — new ones above the reader,
 * late ones below — the log ends up with every call of the range exactly once,
 * in the API's order.
 */
const INGEST_KEY = 'e2e-live-log-ingest-key-0123456789';
const SEEDED = 10_000;
/** Far more than the rows a tall window shows (about 35 a screen, and 10 either side). */
const MAX_ROWS_IN_PAGE = 200;
const DAY = 86_400_000;

let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // Scrolling through 10,000 calls asks for 200 pages in a minute or two: above a person's default budget.
  [system, browser] = await Promise.all([
    startSystem({ demoCalls: 50, env: { INGEST_API_KEY: INGEST_KEY, RATE_LIMIT_USER_PER_MIN: '20000' } }),
    launchChromium(),
  ]);
  // 10,000 calls over the last five days, stored as the ingest stores them.
  const now = Date.now();
  const calls = Array.from({ length: SEEDED }, (_, i) => storedCall(`E2E-LOG-${i}`, new Date(now - 60_000 - Math.floor((i * 5 * DAY) / SEEDED)), { campaignName: 'E2E Log' }));
  for (let i = 0; i < calls.length; i += 1000) await storeCalls(system.server.db, calls.slice(i, i + 1000));
  context = await browser.newContext({ baseURL: system.url, viewport: { width: 1400, height: 1200 } });
  page = await context.newPage();
  await openCallLogs(page, system.demoAdmin, 'last_7_days');
}, 600_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await system?.stop();
});

let delivered = 0;
/** Delivers calls at these times through the ingest API, as the tracking platform does (so the live stream announces them). */
async function deliver(times: Date[]): Promise<void> {
  const calls = times.map((at) => {
    delivered += 1;
    return { systemCallId: `E2E-LOG-ARRIVAL-${delivered}`, callTimestamp: at.toISOString(), campaignName: 'E2E Log', publisherName: 'E2E Publisher', durationSec: 30 };
  });
  const response = await fetch(`${system.url}/api/ingest/calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': INGEST_KEY },
    body: JSON.stringify({ calls }),
  });
  expect(response.status).toBe(200);
}


test('10,000 calls scrolled to the end with calls arriving meanwhile: the page stays bounded, and the log holds every call once, in order', async () => {
  await eventually(async () => (await loadedCount(page))[0], 50, 30_000);
  const [, total] = await loadedCount(page);
  expect(total).toBeGreaterThanOrEqual(SEEDED);

  const oldest = Date.now() - 5 * DAY - 2 * 3_600_000;
  let rounds = 0;
  let mostRows = 0;
  for (let everyCallShown = false; !everyCallShown; rounds += 1) {
    // Now and then calls arrive: two new ones above the reader, who has scrolled away, and one late one far below.
    if (rounds % 40 === 10) await deliver([new Date(), new Date(), new Date(oldest - rounds * 1000)]);
    const after = await scrollForMore(page);
    mostRows = Math.max(mostRows, after.rows);
    expect(mostRows).toBeLessThan(MAX_ROWS_IN_PAGE);
    everyCallShown = after.everyCallShown;
  }
  // The arrivals above wait behind the marker while the reader is down the log; the late ones came in with the pages.
  const marker = page.getByRole('button', { name: /new calls?$/ });
  await marker.waitFor();
  await marker.click();
  // Every call in: the log has loaded as many as the total its last page was counted with, after the last arrival.
  await eventually(async () => {
    const [loaded, total] = await loadedCount(page);
    return loaded === total;
  }, true, 30_000);
  // The API's list (some fifty requests, about a fifth of the test) and the walk down the log read the same
  // calls independently: side by side, the requests run while the walk waits for frames.
  const [expected, shown] = await Promise.all([everyCallId(page, 'last_7_days'), readWholeLog(page)]);
  expect((await loadedCount(page))[0]).toBe(expected.length);
  expect(expected.length).toBeGreaterThan(SEEDED);

  expect(shown.mostRows).toBeLessThan(MAX_ROWS_IN_PAGE);
  expect(new Set(shown.ids).size).toBe(shown.ids.length);
  expect(shown.ids).toEqual(expected);
}, 900_000);
