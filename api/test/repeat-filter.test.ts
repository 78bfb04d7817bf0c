/**
 * `repeat=true|false` on every calls read (stats, records, the timeline, cost
 * stats, the pickers, export) against brute force: calls from a small pool of
 * callers are stored, each call's repeat-ness is decided here by comparing it
 * with every other call, and the API's answers are held to it on ranges that
 * take each path (monthly and daily rollups, the hourly one with partial hours
 * from the calls, one picker's rollup, the calls alone), with `connected`
 * too (which the rollups cannot answer together with `repeat`).
 */
import { RECORD_COLUMNS } from '@callboard/contract';
import Papa from 'papaparse';
import { DEFAULT_REPEAT_WINDOW_DAYS } from '../src/domain/calls/repeat-window';
import { INGEST_KEY, getOk, ingestAll, onStableNewYorkDay, qs, seededRandom } from './support/calls-fixtures';
import { dimensionIdsOf, idsOf, matches, randomCalls, type DimensionIds, type ModelCall, type ModelFilter, customRange, presetRange, type NamedRange } from './support/call-model';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let member: SignedIn;
let model: ModelCall[];
let dims: DimensionIds;

/** Marks each model call a repeat when an earlier call ((time, id) order) of its caller to its campaign lies within the window. */
function decideByBruteForce(calls: ModelCall[], ids: Map<string, bigint>) {
  const window = DEFAULT_REPEAT_WINDOW_DAYS * 86_400_000;
  const id = (c: ModelCall) => ids.get(c.systemCallId)!;
  for (const call of calls) {
    call.repeat =
      call.callerId !== '' &&
      calls.some(
        (o) =>
          o !== call && o.callerId === call.callerId && o.campaign === call.campaign && o.ts >= call.ts - window &&
          (o.ts < call.ts || (o.ts === call.ts && id(o) < id(call))),
      );
  }
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  member = await signUp(t.app, 'Rita Repeat');
  const calls = randomCalls(20_261_126, 1200, Date.now());
  // Forty callers (and some without a caller id) instead of one each, so that callers call again.
  const random = seededRandom(7);
  calls.inputs.forEach((input, i) => {
    const callerId = random.chance(0.05) ? '' : String(5_550_000_000 + random.int(0, 39));
    input.callerId = callerId;
    calls.model[i]!.callerId = callerId;
  });
  model = calls.model;
  await ingestAll(t.app, calls.inputs);
  const ids = await t.db.query<{ system_call_id: string; id: string }>('SELECT system_call_id, id::text FROM calls');
  decideByBruteForce(model, new Map(ids.map((r) => [r.system_call_id, BigInt(r.id)])));
  dims = await dimensionIdsOf(t.db);
}, 120_000);
afterAll(() => t.close());

const RANGES: NamedRange[] = [
  presetRange('this_year'),
  presetRange('last_30_days'),
  customRange('fall-back night, not aligned', '2026-10-31T22:13', '2026-11-01T04:46'),
  customRange('whole days across the spring change', '2026-03-01T00:00', '2026-03-20T00:00'),
];

function filters(): ModelFilter[] {
  const publisher = idsOf(dims.publishers, ['Publisher A']);
  return [
    { label: 'repeats', params: { repeat: 'true' }, repeat: true },
    { label: 'first calls', params: { repeat: 'false' }, repeat: false },
    { label: 'repeats, one publisher', params: { repeat: 'true', publisher }, repeat: true, publishers: ['Publisher A'] },
    { label: 'first calls, Sales', params: { repeat: 'false', status: 'Sales' }, repeat: false, statuses: ['Sales'] },
    { label: 'repeats, connected', params: { repeat: 'true', connected: 'true' }, repeat: true, connected: true },
    { label: 'first calls, not connected, one publisher', params: { repeat: 'false', connected: 'false', publisher }, repeat: false, connected: false, publishers: ['Publisher A'] },
  ];
}

async function checkStatsAndRecords(range: NamedRange, f: ModelFilter) {
  await onStableNewYorkDay(async () => {
    const resolved = range.resolve();
    const calls = model.filter((c) => matches(c, resolved, f));
    const where = `${range.label} / ${f.label}`;
    const stats = (await getOk(t.app, member.token, `/api/stats${qs({ ...range.params, ...f.params })}`)).data;
    const byStatus = Object.fromEntries(
      (stats.dispositions as Array<{ disposition: string; count: number }>).filter((d) => d.count > 0).map((d) => [d.disposition, d.count]),
    );
    const expectedByStatus: Record<string, number> = {};
    for (const c of calls) if (stats.dispositions.some((d: { disposition: string }) => d.disposition === c.status)) expectedByStatus[c.status] = (expectedByStatus[c.status] ?? 0) + 1;
    expect([`stats ${where}`, stats.totalCalls, byStatus]).toEqual([`stats ${where}`, calls.length, expectedByStatus]);

    const records = await getOk(t.app, member.token, `/api/calls/records${qs({ ...range.params, ...f.params, limit: 50 })}`);
    expect([`records ${where}`, records.meta.total]).toEqual([`records ${where}`, calls.length]);
    const allowed = new Set(calls.map((c) => c.systemCallId));
    const rows = records.data as Array<{ systemCallId: string; repeat: boolean; repeatOf: string | null }>;
    expect([`records ${where}`, rows.filter((r) => !allowed.has(r.systemCallId) || r.repeat !== (r.repeatOf !== null)).length]).toEqual([`records ${where}`, 0]);

    const cost = (await getOk(t.app, member.token, `/api/cost/stats${qs({ ...range.params, ...f.params })}`)).data;
    const cents = calls.reduce((s, c) => s + c.revenueCents, 0);
    expect([`cost ${where}`, cost.calls, Math.round(cost.revenue * 100)]).toEqual([`cost ${where}`, calls.length, cents]);

    const series = (await getOk(t.app, member.token, `/api/stats/series${qs({ ...range.params, ...f.params })}`)).data;
    const seriesTotal = (series.buckets as Array<{ total: number }>).reduce((s, b) => s + b.total, 0);
    expect([`series ${where}`, seriesTotal]).toEqual([`series ${where}`, calls.length]);
  });
}

const SYSTEM_CALL_ID = RECORD_COLUMNS.findIndex((c) => c.key === 'systemCallId');

describe('repeat=true|false', () => {
  test('the data reach what the checks are about: repeats and first calls in every range', () => {
    for (const range of RANGES.slice(0, 2)) {
      const inRange = model.filter((c) => matches(c, range.resolve(), { label: '', params: {} }));
      expect(inRange.filter((c) => c.repeat).length).toBeGreaterThan(30);
      expect(inRange.filter((c) => !c.repeat).length).toBeGreaterThan(30);
    }
  });

  test('stats, records, cost stats and the timeline equal brute force', async () => {
    for (const f of filters()) for (const range of RANGES) await checkStatsAndRecords(range, f);
  }, 300_000);

  test('picker counts honour repeat and the rest of the filter', async () => {
    for (const f of filters().slice(0, 2)) {
      for (const range of RANGES) {
        await onStableNewYorkDay(async () => {
          const resolved = range.resolve();
          const all = (await getOk(t.app, member.token, `/api/filters/all${qs({ ...range.params, ...f.params })}`)).data;
          const narrowed = model.filter((c) => matches(c, resolved, f));
          const expected = Object.fromEntries([...dims.publishers.keys()].map((label) => [label, narrowed.filter((c) => c.publisher === label).length]));
          const got = Object.fromEntries((all.publishers as Array<{ label: string; count: number }>).map((o) => [o.label, o.count]));
          expect([`publishers ${range.label} / ${f.label}`, got]).toEqual([`publishers ${range.label} / ${f.label}`, expected]);
        });
      }
    }
  }, 300_000);

  test('an export holds exactly the calls of the filter', async () => {
    const exporter = await signUp(t.app, 'Rex Porter');
    for (const [range, f] of [[RANGES[0]!, filters()[0]!], [RANGES[1]!, filters()[1]!], [RANGES[2]!, filters()[4]!]] as const) {
      await onStableNewYorkDay(async () => {
        const response = await t.app.inject({ url: `/api/calls/export${qs({ ...range.params, ...f.params, fmt: 'csv' })}`, headers: bearer(exporter.token) });
        const where = `export ${range.label} / ${f.label}`;
        expect([where, response.statusCode]).toEqual([where, 200]);
        const rows = Papa.parse<string[]>(response.body.slice(1), { skipEmptyLines: true }).data.slice(1);
        const expected = model.filter((c) => matches(c, range.resolve(), f)).map((c) => c.systemCallId).sort();
        expect([where, rows.map((r) => r[SYSTEM_CALL_ID]).sort()]).toEqual([where, expected]);
      });
    }
  });

  test('a call detail lists the caller\'s other calls to its campaign within the window either side', async () => {
    const ids = new Map((await t.db.query<{ system_call_id: string; id: string }>('SELECT system_call_id, id::text FROM calls')).map((r) => [r.system_call_id, r.id]));
    const window = DEFAULT_REPEAT_WINDOW_DAYS * 86_400_000;
    const sample = model.filter((c) => c.repeat).slice(0, 5).concat(model.filter((c) => c.callerId === '').slice(0, 1));
    for (const call of sample) {
      const detail = (await getOk(t.app, member.token, `/api/calls/records/${ids.get(call.systemCallId)}`)).data;
      const expected = model
        .filter((o) => o !== call && call.callerId !== '' && o.callerId === call.callerId && o.campaign === call.campaign && Math.abs(o.ts - call.ts) <= window)
        .map((o) => ids.get(o.systemCallId))
        .sort();
      const listed = detail.callerCalls as Array<{ id: string; callTimestamp: string; campaignName: string }>;
      expect([call.systemCallId, listed.map((c) => c.id).sort()]).toEqual([call.systemCallId, expected]);
      expect(listed.every((c) => c.campaignName === call.campaign)).toBe(true);
      expect(detail.repeat).toBe(call.repeat);
    }
  });

  test('any other repeat value is a 400 naming repeat', async () => {
    for (const url of ['/api/stats', '/api/calls/records', '/api/filters/publishers', '/api/cost/stats', '/api/stats/series', '/api/calls/export']) {
      const response = await t.app.inject({ url: `${url}?repeat=yes${url.endsWith('export') ? '&fmt=csv' : ''}`, headers: bearer(member.token) });
      expect([url, response.statusCode, response.json().errors]).toEqual([url, 400, [{ field: 'repeat', message: 'repeat must be one of true, false' }]]);
    }
  });
});
