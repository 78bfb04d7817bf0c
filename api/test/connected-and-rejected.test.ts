/**
 * `connected=true|false` and "Rejected / Unknown" as a status value on every
 * calls read (stats, records, export, the pickers, the dispositions, costs),
 * against brute force over the calls kept in memory, on ranges that take each
 * path: the monthly and daily rollups, the hourly one with partial hours from
 * the calls, one picker's rollup, and the calls alone.
 */
import { DISPOSITIONS, RECORD_COLUMNS, REJECTED_UNKNOWN, isDisposition } from '@callboard/contract';
import Papa from 'papaparse';
import { resolvePreset, type TimeRange } from '../src/domain/calls/date-range';
import { INGEST_KEY, getOk, ingestAll, onStableNewYorkDay, qs } from './support/calls-fixtures';
import { dimensionIdsOf, idsOf, matches, randomCalls, type DimensionIds, type ModelCall, type ModelFilter, customRange, presetRange, type NamedRange } from './support/call-model';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let member: SignedIn;
let model: ModelCall[];
let dims: DimensionIds;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  member = await signUp(t.app, 'Connie Connected');
  const calls = randomCalls(20_261_101, 1200, Date.now());
  model = calls.model;
  await ingestAll(t.app, calls.inputs);
  dims = await dimensionIdsOf(t.db);
}, 120_000);
afterAll(() => t.close());

const RANGES: NamedRange[] = [
  presetRange('this_year'),
  presetRange('last_30_days'),
  presetRange('today'),
  customRange('fall-back night, not aligned', '2026-10-31T22:13', '2026-11-01T04:46'),
  customRange('whole days across the spring change', '2026-03-01T00:00', '2026-03-20T00:00'),
];

function filters(): ModelFilter[] {
  const publisher = idsOf(dims.publishers, ['Publisher A']);
  return [
    { label: 'connected', params: { connected: 'true' }, connected: true },
    { label: 'not connected', params: { connected: 'false' }, connected: false },
    { label: 'Rejected / Unknown', params: { status: REJECTED_UNKNOWN }, statuses: [REJECTED_UNKNOWN] },
    { label: 'rejected / unknown in any case, beside Sales', params: { status: 'sales', disposition: 'REJECTED / unknown' }, statuses: ['Sales', REJECTED_UNKNOWN] },
    { label: 'connected, one publisher, Rejected / Unknown', params: { connected: 'true', publisher, status: REJECTED_UNKNOWN }, connected: true, publishers: ['Publisher A'], statuses: [REJECTED_UNKNOWN] },
    { label: 'not connected, two pickers', params: { connected: 'false', publisher, buyer: idsOf(dims.buyers, ['Buyer South']) }, connected: false, publishers: ['Publisher A'], buyers: ['Buyer South'] },
    { label: 'not connected, a caller-id search', params: { connected: 'false', search: '5' }, connected: false, search: '5' },
  ];
}

const pct = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 10_000) / 100);

function expectedStats(range: TimeRange, f: ModelFilter) {
  const calls = model.filter((c) => matches(c, range, f));
  const count = (status: string) => calls.filter((c) => c.status === status).length;
  return {
    totalCalls: calls.length,
    dispositions: DISPOSITIONS.map((d) => ({ disposition: d, count: count(d), percentage: pct(count(d), calls.length) })),
    rejectedUnknownCount: calls.filter((c) => !isDisposition(c.status)).length,
    redNoConnectCount: calls.filter((c) => !c.connected).length,
  };
}

async function checkStats(range: NamedRange, f: ModelFilter) {
  await onStableNewYorkDay(async () => {
    const resolved = range.resolve();
    const stats = (await getOk(t.app, member.token, `/api/stats${qs({ ...range.params, ...f.params })}`)).data;
    const where = `stats ${range.label} / ${f.label}`;
    const figures = (s: typeof stats) => ({ totalCalls: s.totalCalls, dispositions: s.dispositions, rejectedUnknownCount: s.flags.rejectedUnknownCount, redNoConnectCount: s.flags.redNoConnectCount });
    expect([where, figures(stats)]).toEqual([where, expectedStats(resolved, f)]);
    expect([`${where} (previous)`, figures(stats.previous)]).toEqual([`${where} (previous)`, expectedStats(resolved.previous, f)]);
  });
}

async function checkRecords(range: NamedRange, f: ModelFilter) {
  await onStableNewYorkDay(async () => {
    const resolved = range.resolve();
    const body = await getOk(t.app, member.token, `/api/calls/records${qs({ ...range.params, ...f.params, limit: 50 })}`);
    const expected = model.filter((c) => matches(c, resolved, f)).sort((a, b) => b.ts - a.ts || 0);
    const where = `records ${range.label} / ${f.label}`;
    expect([where, body.meta.total]).toEqual([where, expected.length]);
    expect([where, body.data.map((r: { callTimestamp: string }) => Date.parse(r.callTimestamp))]).toEqual([where, expected.slice(0, 50).map((c) => c.ts)]);
    const allowed = new Set(expected.map((c) => c.systemCallId));
    expect([where, body.data.filter((r: { systemCallId: string }) => !allowed.has(r.systemCallId)).map((r: { systemCallId: string }) => r.systemCallId)]).toEqual([where, []]);
  });
}

async function checkCosts(range: NamedRange, f: ModelFilter) {
  await onStableNewYorkDay(async () => {
    const resolved = range.resolve();
    const cost = (await getOk(t.app, member.token, `/api/cost/stats${qs({ ...range.params, ...f.params })}`)).data;
    const calls = model.filter((c) => matches(c, resolved, f));
    const cents = (key: 'revenueCents' | 'payoutCents') => calls.reduce((s, c) => s + c[key], 0);
    const where = `cost ${range.label} / ${f.label}`;
    expect([where, cost.calls, cost.sales, Math.round(cost.revenue * 100), Math.round(cost.payout * 100)]).toEqual([
      where, calls.length, calls.filter((c) => c.status === 'Sales').length, cents('revenueCents'), cents('payoutCents'),
    ]);
  });
}

/** A picker's counts honour the whole filter but its own selection and the caller-id search; the dispositions the whole filter but its status. */
async function checkPickers(range: NamedRange, f: ModelFilter) {
  await onStableNewYorkDay(async () => {
    const resolved = range.resolve();
    const all = (await getOk(t.app, member.token, `/api/filters/all${qs({ ...range.params, ...f.params })}`)).data;
    const fields = { campaigns: 'campaign', publishers: 'publisher', targets: 'target', buyers: 'buyer' } as const;
    for (const name of ['campaigns', 'publishers', 'targets', 'buyers'] as const) {
      const underTheRest = model.filter((c) => matches(c, resolved, { ...f, [name]: undefined, search: undefined, callerId: undefined }));
      const expected = Object.fromEntries([...dims[name].keys()].map((label) => [label, underTheRest.filter((c) => c[fields[name]] === label).length]));
      const got = Object.fromEntries((all[name] as Array<{ label: string; count: number }>).map((o) => [o.label, o.count]));
      const where = `${name} ${range.label} / ${f.label}`;
      expect([where, got]).toEqual([where, expected]);
      // The single picker's route answers the same.
      const one = (await getOk(t.app, member.token, `/api/filters/${name}${qs({ ...range.params, ...f.params, search: undefined })}`)).data[name];
      expect([where, Object.fromEntries((one as Array<{ label: string; count: number }>).map((o) => [o.label, o.count]))]).toEqual([where, expected]);
    }
    const narrowed = model.filter((c) => matches(c, resolved, f, true));
    const where = `dispositions ${range.label} / ${f.label}`;
    expect([where, (all.dispositions as Array<{ value: string; count: number }>).slice(0, 14).map((d) => [d.value, d.count])]).toEqual([
      where,
      DISPOSITIONS.map((d) => [d, narrowed.filter((c) => c.status === d).length]),
    ]);
  });
}

const SYSTEM_CALL_ID = RECORD_COLUMNS.findIndex((c) => c.key === 'systemCallId');

describe('connected and Rejected / Unknown', () => {
  test('stats, records (total and rows) and cost stats equal brute force', async () => {
    for (const f of filters()) {
      for (const range of RANGES) {
        await checkStats(range, f);
        await checkRecords(range, f);
        await checkCosts(range, f);
      }
    }
  }, 300_000);

  test('picker counts honour connected and the rest of the filter, the dispositions the whole filter but its status', async () => {
    for (const f of filters().filter((f) => f.connected !== undefined)) for (const range of RANGES) await checkPickers(range, f);
  }, 300_000);

  test('an export holds exactly the calls of the filter', async () => {
    const exporters = [await signUp(t.app, 'Ex One'), await signUp(t.app, 'Ex Two')];
    const cases: Array<[NamedRange, ModelFilter]> = [
      [RANGES[0]!, filters()[1]!],
      [RANGES[0]!, filters()[2]!],
      [RANGES[1]!, filters()[0]!],
      [RANGES[3]!, filters()[4]!],
      [RANGES[4]!, filters()[3]!],
      [RANGES[0]!, filters()[5]!],
    ];
    for (const [i, [range, f]] of cases.entries()) {
      await onStableNewYorkDay(async () => {
        const response = await t.app.inject({ url: `/api/calls/export${qs({ ...range.params, ...f.params, fmt: 'csv' })}`, headers: bearer(exporters[i % 2]!.token) });
        const where = `export ${range.label} / ${f.label}`;
        expect([where, response.statusCode]).toEqual([where, 200]);
        const rows = Papa.parse<string[]>(response.body.slice(1), { skipEmptyLines: true }).data.slice(1);
        const expected = model.filter((c) => matches(c, range.resolve(), f)).map((c) => c.systemCallId).sort();
        expect([where, rows.map((r) => r[SYSTEM_CALL_ID]).sort()]).toEqual([where, expected]);
      });
    }
  });

  test('the data reaches what the checks are about', () => {
    const thisYear = resolvePreset('this_year', new Date());
    const inYear = model.filter((c) => c.ts >= thisYear.from.getTime() && c.ts < thisYear.to.getTime());
    expect(inYear.filter((c) => !c.connected && !isDisposition(c.status)).length).toBeGreaterThan(10);
    expect(inYear.filter((c) => c.status === '').length).toBeGreaterThan(10);
    expect(inYear.filter((c) => c.status !== '' && !isDisposition(c.status)).length).toBeGreaterThan(10);
  });

  test('any other connected value is a 400 naming connected', async () => {
    for (const url of ['/api/stats', '/api/calls/records', '/api/filters/publishers', '/api/filters/dispositions', '/api/cost/stats', '/api/stats/series']) {
      const response = await t.app.inject({ url: `${url}?connected=1`, headers: bearer(member.token) });
      expect([url, response.statusCode, response.json().errors]).toEqual([url, 400, [{ field: 'connected', message: 'connected must be one of true, false' }]]);
    }
  });
});
