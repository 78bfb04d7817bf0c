import type { Queryable } from '../../db/database';
import { paramBinder, type Bind } from '../../db/sql-params';
import type { CallFilter } from './call-filter';
import { callWhere } from './call-where';
import type { TimeRange } from './date-range';
import { monthlyAndDailySql } from './month-split';
import { planStatusTotals, type DimensionDaysPart, type MonthSplit, type RangePart, type StatusMeasures } from './rollup-planner';
import { statusCondition } from './status-condition';

/**
 * What every figure on the dashboard is computed from: per effective status,
 * the sums over the calls. Asked for `counts` only, with `connected` set, the
 * money may come from a rollup that does not keep it by connection: it is 0.
 */
export interface StatusTotals {
  status: string;
  calls: number;
  notConnected: number;
  revenueCents: number;
  payoutCents: number;
}

// The measures every rollup path returns.
const MEASURES = `sum(calls)::bigint AS calls, sum(not_connected)::bigint AS not_connected,
  sum(revenue_cents)::bigint AS revenue_cents, sum(payout_cents)::bigint AS payout_cents`;

/**
 * The same from a rollup for the connected calls alone, or the others: exact
 * for the counts, which is all the planner lets through with `connected`
 * (planStatusTotals), so the money is left at 0.
 */
const CONNECTED_MEASURES = `sum(calls - not_connected)::bigint AS calls, 0::bigint AS not_connected, 0::bigint AS revenue_cents, 0::bigint AS payout_cents`;
const NOT_CONNECTED_MEASURES = `sum(not_connected)::bigint AS calls, sum(not_connected)::bigint AS not_connected, 0::bigint AS revenue_cents, 0::bigint AS payout_cents`;

/** Likewise for the repeat calls alone, or the first calls (the rollups keep `repeats` per status, not by connection: 0 not-connected). */
const repeatMeasures = (calls: string) => `sum(${calls})::bigint AS calls, 0::bigint AS not_connected, 0::bigint AS revenue_cents, 0::bigint AS payout_cents`;

function rollupMeasures(filter: CallFilter): string {
  if (filter.repeat !== undefined) return repeatMeasures(rollupCallsMeasure(filter));
  if (filter.connected === undefined) return MEASURES;
  return filter.connected ? CONNECTED_MEASURES : NOT_CONNECTED_MEASURES;
}

/**
 * A rollup's per-status calls as `calls`, narrowed by `connected` or `repeat`
 * (the rollups keep `not_connected` and `repeats` per status; the planner sends both together to the calls).
 */
export function rollupCallsMeasure(filter: Pick<CallFilter, 'connected' | 'repeat'>): string {
  if (filter.repeat !== undefined) return filter.repeat ? 'repeats' : '(calls - repeats)';
  if (filter.connected === undefined) return 'calls';
  return filter.connected ? '(calls - not_connected)' : 'not_connected';
}

// The same measures counted from the calls themselves (aliased `c`).
const RAW_MEASURES = `count(*)::bigint AS calls, count(*) FILTER (WHERE NOT c.connected)::bigint AS not_connected,
  coalesce(sum(c.revenue_cents), 0)::bigint AS revenue_cents, coalesce(sum(c.payout_cents), 0)::bigint AS payout_cents`;

interface TotalsRow {
  status: string;
  calls: number;
  not_connected: number;
  revenue_cents: number;
  payout_cents: number;
}

function statusClause(filter: CallFilter, bind: Bind): string {
  return filter.statuses.length > 0 ? ` AND ${statusCondition('status', filter.statuses, bind)}` : '';
}

/** Whole New York days: whole months from calls_monthly, the days at either end from calls_daily. */
function fromDaily(filter: CallFilter, split: MonthSplit, bind: Bind): string {
  const where = filter.statuses.length > 0 ? statusCondition('status', filter.statuses, bind) : 'true';
  const source = monthlyAndDailySql(
    { monthly: 'calls_monthly', daily: 'calls_daily' },
    'status, calls, not_connected, repeats, revenue_cents, payout_cents',
    where,
    split,
    bind,
  );
  return `SELECT status, ${rollupMeasures(filter)} FROM (${source}) s GROUP BY status`;
}

function fromDimensionDaily(filter: CallFilter, part: DimensionDaysPart, bind: Bind): string {
  return `SELECT status, ${rollupMeasures(filter)} FROM calls_daily_dim_status
     WHERE dim = ${bind(part.selection.dim)} AND dim_id = ANY(${bind(part.selection.ids)}::int[])
       AND day >= ${bind(part.fromDay)}::date AND day < ${bind(part.toDay)}::date${statusClause(filter, bind)}
     GROUP BY status`;
}

function fromHourly(filter: CallFilter, range: TimeRange, bind: Bind): string {
  return `SELECT status, ${rollupMeasures(filter)} FROM calls_hourly
     WHERE hour >= ${bind(range.from)} AND hour < ${bind(range.to)}${statusClause(filter, bind)} GROUP BY status`;
}

function fromRaw(filter: CallFilter, range: TimeRange, params: unknown[]): string {
  const where = callWhere(filter, range, params.length + 1);
  params.push(...where.params);
  return `SELECT c.status, ${RAW_MEASURES} FROM calls c WHERE ${where.sql} GROUP BY c.status`;
}

/** The SQL summing one part of a range (see planStatusTotals), a SELECT of TotalsRow's columns. */
function partSql(filter: CallFilter, part: RangePart, params: unknown[]): string {
  const bind = paramBinder(params);
  switch (part.source) {
    case 'dimension-days':
      return fromDimensionDaily(filter, part, bind);
    case 'days':
      return fromDaily(filter, part.split, bind);
    case 'hours':
      return fromHourly(filter, part.range, bind);
    case 'calls':
      return fromRaw(filter, part.range, params);
  }
}

/** A range and where its answers go in totalsForRanges' result. */
interface IndexedRange {
  index: number;
  range: TimeRange;
}

/**
 * Groups ranges into runs that follow one another without a gap or an
 * overlap (a period and the one before it), in time order. A run the raw
 * table answers is read in one pass.
 */
function adjacentRuns(ranges: IndexedRange[]): IndexedRange[][] {
  const runs: IndexedRange[][] = [];
  for (const entry of [...ranges].sort((a, b) => a.range.from.getTime() - b.range.from.getTime())) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && last.range.to.getTime() === entry.range.from.getTime()) run.push(entry);
    else runs.push([entry]);
  }
  return runs;
}

/**
 * One pass over the raw table for adjacent ranges (or a range on its own),
 * each call tagged with the range it falls in. A caller-id search reads its
 * index (caller-id-grams.ts) once instead of once a range (a period and the one before
 * it), and a (dimension, call_ts) scan is one walk.
 */
function fromRawRun(filter: CallFilter, run: IndexedRange[], params: unknown[]): string {
  const first = run[0] as IndexedRange;
  const last = run.at(-1) as IndexedRange;
  const where = callWhere(filter, { from: first.range.from, to: last.range.to }, params.length + 1);
  params.push(...where.params);
  const bind = paramBinder(params);
  // The run starts at the first range's start and ends at the last one's end, so every call read
  // is before some range's end; the first such end is its range.
  const whens = run
    .slice(0, -1)
    .map((entry) => `WHEN c.call_ts < ${bind(entry.range.to)} THEN ${entry.index}`)
    .join(' ');
  const rangeIndex = whens ? `CASE ${whens} ELSE ${last.index} END` : String(last.index);
  return `SELECT ${rangeIndex} AS range_index, c.status, ${RAW_MEASURES}
     FROM calls c WHERE ${where.sql} GROUP BY 1, 2`;
}

/**
 * Totals per status for a filter over each of several ranges, exact in
 * every case, in one statement: a stats card's period and the one before
 * cost one round trip to the database, not two. Each round trip wakes a
 * database backend; on a small, shared machine a late wake-up (a few ms,
 * now and then) is what the slowest requests were made of.
 */
export async function totalsForRanges(db: Queryable, filter: CallFilter, ranges: TimeRange[], measures: StatusMeasures = 'money'): Promise<StatusTotals[][]> {
  const params: unknown[] = [];
  const rows = await db.query<TotalsRow & { range_index: number }>(totalsStatement(filter, ranges, params, measures), params);
  return ranges.map((_, index) => mergeTotals(rows.filter((row) => Number(row.range_index) === index)));
}

/**
 * totalsForRanges' statement, for a caller that joins it into its own: rows
 * of `range_index` (the range's place in `ranges`) and the TotalsRow columns,
 * with its values appended to `params` and numbered after those already there.
 */
export function totalsStatement(filter: CallFilter, ranges: TimeRange[], params: unknown[], measures: StatusMeasures = 'money'): string {
  const raw: IndexedRange[] = [];
  const parts: string[] = [];
  ranges.forEach((range, index) => {
    const plan = planStatusTotals(filter, range, measures);
    if (!plan.rollup) raw.push({ index, range });
    else parts.push(...plan.parts.map((part, n) => `SELECT ${index} AS range_index, t${index}_${n}.* FROM (${partSql(filter, part, params)}) t${index}_${n}`));
  });
  for (const run of adjacentRuns(raw)) parts.push(fromRawRun(filter, run, params));
  return parts.join('\nUNION ALL\n');
}

/** Totals per status for a filter over one range (see totalsForRanges). */
export async function totalsByStatus(db: Queryable, filter: CallFilter, range: TimeRange, measures: StatusMeasures = 'money'): Promise<StatusTotals[]> {
  const [totals] = await totalsForRanges(db, filter, [range], measures);
  return totals ?? [];
}

function mergeTotals(rows: TotalsRow[]): StatusTotals[] {
  const byStatus = new Map<string, StatusTotals>();
  for (const row of rows) {
    const into = byStatus.get(row.status) ?? { status: row.status, calls: 0, notConnected: 0, revenueCents: 0, payoutCents: 0 };
    into.calls += Number(row.calls);
    into.notConnected += Number(row.not_connected);
    into.revenueCents += Number(row.revenue_cents);
    into.payoutCents += Number(row.payout_cents);
    byStatus.set(row.status, into);
  }
  // Rollup rows whose calls all moved elsewhere stay behind as zeros; they are not a status in use.
  return [...byStatus.values()].filter((t) => t.calls !== 0);
}

export function sumCalls(totals: StatusTotals[]): number {
  return totals.reduce((sum, t) => sum + t.calls, 0);
}
