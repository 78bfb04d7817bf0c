import type { PartnerScope } from '@callboard/contract';
import { MAYBE_CHANGED } from './calls-change-feed';
import { noticeOf, seqOfPayload } from './change-notice';
import type { SourceChange } from './source-changes';
import { changeSeenBy } from './stream-view';

const scope = (overrides: Partial<PartnerScope>): PartnerScope => ({
  kind: 'publisher', ids: [1], historyFrom: null, callerId: 'masked', recordings: true, transcripts: true, counterparty: false, ...overrides,
});

/** The log's new rows as domain/changes/change-sources.ts groups them (2025-06-01 01:30 UTC is still 31 May in New York). */
const sources: SourceChange[] = [
  { publisherId: 1, buyerId: 7, day: '2025-05-31', inserted: 1, updated: 0, newest: '2025-06-01T01:30:00.000Z' },
  { publisherId: 1, buyerId: 7, day: '2025-06-10', inserted: 1, updated: 1, newest: '2025-06-10T18:00:00.000Z' },
  { publisherId: 2, buyerId: 7, day: '2025-06-11', inserted: 1, updated: 0, newest: '2025-06-11T12:00:00.000Z' },
  { publisherId: 2, buyerId: null, day: '2025-06-12', inserted: 1, updated: 0, newest: '2025-06-12T12:00:00.000Z' },
];
const totals = { inserted: 4, updated: 1, newestCallTimestamp: '2025-06-12T12:00:00.000Z' };

test('a notice totals its sources, and the network is told the totals unchanged', () => {
  const notice = noticeOf(sources)!;
  expect(notice).toEqual({ totals, sources });
  expect(changeSeenBy(notice, undefined)).toEqual(totals);
});

test('sources that tell nothing (only repeat decisions moved) make no notice, and are left out of one', () => {
  const quiet: SourceChange = { publisherId: 3, buyerId: null, day: '2025-06-12', inserted: 0, updated: 0, newest: '2025-06-12T00:00:00.000Z' };
  expect(noticeOf([quiet])).toBeNull();
  expect(noticeOf([])).toBeNull();
  expect(noticeOf([...sources, quiet])).toEqual({ totals, sources });
});

test('each partner is told only its own calls, from its history day on (New York day, as the row policy)', () => {
  const notice = noticeOf(sources)!;
  expect(changeSeenBy(notice, scope({ ids: [1] }))).toEqual({ inserted: 2, updated: 1, newestCallTimestamp: '2025-06-10T18:00:00.000Z' });
  expect(changeSeenBy(notice, scope({ ids: [1], historyFrom: '2025-06-01' }))).toEqual({ inserted: 1, updated: 1, newestCallTimestamp: '2025-06-10T18:00:00.000Z' });
  expect(changeSeenBy(notice, scope({ ids: [1], historyFrom: '2025-06-11' }))).toBeNull();
  expect(changeSeenBy(notice, scope({ ids: [3] }))).toBeNull();
  expect(changeSeenBy(notice, scope({ kind: 'buyer', ids: [7] }))).toEqual({ inserted: 3, updated: 1, newestCallTimestamp: '2025-06-11T12:00:00.000Z' });
  // A call that reached no buyer is no buyer's.
  expect(changeSeenBy(notice, scope({ kind: 'buyer', ids: [2] }))).toBeNull();
});

test('without sources (the listener back after a drop, or the log unreadable) a partner is told only "maybe", with no counts', () => {
  const notice = { totals: MAYBE_CHANGED, sources: undefined };
  expect(changeSeenBy(notice, undefined)).toEqual(MAYBE_CHANGED);
  expect(changeSeenBy(notice, scope({}))).toEqual(MAYBE_CHANGED);
});

test('a notification says how far the log goes; any other payload only that something may be new', () => {
  expect(seqOfPayload('{"seq":42,"inserted":0,"updated":0,"newestCallTimestamp":null}')).toBe(42);
  expect(seqOfPayload('{"seq":0}')).toBe(0);
  for (const payload of ['not json', 'null', '42', '{"seq":-1}', '{"seq":"42"}', '{"seq":1.5}', '{"inserted":1,"updated":0,"newestCallTimestamp":null}']) {
    expect(seqOfPayload(payload)).toBeUndefined();
  }
});
