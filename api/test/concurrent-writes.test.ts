/**
 * Ingest, QC verdicts, bulk updates and the other corrections of calls (one
 * call's disposition, restoring the AI's verdict, undoing a change) at once,
 * overlapping on the same calls and days: none waits for the others in a cycle (no deadlock, so no 500), and
 * the rollups stay exactly what a recount of the calls gives.
 */
import { DISPOSITIONS, callDispositionPath, restoreVerdictPath, undoChangePath } from '@callboard/contract';
import { INGEST_KEY, bulkUpdate, makeCall, postCalls, postQc, seededRandom } from './support/calls-fixtures';
import { rollupsAndRecount } from './support/rollup-recount';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

const CALLS = 400;
const ROUNDS = 4;

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  // Eight deliveries written at once, not the default two: as many as the other writes running beside them.
  // The admin sends up to sixteen writes at once: more than a person may have in progress (fair-shares.ts), which is not what this is about.
  t = await buildTestApp({ ingestApiKey: INGEST_KEY, ingestConcurrency: 8, fairShares: { personRunning: 20 } });
  admin = await signUp(t.app, 'Ada Admin');
});
afterAll(() => t.close());

const random = seededRandom(16);
const STATUSES = [...DISPOSITIONS, 'Odd status'];
const id = (i: number) => `cw-${String(i).padStart(4, '0')}`;

/** A call on one of four New York days, with a random verdict, publisher and campaign. */
function call(i: number) {
  return makeCall(id(i), {
    callTimestamp: new Date(Date.parse('2025-09-01T04:00:00Z') + random.int(0, 4 * 24 * 60 - 1) * 60_000).toISOString(),
    campaignName: `CW C${random.int(0, 3)}`,
    publisherName: `CW P${random.int(0, 5)}`,
    durationSec: random.int(0, 600),
    qc: { disposition: random.pick(STATUSES) },
  });
}

/** `n` distinct indexes below `below`, in a random order. */
function someOf(below: number, n: number): number[] {
  return [...new Set(Array.from({ length: n * 2 }, () => random.int(0, below - 1)))].slice(0, n).sort(() => random.next() - 0.5);
}

test('overlapping ingests, verdict batches, bulk updates, dispositions, restores and undos at once: no deadlock, no 500, rollups equal a recount', async () => {
  // Half the calls exist before the first round; each round's deliveries re-deliver some and add others.
  const first = await postCalls(t.app, Array.from({ length: CALLS / 2 }, (_, i) => call(i)));
  expect(first.statusCode).toBe(200);
  let known = CALLS / 2;
  let earlierChanges: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const newUpTo = Math.min(CALLS, known + CALLS / (2 * ROUNDS));
    const rows = await t.db.query<{ id: string }>("SELECT id::text AS id FROM calls WHERE system_call_id LIKE 'cw-%'");
    const callIds = rows.map((r) => r.id);
    const writes = [
      // Three deliveries mixing re-deliveries (moved across days, statuses, publishers) with new calls.
      ...Array.from({ length: 3 }, () => postCalls(t.app, [...someOf(known, 120), ...someOf(newUpTo, 40)].filter((v, i, a) => a.indexOf(v) === i).map(call))),
      // Three verdict batches over the known calls.
      ...Array.from({ length: 3 }, () =>
        postQc(
          t.app,
          someOf(known, 150).map((i) => ({ systemCallId: id(i), disposition: random.pick(STATUSES), reason: `round ${round}` })),
        ),
      ),
      // Two people's bulk updates.
      ...Array.from({ length: 2 }, () =>
        bulkUpdate(t.app, admin.token, { ids: someOf(callIds.length, 100).map((k) => callIds[k]), set: { status: random.pick([...DISPOSITIONS]) } }),
      ),
      // One call's disposition and a restored verdict for a few calls each.
      ...someOf(callIds.length, 3).map((k) =>
        t.app.inject({ method: 'PUT', url: callDispositionPath(callIds[k]!), headers: bearer(admin.token), payload: { status: random.pick([...DISPOSITIONS]) } }),
      ),
      ...someOf(callIds.length, 3).map((k) => t.app.inject({ method: 'POST', url: restoreVerdictPath(callIds[k]!), headers: bearer(admin.token) })),
    ];
    // The previous round's bulk updates undone: 409 when some of their calls were changed since, which this round may well do.
    const undos = earlierChanges.map((changeId) => t.app.inject({ method: 'POST', url: undoChangePath(changeId), headers: bearer(admin.token) }));
    const [responses, undone] = await Promise.all([Promise.all(writes), Promise.all(undos)]);
    expect(responses.map((r) => `${r.statusCode} ${r.statusCode === 200 ? '' : r.body}`.trim())).toEqual(responses.map(() => '200'));
    for (const r of undone) expect([r.statusCode, r.json().code ?? 'OK']).toEqual(r.statusCode === 200 ? [200, 'OK'] : [409, 'CONFLICT']);
    earlierChanges = responses.map((r) => r.json().data?.changeId).filter((changeId): changeId is string => typeof changeId === 'string');
    known = newUpTo;
    const { rollups, recount } = await rollupsAndRecount(t.db);
    expect(rollups).toEqual(recount);
  }
  if (t.db.kind === 'postgres') {
    // Statistics reach the shared counters within a second of a transaction's end.
    await new Promise((r) => setTimeout(r, 1500));
    const [stats] = await t.db.query<{ deadlocks: number }>('SELECT deadlocks::int AS deadlocks FROM pg_stat_database WHERE datname = current_database()');
    expect(stats?.deadlocks).toBe(0);
  }
}, 120_000);

test('deliveries that each re-deliver calls of one day and add calls of another, in opposite orders, all store', async () => {
  // Each delivery's statement runs the rollup triggers twice, for its re-deliveries and then for its new
  // calls. Half re-deliver on the 10th and add on the 11th, half the other way round: without the
  // rollup lock (migration 0009) each could hold a rollup row of one day that the other needs next.
  const day = (d: number, i: number) => new Date(Date.parse(`2025-10-${d}T14:00:00Z`) + i * 60_000).toISOString();
  const existing = (d: number, i: number) => makeCall(`xo-${d}-${i}`, { callTimestamp: day(d, i), campaignName: 'XO', publisherName: 'XO P', qc: { disposition: 'Sales' } });
  const stored = await postCalls(t.app, [...Array.from({ length: 40 }, (_, i) => existing(10, i)), ...Array.from({ length: 40 }, (_, i) => existing(11, i))]);
  expect(stored.statusCode).toBe(200);
  for (let round = 0; round < 5; round += 1) {
    const deliveries = Array.from({ length: 8 }, (_, k) => {
      const [again, fresh] = k % 2 === 0 ? [10, 11] : [11, 10];
      return postCalls(t.app, [
        ...Array.from({ length: 5 }, (_, i) => ({ ...existing(again, k * 5 + i), durationSec: round + 1 })),
        ...Array.from({ length: 5 }, (_, i) =>
          makeCall(`xo-new-${round}-${k}-${i}`, { callTimestamp: day(fresh, 100 + i), campaignName: 'XO', publisherName: 'XO P', qc: { disposition: 'Sales' } }),
        ),
      ]);
    });
    const responses = await Promise.all(deliveries);
    expect(responses.map((r) => `${r.statusCode} ${r.statusCode === 200 ? '' : r.body}`.trim())).toEqual(responses.map(() => '200'));
  }
  const { rollups, recount } = await rollupsAndRecount(t.db);
  expect(rollups).toEqual(recount);
}, 60_000);
