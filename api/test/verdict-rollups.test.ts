/**
 * QC verdicts write only what they change (calls-writer.ts, migration 0010):
 * a call that already holds its verdict is not rewritten, a rollup row whose
 * figures a write leaves as they were is not rewritten either, and whatever
 * moves, every rollup still equals a recount of the calls.
 */
import { DISPOSITIONS } from '@callboard/contract';
import { ROLLUP_LOCK_KEY } from '../src/db/migrations/0009-rollup-lock';
import { INGEST_KEY, bulkUpdate, ingestAll, makeCall, postCalls, postQc, seededRandom } from './support/calls-fixtures';
import { rollupsAndRecount } from './support/rollup-recount';
import { buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
// Building the app (PGlite's start, the migrations' snapshot, this round's plugins) took over 30 s once in a full
// run at load average 12 on two cores; the tests below keep jest's own limit.
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin');
}, 90_000);
afterAll(() => t.close());

const ROLLUPS = [
  'calls_daily',
  'calls_hourly',
  'calls_monthly',
  'calls_weekly',
  'calls_daily_dim',
  'calls_daily_dim_status',
  'calls_monthly_dim',
  'call_combos',
  'calls_daily_combo',
  'calls_monthly_combo',
];

/** Every row of every rollup with its row version (xmin): a rewritten row gets a new one even when its figures stay. */
async function rollupRows(): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of ROLLUPS) {
    const rows = await t.db.query<Record<string, unknown>>(`SELECT xmin::text AS version, * FROM ${table}`);
    tables[table] = rows.map((r) => JSON.stringify(Object.values(r).map((v) => (v instanceof Date ? v.toISOString() : String(v))))).sort();
  }
  return tables;
}

/** The calls with a prefix: their row version, updated_at and what a verdict sets. */
async function callRows(prefix: string) {
  return t.db.query<Record<string, unknown>>(
    `SELECT system_call_id, xmin::text AS version, updated_at, status, sub_disposition, reason, summary, qc_disposition, qc_sub_disposition, qc_reason, qc_summary
     FROM calls WHERE system_call_id LIKE $1 ORDER BY system_call_id`,
    [`${prefix}%`],
  );
}

async function expectRollupsEqualRecount() {
  const { rollups, recount } = await rollupsAndRecount(t.db);
  expect(rollups).toEqual(recount);
}

test('a verdict batch in which every call already holds its verdict writes nothing, and still counts every call', async () => {
  const verdicts = [
    { disposition: 'Sales', sub_disposition: 'Closed', reason: 'Enrolled', summary: 'Bought a plan' },
    { disposition: 'Voicemail', sub_disposition: null, reason: null, summary: null },
    { disposition: 'DNC', sub_disposition: 'Asked', reason: null, summary: 'Wants no calls' },
    { disposition: 'Hungup', sub_disposition: null, reason: 'Early', summary: null },
  ];
  await ingestAll(
    t.app,
    verdicts.map((qc, i) =>
      makeCall(`same-${i}`, { callTimestamp: `2025-03-0${1 + (i % 2)}T15:00:00Z`, publisherName: `Same P${i % 2}`, revenue: 10 + i, qc }),
    ),
  );
  // A person's status on one of them: the bot's verdict again must not touch it either.
  const [overridden] = await t.db.query<{ id: string }>("SELECT id::text AS id FROM calls WHERE system_call_id = 'same-1'");
  expect((await bulkUpdate(t.app, admin.token, { ids: [overridden!.id], set: { status: 'Callback', reason: 'Checked' } })).statusCode).toBe(200);

  const same = verdicts.map((v, i) => ({ systemCallId: `same-${i}`, ...v }));
  const rollupsBefore = await rollupRows();
  const callsBefore = await callRows('same-');
  const response = await postQc(t.app, same);
  expect(response.statusCode).toBe(200);
  expect(response.json().data).toEqual({ updated: 4, rejected: [] });
  expect(await callRows('same-')).toEqual(callsBefore);
  expect(await rollupRows()).toEqual(rollupsBefore);

  if (t.db.kind === 'postgres') {
    // Nor does such a batch wait for the rollup lock (held here as a long write would hold it).
    await t.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [ROLLUP_LOCK_KEY]);
      const whileHeld = await postQc(t.app, same);
      expect(whileHeld.json().data).toEqual({ updated: 4, rejected: [] });
    });
  }

  // One changed field among them: that call alone is written.
  const response2 = await postQc(t.app, [...same.slice(0, 3), { ...same[3]!, summary: 'Hung up at the greeting' }]);
  expect(response2.json().data).toEqual({ updated: 4, rejected: [] });
  const callsAfter = await callRows('same-');
  expect(callsAfter.slice(0, 3)).toEqual(callsBefore.slice(0, 3));
  expect(callsAfter[3]).toMatchObject({ summary: 'Hung up at the greeting', qc_summary: 'Hung up at the greeting' });
  expect(callsAfter[3]!.version).not.toBe(callsBefore[3]!.version);
  expect(callsAfter[3]!.updated_at).not.toEqual(callsBefore[3]!.updated_at);
  // A summary is counted by no rollup.
  expect(await rollupRows()).toEqual(rollupsBefore);
  await expectRollupsEqualRecount();
});

test('a verdict moving a call between two statuses rewrites the rollups that keep status, and leaves the combinations', async () => {
  await ingestAll(t.app, [
    makeCall('move-1', { callTimestamp: '2025-04-07T15:00:00Z', campaignName: 'Move C', publisherName: 'Move P', targetName: 'Move T', buyerName: 'Move B', revenue: 12, qc: { disposition: 'Voicemail' } }),
  ]);
  const before = await rollupRows();
  expect((await postQc(t.app, [{ systemCallId: 'move-1', disposition: 'DNC' }])).json().data).toEqual({ updated: 1, rejected: [] });
  const after = await rollupRows();
  // The combinations keep no status: a status move leaves their rows as they were.
  expect(after.call_combos).toEqual(before.call_combos);
  expect(after.calls_daily_combo).toEqual(before.calls_daily_combo);
  expect(after.calls_monthly_combo).toEqual(before.calls_monthly_combo);
  // Per status, and per dimension value with its count per disposition, they move.
  expect(after.calls_daily).not.toEqual(before.calls_daily);
  expect(after.calls_daily_dim_status).not.toEqual(before.calls_daily_dim_status);
  expect(after.calls_daily_dim).not.toEqual(before.calls_daily_dim);
  expect(after.calls_monthly_dim).not.toEqual(before.calls_monthly_dim);
  await expectRollupsEqualRecount();

  // Moved to another day of the same month: the month rows stay, the day rows and the combinations' day rows move.
  await t.db.query("UPDATE calls SET call_ts = '2025-04-09T15:00:00Z' WHERE system_call_id = 'move-1'");
  const moved = await rollupRows();
  expect(moved.calls_monthly_dim).toEqual(after.calls_monthly_dim);
  expect(moved.calls_monthly_combo).toEqual(after.calls_monthly_combo);
  expect(moved.calls_daily_dim).not.toEqual(after.calls_daily_dim);
  expect(moved.calls_daily_combo).not.toEqual(after.calls_daily_combo);
  await expectRollupsEqualRecount();
});

test('verdicts moving calls between statuses, among repeats, overrides, re-deliveries and direct SQL: rollups equal a recount after each', async () => {
  const random = seededRandom(10);
  const statuses = [...DISPOSITIONS, 'Odd status'];
  const id = (i: number) => `mix-${String(i).padStart(3, '0')}`;
  const call = (i: number, day = random.int(1, 5)) =>
    makeCall(id(i), {
      callTimestamp: new Date(Date.parse(`2025-08-0${day}T04:00:00Z`) + random.int(0, 24 * 60 - 1) * 60_000).toISOString(),
      campaignName: `Mix C${random.int(0, 3)}`,
      publisherName: `Mix P${random.int(0, 5)}`,
      targetName: random.int(0, 4) === 0 ? null : `Mix T${random.int(0, 2)}`,
      durationSec: random.int(0, 600),
      connected: random.int(0, 5) !== 0,
      revenue: random.int(0, 50),
      qc: { disposition: random.pick(statuses) },
    });
  const CALLS = 300;
  await ingestAll(t.app, Array.from({ length: CALLS }, (_, i) => call(i)));
  await expectRollupsEqualRecount();

  for (let round = 0; round < 3; round += 1) {
    // Verdicts for half the calls: a new status for most, the one held for some (those stay as they were).
    const held = new Map(
      (await t.db.query<{ system_call_id: string; qc_disposition: string }>("SELECT system_call_id, qc_disposition FROM calls WHERE system_call_id LIKE 'mix-%'")).map((r) => [
        r.system_call_id,
        r.qc_disposition,
      ]),
    );
    // (Only calls still there: direct SQL below deletes some.)
    const results = Array.from({ length: CALLS / 2 }, () => random.int(0, CALLS - 1))
      .filter((v, i, a) => a.indexOf(v) === i && held.has(id(v)))
      .map((i) => ({ systemCallId: id(i), disposition: random.int(0, 3) === 0 ? held.get(id(i))! : random.pick(statuses) }));
    const verdicts = await postQc(t.app, results);
    expect(verdicts.json().data).toEqual({ updated: results.length, rejected: [] });
    await expectRollupsEqualRecount();

    // A person re-dispositions some; later verdicts leave their status alone.
    const ids = (await t.db.query<{ id: string }>("SELECT id::text AS id FROM calls WHERE system_call_id LIKE 'mix-%' ORDER BY random() LIMIT 20")).map((r) => r.id);
    expect((await bulkUpdate(t.app, admin.token, { ids, set: { status: random.pick([...DISPOSITIONS]) } })).statusCode).toBe(200);
    await expectRollupsEqualRecount();

    // Re-deliveries moving calls across days and dimensions, and some delivered unchanged.
    const again = Array.from({ length: 40 }, () => random.int(0, CALLS - 1)).filter((v, i, a) => a.indexOf(v) === i);
    expect((await postCalls(t.app, again.map((i) => call(i)))).statusCode).toBe(200);
    await expectRollupsEqualRecount();

    // Whatever a person with psql does: statuses swapped between calls, notes only, a day moved, deletions.
    await t.db.query(
      "UPDATE calls SET status = CASE status WHEN 'Sales' THEN 'DNC' WHEN 'DNC' THEN 'Sales' ELSE status END WHERE system_call_id LIKE 'mix-%'",
    );
    await expectRollupsEqualRecount();
    await t.db.query("UPDATE calls SET summary = 'checked by hand', caller_id = caller_id || '0' WHERE system_call_id LIKE 'mix-1%'");
    await expectRollupsEqualRecount();
    await t.db.query("UPDATE calls SET call_ts = call_ts + interval '1 day', revenue_cents = revenue_cents + 1 WHERE system_call_id LIKE 'mix-0%'");
    await expectRollupsEqualRecount();
    await t.db.query('DELETE FROM calls WHERE system_call_id = ANY($1::text[])', [[id(random.int(0, CALLS - 1)), id(random.int(0, CALLS - 1))]]);
    await expectRollupsEqualRecount();
    await ingestAll(t.app, Array.from({ length: CALLS }, (_, i) => i).filter(() => random.int(0, 9) === 0).map((i) => call(i)));
    await expectRollupsEqualRecount();
  }
}, 60_000);
