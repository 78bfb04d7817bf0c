/**
 * The words of transcript search, made after the write (migration 0021): every
 * writer queues the calls whose texts or time it changes and no others, the
 * loop's words equal the texts', and two instances' loops beside writers that
 * keep changing texts neither take a call twice nor leave one stale.
 */
import { drainCallWords, indexCallWords } from '../src/domain/calls/call-words';
import type { Queryable } from '../src/db/database';
import { INGEST_KEY, bulkUpdate, ingestAll, makeCall, postQc } from './support/calls-fixtures';
import { anotherPoolOn, testEngine, type TestDatabase } from './support/test-database';
import { buildTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  // The loop never runs by itself here: each test makes the words when it means to.
  t = await buildTestApp({ ingestApiKey: INGEST_KEY, callWordsIntervalMs: 3_600_000 });
});
afterAll(() => t.close());

const queued = async (db: Queryable = t.db) =>
  (await db.query<{ system_call_id: string }>('SELECT c.system_call_id FROM call_words_queue q JOIN calls c ON c.id = q.call_id ORDER BY 1')).map(
    (r) => r.system_call_id,
  );

/** Calls whose made words differ from their texts' (a call still queued may differ: it is read from its texts). */
const staleWords = async (db: Queryable = t.db) =>
  (
    await db.query<{ system_call_id: string }>(
      `SELECT c.system_call_id FROM calls c LEFT JOIN call_words w ON w.call_id = c.id
       WHERE NOT EXISTS (SELECT 1 FROM call_words_queue q WHERE q.call_id = c.id)
         AND (w.call_id IS NULL OR w.words IS DISTINCT FROM call_text_words(c.transcript, c.summary, c.reason) OR w.call_ts <> c.call_ts)`,
    )
  ).map((r) => r.system_call_id);

const calls = (prefix: string, n: number, overrides: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => makeCall(`${prefix}-${i}`, { transcript: `caller number ${i} asked about solar`, ...overrides }));

describe('call words', () => {
  test('every writer queues exactly the calls whose texts or time it changed, and the loop makes their words', async () => {
    await ingestAll(t.app, calls('writers', 5));
    expect(await queued()).toEqual(['writers-0', 'writers-1', 'writers-2', 'writers-3', 'writers-4']);
    expect(await drainCallWords(t.db)).toBe(5);
    expect(await queued()).toEqual([]);
    expect(await staleWords()).toEqual([]);

    // Redelivered unchanged, a status alone, a duration: nothing to parse again.
    await ingestAll(t.app, calls('writers', 1));
    await t.db.query("UPDATE calls SET status = 'DNC', duration_sec = duration_sec + 1 WHERE system_call_id = 'writers-1'");
    expect(await queued()).toEqual([]);

    // A redelivery with another transcript, a verdict with a summary, a move in time, psql on a reason.
    await ingestAll(t.app, [makeCall('writers-0', { transcript: 'a different story' })]);
    expect((await postQc(t.app, [{ systemCallId: 'writers-2', disposition: 'Sales', summary: 'sold a roof' }])).statusCode).toBe(200);
    await t.db.query("UPDATE calls SET call_ts = call_ts - interval '1 hour' WHERE system_call_id = 'writers-3'");
    await t.db.query("UPDATE calls SET reason = 'hung up early' WHERE system_call_id = 'writers-4'");
    expect(await queued()).toEqual(['writers-0', 'writers-2', 'writers-3', 'writers-4']);
    expect(await drainCallWords(t.db)).toBe(4);
    expect(await staleWords()).toEqual([]);

    // A reviewer's bulk re-disposition with a reason.
    const admin = await signUp(t.app, 'Ada Admin');
    const [one] = await t.db.query<{ id: string }>("SELECT id::text AS id FROM calls WHERE system_call_id = 'writers-1'");
    expect((await bulkUpdate(t.app, admin.token, { ids: [one!.id], set: { status: 'Sales', reason: 'confirmed a sale' } })).statusCode).toBe(200);
    expect(await queued()).toEqual(['writers-1']);

    // A deleted call leaves its words behind neither in the table nor, once the loop passes, in the queue.
    await t.db.query("DELETE FROM calls WHERE system_call_id IN ('writers-0', 'writers-1')");
    expect(await drainCallWords(t.db)).toBe(1);
    const [left] = await t.db.query<{ words: number; queue: number }>(
      "SELECT (SELECT count(*)::int FROM call_words w WHERE NOT EXISTS (SELECT 1 FROM calls c WHERE c.id = w.call_id)) AS words, (SELECT count(*)::int FROM call_words_queue) AS queue",
    );
    expect(left).toEqual({ words: 0, queue: 0 });
  });

  test('two loops (two instances on PostgreSQL) beside writers changing texts: no call taken twice, none left stale', async () => {
    const second: TestDatabase | undefined = testEngine() === 'postgres' ? await anotherPoolOn(t.database) : undefined;
    const otherDb = second?.db ?? t.db;
    try {
      await ingestAll(t.app, calls('loops', 3000));
      const waiting = (await queued()).length;
      // Two loops alone share the queue: every call is taken once.
      const [a, b] = await Promise.all([drainCallWords(t.db, 100), drainCallWords(otherDb, 100)]);
      expect(a + b).toBe(waiting);
      expect(await staleWords()).toEqual([]);

      // Now writers keep changing texts while both loops run.
      let writing = true;
      const writer = (async () => {
        for (let round = 0; writing || round < 5; round += 1) {
          const ids = Array.from({ length: 50 }, (_, i) => `loops-${(round * 53 + i * 59) % 3000}`);
          await t.db.query('UPDATE calls SET transcript = $2 WHERE system_call_id = ANY($1::text[])', [ids, `round ${round} says refund`]);
        }
      })();
      const loop = async (db: Queryable) => {
        let taken = 0;
        for (let pass = 0; pass < 20; pass += 1) taken += await indexCallWords(db, 100);
        return taken;
      };
      await Promise.all([loop(t.db), loop(otherDb)]);
      writing = false;
      await writer;
      await Promise.all([drainCallWords(t.db, 100), drainCallWords(otherDb, 100)]);
      expect(await queued()).toEqual([]);
      expect(await staleWords()).toEqual([]);
    } finally {
      await second?.drop();
    }
  }, 120_000);
});
