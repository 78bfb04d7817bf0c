import { DIMENSIONS, DISPOSITIONS, isDisposition, type FilterDimension, type FilterOption } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { paramBinder } from '../../db/sql-params';
import { likePattern } from '../users/users-repository';
import type { CallFilter } from './call-filter';
import { rollupCallsMeasure, totalsByStatus } from './call-totals';
import { newYorkDate, type TimeRange } from './date-range';
import { dimensionSumsSql } from './dimension-sums';
import { planDimensionCounts } from './rollup-planner';

/**
 * Calls per dimension value in the range: from the monthly and daily rollups for whole days, else from
 * the raw table. Those rollups keep no connection; with `connected`, whole days come from the
 * per-status one, which keeps each value's not-connected calls.
 */
function countsSql(dimension: FilterDimension, range: TimeRange, connected: boolean | undefined, params: unknown[]): string {
  const { rollupCode, column } = DIMENSIONS[dimension];
  const [part] = planDimensionCounts(range).parts;
  const bind = paramBinder(params);
  if (part?.source === 'days' && connected === undefined) return dimensionSumsSql(rollupCode, part.split, params);
  if (part?.source === 'days') {
    return `SELECT dim_id AS id, sum(${rollupCallsMeasure({ connected })})::bigint AS calls FROM calls_daily_dim_status
            WHERE dim = ${bind(rollupCode)} AND day >= ${bind(newYorkDate(range.from))}::date AND day < ${bind(newYorkDate(range.to))}::date
            GROUP BY dim_id`;
  }
  const connectedClause = connected === undefined ? '' : connected ? ' AND connected' : ' AND NOT connected';
  return `SELECT ${column} AS id, count(*) AS calls FROM calls
          WHERE call_ts >= ${bind(range.from)} AND call_ts < ${bind(range.to)} AND ${column} IS NOT NULL${connectedClause} GROUP BY ${column}`;
}

/**
 * A picker's checklist: every value (those without calls too, so any can be
 * chosen), each with its number of calls in the date range (only the connected
 * calls, or only the others, when `connected` says so), busiest first.
 */
export async function dimensionOptions(
  db: Queryable,
  dimension: FilterDimension,
  range: TimeRange,
  options: { search?: string; limit: number; connected?: boolean },
): Promise<FilterOption[]> {
  const params: unknown[] = [];
  const bind = paramBinder(params);
  const counts = countsSql(dimension, range, options.connected, params);
  const where = options.search ? `WHERE d.name ILIKE ${bind(likePattern(options.search))}` : '';
  const limit = bind(options.limit);
  return db.query<FilterOption>(
    `SELECT d.id::text AS value, d.name AS label, coalesce(r.calls, 0)::int AS count
     FROM ${DIMENSIONS[dimension].table} d LEFT JOIN (${counts}) r ON r.id = d.id
     ${where}
     ORDER BY count DESC, d.name ASC
     LIMIT ${limit}`,
    params,
  );
}

/** The 14 dispositions always, then any other status in use in the range, with their counts. */
export async function dispositionOptions(db: Queryable, filter: CallFilter): Promise<FilterOption[]> {
  const totals = await totalsByStatus(db, { ...filter, statuses: [] }, filter.range, 'counts');
  const counts = new Map(totals.map((t) => [t.status, t.calls]));
  const known = DISPOSITIONS.map((d) => ({ value: d, label: d, count: counts.get(d) ?? 0 }));
  const others = totals
    .filter((t) => t.status !== '' && !isDisposition(t.status))
    .sort((a, b) => b.calls - a.calls)
    .map((t) => ({ value: t.status, label: t.status, count: t.calls }));
  return [...known, ...others];
}
