import type { ApiSuccess } from '@callboard/contract';
import type { Connector, ConnectorEvent } from '@callboard/contract/connectors';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi } from '../support/api-client';
import { launchChromium } from '../support/browser';
import { signedInBrowser } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * Connecting the platforms (issue 37), in real Chromium against the production build: an admin creates a
 * Ringba connector and reads the URLs to paste; the test fires that connector's pixels as Ringba does (a local
 * HTTP client, the tokens replaced by a call's values), and the call appears live in Call Logs, left open in
 * another tab, while the connector's event list fills.
 */
let system: System;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 200 }), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await system?.stop();
});

jest.setTimeout(180_000);

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

/** The session the page keeps (its token in the origin's localStorage), for the test's own reads through the API. */
function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '');
}
