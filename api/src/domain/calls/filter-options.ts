import { DISPOSITIONS, isDisposition, type FilterDimension, type FilterOption } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { likePattern } from '../users/users-repository';
import type { CallFilter } from './call-filter';
import { totalsByStatus } from './call-totals';
import type { TimeRange } from './date-range';
import { dimensionSumsSql } from './dimension-sums';
import { planDimensionCounts } from './rollup-planner';

/** Where each picker's names live, its code in calls_daily_dim, and its column on `calls`. */
export const DIMENSIONS: Record<FilterDimension, { table: string; dim: number; column: string }> = {
  campaigns: { table: 'campaigns', dim: 1, column: 'campaign_id' },
  publishers: { table: 'publishers', dim: 2, column: 'publisher_id' },
  targets: { table: 'targets', dim: 3, column: 'target_id' },
  buyers: { table: 'buyers', dim: 4, column: 'buyer_id' },
};

/** Calls per dimension value in the range: from the monthly and daily rollups for whole days, else from the raw table. */
function countsSql(dimension: FilterDimension, range: TimeRange, params: unknown[]): string {
  const { dim, column } = DIMENSIONS[dimension];
  const [part] = planDimensionCounts(range).parts;
  if (part?.source === 'days') return dimensionSumsSql(dim, part.split, params);
  params.push(range.from, range.to);
  return `SELECT ${column} AS id, count(*) AS calls FROM calls
          WHERE call_ts >= $${params.length - 1} AND call_ts < $${params.length} AND ${column} IS NOT NULL GROUP BY ${column}`;
}

/**
 * A picker's checklist: every value (those without calls too, so any can be
 * chosen), each with its number of calls in the date range, busiest first.
 */
export async function dimensionOptions(
  db: Queryable,
  dimension: FilterDimension,
  range: TimeRange,
  options: { search?: string; limit: number },
): Promise<FilterOption[]> {
  const params: unknown[] = [];
  const counts = countsSql(dimension, range, params);
  let where = '';
  if (options.search) {
    params.push(likePattern(options.search));
    where = `WHERE d.name ILIKE $${params.length}`;
  }
  params.push(options.limit);
  return db.query<FilterOption>(
    `SELECT d.id::text AS value, d.name AS label, coalesce(r.calls, 0)::int AS count
     FROM ${DIMENSIONS[dimension].table} d LEFT JOIN (${counts}) r ON r.id = d.id
     ${where}
     ORDER BY count DESC, d.name ASC
     LIMIT $${params.length}`,
    params,
  );
}

/** The 14 dispositions always, then any other status in use in the range, with their counts. */
export async function dispositionOptions(db: Queryable, filter: CallFilter): Promise<FilterOption[]> {
  const totals = await totalsByStatus(db, { ...filter, statuses: [] }, filter.range);
  const counts = new Map(totals.map((t) => [t.status, t.calls]));
  const known = DISPOSITIONS.map((d) => ({ value: d, label: d, count: counts.get(d) ?? 0 }));
  const others = totals
    .filter((t) => t.status !== '' && !isDisposition(t.status))
    .sort((a, b) => b.calls - a.calls)
    .map((t) => ({ value: t.status, label: t.status, count: t.calls }));
  return [...known, ...others];
}
