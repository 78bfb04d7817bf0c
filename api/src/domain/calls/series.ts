import { DISPOSITIONS, REJECTED_UNKNOWN, isDisposition, type SeriesBucket, type SeriesBucketFigures, type SeriesData } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { paramBinder, type Bind } from '../../db/sql-params';
import type { CallFilter } from './call-filter';
import { rollupCallsMeasure } from './call-totals';
import { callWhere } from './call-where';
import { newYorkDate, type TimeRange } from './date-range';
import { planSeries, type SeriesPart } from './rollup-planner';
import { monthlyAndDailySql } from './month-split';
import { newYorkIso } from './series-buckets';
import { statusColumnsFor } from './status-columns';
import { statusCondition } from './status-condition';

/** A timeline's two periods cut into buckets: each `[from, b1, …, to]` (series-buckets.ts). */
export interface SeriesBounds {
  bucket: SeriesBucket;
  current: readonly Date[];
  previous: readonly Date[];
}

interface SeriesRow {
  bucket: number;
  status: string;
  calls: number | string;
}

/**
 * The buckets' starts, bound once for every part: as instants (for an hour
 * and a call), and as their New York dates (for a rollup's day or month).
 * width_bucket gives a value's place among them (1 = the first bucket).
 * A rollup row's day is whole inside the range, so a bucket that starts
 * within a day (a clipped end) never holds it, and comparing dates is exact:
 * no time zone arithmetic per row.
 */
interface BucketStarts {
  instants: () => string;
  days: () => string;
}

/** Each list is bound on first use only: a parameter no part reads has no type PostgreSQL can tell. */
function bucketStarts(instants: Date[], bind: Bind): BucketStarts {
  let instantsParam: string | undefined;
  let daysParam: string | undefined;
  return {
    instants: () => (instantsParam ??= bind(instants)),
    days: () => (daysParam ??= bind(instants.map(newYorkDate))),
  };
}

const bucketOfInstant = (instant: string, starts: BucketStarts) => `width_bucket(${instant}, ${starts.instants()}::timestamptz[])`;
const bucketOfDay = (day: string, starts: BucketStarts) => `width_bucket(${day}, ${starts.days()}::date[])`;

function statusClause(filter: CallFilter, bind: Bind): string {
  return filter.statuses.length > 0 ? ` AND ${statusCondition('status', filter.statuses, bind)}` : '';
}

/** One planned part: rows of (bucket, status, calls). */
function partSql(filter: CallFilter, part: SeriesPart, starts: BucketStarts, params: unknown[]): string {
  const bind = paramBinder(params);
  const calls = `sum(${rollupCallsMeasure(filter)})::bigint`;
  switch (part.source) {
    case 'days': {
      const where = filter.statuses.length > 0 ? statusCondition('status', filter.statuses, bind) : 'true';
      // Whole months only for month buckets (planSeries), so that a month row lies in one bucket.
      const sources: string[] = [];
      const { months, days } = part.split;
      if (months) sources.push(`SELECT month AS day, status, calls, not_connected, repeats FROM calls_monthly WHERE ${where} AND month >= ${bind(months.from)}::date AND month < ${bind(months.to)}::date`);
      const ranges = days.map((d) => `(day >= ${bind(d.from)}::date AND day < ${bind(d.to)}::date)`);
      if (ranges.length > 0) sources.push(`SELECT day, status, calls, not_connected, repeats FROM calls_daily WHERE ${where} AND (${ranges.join(' OR ')})`);
      return `SELECT ${bucketOfDay('day', starts)} AS bucket, status, ${calls} AS calls FROM (${sources.join(' UNION ALL ')}) s GROUP BY 1, 2`;
    }
    case 'weeks':
      // A week row's date is its Monday, where its bucket starts (planSeries reads whole weeks only).
      return `SELECT ${bucketOfDay('week', starts)} AS bucket, status, ${calls} AS calls FROM calls_weekly
         WHERE week >= ${bind(part.from)}::date AND week < ${bind(part.to)}::date${statusClause(filter, bind)} GROUP BY 1, 2`;
    case 'dimension-days':
      return `SELECT ${bucketOfDay('day', starts)} AS bucket, status, ${calls} AS calls FROM calls_daily_dim_status
         WHERE dim = ${bind(part.selection.dim)} AND dim_id = ANY(${bind(part.selection.ids)}::int[])
           AND day >= ${bind(part.fromDay)}::date AND day < ${bind(part.toDay)}::date${statusClause(filter, bind)}
         GROUP BY 1, 2`;
    case 'dimension-split': {
      const columns = statusColumnsFor(filter);
      if (!columns) throw new Error('planSeries reads per-dimension rows only for a status they keep');
      const where = `dim = ${bind(part.selection.dim)} AND dim_id = ANY(${bind(part.selection.ids)}::int[])`;
      const source = monthlyAndDailySql({ monthly: 'calls_monthly_dim', daily: 'calls_daily_dim' }, columns.map(({ column }) => column).join(', '), where, part.split, bind, { periodAs: 'day' });
      // Each row's status columns as (status, calls) rows, the shape of every other part.
      const perStatus = columns.map(({ status, column }) => `(${bind(status)}::text, d.${column})`).join(', ');
      return `SELECT ${bucketOfDay('d.day', starts)} AS bucket, s.status, sum(s.calls)::bigint AS calls
         FROM (${source}) d CROSS JOIN LATERAL (VALUES ${perStatus}) s(status, calls) GROUP BY 1, 2`;
    }
    case 'hours':
      return `SELECT ${bucketOfInstant('hour', starts)} AS bucket, status, ${calls} AS calls FROM calls_hourly
         WHERE hour >= ${bind(part.range.from)} AND hour < ${bind(part.range.to)}${statusClause(filter, bind)} GROUP BY 1, 2`;
    case 'calls': {
      const where = callWhere(filter, part.range, params.length + 1);
      params.push(...where.params);
      return `SELECT ${bucketOfInstant('c.call_ts', starts)} AS bucket, c.status, count(*)::bigint AS calls FROM calls c WHERE ${where.sql} GROUP BY 1, 2`;
    }
  }
}

/** Parts read from the calls that follow one another become one, so a search or a picker's index is walked once. */
function joinAdjacentCalls(parts: SeriesPart[]): SeriesPart[] {
  const joined: SeriesPart[] = [];
  const calls = parts.filter((p) => p.source === 'calls').sort((a, b) => a.range.from.getTime() - b.range.from.getTime());
  for (const part of calls) {
    const last = joined.at(-1);
    if (last?.source === 'calls' && last.range.to.getTime() === part.range.from.getTime()) joined[joined.length - 1] = { source: 'calls', range: { from: last.range.from, to: part.range.to } };
    else joined.push(part);
  }
  return [...parts.filter((p) => p.source !== 'calls'), ...joined];
}

/**
 * The timeline's statement: both periods, every part planned by planSeries,
 * in one round trip; each row is a bucket (1-based over the previous period's
 * buckets, then the current one's), a status and its calls in one part.
 */
export function seriesStatement(filter: CallFilter, bounds: SeriesBounds, params: unknown[]): string {
  const bind = paramBinder(params);
  const range = (b: readonly Date[]): TimeRange => ({ from: b[0] as Date, to: b.at(-1) as Date });
  // The previous period ends where the range starts, or before it when cut at the same moment of a
  // period in progress (date-range.ts), so their buckets' starts in order are one sorted list for
  // width_bucket; no part reads the gap between them.
  const instants = [...bounds.previous.slice(0, -1), ...bounds.current.slice(0, -1)];
  const starts = bucketStarts(instants, bind);
  const parts = joinAdjacentCalls([...planSeries(filter, range(bounds.previous), bounds.bucket), ...planSeries(filter, range(bounds.current), bounds.bucket)]);
  // A bucket and status may come from two parts (a day's whole hours and its partial ones): seriesFor adds them up.
  return parts.map((part) => partSql(filter, part, starts, params)).join('\nUNION ALL\n');
}

const emptyCounts = (): Record<string, number> => Object.fromEntries([...DISPOSITIONS, REJECTED_UNKNOWN].map((key) => [key, 0]));

function figures(bounds: readonly Date[]): SeriesBucketFigures[] {
  return bounds.slice(0, -1).map((from, i) => ({ from: newYorkIso(from), to: newYorkIso(bounds[i + 1] as Date), total: 0, counts: emptyCounts() }));
}

/** The timeline for a filter over its range and the previous period, bucketed as `bounds` says. */
export async function seriesFor(db: Queryable, filter: CallFilter, bounds: SeriesBounds): Promise<SeriesData> {
  const params: unknown[] = [];
  const rows = await db.query<SeriesRow>(seriesStatement(filter, bounds, params), params);
  const previous = figures(bounds.previous);
  const current = figures(bounds.current);
  for (const row of rows) {
    const index = Number(row.bucket) - 1;
    const into = index < previous.length ? previous[index] : current[index - previous.length];
    if (!into) throw new Error(`a series row outside every bucket: ${row.bucket}`);
    const calls = Number(row.calls);
    const key = isDisposition(row.status) ? row.status : REJECTED_UNKNOWN;
    into.counts[key] = (into.counts[key] ?? 0) + calls;
    into.total += calls;
  }
  return {
    bucket: bounds.bucket,
    buckets: current,
    previous: { buckets: previous.map(({ from, to, total }) => ({ from, to, total })) },
  };
}
