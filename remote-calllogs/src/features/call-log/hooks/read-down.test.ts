import { RECORDS_MAX_LIMIT, type CallRecord } from '@callboard/contract';
import type { BoundApiFetch } from '@callboard/shared-auth/use-session';
import { cursorOf, makeCall, makeCalls } from '../../../testing/call-logs';
import { newestFirst } from './merge-calls';
import { reaches, readDownTo, READ_DOWN_MAX_PAGES } from './read-down';

/** The records endpoint over `calls`, newest first, by cursor; records the cursors asked for. */
function recordsApi(calls: CallRecord[]) {
  const asked: (string | null)[] = [];
  const apiFetch = (async (_path: string, options?: { query?: Record<string, unknown> }) => {
    const query = options?.query ?? {};
    const cursor = (query.cursor as string | undefined) ?? null;
    asked.push(cursor);
    const limit = Number(query.limit);
    const sorted = [...calls].sort(newestFirst);
    const start = cursor === null ? 0 : sorted.findIndex((call) => cursorOf(call) === cursor) + 1;
    const data = sorted.slice(start, start + limit);
    const nextCursor = start + limit < sorted.length ? cursorOf(data[data.length - 1]!) : null;
    return { success: true, data, meta: { total: sorted.length, limit, nextCursor } };
  }) as BoundApiFetch;
  return { apiFetch, asked };
}

describe('reaches', () => {
  test('a page reaches a row when it holds it, or a call no newer than it', () => {
    expect(reaches(makeCalls(5, 9), makeCall(7))).toBe(true);
    expect(reaches(makeCalls(5, 9), makeCall(3))).toBe(false);
    // The row left the filters, but the page went past its time.
    expect(reaches([makeCall(9), makeCall(6)], makeCall(7))).toBe(true);
    expect(reaches([], makeCall(7))).toBe(false);
  });
});

describe('readDownTo', () => {
  test('reads by cursor from the newest call until the page reaches the row, and no further', async () => {
    const { apiFetch, asked } = recordsApi(makeCalls(1, 700));
    const pages = await readDownTo(apiFetch, { datePreset: 'today' }, makeCall(250));
    const ids = pages!.flatMap((page) => page.data.map((call) => Number(call.id)));
    expect(ids).toEqual(makeCalls(101, 700).reverse().map((call) => Number(call.id)));
    expect(asked).toEqual([null, cursorOf(makeCall(501)), cursorOf(makeCall(301))]);
  });

  test('goes on from a poll already read, and stops at the last call', async () => {
    const { apiFetch, asked } = recordsApi(makeCalls(1, 300));
    const poll = { cursor: null, data: makeCalls(251, 300).reverse(), meta: { total: 300, limit: 50, nextCursor: cursorOf(makeCall(251)) }, receivedAt: 1 };
    const pages = await readDownTo(apiFetch, {}, makeCall(0, { id: '9999', callTimestamp: '2000-01-01T00:00:00.000Z' }), poll);
    expect(pages!.flatMap((page) => page.data)).toHaveLength(300);
    expect(asked).toEqual([cursorOf(makeCall(251)), cursorOf(makeCall(51))]);
  });

  test('gives up past READ_DOWN_MAX_PAGES pages, so the log starts over instead', async () => {
    const { apiFetch } = recordsApi(makeCalls(1, (READ_DOWN_MAX_PAGES + 2) * RECORDS_MAX_LIMIT));
    expect(await readDownTo(apiFetch, {}, makeCall(1))).toBeNull();
  });
});
