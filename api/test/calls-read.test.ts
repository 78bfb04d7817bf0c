import { DATE_PRESETS, DISPOSITIONS, RECORD_COLUMNS, recordColumnValue, type DatePreset } from '@callboard/contract';
import type { Queryable } from '../src/db/database';
import { parseCallFilter } from '../src/domain/calls/call-filter';
import { resolvePreset } from '../src/domain/calls/date-range';
import { findRecordsPage } from '../src/domain/calls/records-repository';
import { bulkUpdate, getOk, ingestAll, makeCall, nyDate, nyIso, onStableNewYorkDay, qs, seededRandom, INGEST_KEY, type IngestCallInput } from './support/calls-fixtures';
import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';

type Preset = Exclude<DatePreset, 'custom'>;
type Row = Record<string, any>;

let t: TestApp;
let admin: SignedIn & { password: string };
let member: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin'); // first account: admin
  member = await signUp(t.app, 'Mo Member');
  await ingestAll(t.app, [...sortingCalls(), ...filterCalls(), ...statsCalls(), ...presetCalls()]);
});
afterAll(() => t.close());

const get = (url: string, who: SignedIn = member) => getOk(t.app, who.token, url);
const raw = (url: string, who: SignedIn | null = member) => t.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
/** A custom range of New York wall-clock times, as query params. */
const custom = (start: string, end: string) => ({ datePreset: 'custom' as const, startDate: start, endDate: end });

/** Every page of records for a query, fetched `limit` at a time. */
async function allPages(params: Record<string, string | number | undefined>, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const body = await get(`/api/calls/records${qs({ ...params, limit, page })}`);
    expect(body.meta.page).toBe(page);
    expect(body.meta.limit).toBe(limit);
    rows.push(...body.data);
    if (page >= body.meta.pages) {
      expect(rows.length).toBe(body.meta.total);
      return rows;
    }
    expect(body.data).toHaveLength(limit);
  }
}
const systemIds = (rows: Row[]) => rows.map((r) => r.systemCallId as string).sort();

// ---------------------------------------------------------------- data

/** 2025-03-05: 45 calls with ties in every sortable column, for sorting and paging. */
const SORT_DAY = custom('2025-03-05T00:00', '2025-03-06T00:00');
function sortingCalls(): IngestCallInput[] {
  const random = seededRandom(305);
  const publishers = ['Pub Alpha', 'Pub Beta', 'pub gamma', 'Pub_Delta', 'Pub 10', 'Pub 9'];
  const campaigns = ['Camp A', 'Camp b', 'Camp C'];
  const statuses = ['Sales', 'DNC', 'Weird', null, 'subsidy/incentivised', 'IVR'];
  const subs = [null, null, 'alpha', 'Beta', 'gamma'];
  const callers = ['5550001', '5550002', '5550003', '', '5550001', '4440009'];
  const calls: IngestCallInput[] = [];
  let minute = 0;
  for (let i = 0; i < 45; i += 1) {
    // Every fifth call shares its time with the one before: ties on the default sort.
    if (i % 5 !== 4) minute = random.int(0, 14 * 60);
    const status = random.pick(statuses);
    calls.push(
      makeCall(`sort-${String(i).padStart(2, '0')}`, {
        callTimestamp: nyIso(`2025-03-05T${String(6 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`),
        publisherName: random.pick(publishers),
        campaignName: random.pick(campaigns),
        callerId: random.pick(callers),
        durationSec: random.pick([0, 30, 30, 61, 300, 7]),
        qc: status === null ? undefined : { disposition: status, sub_disposition: random.pick(subs) },
      }),
    );
  }
  return calls;
}

/** 2025-04-10: calls made to be told apart by each filter. */
const FILTER_DAY = custom('2025-04-10T00:00', '2025-04-11T00:00');
const FILTER_SPEC: Array<[id: string, campaign: string, publisher: string, target: string | null, buyer: string | null, status: string | null, caller: string]> = [
  ['f-01', 'FC One', 'FP One', 'FT One', 'FB One', 'Sales', '5551110000'],
  ['f-02', 'FC One', 'FP Two', 'FT Two', 'FB Two', 'DNC', '55511100001'],
  ['f-03', 'FC Two', 'FP One', 'FT One', 'FB Two', 'sales', 'A5%5'],
  ['f-04', 'FC Two', 'FP Two', null, null, 'Weird', 'A5x5'],
  ['f-05', 'FC Three', 'FP Three', 'FT Two', 'FB One', null, 'B_1'],
  ['f-06', 'FC Three', 'FP One', 'FT One', 'FB One', 'Voicemail', 'Bx1'],
  ['f-07', 'FC One', 'FP Three', null, 'FB Two', 'DNC', 'b_12'],
  ['f-08', '100% Leads', 'FP Two', 'FT Two', null, 'Sales', '%%'],
  ['f-09', 'Leads_2', 'FP One', 'FT One', 'FB One', 'Not Interested', '7770000'],
];
function filterCalls(): IngestCallInput[] {
  return FILTER_SPEC.map(([id, campaign, publisher, target, buyer, status, caller], i) =>
    makeCall(id, {
      callTimestamp: nyIso(`2025-04-10T${String(8 + i).padStart(2, '0')}:15`),
      campaignName: campaign,
      publisherName: publisher,
      targetName: target,
      buyerName: buyer,
      callerId: caller,
      durationSec: i % 4 === 0 ? 0 : 90,
      qc: status === null ? undefined : { disposition: status },
    }),
  );
}

/**
 * 2025-04-20 (the current day of the stats tests) and 2025-04-19 (its previous day):
 * 20 calls: Sales 5, Not Interested 4, Voicemail 4 (20 %), DNC 3, Hungup 2 (10 %), Weird 1 + none 1 (Rejected / Unknown 10 %),
 * one call that never connected (5 %), which is a Sales call; one with no duration that did connect.
 * 8 calls the day before: Sales 4, Voicemail 1, DNC 2, Callback 1, all connected.
 * 2025-04-18: 3 calls, Sales 2 and DNC 1 (two-decimal rounding).
 */
const STATS_DAY = custom('2025-04-20T00:00', '2025-04-21T00:00');
function statsCalls(): IngestCallInput[] {
  const day = (date: string, statuses: Array<string | null>, prefix: string) =>
    statuses.map((status, i) =>
      makeCall(`${prefix}-${i}`, {
        callTimestamp: nyIso(`${date}T${String(9 + (i % 10)).padStart(2, '0')}:${String(i * 2).padStart(2, '0')}`),
        campaignName: 'Stats Campaign',
        publisherName: i % 2 ? 'Stats Pub Odd' : 'Stats Pub Even',
        durationSec: 120,
        qc: status === null ? undefined : { disposition: status },
      }),
    );
  const current = day(
    '2025-04-20',
    ['Sales', 'Sales', 'Sales', 'Sales', 'Sales', 'Not Interested', 'Not Interested', 'Not Interested', 'Not Interested', 'Voicemail', 'voicemail', 'Voicemail', 'VOICEMAIL', 'DNC', 'DNC', 'DNC', 'Hungup', 'Hungup', 'Weird', null],
    'st-cur',
  );
  Object.assign(current[0]!, { connected: false }); // a Sales call that never connected
  Object.assign(current[5]!, { durationSec: 0, connected: true }); // no duration, but connected
  const previous = day('2025-04-19', ['Sales', 'Sales', 'Sales', 'Sales', 'Voicemail', 'DNC', 'DNC', 'Callback'], 'st-prev');
  const thirds = day('2025-04-18', ['Sales', 'Sales', 'DNC'], 'st-third');
  return [...current, ...previous, ...thirds];
}

/** Calls around every preset's boundaries, relative to now: at each start (inside) and a millisecond before (outside). */
let presetCallTimes: Map<string, Date>;
function presetCalls(): IngestCallInput[] {
  const now = new Date();
  presetCallTimes = new Map();
  for (const preset of DATE_PRESETS) {
    if (preset === 'custom') continue;
    const range = resolvePreset(preset, now);
    presetCallTimes.set(`p-${preset}-from`, range.from);
    presetCallTimes.set(`p-${preset}-before`, new Date(range.from.getTime() - 1));
    presetCallTimes.set(`p-${preset}-lastms`, new Date(range.to.getTime() - 1));
  }
  // Thirty calls earlier today, a minute apart, for the default page.
  const today = resolvePreset('today', now);
  for (let i = 0; i < 30; i += 1) {
    const at = new Date(Math.max(today.from.getTime(), now.getTime() - 60 * 60_000) + i * 60_000);
    presetCallTimes.set(`p-today-${String(i).padStart(2, '0')}`, at);
  }
  return [...presetCallTimes].map(([id, at], i) =>
    makeCall(id, {
      callTimestamp: at.toISOString(),
      campaignName: 'Preset Campaign',
      publisherName: `Preset Pub ${i % 3}`,
      callerId: `9${String(i).padStart(6, '0')}`,
      qc: { disposition: DISPOSITIONS[i % DISPOSITIONS.length] },
    }),
  );
}

/** The systemCallIds of the preset calls that fall in a preset's current range, by its own resolution. */
function presetExpected(preset: Preset): string[] {
  const range = resolvePreset(preset, new Date());
  return [...presetCallTimes].filter(([, at]) => at >= range.from && at < range.to).map(([id]) => id).sort();
}

async function idsOf(...systemCallIds: string[]): Promise<string[]> {
  const rows = await t.db.query<{ id: string; system_call_id: string }>('SELECT id::text AS id, system_call_id FROM calls WHERE system_call_id = ANY($1::text[])', [systemCallIds]);
  const byName = new Map(rows.map((r) => [r.system_call_id, r.id]));
  return systemCallIds.map((s) => byName.get(s) as string);
}
async function dimensionId(table: string, name: string): Promise<string> {
  const [row] = await t.db.query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE name = $1`, [name]);
  if (!row) throw new Error(`no ${table} named ${name}`);
  return row.id;
}

// ---------------------------------------------------------------- records

describe('GET /api/calls/records', () => {
  test('defaults: today, page 1, 25 rows, newest first; each row has the records table keys', async () => {
    let body: any;
    await onStableNewYorkDay(async () => {
      body = await get('/api/calls/records');
      expect(body.meta.total).toBe(presetExpected('today').length);
    });
    expect(body.success).toBe(true);
    const expected = presetExpected('today');
    // nextCursor: where the next page starts (api/test/records-cursor.test.ts holds what it means).
    expect(body.meta).toEqual({ total: expected.length, page: 1, pages: Math.ceil(expected.length / 25), limit: 25, nextCursor: expect.stringMatching(/^\d+\.\d+$/) });
    expect(body.data).toHaveLength(25);
    const times = body.data.map((r: Row) => Date.parse(r.callTimestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The newest 25 of today's calls.
    const newest = [...presetCallTimes].filter(([id]) => expected.includes(id)).map(([, at]) => at.getTime()).sort((a, b) => b - a).slice(0, 25);
    expect(times).toEqual(newest);

    const row = body.data[0];
    for (const key of [
      'id', 'callTimestamp', 'publisherName', 'callerId', 'status', 'sub_disposition', 'durationSec', 'campaignName', 'reason', 'summary',
      'transcript', 'target_name', 'recordingUrl', 'systemCallId', 'systemBuyerId', 'systemName', 'systemPublisherId', 'buyerName', 'connected', 'revenue', 'payout', 'qc',
    ]) {
      expect(row).toHaveProperty(key);
    }
    // Every records column reads from the answer (profit from its revenue and payout).
    for (const column of RECORD_COLUMNS) expect(recordColumnValue(row, column.key)).not.toBeUndefined();
    expect(Object.keys(row.qc).sort()).toEqual(['disposition', 'reason', 'sub_disposition', 'summary']);
    expect(row.callTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof row.id).toBe('string');
  });

  test.each(DATE_PRESETS.filter((p): p is Preset => p !== 'custom'))('datePreset=%s holds exactly the calls in its New York range', async (preset) => {
    await onStableNewYorkDay(async () => {
      const rows = (await get(`/api/calls/records${qs({ datePreset: preset, limit: 200 })}`)).data as Row[];
      const got = rows.map((r) => r.systemCallId as string).filter((id) => id.startsWith('p-')).sort();
      // No call from the other fixtures (2025) is in any preset's range.
      expect(rows.every((r) => r.systemCallId.startsWith('p-'))).toBe(true);
      expect(got).toEqual(presetExpected(preset));
      // The preset's own start is in, the millisecond before is out (unless the day turned since the calls were made).
      if (resolvePreset(preset, new Date()).from.getTime() === presetCallTimes.get(`p-${preset}-from`)?.getTime()) {
        expect(got).toContain(`p-${preset}-from`);
        expect(got).toContain(`p-${preset}-lastms`);
        expect(got).not.toContain(`p-${preset}-before`);
      }
      const stats = (await get(`/api/stats${qs({ datePreset: preset })}`)).data;
      expect(stats.totalCalls).toBe(got.length);
      const range = resolvePreset(preset, new Date());
      expect(stats.range).toEqual({ preset, from: range.from.toISOString(), to: range.to.toISOString() });
      expect(stats.previous.range).toEqual({ from: range.previous.from.toISOString(), to: range.previous.to.toISOString() });
    });
  });

  describe('sorting and paging', () => {
    const sortable = ['callTimestamp', 'publisherName', 'callerId', 'status', 'sub_disposition', 'durationSec', 'campaignName'] as const;
    let rank: Map<string, number>;
    beforeAll(async () => {
      // Text order is the database's collation; ask it rather than guess.
      const texts = (await t.db.query<{ v: string }>(
        `SELECT v FROM (SELECT p.name AS v FROM publishers p UNION SELECT name FROM campaigns UNION SELECT caller_id FROM calls
           UNION SELECT status FROM calls UNION SELECT sub_disposition FROM calls WHERE sub_disposition IS NOT NULL) x ORDER BY v`,
      )).map((r) => r.v);
      rank = new Map(texts.map((v, i) => [v, i]));
    });
    const keyOf = (column: (typeof sortable)[number], row: Row): number | null => {
      const value = row[column];
      if (value === null) return null;
      if (column === 'callTimestamp') return Date.parse(value);
      if (column === 'durationSec') return value;
      const r = rank.get(value);
      if (r === undefined) throw new Error(`no rank for ${value}`);
      return r;
    };

    test('the sortable columns are exactly those the records table sorts by', () => {
      expect(RECORD_COLUMNS.filter((c) => c.sortable).map((c) => c.key)).toEqual([...sortable]);
    });

    test.each(sortable.flatMap((column) => [[column, 'asc'], [column, 'desc']] as const))('sortBy=%s sortDir=%s: ordered, and paging by 7 shows every call once', async (column, dir) => {
      const pages = await allPages({ ...SORT_DAY, sortBy: column, sortDir: dir }, 7);
      const ids = pages.map((r) => r.id);
      expect(new Set(ids).size).toBe(45);
      expect(systemIds(pages)).toEqual(sortingCalls().map((c) => c.systemCallId).sort());
      const keys = pages.map((r) => keyOf(column, r));
      const present = keys.filter((k): k is number => k !== null);
      expect(present).toEqual([...present].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
      // Empty values (sub_disposition) sit together at one end.
      const firstNull = keys.indexOf(null);
      if (firstNull >= 0) expect(keys.slice(firstNull).every((k) => k === null) || keys.slice(0, keys.lastIndexOf(null) + 1).every((k) => k === null)).toBe(true);
      // One page of everything agrees with the pages of 7: the order is stable.
      const whole = (await get(`/api/calls/records${qs({ ...SORT_DAY, sortBy: column, sortDir: dir, limit: 200 })}`)).data as Row[];
      expect(whole.map((r) => r.id)).toEqual(ids);
    });

    test.each([['publisherName'], ['campaignName']] as const)('%s: walking the names and sorting the joined range give the same pages', async (column) => {
      const filter = parseCallFilter(SORT_DAY);
      for (const sortDir of ['asc', 'desc'] as const) {
        for (const [limit, offset] of [[7, 0], [7, 14], [25, 0], [10, 40], [10, 50]] as const) {
          const page = { sortBy: column, sortDir, limit, offset };
          const walked = (await findRecordsPage(t.db, filter, page, { nameWalkMaxRows: 1000 })).records;
          const sorted = (await findRecordsPage(t.db, filter, page, { nameWalkMaxRows: 0 })).records;
          expect(walked.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
          expect(walked).toHaveLength(Math.max(0, Math.min(limit, 45 - offset)));
        }
      }
    });

    test('a page and its exact total are one statement, and an empty page still has its total', async () => {
      let statements = 0;
      const db: Queryable = {
        query: (text, params) => {
          statements += 1;
          return t.db.query(text, params);
        },
      };
      const filter = parseCallFilter(SORT_DAY);
      const first = await findRecordsPage(db, filter, { sortBy: 'callTimestamp', sortDir: 'desc', limit: 7, offset: 0 });
      const pastTheEnd = await findRecordsPage(db, filter, { sortBy: 'status', sortDir: 'asc', limit: 7, offset: 70 });
      expect(statements).toBe(2);
      expect(first.total).toBe(45);
      // The page is the seven newest of the day's calls, newest first.
      const newest = sortingCalls()
        .sort((a, b) => Date.parse(b.callTimestamp) - Date.parse(a.callTimestamp))
        .slice(0, 7)
        .map((c) => c.systemCallId);
      expect(first.records.map((r) => r.systemCallId)).toEqual(newest);
      expect(pastTheEnd).toEqual({ records: [], total: 45, nextCursor: null });
    });

    test('the default sort is callTimestamp desc', async () => {
      const explicit = (await get(`/api/calls/records${qs({ ...SORT_DAY, sortBy: 'callTimestamp', sortDir: 'desc', limit: 200 })}`)).data as Row[];
      const implicit = (await get(`/api/calls/records${qs({ ...SORT_DAY, limit: 200 })}`)).data as Row[];
      expect(implicit.map((r) => r.id)).toEqual(explicit.map((r) => r.id));
    });

    test('a page past the end is empty with the right meta', async () => {
      const body = await get(`/api/calls/records${qs({ ...SORT_DAY, limit: 10, page: 6 })}`);
      expect(body.data).toEqual([]);
      expect(body.meta).toEqual({ total: 45, page: 6, pages: 5, limit: 10, nextCursor: null });
      const last = await get(`/api/calls/records${qs({ ...SORT_DAY, limit: 10, page: 5 })}`);
      expect(last.data).toHaveLength(5);
      const nothing = await get(`/api/calls/records${qs({ ...custom('2024-01-01T00:00', '2024-01-02T00:00'), page: 3 })}`);
      expect(nothing).toMatchObject({ data: [], meta: { total: 0, page: 3, pages: 0, limit: 25 } });
    });

    test('limit 1 and 200 are the bounds', async () => {
      expect((await get(`/api/calls/records${qs({ ...SORT_DAY, limit: 1 })}`)).data).toHaveLength(1);
      expect((await get(`/api/calls/records${qs({ ...SORT_DAY, limit: 200 })}`)).data).toHaveLength(45);
    });
  });

  describe('bad parameters → 400 naming the field; nothing is harmed', () => {
    test.each([
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=-5', 'limit'],
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['sortBy=reason', 'sortBy'],
      ['sortBy=summary', 'sortBy'],
      ['sortBy=target_name', 'sortBy'],
      ['sortBy=id', 'sortBy'],
      [`sortBy=${encodeURIComponent('callTimestamp;DROP TABLE users')}`, 'sortBy'],
      [`sortBy=${encodeURIComponent('call_ts desc, (SELECT 1)')}`, 'sortBy'],
      ['sortBy=calltimestamp', 'sortBy'],
      ['sortDir=sideways', 'sortDir'],
      ['sortDir=ASC', 'sortDir'],
      [`sortDir=${encodeURIComponent('asc; DELETE FROM calls')}`, 'sortDir'],
      ['datePreset=forever', 'datePreset'],
      ['datePreset=last_3_days', 'datePreset'],
      ['campaign=abc', 'campaign'],
      ['publisher=1,x', 'publisher'],
      ['target=0', 'target'],
      ['buyer=-2', 'buyer'],
      [`campaign=${encodeURIComponent('1) OR (1=1')}`, 'campaign'],
      ['startDate=2025-04-10T00:00', 'startDate'],
      ['datePreset=today&endDate=2025-04-10T00:00', 'endDate'],
      ['datePreset=custom', 'startDate'],
      ['datePreset=custom&startDate=2025-04-10T00:00', 'endDate'],
      ['datePreset=custom&startDate=nope&endDate=2025-04-10T00:00', 'startDate'],
      ['datePreset=custom&startDate=2025-04-11T00:00&endDate=2025-04-10T00:00', 'endDate'],
      ['datePreset=custom&startDate=2024-01-01T00:00&endDate=2025-04-10T00:00', 'endDate'],
      [`search=${'5'.repeat(101)}`, 'search'],
      [`callerId=${'5'.repeat(101)}`, 'callerId'],
      [`status=${'x'.repeat(101)}`, 'status'],
    ])('%s', async (query, field) => {
      const response = await raw(`/api/calls/records?${query}`);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(body.message).toBe(body.errors[0].message);
    });

    test('after the injection attempts the tables are intact', async () => {
      expect(Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM users'))[0]?.n)).toBe(2);
      expect(Number((await t.db.query<{ n: string }>("SELECT count(*) AS n FROM calls WHERE system_call_id LIKE 'sort-%'"))[0]?.n)).toBe(45);
      await login(t.app, admin.user.email, admin.password);
    });

    test('the same filter errors on stats and filters', async () => {
      for (const path of ['/api/stats', '/api/filters/campaigns', '/api/filters/publishers', '/api/filters/targets', '/api/filters/buyers', '/api/filters/dispositions', '/api/filters/all']) {
        for (const [query, field] of [['datePreset=yearly', 'datePreset'], ['buyer=a', 'buyer'], ['datePreset=today&startDate=2025-01-01', 'startDate']]) {
          const response = await raw(`${path}?${query}`);
          expect([path, query, response.statusCode]).toEqual([path, query, 400]);
          expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
        }
      }
    });
  });

  describe('filters', () => {
    const only = async (params: Record<string, string | undefined>) => {
      const query = { ...FILTER_DAY, ...params };
      const body = await get(`/api/calls/records${qs({ ...query, limit: 200 })}`);
      expect(body.meta.total).toBe(body.data.length);
      // Stats count the same calls.
      expect((await get(`/api/stats${qs(query)}`)).data.totalCalls).toBe(body.data.length);
      return systemIds(body.data);
    };
    const ids = async (table: string, ...names: string[]) => (await Promise.all(names.map((n) => dimensionId(table, n)))).join(',');

    test('no filter: the whole day', async () => {
      expect(await only({})).toEqual(FILTER_SPEC.map((f) => f[0]).sort());
    });

    test('campaign, publisher, target and buyer: id lists, combined with AND', async () => {
      expect(await only({ campaign: await ids('campaigns', 'FC One') })).toEqual(['f-01', 'f-02', 'f-07']);
      expect(await only({ campaign: await ids('campaigns', 'FC One', 'FC Three') })).toEqual(['f-01', 'f-02', 'f-05', 'f-06', 'f-07']);
      expect(await only({ publisher: await ids('publishers', 'FP One') })).toEqual(['f-01', 'f-03', 'f-06', 'f-09']);
      expect(await only({ target: await ids('targets', 'FT Two') })).toEqual(['f-02', 'f-05', 'f-08']);
      expect(await only({ buyer: await ids('buyers', 'FB Two') })).toEqual(['f-02', 'f-03', 'f-07']);
      expect(await only({ campaign: await ids('campaigns', 'FC One'), publisher: await ids('publishers', 'FP Two', 'FP Three') })).toEqual(['f-02', 'f-07']);
      expect(await only({ target: await ids('targets', 'FT One'), buyer: await ids('buyers', 'FB One') })).toEqual(['f-01', 'f-06', 'f-09']);
      // An id that exists nowhere matches nothing.
      expect(await only({ campaign: '999999' })).toEqual([]);
    });

    test('status and disposition filter the effective status, any case, and together they are a union', async () => {
      expect(await only({ status: 'Sales' })).toEqual(['f-01', 'f-03', 'f-08']);
      expect(await only({ status: 'sales' })).toEqual(['f-01', 'f-03', 'f-08']);
      expect(await only({ disposition: 'DNC,Voicemail' })).toEqual(['f-02', 'f-06', 'f-07']);
      expect(await only({ status: 'Sales', disposition: 'DNC' })).toEqual(['f-01', 'f-02', 'f-03', 'f-07', 'f-08']);
      expect(await only({ status: 'Weird' })).toEqual(['f-04']);
      expect(await only({ status: 'Callback' })).toEqual([]);
      expect(await only({ status: 'Sales', campaign: await ids('campaigns', 'FC Two') })).toEqual(['f-03']);
    });

    test('search: caller id substring, case-insensitive, trimmed, with % and _ matched literally', async () => {
      expect(await only({ search: '555111' })).toEqual(['f-01', 'f-02']);
      expect(await only({ search: '  0001 ' })).toEqual(['f-02']);
      expect(await only({ search: '%' })).toEqual(['f-03', 'f-08']);
      expect(await only({ search: '%%' })).toEqual(['f-08']);
      expect(await only({ search: '5%5' })).toEqual(['f-03']);
      expect(await only({ search: '_' })).toEqual(['f-05', 'f-07']);
      expect(await only({ search: 'B_1' })).toEqual(['f-05', 'f-07']);
      expect(await only({ search: 'b_12' })).toEqual(['f-07']);
      expect(await only({ search: '\\' })).toEqual([]);
      expect(await only({ search: '   ' })).toEqual(FILTER_SPEC.map((f) => f[0]).sort());
    });

    test('callerId: exact match only', async () => {
      expect(await only({ callerId: '5551110000' })).toEqual(['f-01']);
      expect(await only({ callerId: '555111' })).toEqual([]);
      expect(await only({ callerId: 'b_12' })).toEqual(['f-07']);
    });

    test('a custom range that is not day-aligned', async () => {
      // 08:15 .. 16:15 are the call times; 10:15 is in, 13:15 is out.
      const body = await get(`/api/calls/records${qs({ ...custom('2025-04-10T10:15', '2025-04-10T13:15'), limit: 200 })}`);
      expect(systemIds(body.data)).toEqual(['f-03', 'f-04', 'f-05']);
      expect(body.meta.total).toBe(3);
      // The same, written as instants with an offset.
      const withOffset = await get(`/api/calls/records${qs({ ...custom('2025-04-10T14:15:00Z', '2025-04-10T17:15:00Z'), limit: 200 })}`);
      expect(systemIds(withOffset.data)).toEqual(['f-03', 'f-04', 'f-05']);
    });
  });

  describe('GET /api/calls/records/{id}', () => {
    test('the call with its audit history: who, when, from, to, newest first', async () => {
      const [id] = await idsOf('f-02');
      const before = (await get(`/api/calls/records/${id}`)).data;
      expect(before).toMatchObject({ id, systemCallId: 'f-02', status: 'DNC', statusOverridden: false, audit: [] });

      expect((await bulkUpdate(t.app, admin.token, { ids: [id], set: { status: 'Callback', sub_disposition: 'Evening', reason: 'Asked for a call back' } })).statusCode).toBe(200);
      expect((await bulkUpdate(t.app, admin.token, { ids: [id], set: { status: 'Sales', sub_disposition: 'Evening', reason: null } })).statusCode).toBe(200);

      const detail = (await get(`/api/calls/records/${id}`)).data;
      expect(detail).toMatchObject({ id, status: 'Sales', sub_disposition: 'Evening', reason: null, statusOverridden: true, qc: { disposition: 'DNC' } });
      expect(detail.audit).toHaveLength(2);
      const [latest, first] = detail.audit;
      expect(first).toMatchObject({
        userId: admin.user.id,
        userName: 'Ada Admin',
        action: 'bulk',
        changeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        from: { status: 'DNC', sub_disposition: null, reason: null },
        to: { status: 'Callback', sub_disposition: 'Evening', reason: 'Asked for a call back' },
      });
      expect(latest).toMatchObject({
        userId: admin.user.id,
        userName: 'Ada Admin',
        action: 'bulk',
        from: { status: 'Callback', sub_disposition: 'Evening', reason: 'Asked for a call back' },
        to: { status: 'Sales', sub_disposition: 'Evening', reason: null },
      });
      expect(Date.parse(latest.changedAt)).toBeGreaterThanOrEqual(Date.parse(first.changedAt));
      // Two bulk updates: two change sets.
      expect(latest.changeId).not.toBe(first.changeId);
      expect(Math.abs(Date.parse(latest.changedAt) - Date.now())).toBeLessThan(60_000);

      // A member reads the same detail.
      expect((await get(`/api/calls/records/${id}`, member)).data.audit).toHaveLength(2);
      // Put the filter fixtures back as they were for the other tests.
      await t.db.query("UPDATE calls SET status = 'DNC', sub_disposition = NULL, reason = NULL, status_overridden = false WHERE id = $1", [id]);
    });

    test('unknown id → 404, malformed → 400', async () => {
      const missing = await raw('/api/calls/records/999999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      for (const bad of ['abc', '0', '-1', '1.5', '01', '1e3', '9'.repeat(19), '1%20OR%201=1']) {
        const response = await raw(`/api/calls/records/${bad}`);
        expect([bad, response.statusCode]).toEqual([bad, 400]);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });
});

// ---------------------------------------------------------------- filters

describe('/api/filters', () => {
  const pickers = [
    ['campaigns', 'campaigns', 0],
    ['publishers', 'publishers', 1],
    ['targets', 'targets', 2],
    ['buyers', 'buyers', 3],
  ] as const;

  test.each(pickers)('/%s: every value with its calls in the range, busiest first, then by name', async (name, table, column) => {
    const list = (await get(`/api/filters/${name}${qs(FILTER_DAY)}`)).data[name] as Array<{ value: string; label: string; count: number }>;
    const all = await t.db.query<{ id: string; name: string }>(`SELECT id::text AS id, name FROM ${table}`);
    expect(list.map((o) => o.value).sort()).toEqual(all.map((r) => r.id).sort());
    const expected = new Map<string, number>();
    for (const spec of FILTER_SPEC) {
      const label = spec[1 + column] as string | null;
      if (label !== null) expected.set(label, (expected.get(label) ?? 0) + 1);
    }
    for (const option of list) {
      expect([option.label, option.count]).toEqual([option.label, expected.get(option.label) ?? 0]);
      expect(option.label).toBe(all.find((r) => r.id === option.value)?.name);
    }
    for (let i = 1; i < list.length; i += 1) expect(list[i - 1]!.count).toBeGreaterThanOrEqual(list[i]!.count);
  });

  test('counts follow the date range, including a range that is not day-aligned', async () => {
    const morning = (await get(`/api/filters/campaigns${qs(custom('2025-04-10T08:00', '2025-04-10T11:00'))}`)).data.campaigns as Array<{ label: string; count: number }>;
    const counts = Object.fromEntries(morning.filter((o) => o.count > 0).map((o) => [o.label, o.count]));
    expect(counts).toEqual({ 'FC One': 2, 'FC Two': 1 }); // f-01 08:15, f-02 09:15, f-03 10:15
    const elsewhere = (await get(`/api/filters/campaigns${qs(custom('2024-01-01T00:00', '2024-01-02T00:00'))}`)).data.campaigns as Array<{ count: number }>;
    expect(elsewhere.every((o) => o.count === 0)).toBe(true);
  });

  test('search narrows by name, case-insensitively and literally; limit caps the list', async () => {
    const search = async (term: string) =>
      ((await get(`/api/filters/campaigns${qs({ ...FILTER_DAY, search: term })}`)).data.campaigns as Array<{ label: string }>).map((o) => o.label).sort();
    expect(await search('fc t')).toEqual(['FC Three', 'FC Two']);
    expect(await search('%')).toEqual(['100% Leads']);
    expect(await search('_')).toEqual(['Leads_2']);
    expect(await search('  leads ')).toEqual(['100% Leads', 'Leads_2']);
    expect(await search('no such campaign')).toEqual([]);
    const two = (await get(`/api/filters/campaigns${qs({ ...FILTER_DAY, limit: 2 })}`)).data.campaigns;
    expect(two).toHaveLength(2);
    expect(two[0].label).toBe('FC One'); // 3 calls, the busiest that day
    for (const limit of ['0', '1001', 'abc']) {
      const response = await raw(`/api/filters/publishers?limit=${limit}`);
      expect([limit, response.statusCode]).toEqual([limit, 400]);
      expect(response.json().errors[0].field).toBe('limit');
    }
    expect((await raw(`/api/filters/campaigns?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  test('/dispositions: the 14 first in their order, then the other statuses in use, busiest first; never the empty one', async () => {
    const list = (await get(`/api/filters/dispositions${qs(STATS_DAY)}`)).data.dispositions as Array<{ value: string; label: string; count: number }>;
    expect(list.slice(0, 14).map((d) => d.value)).toEqual([...DISPOSITIONS]);
    expect(list.slice(0, 14).map((d) => d.label)).toEqual([...DISPOSITIONS]);
    const counts = Object.fromEntries(list.map((d) => [d.value, d.count]));
    expect(counts).toEqual({
      ...Object.fromEntries(DISPOSITIONS.map((d) => [d, 0])),
      Sales: 5,
      'Not Interested': 4,
      Voicemail: 4,
      DNC: 3,
      Hungup: 2,
      Weird: 1,
    });
    expect(list.slice(14).map((d) => d.value)).toEqual(['Weird']);
    // Over the sorting day, the others are ordered by count.
    const sortDay = (await get(`/api/filters/dispositions${qs(SORT_DAY)}`)).data.dispositions as Array<{ value: string; count: number }>;
    const others = sortDay.slice(14);
    expect(others.every((d) => d.value !== '' && !(DISPOSITIONS as readonly string[]).includes(d.value))).toBe(true);
    for (let i = 1; i < others.length; i += 1) expect(others[i - 1]!.count).toBeGreaterThanOrEqual(others[i]!.count);
  });

  test('/all: every list in one answer, the same as asking for each', async () => {
    const all = (await get(`/api/filters/all${qs(FILTER_DAY)}`)).data;
    expect(Object.keys(all).sort()).toEqual(['buyers', 'campaigns', 'dispositions', 'publishers', 'targets']);
    for (const [name] of pickers) expect(all[name]).toEqual((await get(`/api/filters/${name}${qs(FILTER_DAY)}`)).data[name]);
    expect(all.dispositions).toEqual((await get(`/api/filters/dispositions${qs(FILTER_DAY)}`)).data.dispositions);
  });
});

// ---------------------------------------------------------------- stats

describe('GET /api/stats', () => {
  const byDisposition = (stats: { dispositions: Array<{ disposition: string; count: number; percentage: number }> }) =>
    Object.fromEntries(stats.dispositions.map((d) => [d.disposition, [d.count, d.percentage]]));

  test('counts, shares of the total, flags, and the previous period of equal length', async () => {
    const stats = (await get(`/api/stats${qs(STATS_DAY)}`)).data;
    expect(stats.totalCalls).toBe(20);
    expect(stats.dispositions.map((d: { disposition: string }) => d.disposition)).toEqual([...DISPOSITIONS]);
    expect(byDisposition(stats)).toEqual({
      ...Object.fromEntries(DISPOSITIONS.map((d) => [d, [0, 0]])),
      Sales: [5, 25],
      'Not Interested': [4, 20],
      Voicemail: [4, 20],
      DNC: [3, 15],
      Hungup: [2, 10],
    });
    // Thresholds are "at or above": voicemail 20 % ≥ 20, hang-ups 10 % ≥ 10, rejected/unknown 10 % ≥ 5, red no-connects 5 % ≥ 5.
    expect(stats.flags).toEqual({
      rejectedUnknownCount: 2,
      rejectedUnknownPct: 10,
      redNoConnectCount: 1,
      redNoConnectPct: 5,
      flagVoicemail: true,
      flagTargetHU: true,
      flagRejectedUnknown: true,
      flagRedNoConnect: true,
    });
    expect(stats.range).toEqual({ preset: 'custom', from: '2025-04-20T04:00:00.000Z', to: '2025-04-21T04:00:00.000Z' });

    expect(stats.previous.range).toEqual({ from: '2025-04-19T04:00:00.000Z', to: '2025-04-20T04:00:00.000Z' });
    expect(stats.previous.totalCalls).toBe(8);
    expect(byDisposition(stats.previous)).toEqual({
      ...Object.fromEntries(DISPOSITIONS.map((d) => [d, [0, 0]])),
      Sales: [4, 50],
      Voicemail: [1, 12.5],
      DNC: [2, 25],
      Callback: [1, 12.5],
    });
    expect(stats.previous.flags).toEqual({
      rejectedUnknownCount: 0,
      rejectedUnknownPct: 0,
      redNoConnectCount: 0,
      redNoConnectPct: 0,
      flagVoicemail: false,
      flagTargetHU: false,
      flagRejectedUnknown: false,
      flagRedNoConnect: false,
    });
  });

  test('percentages round to two decimals; an empty range is all zeros with no flags', async () => {
    const thirds = (await get(`/api/stats${qs(custom('2025-04-18T00:00', '2025-04-19T00:00'))}`)).data;
    expect(byDisposition(thirds)).toMatchObject({ Sales: [2, 66.67], DNC: [1, 33.33] });
    const empty = (await get(`/api/stats${qs(custom('2024-02-01T00:00', '2024-02-02T00:00'))}`)).data;
    expect(empty.totalCalls).toBe(0);
    expect(empty.dispositions.every((d: { count: number; percentage: number }) => d.count === 0 && d.percentage === 0)).toBe(true);
    expect(Object.values(empty.flags).every((v) => v === 0 || v === false)).toBe(true);
  });

  test('Rejected / Unknown is an empty status or one outside the 14; Red No Connects is calls that never connected', async () => {
    // Narrow by publisher (the raw-table path): the even calls are 0, 2, … 18.
    const even = await dimensionId('publishers', 'Stats Pub Even');
    const stats = (await get(`/api/stats${qs({ ...STATS_DAY, publisher: even })}`)).data;
    // Even indexes: Sales 0 (never connected), 2, 4; Not Interested 6, 8; Voicemail 10, 12; DNC 14; Hungup 16; Weird 18.
    const expected = statsCalls()
      .filter((c) => c.systemCallId.startsWith('st-cur-') && Number(c.systemCallId.split('-')[2]) % 2 === 0)
      .map((c) => ({ status: (c.qc as { disposition?: string } | undefined)?.disposition?.toLowerCase() ?? '', connected: c.connected ?? true }));
    expect(stats.totalCalls).toBe(expected.length);
    const unknown = expected.filter((c) => !DISPOSITIONS.map((d) => d.toLowerCase()).includes(c.status)).length;
    expect(stats.flags.rejectedUnknownCount).toBe(unknown);
    expect(stats.flags.redNoConnectCount).toBe(expected.filter((c) => c.connected === false).length);
    expect(stats.flags.redNoConnectCount).toBe(1); // the Sales call that never connected is even (index 0)
    // The 'Weird' (18) and the verdict-less call (19): one of each parity.
    expect(unknown).toBe(1);

    // Filtering by an unknown status reaches them too.
    const weird = (await get(`/api/stats${qs({ ...STATS_DAY, status: 'Weird' })}`)).data;
    expect(weird.totalCalls).toBe(1);
    expect(weird.flags.rejectedUnknownCount).toBe(1);
  });

  test('the same answer from the rollups (whole days), the hourly path (custom hours) and the raw table (a dimension filter)', async () => {
    const campaign = await dimensionId('campaigns', 'Stats Campaign');
    const rollup = (await get(`/api/stats${qs(STATS_DAY)}`)).data;
    const rawPath = (await get(`/api/stats${qs({ ...STATS_DAY, campaign })}`)).data;
    const { range: _r1, previous: p1, ...a } = rollup;
    const { range: _r2, previous: p2, ...b } = rawPath;
    expect(b).toEqual(a);
    expect(p2.totalCalls).toBe(p1.totalCalls);
    // 2025-04-20 00:30 to 2025-04-21 00:00 misses nothing (the first call is at 09:00) but is not day-aligned.
    const hourly = (await get(`/api/stats${qs(custom('2025-04-20T00:30', '2025-04-21T00:00'))}`)).data;
    expect(hourly.totalCalls).toBe(20);
    expect(hourly.flags).toEqual(rollup.flags);
    // 23.5 hours, so the previous period is the 23.5 hours before.
    expect(hourly.previous.range).toEqual({ from: '2025-04-19T05:00:00.000Z', to: '2025-04-20T04:30:00.000Z' });
  });

  test('thresholds come from the server configuration', async () => {
    const other = await buildTestApp({
      ingestApiKey: INGEST_KEY,
      flagThresholds: { voicemailPct: 25, targetHangupPct: 5, rejectedUnknownPct: 50, redNoConnectPct: 0.5 },
    });
    try {
      const someone = await signUp(other.app);
      await ingestAll(other.app, statsCalls());
      const stats = (await getOk(other.app, someone.token, `/api/stats${qs(STATS_DAY)}`)).data;
      expect(stats.flags).toMatchObject({ flagVoicemail: false, flagTargetHU: true, flagRejectedUnknown: false, flagRedNoConnect: true });
      expect(stats.previous.flags).toMatchObject({ flagVoicemail: false, flagTargetHU: false, flagRejectedUnknown: false, flagRedNoConnect: false });
      // Just below and at a threshold: 12.5 % voicemail the day before. The same calls, so the same database:
      // only the app's thresholds differ.
      const low = await buildTestApp({
        database: { ...other.database, drop: async () => {} },
        flagThresholds: { voicemailPct: 12.5, targetHangupPct: 100, rejectedUnknownPct: 100, redNoConnectPct: 100 },
      });
      try {
        const person = await signUp(low.app);
        const lowStats = (await getOk(low.app, person.token, `/api/stats${qs(STATS_DAY)}`)).data;
        expect(lowStats.previous.flags.flagVoicemail).toBe(true);
        expect(lowStats.flags).toMatchObject({ flagVoicemail: true, flagTargetHU: false, flagRejectedUnknown: false, flagRedNoConnect: false });
      } finally {
        await low.close();
      }
    } finally {
      await other.close();
    }
  });
});

// ---------------------------------------------------------------- permissions

describe('permissions', () => {
  test('every read is 401 signed out, even with bad parameters', async () => {
    for (const url of [
      '/api/stats',
      '/api/stats?datePreset=nope',
      '/api/calls/records',
      '/api/calls/records?limit=abc',
      '/api/calls/records/1',
      '/api/calls/records/abc',
      '/api/filters/campaigns',
      '/api/filters/publishers',
      '/api/filters/targets',
      '/api/filters/buyers',
      '/api/filters/dispositions',
      '/api/filters/all',
    ]) {
      const response = await raw(url, null);
      expect([url, response.statusCode]).toEqual([url, 401]);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(response.body).not.toContain('systemCallId');
    }
    const badToken = await t.app.inject({ url: '/api/stats', headers: { authorization: 'Bearer not-a-token' } });
    expect(badToken.statusCode).toBe(401);
  });

  test('bulk update: 403 for a user (never 401), 401 signed out, and nothing changes', async () => {
    const [id] = await idsOf('f-01');
    const before = (await get(`/api/calls/records/${id}`)).data;
    for (const payload of [{ ids: [id], set: { status: 'DNC' } }, { ids: [], set: {} }, { nonsense: true }]) {
      const asMember = await bulkUpdate(t.app, member.token, payload);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    const signedOut = await t.app.inject({ method: 'PUT', url: '/api/calls/bulk-update', payload: { ids: [id], set: { status: 'DNC' } } });
    expect(signedOut.statusCode).toBe(401);
    expect((await get(`/api/calls/records/${id}`)).data).toEqual(before);
    expect(Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM call_audit WHERE call_id = $1', [id]))[0]?.n)).toBe(0);
  });
});

test('New York wall-clock helpers used above are what they claim', () => {
  expect(nyDate('2025-04-20T00:00').toISOString()).toBe('2025-04-20T04:00:00.000Z');
  expect(nyIso('2025-03-05T06:00')).toBe('2025-03-05T06:00:00.000-05:00');
});
