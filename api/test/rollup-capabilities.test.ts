/**
 * Each rollup module's declaration (`answers`, api/src/domain/calls/rollups/)
 * held to its SQL: for every rollup the planner chooses among, every question
 * it has SQL for and every filter of a grid under which it says that SQL is
 * exact, a part of it read on its own equals brute force over the calls of
 * the slice it covers. The planner's tests hold each plan to the
 * declarations, so together every part of every plan is exact; the API's
 * brute-force tests (calls-exactness, series, scorecard, costs) hold the
 * readers' combining of the parts.
 */
import { DIMENSIONS, FILTER_DIMENSIONS, REJECTED_UNKNOWN, isDisposition, type FilterDimension } from '@callboard/contract';
import { inNewYork } from '@callboard/contract/new-york-time';
import { paramBinder } from '../src/db/sql-params';
import { ODD_STATUSES } from '../src/demo/demo-calls';
import { seedDemoCalls } from '../src/demo/seed-demo-calls';
import { parseCallFilter, type CallFilter } from '../src/domain/calls/call-filter';
import type { TimeRange } from '../src/domain/calls/date-range';
import { pickerFilter } from '../src/domain/calls/filter-options';
import { splitByMonth, splitByMonthLess, type MonthSplit } from '../src/domain/calls/month-split';
import { ROLLUPS } from '../src/domain/calls/rollup-planner';
import { CombinationDaysPart } from '../src/domain/calls/rollups/combination-days';
import { DailyPart } from '../src/domain/calls/rollups/daily';
import { DimensionSplitPart } from '../src/domain/calls/rollups/dimension-split';
import { DimensionStatusDaysPart } from '../src/domain/calls/rollups/dimension-status-days';
import { HourlyPart } from '../src/domain/calls/rollups/hourly';
import { RawCallsPart } from '../src/domain/calls/rollups/raw-calls';
import type { CostPart, OptionsPart, Rollup, ScorecardPart, SeriesPart, StatusMeasures, TotalsPart } from '../src/domain/calls/rollups/rollup-part';
import { singleSelection } from '../src/domain/calls/rollups/selection';
import { WeeklyPart } from '../src/domain/calls/rollups/weekly';
import { selectedIds } from '../src/domain/calls/selected-ids';
import { bucketStarts } from '../src/domain/calls/series';
import { bucketBounds } from '../src/domain/calls/series-buckets';
import { STATUS_COLUMNS } from '../src/domain/calls/status-columns';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let testDb: TestDatabase;

interface Call {
  ts: number;
  status: string;
  connected: boolean;
  repeat: boolean;
  revenueCents: number;
  payoutCents: number;
  callerId: string;
  dispute: string;
  ids: Record<FilterDimension, number | null>;
}
let calls: Call[];

// Fixed, so the slices below hold what they are about: months, a month less days at both ends, the spring change.
const END = new Date('2026-06-20T16:00:00Z');

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedDemoCalls(testDb.db, { calls: 2500, days: 120, seed: 26, end: END });
  // Some calls in each dispute state (no rollup keeps it, so a rollup that said it answered `dispute=` would count them all).
  await testDb.db.query(
    `UPDATE calls SET dispute_state = (ARRAY['open', 'accepted', 'partial', 'rejected'])[1 + id % 4] WHERE id % 7 = 0`,
  );
  const rows = await testDb.db.query<Record<string, unknown>>(
    `SELECT call_ts, status, connected, repeat_of IS NOT NULL AS repeat, revenue_cents, payout_cents, caller_id, dispute_state,
       campaign_id, publisher_id, target_id, buyer_id FROM calls`,
  );
  const id = (value: unknown) => (value === null ? null : Number(value));
  calls = rows.map((row) => ({
    ts: new Date(row.call_ts as string).getTime(),
    status: row.status as string,
    connected: row.connected as boolean,
    repeat: row.repeat as boolean,
    revenueCents: Number(row.revenue_cents),
    payoutCents: Number(row.payout_cents),
    callerId: (row.caller_id as string | null) ?? '',
    dispute: row.dispute_state as string,
    ids: { campaigns: id(row.campaign_id), publishers: id(row.publisher_id), targets: id(row.target_id), buyers: id(row.buyer_id) },
  }));
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

// ---------------------------------------------------------------- brute force

const statusMatches = (status: string, statuses: string[]) => statuses.includes(status) || (statuses.includes(REJECTED_UNKNOWN) && !isDisposition(status));

function matches(call: Call, filter: CallFilter, range: TimeRange): boolean {
  if (call.ts < range.from.getTime() || call.ts >= range.to.getTime()) return false;
  for (const dimension of FILTER_DIMENSIONS) {
    const ids = selectedIds(filter, dimension);
    const value = call.ids[dimension];
    if (ids.length > 0 && (value === null || !ids.includes(value))) return false;
  }
  if (filter.statuses.length > 0 && !statusMatches(call.status, filter.statuses)) return false;
  if (filter.search !== undefined && !call.callerId.toLowerCase().includes(filter.search.toLowerCase())) return false;
  if (filter.callerId !== undefined && call.callerId !== filter.callerId) return false;
  if (filter.connected !== undefined && call.connected !== filter.connected) return false;
  if (filter.repeat !== undefined && call.repeat !== filter.repeat) return false;
  if (filter.dispute !== undefined && call.dispute !== filter.dispute) return false;
  return true;
}

/**
 * The calls a filter selects in a range, filtered once: the checks below ask for the same filter and range
 * of several parts, questions and dimensions, some 2,000 checks in all.
 */
const selections = new Map<string, Call[]>();
function selected(filter: CallFilter, range: TimeRange): Call[] {
  const key = `${JSON.stringify(filter)} ${range.from.getTime()} ${range.to.getTime()}`;
  let found = selections.get(key);
  if (!found) selections.set(key, (found = calls.filter((c) => matches(c, filter, range))));
  return found;
}

/** Adds `values` into `into[key]`. */
function add(into: Map<string, number[]>, key: string, values: number[]) {
  const sums = into.get(key) ?? values.map(() => 0);
  values.forEach((v, i) => (sums[i] = (sums[i] as number) + v));
  into.set(key, sums);
}

/** Sums by key, without the keys whose sums are all 0 (a rollup row whose calls all moved), sorted: one toEqual. */
const settled = (sums: Map<string, number[]>) =>
  [...sums.entries()].filter(([, values]) => values.some((v) => v !== 0)).sort(([a], [b]) => a.localeCompare(b));

// ---------------------------------------------------------------- slices

const midnight = (day: string) => inNewYork(day).toJSDate();
const daysRange = (fromDay: string, toDay: string): TimeRange => ({ from: midnight(fromDay), to: midnight(toDay) });
const splitRange = (split: MonthSplit): TimeRange => {
  const days = [...(split.months ? [split.months] : []), ...split.days];
  return daysRange(days.map((d) => d.from).sort()[0] as string, days.map((d) => d.to).sort().at(-1) as string);
};

// Whole months, and a March and a June day at either end; 2026-03-08 is the spring change.
const MONTHS = splitByMonth('2026-03-05', '2026-06-12');
// May, read as its month row less the 1st-2nd and the 29th-31st, which hold calls.
const MONTH_LESS = splitByMonthLess('2026-05-03', '2026-05-29');
const DAYS = { days: [{ from: '2026-03-05', to: '2026-04-09' }] };
const HOURS: TimeRange = { from: new Date('2026-04-10T07:00:00Z'), to: new Date('2026-04-26T19:00:00Z') };
const RAGGED: TimeRange = { from: new Date('2026-03-06T13:17:29.123Z'), to: new Date('2026-05-19T09:41:00Z') };

test('the slices hold calls, and the month read less its days has calls in the days subtracted', () => {
  expect(MONTHS.months).toEqual({ from: '2026-04-01', to: '2026-06-01' });
  expect(MONTH_LESS).toEqual({ months: { from: '2026-05-01', to: '2026-06-01' }, days: [], lessDays: [{ from: '2026-05-01', to: '2026-05-03' }, { from: '2026-05-29', to: '2026-06-01' }] });
  const none = parseCallFilter({});
  for (const range of [splitRange(MONTHS), daysRange('2026-05-01', '2026-05-03'), daysRange('2026-05-29', '2026-06-01'), HOURS, RAGGED]) {
    expect(calls.filter((c) => matches(c, none, range)).length).toBeGreaterThan(20);
  }
  expect(calls.filter((c) => c.repeat).length).toBeGreaterThan(10);
  expect(calls.filter((c) => !c.connected).length).toBeGreaterThan(10);
  expect(calls.filter((c) => c.ids.targets === null).length).toBeGreaterThan(10);
  expect(calls.filter((c) => ODD_STATUSES.includes(c.status)).length).toBeGreaterThan(10);
});

// ---------------------------------------------------------------- the filters

/** A grid over what the rollups keep apart and what they do not: statuses, connection, repeats, selections, caller ids. */
function filters(): Array<{ label: string; filter: CallFilter }> {
  const busiest = (dimension: FilterDimension, n: number) => {
    const counts = new Map<number, number>();
    for (const c of calls) {
      const id = c.ids[dimension];
      if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([id]) => id).join(',');
  };
  const statuses: Array<Record<string, string>> = [{}, { status: 'Sales' }, { status: `Sales,${REJECTED_UNKNOWN}` }, { status: `${ODD_STATUSES[0]},Voicemail` }];
  const connection: Array<Record<string, string>> = [{}, { connected: 'true' }, { connected: 'false' }, { repeat: 'true' }, { repeat: 'false' }, { connected: 'true', repeat: 'false' }];
  const selections: Array<Record<string, string>> = [
    {},
    { publisher: busiest('publishers', 2) },
    { target: busiest('targets', 1) },
    { campaign: busiest('campaigns', 1), buyer: busiest('buyers', 2) },
  ];
  const grid: Array<Record<string, string>> = [];
  for (const s of statuses) for (const c of connection) for (const d of selections) grid.push({ ...s, ...c, ...d });
  const caller = calls.find((c) => c.callerId.length > 6)?.callerId as string;
  grid.push({ search: caller.slice(-3) }, { search: '1', publisher: busiest('publishers', 1) }, { callerId: caller }, { callerId: caller, status: 'Sales' });
  grid.push({ dispute: 'open' }, { dispute: 'none', status: 'Sales' }, { dispute: 'accepted', publisher: busiest('publishers', 1) }, { dispute: 'rejected', connected: 'true' });
  return grid.map((params) => ({ label: JSON.stringify(params), filter: parseCallFilter(params) }));
}

// ---------------------------------------------------------------- the parts, as the planner makes them

/** A rollup's parts over the slices its rows hold, for a question under a filter it answers. */
type Slices<Part> = (filter: CallFilter, dimension: FilterDimension) => Array<{ part: Part; range: TimeRange; bucket?: 'hour' | 'day' | 'week' | 'month' }>;

const dimOf = (dimension: FilterDimension) => DIMENSIONS[dimension].rollupCode;
const idsIn = (filter: CallFilter, dimension: FilterDimension) => (selectedIds(filter, dimension).length > 0 ? selectedIds(filter, dimension) : undefined);
const selectionOf = (filter: CallFilter) => singleSelection(filter) as { dim: number; ids: number[] };

const TOTALS = new Map<Rollup, Slices<TotalsPart>>([
  [RawCallsPart, () => [{ part: new RawCallsPart(RAGGED), range: RAGGED }]],
  [HourlyPart, () => [{ part: new HourlyPart(HOURS), range: HOURS }]],
  [DailyPart, () => [{ part: new DailyPart(MONTHS), range: splitRange(MONTHS) }]],
  [DimensionStatusDaysPart, (f) => [{ part: new DimensionStatusDaysPart(selectionOf(f).dim, selectionOf(f).ids, '2026-03-05', '2026-06-12'), range: daysRange('2026-03-05', '2026-06-12') }]],
]);

const SERIES = new Map<Rollup, Slices<SeriesPart>>([
  [RawCallsPart, () => [{ part: new RawCallsPart(RAGGED), range: RAGGED, bucket: 'week' }]],
  [HourlyPart, () => [{ part: new HourlyPart(HOURS), range: HOURS, bucket: 'hour' }]],
  [
    DailyPart,
    () => [
      { part: new DailyPart(MONTHS), range: splitRange(MONTHS), bucket: 'month' },
      { part: new DailyPart(DAYS), range: splitRange(DAYS), bucket: 'day' },
    ],
  ],
  [WeeklyPart, () => [{ part: new WeeklyPart('2026-03-02', '2026-06-01'), range: daysRange('2026-03-02', '2026-06-01'), bucket: 'week' }]],
  [DimensionStatusDaysPart, (f) => [{ part: new DimensionStatusDaysPart(selectionOf(f).dim, selectionOf(f).ids, '2026-03-05', '2026-04-09'), range: daysRange('2026-03-05', '2026-04-09'), bucket: 'day' }]],
  [
    DimensionSplitPart,
    (f) => [
      { part: new DimensionSplitPart(selectionOf(f).dim, selectionOf(f).ids, MONTHS), range: splitRange(MONTHS), bucket: 'month' },
      { part: new DimensionSplitPart(selectionOf(f).dim, selectionOf(f).ids, DAYS), range: splitRange(DAYS), bucket: 'day' },
    ],
  ],
]);

const OPTIONS = new Map<Rollup, Slices<OptionsPart>>([
  [RawCallsPart, () => [{ part: new RawCallsPart(RAGGED), range: RAGGED }]],
  [CombinationDaysPart, () => [{ part: new CombinationDaysPart(MONTHS), range: splitRange(MONTHS) }]],
  [
    DimensionSplitPart,
    (_f, d) => [
      { part: new DimensionSplitPart(dimOf(d), undefined, MONTHS), range: splitRange(MONTHS) },
      { part: new DimensionSplitPart(dimOf(d), undefined, MONTH_LESS), range: daysRange('2026-05-03', '2026-05-29') },
    ],
  ],
  [DimensionStatusDaysPart, (_f, d) => [{ part: new DimensionStatusDaysPart(dimOf(d), undefined, '2026-03-05', '2026-06-12'), range: daysRange('2026-03-05', '2026-06-12') }]],
]);

const SCORECARD = new Map<Rollup, Slices<ScorecardPart>>([
  [RawCallsPart, () => [{ part: new RawCallsPart(RAGGED), range: RAGGED }]],
  [
    DimensionSplitPart,
    (f, d) => [
      { part: new DimensionSplitPart(dimOf(d), idsIn(f, d), MONTHS), range: splitRange(MONTHS) },
      { part: new DimensionSplitPart(dimOf(d), idsIn(f, d), MONTH_LESS), range: daysRange('2026-05-03', '2026-05-29') },
    ],
  ],
  [DimensionStatusDaysPart, (f, d) => [{ part: new DimensionStatusDaysPart(dimOf(d), idsIn(f, d), '2026-03-05', '2026-06-12'), range: daysRange('2026-03-05', '2026-06-12') }]],
]);

const COST = new Map<Rollup, Slices<CostPart>>([
  [RawCallsPart, () => [{ part: new RawCallsPart(RAGGED), range: RAGGED }]],
  [DimensionSplitPart, (_f, d) => [{ part: new DimensionSplitPart(dimOf(d), undefined, MONTHS), range: splitRange(MONTHS) }]],
]);

test('every question a rollup declares has its slices here', () => {
  const covered = { totals: TOTALS, series: SERIES, options: OPTIONS, scorecard: SCORECARD, cost: COST };
  for (const rollup of ROLLUPS) {
    for (const [question, slices] of Object.entries(covered)) {
      expect([rollup.tables, question, slices.has(rollup)]).toEqual([rollup.tables, question, rollup.answers[question as keyof typeof covered] !== undefined]);
    }
  }
});

// ---------------------------------------------------------------- the checks

const query = (sql: string, params: unknown[]) => testDb.db.query<Record<string, unknown>>(sql, params);
const numbers = (row: Record<string, unknown>, columns: readonly string[]) => columns.map((c) => Number(row[c]));

/** The rollups that answer a question under a filter, each with how often it did: none of the checks below may be vacuous. */
const answered = new Map<string, number>();
const count = (rollup: Rollup, question: string) => answered.set(`${rollup.tables.join('+')} ${question}`, (answered.get(`${rollup.tables.join('+')} ${question}`) ?? 0) + 1);

describe.each(ROLLUPS.map((rollup) => [rollup.tables.join(', '), rollup] as const))('%s', (_name, rollup) => {
  const answersTotals = rollup.answers.totals;
  if (answersTotals) test('totals, under every filter it says it answers', async () => {
    for (const { label, filter } of filters()) {
      for (const measures of ['counts', 'money'] as StatusMeasures[]) {
        if (!answersTotals(filter, measures)) continue;
        count(rollup, `totals ${measures}`);
        // With the connection or repeats, the counts alone are asked of a rollup (its money is left at 0).
        const columns = measures === 'counts' && (filter.connected !== undefined || filter.repeat !== undefined) ? ['calls'] : ['calls', 'not_connected', 'revenue_cents', 'payout_cents'];
        for (const { part, range } of (TOTALS.get(rollup) as Slices<TotalsPart>)(filter, 'campaigns')) {
          const params: unknown[] = [];
          const got = new Map<string, number[]>();
          for (const row of await query(part.totalsSql(filter, params), params)) add(got, row.status as string, numbers(row, columns));
          const expected = new Map<string, number[]>();
          for (const c of selected(filter, range)) {
            const all = { calls: 1, not_connected: c.connected ? 0 : 1, revenue_cents: c.revenueCents, payout_cents: c.payoutCents };
            add(expected, c.status, columns.map((column) => all[column as keyof typeof all]));
          }
          expect([label, measures, part, settled(got)]).toEqual([label, measures, part, settled(expected)]);
        }
      }
    }
  });

  const answersSeries = rollup.answers.series;
  if (answersSeries) test('a timeline\'s buckets, under every filter it says it answers', async () => {
    for (const { label, filter } of filters()) {
      if (!answersSeries(filter)) continue;
      count(rollup, 'series');
      for (const { part, range, bucket } of (SERIES.get(rollup) as Slices<SeriesPart>)(filter, 'campaigns')) {
        const bounds = bucketBounds(range, bucket ?? 'day') as readonly Date[];
        const starts = bounds.slice(0, -1);
        const params: unknown[] = [];
        const sql = part.seriesSql(filter, bucketStarts(starts, paramBinder(params)), params);
        // A status outside the 14 may come under its own name or as Rejected / Unknown, which the timeline counts it as.
        const shown = (status: string) => (isDisposition(status) ? status : REJECTED_UNKNOWN);
        const got = new Map<string, number[]>();
        for (const row of await query(sql, params)) add(got, `${Number(row.bucket)} ${shown(row.status as string)}`, [Number(row.calls)]);
        const expected = new Map<string, number[]>();
        for (const c of selected(filter, range)) {
          const index = starts.filter((start) => start.getTime() <= c.ts).length;
          add(expected, `${index} ${shown(c.status)}`, [1]);
        }
        expect([label, part, bucket, settled(got)]).toEqual([label, part, bucket, settled(expected)]);
      }
    }
  });

  const answersOptions = rollup.answers.options;
  if (answersOptions) test("a picker's counts, under every filter it says it answers", async () => {
    for (const { label, filter: full } of filters()) {
      for (const dimension of FILTER_DIMENSIONS) {
        const filter = pickerFilter(full, dimension);
        if (!answersOptions(filter)) continue;
        count(rollup, 'options');
        for (const { part, range } of (OPTIONS.get(rollup) as Slices<OptionsPart>)(filter, dimension)) {
          const params: unknown[] = [];
          const got = new Map<string, number[]>();
          // A picker lists the values of its table: a call without a target or buyer is none of them.
          for (const row of await query(part.optionsSql(dimension, filter, params), params)) if (Number(row.id) > 0) add(got, String(row.id), [Number(row.calls)]);
          const expected = new Map<string, number[]>();
          for (const c of selected(filter, range).filter((c) => c.ids[dimension] !== null)) add(expected, String(c.ids[dimension]), [1]);
          expect([label, dimension, part, settled(got)]).toEqual([label, dimension, part, settled(expected)]);
        }
      }
    }
  });

  const answersScorecard = rollup.answers.scorecard;
  if (answersScorecard) test('the scorecard per value, under every filter it says it answers', async () => {
    const columns = ['calls', 'not_connected', 'repeats', 'revenue_cents', 'payout_cents', ...STATUS_COLUMNS.map(({ column }) => column)];
    for (const { label, filter } of filters()) {
      for (const grouped of FILTER_DIMENSIONS) {
        if (!answersScorecard(filter, grouped)) continue;
        count(rollup, 'scorecard');
        for (const { part, range } of (SCORECARD.get(rollup) as Slices<ScorecardPart>)(filter, grouped)) {
          const params: unknown[] = [];
          const got = new Map<string, number[]>();
          for (const row of await query(part.scorecardSql(filter, grouped, 7, params), params)) {
            expect(Number(row.range_index)).toBe(7);
            add(got, String(row.id), numbers(row, columns));
          }
          const expected = new Map<string, number[]>();
          for (const c of selected(filter, range)) {
            const perStatus = STATUS_COLUMNS.map(({ status }) => (statusMatches(c.status, [status]) ? 1 : 0));
            add(expected, String(c.ids[grouped] ?? 0), [1, c.connected ? 0 : 1, c.repeat ? 1 : 0, c.revenueCents, c.payoutCents, ...perStatus]);
          }
          expect([label, grouped, part, settled(got)]).toEqual([label, grouped, part, settled(expected)]);
        }
      }
    }
  });

  const answersCost = rollup.answers.cost;
  if (answersCost) test('the cost breakdown per value, under every filter it says it answers', async () => {
    for (const { label, filter } of filters()) {
      for (const dimension of FILTER_DIMENSIONS) {
        if (!answersCost(filter)) continue;
        count(rollup, 'cost');
        for (const { part, range } of (COST.get(rollup) as Slices<CostPart>)(filter, dimension)) {
          const params: unknown[] = [];
          const got = new Map<string, number[]>();
          for (const row of await query(part.costSql(dimension, filter, 'Sales', params), params)) add(got, String(row.id), numbers(row, ['calls', 'sales', 'revenue_cents', 'payout_cents']));
          const expected = new Map<string, number[]>();
          for (const c of selected(filter, range)) add(expected, String(c.ids[dimension] ?? 0), [1, c.status === 'Sales' ? 1 : 0, c.revenueCents, c.payoutCents]);
          expect([label, dimension, part, settled(got)]).toEqual([label, dimension, part, settled(expected)]);
        }
      }
    }
  });
});

test('no check above was vacuous: each rollup answered each question it declares under several filters', () => {
  const declared = ROLLUPS.flatMap((rollup) => {
    const a = rollup.answers;
    const questions = [
      ...(a.totals ? ['totals counts', 'totals money'] : []),
      ...(a.series ? ['series'] : []),
      ...(a.options ? ['options'] : []),
      ...(a.scorecard ? ['scorecard'] : []),
      ...(a.cost ? ['cost'] : []),
    ];
    return questions.map((question) => `${rollup.tables.join('+')} ${question}`);
  });
  expect(declared.filter((key) => (answered.get(key) ?? 0) < 2)).toEqual([]);
});
