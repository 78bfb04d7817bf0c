/**
 * GET /api/changes as its readers meet it (issue 37 item 1): who may read (a signed-in person, an ingest key
 * with the read scope, a partner's session or key; not a delivering key), what a partner is shown, the CSV,
 * clear 400s for bad parameters, and retention: changes past CHANGE_LOG_RETENTION_DAYS pruned by the daily
 * job's function, and a reader that fell behind told so. The feed's rows against the writes themselves are
 * change-log.test.ts's.
 */
import { CHANGES_CSV_COLUMNS, CHANGES_MESSAGES, type CallChange } from '@callboard/contract/changes';
import { INGEST_KEY_MESSAGES } from '@callboard/contract/ingest-keys';
import Papa from 'papaparse';
import { pruneChangeLog } from '../src/domain/changes/change-log-retention';
import { INGEST_KEY, bulkUpdate, makeCall, postCalls } from './support/calls-fixtures';
import { partnerScope, signUpPartner, sourceIds, type PartnerSignedIn } from './support/partner-accounts';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let analyst: SignedIn;
let partner: PartnerSignedIn;
/** The seq before this file's calls: each test reads from here. */
let start: number;

async function createKey(scopes: string[]): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: bearer(admin.token), payload: { name: `key ${scopes.join('+')}`, scopes } });
  expect(response.statusCode).toBe(201);
  return response.json().data.key as string;
}

const get = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/changes${query}`, headers });

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY, changeLogRetentionDays: 30 });
  admin = await signUp(t.app, 'Ada Admin');
  analyst = await signUp(t.app, 'Andy Analyst');
  const [{ seq } = { seq: '0' }] = await t.db.query<{ seq: string }>('SELECT coalesce(max(seq), 0)::text AS seq FROM call_changes');
  start = Number(seq);
  const delivered = await postCalls(t.app, [
    makeCall('cf-own', { publisherName: 'Publisher A', buyerName: 'Buyer A', callerId: '+15551230001', revenue: 40, payout: 15, transcript: 'Caller: hello' }),
    makeCall('cf-other', { publisherName: 'Publisher B', buyerName: 'Buyer B', callerId: '+15551230002', revenue: 20, payout: 5 }),
    // A platform's call id that a spreadsheet would read as a formula.
    makeCall('=HYPERLINK("x")', { publisherName: 'Publisher B', buyerName: 'Buyer B' }),
  ]);
  expect(delivered.statusCode).toBe(200);
  const ids = await sourceIds(t.db);
  partner = await signUpPartner(t.app, t.db, partnerScope('publisher', [ids.publisher['Publisher A']!], { callerId: 'masked', transcripts: false, recordings: false }), 'Pub A');
  const [own] = await t.db.query<{ id: string }>("SELECT id::text AS id FROM calls WHERE system_call_id = 'cf-own'");
  expect((await bulkUpdate(t.app, admin.token, { ids: [own!.id], set: { status: 'Sales' } })).statusCode).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('who reads the feed', () => {
  test('a signed-in person reads every change, with who made it', async () => {
    const response = await get(bearer(analyst.token), `?after=${start}`);
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json<{ data: CallChange[]; meta: Record<string, unknown> }>();
    // The delivery's three calls (in the order they were stored), then the bulk update.
    expect(data.slice(0, 3).map((c) => [c.systemCallId, c.kind]).sort()).toEqual([
      ['=HYPERLINK("x")', 'created'],
      ['cf-other', 'created'],
      ['cf-own', 'created'],
    ]);
    expect([data[3]!.systemCallId, data[3]!.kind]).toEqual(['cf-own', 'bulk_updated']);
    for (const created of data.slice(0, 3)) expect(created).toMatchObject({ actor: 'ingest-key:environment', changeSet: null });
    expect(data[3]).toMatchObject({ actor: `user:${admin.user.id}`, changed: { status: ['', 'Sales'], statusOverridden: [false, true] } });
    expect(data[3]!.changeSet).toMatch(/^[0-9a-f-]{36}$/);
    expect(meta).toEqual({ after: start, nextAfter: data[3]!.seq, limit: 1000, hasMore: false });
  });

  test('without a token or key: 401', async () => {
    expect((await get({})).statusCode).toBe(401);
  });

  test('an ingest key with the read scope reads it; a delivering key, INGEST_API_KEY or a made-up key does not', async () => {
    const reader = await createKey(['read']);
    const read = await get({ 'x-api-key': reader }, `?after=${start}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toHaveLength(4);

    const delivering = await get({ 'x-api-key': await createKey(['calls', 'qc']) });
    expect(delivering.statusCode).toBe(403);
    expect(delivering.json().message).toBe(INGEST_KEY_MESSAGES.scopeMissing('read'));
    expect((await get({ 'x-api-key': INGEST_KEY })).statusCode).toBe(401);
    expect((await get({ 'x-api-key': 'cbk_made-up-key-000000000000000000000000' })).statusCode).toBe(401);
    // A read key delivers nothing.
    expect((await postCalls(t.app, [makeCall('cf-by-reader')], reader)).statusCode).toBe(403);
  });

  test('a partner reads only its calls’ changes, with its fields: its session and its API key alike', async () => {
    const session = await get(bearer(partner.token), `?after=${start}`);
    expect(session.statusCode).toBe(200);
    const data = session.json().data as CallChange[];
    expect(data.map((c) => [c.systemCallId, c.kind])).toEqual([
      ['cf-own', 'created'],
      ['cf-own', 'bulk_updated'],
    ]);
    const created = data[0]!;
    expect(created.actor).toBeNull();
    expect(created.changed.callerId).toEqual([null, '+1 ••• ••• 0001']);
    expect(created.changed.payout).toEqual([null, 15]);
    for (const hidden of ['revenue', 'transcript', 'buyerName', 'targetName', 'systemBuyerId']) expect(created.changed).not.toHaveProperty(hidden);
    expect(data[1]!.actor).toBeNull();

    const made = await t.app.inject({ method: 'POST', url: '/api/partner-keys', headers: bearer(partner.token), payload: { name: 'BI' } });
    expect(made.statusCode).toBe(201);
    const keyed = await get({ 'x-api-key': made.json().data.key as string }, `?after=${start}`);
    expect(keyed.statusCode).toBe(200);
    expect(keyed.json()).toEqual(session.json());
  });
});

test('kinds and limit narrow a page; nextAfter and hasMore lead to the next', async () => {
  const first = await get(bearer(analyst.token), `?after=${start}&kinds=created&limit=2`);
  expect(first.statusCode).toBe(200);
  const page = first.json<{ data: CallChange[]; meta: { nextAfter: number; hasMore: boolean } }>();
  expect(page.data.map((c) => c.kind)).toEqual(['created', 'created']);
  expect(page.meta.hasMore).toBe(true);
  const second = (await get(bearer(analyst.token), `?after=${page.meta.nextAfter}&kinds=created,bulk_updated&limit=2`)).json<typeof page>();
  expect(second.data.map((c) => c.kind)).toEqual(['created', 'bulk_updated']);
  expect(second.meta.hasMore).toBe(false);
  // Past the end: nothing, and nextAfter stays where it was.
  const end = (await get(bearer(analyst.token), `?after=${second.meta.nextAfter}`)).json<typeof page>();
  expect(end.data).toEqual([]);
  expect(end.meta.nextAfter).toBe(second.meta.nextAfter);
});

test('CSV: a header row, one row per change with `changed` as JSON, text neutralised, the next page in a header', async () => {
  const json = (await get(bearer(analyst.token), `?after=${start}`)).json().data as CallChange[];
  const response = await get(bearer(analyst.token), `?after=${start}&format=csv`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['x-next-after']).toBe(String(json.at(-1)!.seq));
  expect(response.headers['x-has-more']).toBe('false');
  const rows = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  expect(rows[0]).toEqual([...CHANGES_CSV_COLUMNS]);
  expect(rows).toHaveLength(json.length + 1);
  expect(rows.slice(1).map((row) => [Number(row[0]), row[3]!.replace(/^'/, ''), row[4], JSON.parse(row[7]!)])).toEqual(json.map((c) => [c.seq, c.systemCallId, c.kind, c.changed]));
  expect(rows.find((row) => row[3]!.includes('HYPERLINK'))![3]).toBe(`'=HYPERLINK("x")`);
});

test.each([
  ['after=-1', 'after', CHANGES_MESSAGES.after],
  ['after=abc', 'after', CHANGES_MESSAGES.after],
  ['limit=0', 'limit', CHANGES_MESSAGES.limit],
  ['limit=10001', 'limit', CHANGES_MESSAGES.limit],
  ['limit=1.5', 'limit', CHANGES_MESSAGES.limit],
  ['kinds=created,deleted', 'kinds', CHANGES_MESSAGES.kinds('deleted')],
  ['format=xlsx', 'format', CHANGES_MESSAGES.format],
])('%s → 400 naming %s', async (query, field, message) => {
  const response = await get(bearer(analyst.token), `?${query}`);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field, message }] });
});

test('retention: changes older than CHANGE_LOG_RETENTION_DAYS are pruned; a reader behind them is told, from 0 reads what is kept', async () => {
  // This file's first three changes made 40 days ago, the rest today.
  const [{ kept: firstKept } = { kept: '' }] = await t.db.query<{ kept: string }>(
    'SELECT seq::text AS kept FROM call_changes WHERE seq > $1 ORDER BY seq OFFSET 3 LIMIT 1',
    [start],
  );
  await t.db.query("UPDATE call_changes SET at = now() - interval '40 days' WHERE seq < $1", [firstKept]);
  const before = Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM call_changes'))[0]!.n);

  const outcome = await pruneChangeLog(t.db, 30);
  expect(outcome.prunedThrough).toBe(Number(firstKept) - 1);
  expect(outcome.removed).toBe(before - Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM call_changes'))[0]!.n));
  expect(Number((await t.db.query<{ n: string }>('SELECT min(seq)::text AS n FROM call_changes'))[0]!.n)).toBe(Number(firstKept));
  // Again: nothing more to remove.
  expect(await pruneChangeLog(t.db, 30)).toEqual({ removed: 0, prunedThrough: outcome.prunedThrough });

  const behind = await get(bearer(analyst.token), `?after=${start + 1}`);
  expect(behind.statusCode).toBe(400);
  expect(behind.json().errors).toEqual([{ field: 'after', message: CHANGES_MESSAGES.pruned(start + 1, outcome.prunedThrough, 30) }]);
  const fromStart = (await get(bearer(analyst.token), '?after=0')).json().data as CallChange[];
  expect(fromStart[0]!.seq).toBe(Number(firstKept));
  expect((await get(bearer(analyst.token), `?after=${outcome.prunedThrough}`)).statusCode).toBe(200);
});
