/**
 * Repeat callers are decided as calls are stored (migration 0019): after
 * randomised deliveries, out of order, several at once, and redeliveries that
 * move calls to another caller, campaign or time, every call's repeat_of must
 * be what a brute-force search over the stored calls gives, and the rollups'
 * repeats what a recount gives.
 */
import { ingestCalls } from '../src/domain/calls/calls-writer';
import { applyRepeatWindow } from '../src/domain/calls/repeat-window';
import { INGEST_KEY, makeCall, postCalls, seededRandom, type IngestCallInput } from './support/calls-fixtures';
import { rollupsAndRecount } from './support/rollup-recount';
import { buildTestApp, type TestApp } from './support/test-app';

const DAY = 86_400_000;
const START = Date.parse('2026-03-01T05:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY, ingestConcurrency: 4 });
});
afterAll(() => t.close());

interface StoredCall {
  id: string;
  micros: string;
  caller_id: string;
  campaign_id: number;
  repeat_of: string | null;
}

/** What repeat_of must be for every stored call, found by comparing each call with every other. */
function bruteForce(calls: StoredCall[], windowDays: number): Map<string, string | null> {
  const windowMicros = BigInt(windowDays) * 86_400_000_000n;
  const before = (a: StoredCall, b: StoredCall) => BigInt(a.micros) < BigInt(b.micros) || (a.micros === b.micros && BigInt(a.id) < BigInt(b.id));
  const decided = new Map<string, string | null>();
  for (const call of calls) {
    let latest: StoredCall | null = null;
    if (call.caller_id !== '') {
      for (const other of calls) {
        if (other.caller_id !== call.caller_id || other.campaign_id !== call.campaign_id || !before(other, call)) continue;
        if (BigInt(other.micros) < BigInt(call.micros) - windowMicros) continue;
        if (latest === null || before(latest, other)) latest = other;
      }
    }
    decided.set(call.id, latest?.id ?? null);
  }
  return decided;
}

async function storedCalls(): Promise<StoredCall[]> {
  return t.db.query<StoredCall>(
    `SELECT id::text, ((extract(epoch FROM call_ts) * 1000000)::bigint)::text AS micros, caller_id, campaign_id, repeat_of::text FROM calls`,
  );
}

async function expectExact(windowDays: number) {
  const calls = await storedCalls();
  const expected = bruteForce(calls, windowDays);
  expect(new Map(calls.map((c) => [c.id, c.repeat_of]))).toEqual(expected);
  const { rollups, recount } = await rollupsAndRecount(t.db);
  expect(rollups).toEqual(recount);
  return calls;
}

/** Every call delivered and stored, as last delivered. */
const delivered = new Map<string, IngestCallInput>();

async function deliver(calls: IngestCallInput[]) {
  const response = await postCalls(t.app, calls);
  expect([response.statusCode, response.json().data?.rejected]).toEqual([200, []]);
  for (const call of calls) delivered.set(call.systemCallId, call);
}

describe('repeat callers decided at write time', () => {
  const rng = seededRandom(19);
  const random = () => rng.next();
  const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)]!;
  const CALLERS = ['5550001', '5550002', '5550003', '5550004', '5550005', ''];
  const CAMPAIGNS = ['Repeat A', 'Repeat B'];
  // Whole hours over 30 days, so calls land on the same instant now and then (ties go by id) and on the window's edge.
  const randomTime = () => new Date(START + Math.floor(random() * 30 * 24) * 3_600_000).toISOString();
  let next = 0;

  const newCall = (): IngestCallInput =>
    makeCall(`rep-${next++}`, { callTimestamp: randomTime(), callerId: pick(CALLERS), campaignName: pick(CAMPAIGNS) });

  /** A stored call again, moved to another caller, campaign or time (or all three). */
  function moved(): IngestCallInput {
    const call = pick([...delivered.values()].filter((c) => c.systemCallId.startsWith('rep-')));
    const change = random();
    return {
      ...call,
      ...(change < 0.4 ? { callTimestamp: randomTime() } : {}),
      ...(change >= 0.3 && change < 0.7 ? { callerId: pick(CALLERS) } : {}),
      ...(change >= 0.6 ? { campaignName: pick(CAMPAIGNS) } : {}),
    };
  }

  test('a first delivery, in random time order, decides each call from the calls before it', async () => {
    await deliver(Array.from({ length: 120 }, newCall));
    const calls = await expectExact(7);
    // The data exercise the rule: repeats, first calls and calls without a caller id all occur.
    expect(calls.filter((c) => c.repeat_of !== null).length).toBeGreaterThan(20);
    expect(calls.filter((c) => c.repeat_of === null && c.caller_id !== '').length).toBeGreaterThan(5);
  });

  test('late earlier calls and moves re-decide the calls after them, round after round', async () => {
    for (let round = 0; round < 6; round++) {
      const batch = [...Array.from({ length: 15 }, newCall), ...Array.from({ length: 10 }, moved)];
      // The same systemCallId twice in a batch is refused for all but its last: keep one of each.
      await deliver([...new Map(batch.map((c) => [c.systemCallId, c])).values()]);
      await expectExact(7);
    }
  });

  test('deliveries sent at once (side by side on PostgreSQL) still see each other', async () => {
    for (let round = 0; round < 4; round++) {
      // Each delivery mixes new calls of the same few callers with moves of stored calls.
      const batches = Array.from({ length: 4 }, () => [...Array.from({ length: 12 }, newCall), ...Array.from({ length: 6 }, moved)]);
      // One delivery per call (which of two simultaneous deliveries of a call lands last is anyone's guess).
      const owner = new Map<string, number>();
      batches.forEach((batch, i) => batch.forEach((c) => owner.set(c.systemCallId, owner.get(c.systemCallId) ?? i)));
      const disjoint = batches.map((batch, i) => [
        ...new Map(batch.filter((c) => owner.get(c.systemCallId) === i).map((c) => [c.systemCallId, c])).values(),
      ]);
      await Promise.all(disjoint.map(deliver));
      await expectExact(7);
    }
  });

  test('the stored calls hold what was delivered last (the moves above really moved them)', async () => {
    const rows = await t.db.query<{ system_call_id: string; call_ts: Date; caller_id: string; campaign: string }>(
      "SELECT c.system_call_id, c.call_ts, c.caller_id, ca.name AS campaign FROM calls c JOIN campaigns ca ON ca.id = c.campaign_id WHERE c.system_call_id LIKE 'rep-%'",
    );
    const stored = new Map(rows.map((r) => [r.system_call_id, [r.call_ts.toISOString(), r.caller_id, r.campaign]]));
    const expected = new Map(
      [...delivered.values()].filter((c) => c.systemCallId.startsWith('rep-')).map((c) => [c.systemCallId, [c.callTimestamp, c.callerId, c.campaignName]]),
    );
    expect(stored).toEqual(expected);
  });

  test('two calls of a caller at the same instant: the one stored first is the first call', async () => {
    const at = '2026-05-01T12:00:00.000Z';
    await deliver([makeCall('tie-b', { callTimestamp: at, callerId: '5559999', campaignName: 'Repeat A' })]);
    await deliver([makeCall('tie-a', { callTimestamp: at, callerId: '5559999', campaignName: 'Repeat A' })]);
    const rows = await t.db.query<{ system_call_id: string; id: string; repeat_of: string | null }>(
      "SELECT system_call_id, id::text, repeat_of::text FROM calls WHERE system_call_id LIKE 'tie-%' ORDER BY id",
    );
    expect(rows.map((r) => [r.system_call_id, r.repeat_of])).toEqual([
      ['tie-b', null],
      ['tie-a', rows[0]!.id],
    ]);
  });

  test('a window exactly REPEAT_WINDOW_DAYS long: a call that long before still counts, a moment more does not', async () => {
    const base = Date.parse('2026-06-01T12:00:00.000Z');
    await deliver([
      makeCall('edge-1', { callTimestamp: new Date(base).toISOString(), callerId: '5558888', campaignName: 'Repeat A' }),
      makeCall('edge-2', { callTimestamp: new Date(base + 7 * DAY).toISOString(), callerId: '5558888', campaignName: 'Repeat A' }),
      makeCall('edge-3', { callTimestamp: new Date(base + 14 * DAY + 1).toISOString(), callerId: '5558888', campaignName: 'Repeat A' }),
      // Another campaign: not a repeat of the calls to Repeat A.
      makeCall('edge-4', { callTimestamp: new Date(base + 1 * DAY).toISOString(), callerId: '5558888', campaignName: 'Repeat B' }),
    ]);
    const rows = await t.db.query<{ system_call_id: string; repeat_of: string | null }>(
      "SELECT system_call_id, (SELECT r.system_call_id FROM calls r WHERE r.id = c.repeat_of) AS repeat_of FROM calls c WHERE system_call_id LIKE 'edge-%' ORDER BY 1",
    );
    expect(rows.map((r) => [r.system_call_id, r.repeat_of])).toEqual([
      ['edge-1', null],
      ['edge-2', 'edge-1'],
      ['edge-3', null],
      ['edge-4', null],
    ]);
    await expectExact(7);
  });

  test('another window re-decides every call, and deliveries with the old window are refused', async () => {
    expect(await applyRepeatWindow(t.db, 7)).toBeNull();
    expect(await applyRepeatWindow(t.db, 2)).toBeGreaterThan(0);
    await expectExact(2);
    // This app still decides with 7 days: the database refuses to mix windows rather than store inexact repeats.
    const refused = await postCalls(t.app, [makeCall('mixed-window', { callerId: '5550001', campaignName: 'Repeat A' })]);
    expect(refused.statusCode).toBe(500);
    expect(await t.db.query("SELECT 1 FROM calls WHERE system_call_id = 'mixed-window'")).toEqual([]);

    // What a server started with REPEAT_WINDOW_DAYS=2 delivers with.
    const stored = await ingestCalls(t.db, Array.from({ length: 20 }, newCall), undefined, undefined, 2);
    expect([stored.inserted, stored.rejected]).toEqual([20, []]);
    await expectExact(2);
    await applyRepeatWindow(t.db, 7);
    await expectExact(7);
  });
});
