/**
 * Paging GET /api/calls/records by cursor (contract/src/records-cursor.ts):
 * the union of the pages is the brute-force set in the brute-force order, in
 * both directions and under filters; calls delivered between and during the
 * page requests — from another server instance on PostgreSQL — never make a
 * call appear twice, and every call below the place a page starts from is
 * read; and a bad cursor is a 400 naming the field.
 */
import { formatRecordsCursor, parseRecordsCursor, RECORDS_CURSOR_MESSAGES, type RecordsCursorKey } from '@callboard/contract/records-cursor';
import { getOk, INGEST_KEY, ingestAll, makeCall, nyIso, qs, seededRandom, type IngestCallInput } from './support/calls-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { anotherPoolOn, testEngine } from './support/test-database';

type Row = Record<string, any>;
type Params = Record<string, string | number | undefined>;

/** 2025-07-14 in New York: every call of this suite. */
const DAY = { datePreset: 'custom', startDate: '2025-07-14T00:00', endDate: '2025-07-15T00:00' } as const;
const DAY_FROM = nyIso('2025-07-14T00:00');
const DAY_TO = nyIso('2025-07-15T00:00');

let t: TestApp;
/** Where calls are delivered from: a second instance on the same PostgreSQL database; on PGlite, the one instance. */
let writer: TestApp;
let reader: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  writer = testEngine() === 'postgres' ? await buildTestApp({ database: await anotherPoolOn(t.database), jwtSecret: t.jwtSecret, ingestApiKey: INGEST_KEY }) : t;
  await signUp(t.app, 'Ada Admin');
  reader = await signUp(t.app, 'Rosa Reader');
  await ingestAll(t.app, dayCalls('seed', 60, 1));
});
afterAll(async () => {
  if (writer !== t) await writer.close();
  await t.close();
});

const get = (url: string) => getOk(t.app, reader.token, url);
const raw = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(reader.token) });

/** `count` calls at random minutes of the day (every fourth at the minute of the one before: ties on time), two campaigns. */
function dayCalls(prefix: string, count: number, seed: number, minutes: [number, number] = [0, 24 * 60 - 1]): IngestCallInput[] {
  const random = seededRandom(seed);
  let minute = 0;
  return Array.from({ length: count }, (_, i) => {
    if (i % 4 !== 3) minute = random.int(...minutes);
    const at = `2025-07-14T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    return makeCall(`${prefix}-${i}`, { callTimestamp: nyIso(at), campaignName: random.pick(['Cursor North', 'Cursor South']) });
  });
}

interface Place {
  id: string;
  micros: bigint;
}

/** Every call of the day with its place, in the given direction of (call_ts, id): the brute force. */
async function bruteForce(dir: 'desc' | 'asc', campaign?: string): Promise<Place[]> {
  const rows = await t.db.query<{ id: string; micros: string }>(
    `SELECT c.id::text AS id, (extract(epoch FROM c.call_ts) * 1000000)::bigint::text AS micros
     FROM calls c JOIN campaigns cp ON cp.id = c.campaign_id
     WHERE c.call_ts >= $1 AND c.call_ts < $2 AND ($3::text IS NULL OR cp.name = $3)
     ORDER BY c.call_ts ${dir}, c.id ${dir}`,
    [DAY_FROM, DAY_TO, campaign ?? null],
  );
  return rows.map((r) => ({ id: r.id, micros: BigInt(r.micros) }));
}

const keyOf = (cursor: string): Place => {
  const key = parseRecordsCursor(cursor) as RecordsCursorKey;
  return { id: key.id, micros: BigInt(key.callMicros) };
};
/** Whether `a` comes after `b` in the newest-first order. */
const below = (a: Place, b: Place) => a.micros < b.micros || (a.micros === b.micros && BigInt(a.id) < BigInt(b.id));

interface Page {
  /** The cursor it was asked with (null: the first page). */
  cursor: string | null;
  rows: Row[];
  nextCursor: string | null;
}

/** One page: the first by number (page 1), the rest by the previous page's cursor. */
async function fetchPage(params: Params, limit: number, cursor: string | null): Promise<Page> {
  const body = await get(`/api/calls/records${qs({ ...DAY, ...params, limit, ...(cursor === null ? {} : { cursor }) })}`);
  expect(body.meta.limit).toBe(limit);
  if (cursor !== null) expect(body.meta).not.toHaveProperty('page');
  expect(body.data.length).toBeLessThanOrEqual(limit);
  if (body.meta.nextCursor !== null) expect(body.data).toHaveLength(limit);
  return { cursor, rows: body.data, nextCursor: body.meta.nextCursor };
}

/** Every page, following nextCursor to the end; `between` runs after each page but the last, with the cursor to go on from. */
async function allPages(params: Params, limit: number, between: (index: number, cursor: string) => Promise<void> = async () => {}): Promise<Page[]> {
  const pages: Page[] = [];
  for (let cursor: string | null = null; ; ) {
    const page: Page = await fetchPage(params, limit, cursor);
    pages.push(page);
    if (page.nextCursor === null) return pages;
    cursor = page.nextCursor;
    await between(pages.length, cursor);
  }
}

const idsOf = (pages: Page[]) => pages.flatMap((p) => p.rows.map((r) => r.id as string));

describe('the pages by cursor are the brute-force set in its order', () => {
  test.each([
    ['newest first', { sortDir: 'desc' }, 'desc', undefined],
    ['oldest first', { sortDir: 'asc' }, 'asc', undefined],
    ['newest first, one campaign', { sortDir: 'desc' }, 'desc', 'Cursor North'],
  ] as const)('%s', async (_label, params, dir, campaign) => {
    const campaignParam = campaign === undefined ? {} : { campaign: await campaignId(campaign) };
    for (const limit of [1, 7, 60, 200]) {
      const pages = await allPages({ ...params, ...campaignParam }, limit);
      expect(idsOf(pages)).toEqual((await bruteForce(dir, campaign)).map((p) => p.id));
      // Each cursor names the last row of its page.
      for (const page of pages.filter((p) => p.nextCursor !== null)) expect(keyOf(page.nextCursor!).id).toBe(page.rows.at(-1)!.id);
    }
  });

  test('calls a microsecond apart, in the same millisecond, keep their own places', async () => {
    await ingestAll(t.app, [0, 1, 2].map((i) => makeCall(`micro-${i}`, { callTimestamp: nyIso('2025-07-14T12:34:56.789') })));
    // Ingest keeps milliseconds; an import or a manual fix may not. Made the first the newest by a microsecond.
    await t.db.query(`UPDATE calls SET call_ts = call_ts + interval '1 microsecond' WHERE system_call_id = 'micro-0'`);
    const pages = await allPages({}, 1);
    expect(idsOf(pages)).toEqual((await bruteForce('desc')).map((p) => p.id));
    const micro0 = pages.find((p) => p.rows[0]?.systemCallId === 'micro-0')!;
    expect(keyOf(micro0.nextCursor!).micros % 1_000_000n).toBe(789_001n);
  });
});

async function campaignId(name: string): Promise<string> {
  const [row] = await t.db.query<{ id: string }>('SELECT id::text AS id FROM campaigns WHERE name = $1', [name]);
  return row!.id;
}

describe('calls delivered while the pages are read', () => {
  /** Deliveries spread over the day, so some land above the reader's place, some below it and some on its very time. */
  function arrivals(round: number, lastPlace: Place | null): IngestCallInput[] {
    const calls = dayCalls(`arrival-${round}`, 6, 100 + round);
    if (lastPlace) {
      // Two on the very millisecond of the reader's place: the same time, a larger id.
      const at = new Date(Number(lastPlace.micros / 1000n)).toISOString();
      calls.push(makeCall(`arrival-${round}-tie-a`, { callTimestamp: at }), makeCall(`arrival-${round}-tie-b`, { callTimestamp: at }));
    }
    return calls;
  }

  /** Where each delivered call sits, read from the database once they are all in. */
  async function placesOf(systemCallIds: string[]): Promise<Map<string, Place>> {
    const rows = await t.db.query<{ system_call_id: string; id: string; micros: string }>(
      `SELECT system_call_id, id::text AS id, (extract(epoch FROM call_ts) * 1000000)::bigint::text AS micros FROM calls WHERE system_call_id = ANY($1)`,
      [systemCallIds],
    );
    return new Map(rows.map((r) => [r.system_call_id, { id: r.id, micros: BigInt(r.micros) }]));
  }

  /**
   * What a keyset must give: no call twice, every row in order, every call there
   * before the first page, and every delivered call whose place is below the
   * cursor of a page asked for after its delivery was answered.
   */
  async function expectExact(pages: Page[], before: Set<string>, delivered: { ids: string[]; doneAt: number }[], askedAt: number[]) {
    const ids = idsOf(pages);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await bruteForce('desc');
    const order = new Map(all.map((p, i) => [p.id, i]));
    const positions = ids.map((id) => order.get(id)!);
    expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
    for (const id of before) expect(ids).toContain(id);
    const places = await placesOf(delivered.flatMap((d) => d.ids));
    let mustShow = 0;
    for (const { ids: batch, doneAt } of delivered) {
      for (const systemCallId of batch) {
        const place = places.get(systemCallId)!;
        const later = pages.filter((page, i) => page.cursor !== null && askedAt[i]! > doneAt);
        if (later.some((page) => below(place, keyOf(page.cursor!)))) {
          mustShow += 1;
          expect(ids).toContain(place.id);
        }
      }
    }
    return mustShow;
  }

  test('between the requests, from another instance: no call twice, none below the reader missed', async () => {
    const before = new Set((await bruteForce('desc')).map((p) => p.id));
    const delivered: { ids: string[]; doneAt: number }[] = [];
    const askedAt: number[] = [0];
    let clock = 0;
    const pages = await allPages({}, 9, async (index, cursor) => {
      const calls = arrivals(index, keyOf(cursor));
      await ingestAll(writer.app, calls);
      delivered.push({ ids: calls.map((c) => c.systemCallId), doneAt: ++clock });
      askedAt.push(++clock);
    });
    const mustShow = await expectExact(pages, before, delivered, askedAt);
    // The deliveries did land below the reader, so the check had something to check.
    expect(mustShow).toBeGreaterThan(5);
  });

  test('during the requests, at the same time as each page is read', async () => {
    const before = new Set((await bruteForce('desc')).map((p) => p.id));
    const delivered: { ids: string[]; doneAt: number }[] = [];
    const askedAt: number[] = [];
    const pages: Page[] = [];
    let clock = 0;
    for (let cursor: string | null = null, round = 0; ; round += 1) {
      const calls = arrivals(1000 + round, cursor === null ? null : keyOf(cursor));
      askedAt.push(++clock);
      const [page]: [Page, unknown] = await Promise.all([
        fetchPage({}, 11, cursor),
        ingestAll(writer.app, calls).then(() => delivered.push({ ids: calls.map((c) => c.systemCallId), doneAt: ++clock })),
      ]);
      pages.push(page);
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    const mustShow = await expectExact(pages, before, delivered, askedAt);
    expect(mustShow).toBeGreaterThan(0);
  });
});

describe('meta', () => {
  test('a numbered page by call time gives the cursor that goes on from its last row; the last page and other sorts give none', async () => {
    const first = await get(`/api/calls/records${qs({ ...DAY, limit: 5, page: 1 })}`);
    expect(first.meta).toMatchObject({ page: 1, limit: 5 });
    expect(keyOf(first.meta.nextCursor).id).toBe(first.data[4].id);
    const second = await get(`/api/calls/records${qs({ ...DAY, limit: 5, page: 2 })}`);
    const byCursor = await get(`/api/calls/records${qs({ ...DAY, limit: 5, cursor: first.meta.nextCursor })}`);
    expect(byCursor.data).toEqual(second.data);
    expect(byCursor.meta).toEqual({ total: first.meta.total, limit: 5, nextCursor: second.meta.nextCursor });

    const last = await get(`/api/calls/records${qs({ ...DAY, limit: 5, page: Math.ceil(first.meta.total / 5) })}`);
    expect(last.meta.nextCursor).toBeNull();
    const byDuration = await get(`/api/calls/records${qs({ ...DAY, limit: 5, sortBy: 'durationSec' })}`);
    expect(byDuration.meta.nextCursor).toBeNull();
  });

  test('a cursor past the last call answers no rows and no next cursor, with the total', async () => {
    const body = await get(`/api/calls/records${qs({ ...DAY, cursor: formatRecordsCursor({ callMicros: '0', id: '1' }) })}`);
    expect(body.data).toEqual([]);
    expect(body.meta.nextCursor).toBeNull();
    expect(body.meta.total).toBeGreaterThan(0);
  });
});

describe('a bad cursor is a 400 naming the field', () => {
  test.each([
    ['not a cursor', { cursor: 'abc' }, RECORDS_CURSOR_MESSAGES.invalid],
    ['a time and an id as a person writes them', { cursor: '2025-07-14T12:00:00.000Z,12' }, RECORDS_CURSOR_MESSAGES.invalid],
    ['an id of zero', { cursor: '1752508800000000.0' }, RECORDS_CURSOR_MESSAGES.invalid],
    ['beside a page number', { cursor: '1752508800000000.12', page: 2 }, RECORDS_CURSOR_MESSAGES.withPage],
    ['under another sort', { cursor: '1752508800000000.12', sortBy: 'durationSec' }, RECORDS_CURSOR_MESSAGES.unsortable],
  ])('%s', async (_label, params, message) => {
    const response = await raw(`/api/calls/records${qs({ ...DAY, ...params })}`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(message);
    expect(body.errors).toEqual([{ field: 'cursor', message }]);
  });

  test('too long to be one', async () => {
    const response = await raw(`/api/calls/records${qs({ ...DAY, cursor: '1'.repeat(65) })}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('cursor');
  });
});
