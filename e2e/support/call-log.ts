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

export interface WholeLog {
  /** The call at each place, top to bottom. */
  ids: string[];
  /** The most rows the page held at once on the way down. */
  mostRows: number;
}

/** The line under the log once it holds every call of the filters (remote-calllogs' call-log.tsx). */
const EVERY_CALL_SHOWN = 'That’s every call for these filters.';

/** What one screen of the walk down the log drew: each drawn row's place and call, and the rows in the page. */
interface Screen {
  drawn: Array<[number, string]>;
  rows: number;
}

/**
 * The whole log, read from top to bottom a screen at a time. Fails if a place
 * showed two calls on the way, or if a place was never drawn.
 *
 * The walk runs inside the page, in one evaluation: a browser round trip for
 * every read and scroll of ~300 screens took a third of the 10,000-call test's
 * time. After each scroll it waits for frames until a drawn row covers the
 * middle of the view (the virtualiser has drawn the new screen), as a person's
 * eyes would; at the bottom, for the next page, until the log has shown every call.
 */
export async function readWholeLog(page: Page): Promise<WholeLog> {
  const screens = await callLog(page).evaluate(async (table, endLine): Promise<Screen[]> => {
    const main = table.closest('main');
    if (!main) throw new Error('the call log is not inside <main>');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const middleDrawn = () => {
      const box = main.getBoundingClientRect();
      const middle = box.top + Math.min(box.height, table.getBoundingClientRect().bottom - box.top) / 2;
      return [...table.querySelectorAll('tbody tr[data-index]')].some((row) => {
        const place = row.getBoundingClientRect();
        return place.top <= middle && place.bottom >= middle;
      });
    };
    const loadingMore = () => [...main.querySelectorAll('[role="status"]')].some((status) => status.textContent === 'Loading more calls...');
    const everyCallShown = () => [...main.querySelectorAll('p')].some((p) => p.textContent === endLine);
    const walked: Screen[] = [];
    main.scrollTop = 0;
    for (;;) {
      for (let frames = 0; frames < 2 || (!middleDrawn() && frames < 120); frames += 1) await frame();
      walked.push({
        drawn: [...table.querySelectorAll('tbody tr[data-index]')].map((row) => [
          Number(row.getAttribute('data-index')),
          row.querySelector('input[data-call-id]')?.getAttribute('data-call-id') ?? '',
        ]),
        rows: table.querySelectorAll('tbody tr').length,
      });
      const before = main.scrollTop;
      main.scrollTop += main.clientHeight;
      if (main.scrollTop !== before) continue;
      // At the bottom the log loads its next page, unless it has shown every call: the walk goes on once
      // that page has made room below, and ends at EVERY_CALL_SHOWN (or after 30 s, for the checks
      // below to say what is missing).
      for (const deadline = performance.now() + 30_000; ; await frame()) {
        if (!loadingMore()) {
          main.scrollTop += main.clientHeight;
          if (main.scrollTop !== before) break;
          if (everyCallShown()) return walked;
        }
        if (performance.now() > deadline) return walked;
      }
    }
  }, EVERY_CALL_SHOWN);
  const byPlace = new Map<number, string>();
  let mostRows = 0;
  for (const screen of screens) {
    mostRows = Math.max(mostRows, screen.rows);
    for (const [place, id] of screen.drawn) {
      const seen = byPlace.get(place);
      if (seen !== undefined && seen !== id) throw new Error(`place ${place} showed call ${seen}, then ${id}`);
      byPlace.set(place, id);
    }
  }
  const places = [...byPlace.keys()].sort((a, b) => a - b);
  const missing = places.findIndex((place, i) => place !== i);
  if (missing !== -1) throw new Error(`place ${missing} was never drawn on the way down`);
  return { ids: places.map((place) => byPlace.get(place)!), mostRows };
}

/** The log as the reader sees it after scrolling to its end: "N of M calls loaded", the closing line, the rows in the page. */
export interface LogAfterScroll {
  loaded: number;
  everyCallShown: boolean;
  rows: number;
}

/**
 * Scrolls the log to its end and waits, inside the page, until more calls are
 * loaded or the closing line shows ("That’s every call for these filters.");
 * one browser round trip a page of calls instead of a dozen.
 */
export async function scrollForMore(page: Page, timeoutMs = 30_000): Promise<LogAfterScroll> {
  return callLog(page).evaluate(
    async (table, { timeout, endLine }): Promise<LogAfterScroll> => {
      const main = table.closest('main');
      if (!main) throw new Error('the call log is not inside <main>');
      const read = (): LogAfterScroll => {
        const count = [...main.querySelectorAll('p')].map((p) => p.textContent ?? '').find((text) => /^[\d,]+ of [\d,]+ calls? loaded$/.test(text));
        return {
          loaded: count ? Number(count.split(' ')[0]!.replace(/,/g, '')) : 0,
          everyCallShown: [...main.querySelectorAll('p')].some((p) => p.textContent === endLine),
          rows: table.querySelectorAll('tbody tr').length,
        };
      };
      const before = read();
      main.scrollTop = main.scrollHeight;
      const deadline = performance.now() + timeout;
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = read();
        if (now.loaded > before.loaded || now.everyCallShown) return now;
        if (performance.now() > deadline) throw new Error(`still ${now.loaded} calls loaded ${timeout} ms after scrolling to the end`);
      }
    },
    { timeout: timeoutMs, endLine: EVERY_CALL_SHOWN },
  );
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
