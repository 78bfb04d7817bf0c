/**
 * GET /api/stats/series against brute force over the calls kept in memory:
 * every bucket size, both 2026 clock changes, custom ranges with partial hours
 * and days at their ends, the rollup paths (none, one picker, statuses,
 * connected) and the raw ones (several pickers, a caller-id search); the
 * totals equal /api/stats', the previous period too; empty buckets present.
 */
import { DISPOSITIONS, REJECTED_UNKNOWN, SERIES_MAX_BUCKETS, isDisposition, type SeriesData } from '@callboard/contract';
import { inNewYork } from '@callboard/contract/new-york-time';
import type { TimeRange } from '../src/domain/calls/date-range';
import { INGEST_KEY, getOk, ingestAll, onStableNewYorkDay, qs } from './support/calls-fixtures';
import { dimensionIdsOf, idsOf, matches, randomCalls, type DimensionIds, type ModelCall, type ModelFilter, customRange, presetRange, type NamedRange } from './support/call-model';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let member: SignedIn;
let model: ModelCall[];
let dims: DimensionIds;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  member = await signUp(t.app, 'Tess Timeline');
  const calls = randomCalls(20_260_308, 1500, Date.now());
  model = calls.model;
  await ingestAll(t.app, calls.inputs);
  dims = await dimensionIdsOf(t.db);
}, 120_000);
afterAll(() => t.close());

const FALL_BACK_DAY = customRange('fall-back day (25 h)', '2026-11-01T00:00', '2026-11-02T00:00');
const SPRING_NIGHT = customRange('spring-forward night, not aligned', '2026-03-07T22:13', '2026-03-08T04:46');
const MORNING = customRange('09:30 to 15:00', '2026-11-01T09:30', '2026-11-01T15:00');
const MARCH = customRange('across the spring change, partial days', '2026-03-01T09:30', '2026-03-20T15:00');
const SPRING = customRange('February to May, partial days', '2026-02-10T10:15', '2026-05-03T08:00');
const AUTUMN = customRange('across the fall change, whole days', '2026-10-20T00:00', '2026-11-10T00:00');
const MILLISECONDS = customRange('odd offsets, to the millisecond', '2026-10-28T03:17:29.123+02:00', '2026-11-03T21:00:00.001-07:00');

/** Each range with the bucket sizes asked of it (auto among them). */
const CASES: Array<[NamedRange, string[]]> = [
  [presetRange('today'), ['auto', 'hour']],
  [presetRange('last_2_days'), ['auto']],
  [presetRange('last_7_days'), ['auto', 'hour', 'day']],
  [presetRange('last_30_days'), ['day', 'week']],
  [presetRange('this_month'), ['auto']],
  [presetRange('last_month'), ['week', 'month']],
  [presetRange('last_6_months'), ['auto', 'month']],
  [presetRange('this_year'), ['auto', 'day', 'week', 'month']],
  [FALL_BACK_DAY, ['auto', 'hour']],
  [SPRING_NIGHT, ['hour', 'day']],
  [MORNING, ['hour', 'day']],
  [MARCH, ['auto', 'hour', 'day', 'week']],
  [SPRING, ['day', 'week', 'month']],
  [AUTUMN, ['day', 'week']],
  [MILLISECONDS, ['hour', 'day', 'week', 'month']],
];

function filters(): ModelFilter[] {
  const someCaller = model.find((c) => c.ts > Date.now() - 200 * 86_400_000)!.callerId;
  return [
    { label: 'none', params: {} },
    { label: 'one publisher', params: { publisher: idsOf(dims.publishers, ['Publisher B', 'Publisher D']) }, publishers: ['Publisher B', 'Publisher D'] },
    { label: 'one buyer + statuses', params: { buyer: idsOf(dims.buyers, ['Buyer North']), status: 'Sales,dnc' }, buyers: ['Buyer North'], statuses: ['Sales', 'DNC'] },
    { label: 'two pickers', params: { campaign: idsOf(dims.campaigns, ['Solar', 'ACA Health']), target: idsOf(dims.targets, ['Target 1']) }, campaigns: ['Solar', 'ACA Health'], targets: ['Target 1'] },
    { label: 'Rejected / Unknown + Voicemail', params: { status: `${REJECTED_UNKNOWN},Voicemail` }, statuses: [REJECTED_UNKNOWN, 'Voicemail'] },
    {
      label: 'one target, Rejected / Unknown + Voicemail',
      params: { target: idsOf(dims.targets, ['Target 1']), status: `${REJECTED_UNKNOWN},Voicemail` },
      targets: ['Target 1'],
      statuses: [REJECTED_UNKNOWN, 'Voicemail'],
    },
    { label: 'connected', params: { connected: 'true' }, connected: true },
    { label: 'not connected, one campaign', params: { connected: 'false', campaign: idsOf(dims.campaigns, ['Final Expense']) }, connected: false, campaigns: ['Final Expense'] },
    { label: 'not connected, Rejected / Unknown', params: { connected: 'false', status: REJECTED_UNKNOWN }, connected: false, statuses: [REJECTED_UNKNOWN] },
    { label: 'caller-id search', params: { search: '77' }, search: '77' },
    { label: 'exact caller id, connected', params: { callerId: someCaller, connected: 'true' }, callerId: someCaller, connected: true },
  ];
}

const HOUR = 3_600_000;

/** The buckets tile the range; every boundary inside it is where a bucket of that size starts on the New York clock. */
function expectTiling(where: string, buckets: Array<{ from: string; to: string }>, range: TimeRange, bucket: string) {
  const from = buckets.map((b) => Date.parse(b.from));
  const to = buckets.map((b) => Date.parse(b.to));
  expect([where, from[0], to.at(-1)]).toEqual([where, range.from.getTime(), range.to.getTime()]);
  for (let i = 1; i < buckets.length; i += 1) expect([where, from[i]]).toEqual([where, to[i - 1]]);
  for (const b of buckets) {
    // Written with the New York offset of that instant.
    expect([where, b.from]).toEqual([where, inNewYork(Date.parse(b.from)).toISO()]);
  }
  for (const start of from.slice(1)) {
    const local = inNewYork(start);
    const onUnit = { hour: start % HOUR === 0, day: local.startOf('day').toMillis() === start, week: local.startOf('week').toMillis() === start, month: local.startOf('month').toMillis() === start }[bucket];
    expect([where, bucket, local.toISO(), onUnit]).toEqual([where, bucket, local.toISO(), true]);
  }
  // No bucket holds a whole unit and more: each is at most one hour, day, week or month on the New York clock.
  for (let i = 0; i < buckets.length; i += 1) {
    const start = inNewYork(from[i]!);
    const next = bucket === 'hour' ? start.plus({ hours: 1 }) : start.startOf(bucket as 'day' | 'week' | 'month').plus({ [`${bucket}s`]: 1 });
    expect([where, to[i]! <= next.toMillis()]).toEqual([where, true]);
  }
}

function expectedCounts(range: TimeRange, f: ModelFilter): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries([...DISPOSITIONS, REJECTED_UNKNOWN].map((k) => [k, 0]));
  for (const call of model) if (matches(call, range, f)) counts[isDisposition(call.status) ? call.status : REJECTED_UNKNOWN]! += 1;
  return counts;
}

const sumOf = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const range = (b: { from: string; to: string }): TimeRange => ({ from: new Date(b.from), to: new Date(b.to) });

async function checkSeries(c: NamedRange, bucket: string, f: ModelFilter) {
  await onStableNewYorkDay(async () => {
    const resolved = c.resolve();
    const where = `${c.label} by ${bucket} / ${f.label}`;
    const query = qs({ ...c.params, ...f.params });
    const series = (await getOk<{ data: SeriesData }>(t.app, member.token, `/api/stats/series${qs({ ...c.params, ...f.params, bucket })}`)).data;
    const size = series.bucket;
    if (bucket !== 'auto') expect([where, size]).toEqual([where, bucket]);
    expectTiling(where, series.buckets, resolved, size);
    expectTiling(`${where} (previous)`, series.previous.buckets, resolved.previous, size);
    for (const b of series.buckets) {
      const expected = expectedCounts(range(b), f);
      expect([where, b.from, b.counts, b.total]).toEqual([where, b.from, expected, sumOf(expected)]);
    }
    for (const b of series.previous.buckets) {
      expect([`${where} (previous)`, b.from, b.total]).toEqual([`${where} (previous)`, b.from, model.filter((call) => matches(call, range(b), f)).length]);
    }
    // The buckets add up to the stats cards' totals, this period and the previous one.
    const stats = (await getOk(t.app, member.token, `/api/stats${query}`)).data;
    expect([where, series.buckets.reduce((s, b) => s + b.total, 0), series.previous.buckets.reduce((s, b) => s + b.total, 0)]).toEqual([
      where,
      stats.totalCalls,
      stats.previous.totalCalls,
    ]);
  });
}

describe('GET /api/stats/series', () => {
  test('every range and bucket size, unfiltered, equals brute force; auto picks hour, day or week by the length', async () => {
    for (const [c, buckets] of CASES) for (const bucket of buckets) await checkSeries(c, bucket, filters()[0]!);
    const auto = async (params: Record<string, string>) => (await getOk<{ data: SeriesData }>(t.app, member.token, `/api/stats/series${qs(params)}`)).data.bucket;
    expect(await auto({ datePreset: 'today' })).toBe('hour');
    expect(await auto({ datePreset: 'last_2_days' })).toBe('hour');
    expect(await auto({ datePreset: 'last_30_days' })).toBe('day');
    expect(await auto({ datePreset: 'last_6_months' })).toBe('week');
    expect(await auto(MARCH.params)).toBe('day');
  }, 300_000);

  test('every filter, on ranges that take every path (rollups, partial days and hours, the calls), equals brute force', async () => {
    const sample: Array<[NamedRange, string]> = [
      [presetRange('this_year'), 'week'],
      [presetRange('last_30_days'), 'day'],
      [presetRange('today'), 'hour'],
      [MARCH, 'day'],
      [SPRING, 'month'],
      [FALL_BACK_DAY, 'hour'],
      [MILLISECONDS, 'week'],
    ];
    for (const f of filters().slice(1)) for (const [c, bucket] of sample) await checkSeries(c, bucket, f);
  }, 300_000);

  test('the data reaches the edges the checks are about', () => {
    const between = (from: string, to: string) => model.filter((c) => c.ts >= Date.parse(from) && c.ts < Date.parse(to)).length;
    expect(between('2026-11-01T05:00:00Z', '2026-11-01T07:00:00Z')).toBeGreaterThan(5); // both 01:00 hours
    expect(between('2026-03-08T05:00:00Z', '2026-03-08T08:00:00Z')).toBeGreaterThan(3);
    expect(model.filter((c) => !isDisposition(c.status)).length).toBeGreaterThan(50);
    expect(model.filter((c) => !c.connected).length).toBeGreaterThan(100);
  });

  test('the 25-hour day by the hour is 25 buckets, its repeated 01:00 told apart by the offset', async () => {
    const series = (await getOk<{ data: SeriesData }>(t.app, member.token, `/api/stats/series${qs({ ...FALL_BACK_DAY.params, bucket: 'hour' })}`)).data;
    expect(series.buckets).toHaveLength(25);
    expect(series.buckets.slice(1, 3).map((b) => b.from)).toEqual(['2026-11-01T01:00:00.000-04:00', '2026-11-01T01:00:00.000-05:00']);
    const spring = (await getOk<{ data: SeriesData }>(t.app, member.token, `/api/stats/series${qs({ datePreset: 'custom', startDate: '2026-03-08T00:00', endDate: '2026-03-09T00:00', bucket: 'hour' })}`)).data;
    expect(spring.buckets).toHaveLength(23);
    expect(spring.buckets[2]!.from).toBe('2026-03-08T03:00:00.000-04:00');
  });

  test('a custom range is clipped: 09:30 to 15:00 by the hour starts at 09:30; the previous period is as long, cut the same way', async () => {
    const series = (await getOk<{ data: SeriesData }>(t.app, member.token, `/api/stats/series${qs({ ...MORNING.params, bucket: 'hour' })}`)).data;
    expect(series.buckets.map((b) => [b.from.slice(11, 16), b.to.slice(11, 16)])).toEqual([
      ['09:30', '10:00'], ['10:00', '11:00'], ['11:00', '12:00'], ['12:00', '13:00'], ['13:00', '14:00'], ['14:00', '15:00'],
    ]);
    expect(series.previous.buckets.map((b) => [b.from.slice(11, 16), b.to.slice(11, 16)])).toEqual([
      ['04:00', '05:00'], ['05:00', '06:00'], ['06:00', '07:00'], ['07:00', '08:00'], ['08:00', '09:00'], ['09:00', '09:30'],
    ]);
  });

  test('empty buckets are listed with zeros', async () => {
    const series = (await getOk<{ data: SeriesData }>(t.app, member.token, `/api/stats/series${qs({ datePreset: 'custom', startDate: '2020-01-01T00:00', endDate: '2020-01-04T00:00', bucket: 'day' })}`)).data;
    expect(series.buckets).toHaveLength(3);
    for (const b of series.buckets) {
      expect(b.total).toBe(0);
      expect(Object.keys(b.counts)).toEqual([...DISPOSITIONS, REJECTED_UNKNOWN]);
      expect(Object.values(b.counts).every((n) => n === 0)).toBe(true);
    }
    expect(series.previous.buckets.map((b) => b.total)).toEqual([0, 0, 0]);
  });

  test('400s name the param: a bucket size that is not one, too many buckets, a bad connected, a bad filter beside a bad bucket', async () => {
    const ask = (params: Record<string, string>) => t.app.inject({ url: `/api/stats/series${qs(params)}`, headers: bearer(member.token) });
    const fields = async (params: Record<string, string>) => {
      const response = await ask(params);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      return response.json().errors.map((e: { field: string }) => e.field);
    };
    expect(await fields({ datePreset: 'today', bucket: 'minute' })).toEqual(['bucket']);
    expect(await fields({ datePreset: 'this_year', bucket: 'hour' })).toEqual(['bucket']);
    const tooMany = await ask({ datePreset: 'last_6_months', bucket: 'hour' });
    expect(tooMany.json().message).toContain(`at most ${SERIES_MAX_BUCKETS}`);
    expect(await fields({ datePreset: 'today', connected: 'yes' })).toEqual(['connected']);
    expect(await fields({ datePreset: 'someday', bucket: 'fortnight' })).toEqual(['datePreset', 'bucket']);
    expect((await t.app.inject({ url: '/api/stats/series' })).statusCode).toBe(401);
  });
});
