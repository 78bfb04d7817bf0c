import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { eventually } from '../support/eventually';
import { submitLogin } from '../support/sign-in';
import { startSystem, type System } from '../support/system';
import { applyDatePreset } from '../support/filters';

/**
 * Live push in real Chromium against the production build: a call delivered
 * through the ingest API shows in the open Call Logs within 2 s, with no
 * reload; when the live stream fails the screens say Polling and still get
 * new calls on the Auto Refresh timer; when it can connect again, Live.
 */
const INGEST_KEY = 'e2e-live-push-ingest-key-0123456789';

let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ env: { INGEST_API_KEY: INGEST_KEY } }), launchChromium()]);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await system?.stop();
});

let delivered = 0;
/** Delivers one call, timed now, as the tracking platform would; resolves with its id once stored. */
async function deliverCall(): Promise<string> {
  delivered += 1;
  const systemCallId = `E2E-LIVE-${delivered}-${Date.now()}`;
  const response = await fetch(`${system.url}/api/ingest/calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': INGEST_KEY },
    body: JSON.stringify({
      calls: [
        {
          systemCallId,
          callTimestamp: new Date().toISOString(),
          callerId: `+1555777${String(delivered).padStart(4, '0')}`,
          campaignName: 'E2E Live',
          publisherName: 'E2E Publisher',
          durationSec: 42,
          revenue: 1,
          payout: 0,
        },
      ],
    }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { data: { inserted: number } }).data.inserted).toBe(1);
  const [row] = await system.server.db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE system_call_id = $1', [systemCallId]);
  return row!.id;
}

const rowOf = (id: string) => page.getByRole('table', { name: 'Call log' }).locator(`input[data-call-id="${id}"]`);
/** The Call Logs header's indicator. */
const logState = () => page.locator('.calllogs__heading').getByRole('status');
/** The indicator beside Auto Refresh. */
const autoRefreshState = () => page.locator('.auto-refresh').getByRole('status');

test('a delivered call appears within 2 s while Live; with the stream failing, Polling still brings calls; then Live again', async () => {
  context = await browser.newContext({ baseURL: system.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  // Auto Refresh on at 5 s: the timer the screens fall back on while the stream is down.
  await page.getByRole('switch', { name: 'Auto Refresh' }).click();
  await page.getByRole('combobox', { name: 'Refresh interval' }).selectOption('5000');
  // The last 30 days, so the log has rows before the first delivery (the default, today, may have none yet).
  await applyDatePreset(page, 'last_30_days');
  await page.getByRole('link', { name: 'Call Logs' }).click();
  await page.getByRole('heading', { name: 'Call Logs', exact: true }).waitFor();
  await page.getByRole('table', { name: 'Call log' }).waitFor();

  await eventually(async () => (await logState().textContent())?.trim(), 'Live', 10_000);
  expect((await autoRefreshState().textContent())?.trim()).toBe('Live');

  // Live: no reload, no timer (the interval is 5 s), and the call is on screen within 2 s.
  const sentAt = Date.now();
  const liveId = await deliverCall();
  await rowOf(liveId).waitFor({ timeout: 2_000 });
  expect(Date.now() - sentAt).toBeLessThan(2_000);

  // The stream fails: every new attempt is refused at the network, and the open one is ended by the server.
  await page.route('**/api/events', (route) => route.abort('connectionreset'));
  system.server.fastify.eventStreams.endAll();
  await eventually(async () => (await logState().textContent())?.trim(), 'Polling · every 5 s', 10_000);
  expect((await autoRefreshState().textContent())?.trim()).toBe('Polling');

  // Polling: the call still arrives, on the 5 s timer.
  const polledId = await deliverCall();
  await rowOf(polledId).waitFor({ timeout: 12_000 });

  // The stream can connect again: the next attempt of the backoff finds it, and the screens say Live.
  await page.unroute('**/api/events');
  await eventually(async () => (await logState().textContent())?.trim(), 'Live', 40_000);
  expect((await autoRefreshState().textContent())?.trim()).toBe('Live');
  const againId = await deliverCall();
  await rowOf(againId).waitFor({ timeout: 2_000 });
}, 120_000);
