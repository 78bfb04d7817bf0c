import type { RecordsCursorResponse } from '@callboard/contract';
import type { Page } from 'playwright-core';
import { callApiInPage } from './api-client';
import type { NormalisedCall } from '../../api/src/domain/calls/ingest-validation';
import { applyDatePreset } from './filters';
import { submitLogin } from './sign-in';

/**
 * Reading Call Logs as a person sees it. The log draws only the rows in view
 * (remote-calllogs' virtual-log-table.tsx), so the whole log is read by
 * scrolling it a screen at a time, each drawn row giving its place in the
 * list (`data-index`) and its call (`data-call-id` on its checkbox).
 */
export const callLog = (page: Page) => page.getByRole('table', { name: 'Call log' });

/** "150 of 1,024 calls loaded" → [150, 1024]. */
export async function loadedCount(page: Page): Promise<[number, number]> {
  const text = await page.getByText(/^[\d,]+ of [\d,]+ calls? loaded$/).textContent();
  const [loaded, total] = (text ?? '').match(/[\d,]+/g)!.map((n) => Number(n.replace(/,/g, '')));
  return [loaded!, total!];
}

/** Rows in the page now: the calls drawn, and the blank space above and below (a row each). */
export const rowsInPage = (page: Page) => callLog(page).locator('tbody tr').count();

const nextFrame = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

export interface WholeLog {
  /** The call at each place, top to bottom. */
  ids: string[];
  /** The most rows the page held at once on the way down. */
  mostRows: number;
}

/**
 * The whole log, read from top to bottom a screen at a time. Fails if a place
 * showed two calls on the way, or if a place was never drawn.
 */
export async function readWholeLog(page: Page): Promise<WholeLog> {
  const main = page.locator('main');
  await main.evaluate((element) => (element.scrollTop = 0));
  await nextFrame(page);
  const byPlace = new Map<number, string>();
  let mostRows = 0;
  for (;;) {
    const drawn = await callLog(page)
      .locator('tbody tr[data-index]')
      .evaluateAll((rows) => rows.map((row) => [Number(row.getAttribute('data-index')), row.querySelector('input[data-call-id]')?.getAttribute('data-call-id') ?? ''] as const));
    mostRows = Math.max(mostRows, await rowsInPage(page));
    for (const [place, id] of drawn) {
      const seen = byPlace.get(place);
      if (seen !== undefined && seen !== id) throw new Error(`place ${place} showed call ${seen}, then ${id}`);
      byPlace.set(place, id);
    }
    const moved = await main.evaluate((element) => {
      const before = element.scrollTop;
      element.scrollTop += element.clientHeight;
      return element.scrollTop !== before;
    });
    if (!moved) break;
    await nextFrame(page);
  }
  const places = [...byPlace.keys()].sort((a, b) => a - b);
  const missing = places.findIndex((place, i) => place !== i);
  if (missing !== -1) throw new Error(`place ${missing} was never drawn on the way down`);
  return { ids: places.map((place) => byPlace.get(place)!), mostRows };
}

/** Signs in on a fresh page, chooses the date preset in the top bar (from Reporting, where sign-in lands) and opens Call Logs. */
export async function openCallLogs(page: Page, signIn: { email: string; password: string }, datePreset: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, signIn.email, signIn.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await applyDatePreset(page, datePreset);
  await page.getByRole('link', { name: 'Call Logs' }).click();
  await page.getByRole('heading', { name: 'Call Logs', exact: true }).waitFor();
}

/** A call as the ingest stores it (for storeCalls, which skips HTTP and announces nothing), a Sales verdict, at `at`. */
export function storedCall(systemCallId: string, at: Date, fields: Partial<NormalisedCall> = {}): NormalisedCall {
  return {
    systemCallId,
    callTs: at.toISOString(),
    callerId: `+1555${String(at.getTime() % 10_000_000).padStart(7, '0')}`,
    campaignName: 'E2E Campaign',
    publisherName: 'E2E Publisher',
    targetName: null,
    buyerName: null,
    systemName: 'E2E Publisher',
    systemPublisherId: null,
    systemBuyerId: null,
    durationSec: 90,
    connected: true,
    recordingUrl: null,
    transcript: null,
    revenueCents: 0,
    payoutCents: 0,
    qc: { systemCallId, disposition: 'Sales', sub_disposition: null, reason: null, summary: null },
    ...fields,
  };
}

/** Every call of a date preset, newest first, as the API pages it by cursor (with the page's session). */
export async function everyCallId(page: Page, datePreset: string): Promise<string[]> {
  const ids: string[] = [];
  for (let cursor: string | null = null; ; ) {
    const query: string = `datePreset=${datePreset}&limit=200&sortBy=callTimestamp&sortDir=desc${cursor ? `&cursor=${cursor}` : ''}`;
    const answer: RecordsCursorResponse = await callApiInPage<RecordsCursorResponse>(page, `/api/calls/records?${query}`);
    ids.push(...answer.data.map((call) => call.id));
    if (answer.meta.nextCursor === null) return ids;
    cursor = answer.meta.nextCursor;
  }
}
