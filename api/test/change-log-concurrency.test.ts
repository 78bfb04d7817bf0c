/**
 * The changes feed pages without gaps or repeats while writers run side by side (issue 37 item 1; migration
 * 0037's lock): four writers deliver calls, deliver some again, post QC verdicts and bulk-update their calls at
 * once, each write a transaction of its own on its own connection (on PostgreSQL), while a reader pages the feed as fast as it can
 * with `after` = the last page's `nextAfter`. A seq taken by a transaction that commits after a later one has
 * been read would be skipped for ever; the reader must see every change exactly once, in seq order. On PGlite
 * the writes take turns on its one connection, and the same must hold.
 */
import type { CallChange } from '@callboard/contract/changes';
import { INGEST_KEY, bulkUpdate, makeCall, postCalls, postQc } from './support/calls-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin');
}, 60_000);
afterAll(() => t.close());

const WRITERS = 4;
const ROUNDS = 12;
const CALLS_PER_DELIVERY = 25;

/** One writer's deliveries, redeliveries, verdicts and bulk updates; resolves with how many calls it created. */
async function writer(n: number): Promise<number> {
  let delivered = 0;
  let previous: Array<Record<string, unknown>> = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const calls = Array.from({ length: CALLS_PER_DELIVERY }, (_, i) =>
      makeCall(`cc-${n}-${round}-${i}`, {
        callerId: `+1555${n}${String(round * CALLS_PER_DELIVERY + i).padStart(6, '0')}`,
        callTimestamp: new Date(Date.UTC(2025, 5, 1 + round, n, i)).toISOString(),
      }),
    );
    expect((await postCalls(t.app, calls)).statusCode).toBe(200);
    delivered += CALLS_PER_DELIVERY;
    // Some of the last round's calls again with a new transcript, and verdicts for calls a person holds: writes
    // that change nothing the rollups count, so take no rollup lock of their own (only the log's).
    if (previous.length > 0) {
      expect((await postCalls(t.app, previous.slice(0, 10).map((call) => ({ ...call, transcript: `Caller: take ${round}` })))).statusCode).toBe(200);
    }
    const ids = calls.map((call) => call.systemCallId);
    expect((await postQc(t.app, ids.slice(0, 12).map((systemCallId) => ({ systemCallId, disposition: round % 2 ? 'Sales' : 'Voicemail' })))).statusCode).toBe(200);
    if (round % 3 === 2) {
      // A person's bulk update writes its audit rows before its calls: its transaction id comes before its seqs.
      const held = await t.db.query<{ id: string; system_call_id: string }>(
        'SELECT id::text AS id, system_call_id FROM calls WHERE system_call_id LIKE $1 ORDER BY random() LIMIT 5',
        [`cc-${n}-%`],
      );
      expect((await bulkUpdate(t.app, admin.token, { ids: held.map((r) => r.id), set: { status: round % 2 ? 'DNC' : 'Callback' } })).statusCode).toBe(200);
      expect((await postQc(t.app, held.map((r) => ({ systemCallId: r.system_call_id, disposition: 'Hungup', reason: `Round ${round}` })))).statusCode).toBe(200);
    }
    previous = calls;
  }
  return delivered;
}

test(`${WRITERS} writers at once: a reader paging by nextAfter reads every change once, in seq order`, async () => {
  const [{ seq } = { seq: '0' }] = await t.db.query<{ seq: string }>('SELECT coalesce(max(seq), 0)::text AS seq FROM call_changes');
  const start = Number(seq);
  const read: number[] = [];
  let after = start;
  let writing = true;
  const page = async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/changes?after=${after}&limit=17`, headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: CallChange[]; meta: { nextAfter: number } }>();
    read.push(...body.data.map((change) => change.seq));
    after = body.meta.nextAfter;
    return body.data.length;
  };
  const reader = (async () => {
    let pages = 0;
    while (writing) {
      await page();
      pages += 1;
      // A turn of the event loop between pages: on PGlite a page can resolve without one, and would starve the writers.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Then the rest, now that every write has committed.
    while ((await page()) > 0) pages += 1;
    return pages;
  })();
  let delivered: number[];
  try {
    delivered = await Promise.all(Array.from({ length: WRITERS }, (_, n) => writer(n)));
  } finally {
    writing = false;
  }
  const pages = await reader;

  const logged = (await t.db.query<{ logged: string }>('SELECT seq::text AS logged FROM call_changes WHERE seq > $1 ORDER BY seq', [start])).map((r) => Number(r.logged));
  // The reader met the writers part-way, not only once they were done.
  expect(pages).toBeGreaterThan(10);
  // Each change once, in order, and none missed.
  expect(read).toEqual(logged);
  const [{ n } = { n: '0' }] = await t.db.query<{ n: string }>("SELECT count(*)::text AS n FROM call_changes WHERE seq > $1 AND kind = 'created'", [start]);
  expect(Number(n)).toBe(delivered.reduce((a, b) => a + b, 0));
}, 180_000);
