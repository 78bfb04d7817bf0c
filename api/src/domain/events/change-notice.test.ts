import type { PartnerScope } from '@callboard/contract';
import { MAYBE_CHANGED } from './calls-change-feed';
import { NOTICE_MAX_BYTES, encodeNotices, parseNotice } from './change-notice';
import { summarizeSources } from './source-changes';
import { changeSeenBy } from './stream-view';

const scope = (overrides: Partial<PartnerScope>): PartnerScope => ({
  kind: 'publisher', ids: [1], historyFrom: null, callerId: 'masked', recordings: true, transcripts: true, counterparty: false, ...overrides,
});

const touched = [
  // 2025-06-01 01:30 UTC is still 31 May in New York.
  { call_ts: new Date('2025-06-01T01:30:00Z'), publisher_id: 1, buyer_id: 7, inserted: true },
  { call_ts: new Date('2025-06-10T16:00:00Z'), publisher_id: 1, buyer_id: 7, inserted: true },
  { call_ts: new Date('2025-06-10T18:00:00Z'), publisher_id: 1, buyer_id: 7 },
  { call_ts: '2025-06-11T12:00:00.000Z', publisher_id: 2, buyer_id: 7, inserted: true },
  { call_ts: '2025-06-12T12:00:00.000Z', publisher_id: 2, buyer_id: null, inserted: true },
];
const totals = { inserted: 4, updated: 1, newestCallTimestamp: '2025-06-12T12:00:00.000Z' };

test('touched calls group by publisher × buyer × New York day, with their counts and newest time', () => {
  expect(summarizeSources(touched)).toEqual([
    { publisherId: 1, buyerId: 7, day: '2025-05-31', inserted: 1, updated: 0, newest: '2025-06-01T01:30:00.000Z' },
    { publisherId: 1, buyerId: 7, day: '2025-06-10', inserted: 1, updated: 1, newest: '2025-06-10T18:00:00.000Z' },
    { publisherId: 2, buyerId: 7, day: '2025-06-11', inserted: 1, updated: 0, newest: '2025-06-11T12:00:00.000Z' },
    { publisherId: 2, buyerId: null, day: '2025-06-12', inserted: 1, updated: 0, newest: '2025-06-12T12:00:00.000Z' },
  ]);
});

test('a notice reads back as it was sent, and the network is told the totals unchanged', () => {
  const sources = summarizeSources(touched);
  const [payload, ...more] = encodeNotices(totals, sources);
  expect(more).toEqual([]);
  const notice = parseNotice(payload!)!;
  expect(notice).toEqual({ totals, sources });
  expect(changeSeenBy(notice, undefined)).toEqual(totals);
});

test('each partner is told only its own calls, from its history day on (New York day, as the row policy)', () => {
  const notice = parseNotice(encodeNotices(totals, summarizeSources(touched))[0]!)!;
  expect(changeSeenBy(notice, scope({ ids: [1] }))).toEqual({ inserted: 2, updated: 1, newestCallTimestamp: '2025-06-10T18:00:00.000Z' });
  expect(changeSeenBy(notice, scope({ ids: [1], historyFrom: '2025-06-01' }))).toEqual({ inserted: 1, updated: 1, newestCallTimestamp: '2025-06-10T18:00:00.000Z' });
  expect(changeSeenBy(notice, scope({ ids: [1], historyFrom: '2025-06-11' }))).toBeNull();
  expect(changeSeenBy(notice, scope({ ids: [3] }))).toBeNull();
  expect(changeSeenBy(notice, scope({ kind: 'buyer', ids: [7] }))).toEqual({ inserted: 3, updated: 1, newestCallTimestamp: '2025-06-11T12:00:00.000Z' });
  // A call that reached no buyer is no buyer's.
  expect(changeSeenBy(notice, scope({ kind: 'buyer', ids: [2] }))).toBeNull();
});

test('a write over many sources is split into parts under the notification limit; the network counts it once', () => {
  const many = Array.from({ length: 3000 }, (_, i) => ({ call_ts: new Date(Date.UTC(2025, 0, 1) + (i % 200) * 86_400_000), publisher_id: 1 + (i % 40), buyer_id: 100 + (i % 7), inserted: true }));
  const sources = summarizeSources(many);
  const payloads = encodeNotices({ inserted: 3000, updated: 0, newestCallTimestamp: null }, sources);
  expect(payloads.length).toBeGreaterThan(1);
  for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTICE_MAX_BYTES);
  const notices = payloads.map((p) => parseNotice(p)!);
  expect(notices.flatMap((n) => n.sources!)).toEqual(sources);
  expect(notices.map((n) => changeSeenBy(n, undefined))).toEqual([{ inserted: 3000, updated: 0, newestCallTimestamp: null }, ...payloads.slice(1).map(() => null)]);
  const partner = scope({ ids: [5] });
  const told = notices.map((n) => changeSeenBy(n, partner)).filter((c) => c !== null);
  expect(told.reduce((sum, c) => sum + c.inserted, 0)).toBe(many.filter((c) => c.publisher_id === 5).length);
});

test('without sources (an earlier release, or the listener back after a drop) a partner is told only "maybe", with no counts', () => {
  const notice = parseNotice(JSON.stringify(totals))!;
  expect(notice.sources).toBeUndefined();
  expect(changeSeenBy(notice, undefined)).toEqual(totals);
  expect(changeSeenBy(notice, scope({}))).toEqual(MAYBE_CHANGED);
});

test('payloads that are not ours are refused', () => {
  for (const payload of ['not json', 'null', '{"inserted":-1,"updated":0,"newestCallTimestamp":null}', '{"inserted":1,"updated":0,"newestCallTimestamp":"soon"}',
    '{"inserted":1,"updated":0,"newestCallTimestamp":null,"sources":[[1,null,"2025-06-01",1,0]]}', '{"inserted":0,"updated":0,"newestCallTimestamp":null,"part":true}',
    '{"inserted":1,"updated":0,"newestCallTimestamp":null,"sources":[[0,null,"2025-06-01",1,0,"2025-06-01T00:00:00Z"]]}']) {
    expect(parseNotice(payload)).toBeNull();
  }
});
