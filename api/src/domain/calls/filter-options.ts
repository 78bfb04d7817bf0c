import { DIMENSIONS, DISPOSITIONS, isDisposition, type FilterDimension, type FilterOption } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { paramBinder } from '../../db/sql-params';
import { likePattern } from '../users/users-repository';
import type { CallFilter } from './call-filter';
import { totalsByStatus } from './call-totals';
import { planDimensionCounts } from './rollup-planner';
import { withoutSelectionIn } from './rollups/selection';

/**
 * What a picker's counts are narrowed by: everything on screen except the
 * picker's own selection (counted under it, the list would offer only what is
 * already chosen) and the caller-id search (a picker lists who sent calls, not
 * which callers). A transcript search (`q`) stays: it narrows what the calls
 * were about, as a status does, and "which publishers sent the calls that
 * mention a refund" is a question the pickers should answer. Its counts come
 * from the calls (planDimensionCounts), through the words' index.
 */
export function pickerFilter(filter: CallFilter, dimension: FilterDimension): CallFilter {
  return { ...withoutSelectionIn(filter, dimension), search: undefined, callerId: undefined };
}

/**
 * Which values a picker may offer beyond its filter: exactly these ids (a partner's own publishers or
 * buyers), or only the values with calls counted (a partner's other pickers: the network's other values
 * are not its business). Undefined: every value.
 */
export type PickerRestriction = { ids: readonly number[] } | { withCalls: true };

/** The condition a restriction adds, on `d.id` (the value's id) and `calls` (the expression of its count); none without one. */
export function restrictionSql(only: PickerRestriction | undefined, bind: (value: unknown) => string, calls: string): string | undefined {
  if (!only) return undefined;
  return 'ids' in only ? `d.id = ANY(${bind(only.ids)}::int[])` : `${calls} > 0`;
}

/**
 * A picker's checklist: every value (those without calls too, so any can be
 * chosen), each with its number of calls under the rest of the filter
 * (pickerFilter), busiest first. `only` narrows the values offered (PickerRestriction).
 */
export async function dimensionOptions(
  db: Queryable,
  dimension: FilterDimension,
  filter: CallFilter,
  options: { search?: string; limit: number; only?: PickerRestriction },
): Promise<FilterOption[]> {
  const narrowing = pickerFilter(filter, dimension);
  const params: unknown[] = [];
  const parts = planDimensionCounts(narrowing, filter.range, dimension).parts.map((part) => `SELECT id, calls FROM (${part.optionsSql(dimension, narrowing, params)}) p`);
  const counts = parts.length === 1 ? parts[0] : `SELECT id, sum(calls) AS calls FROM (${parts.join(' UNION ALL ')}) parts GROUP BY id`;
  const bind = paramBinder(params);
  const conditions = [options.search ? `d.name ILIKE ${bind(likePattern(options.search))}` : undefined, restrictionSql(options.only, bind, 'coalesce(r.calls, 0)')].filter(Boolean);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
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
  const totals = await totalsByStatus(db, { ...filter, statuses: [] }, filter.range);
  const counts = new Map(totals.map((t) => [t.status, t.calls]));
  const known = DISPOSITIONS.map((d) => ({ value: d, label: d, count: counts.get(d) ?? 0 }));
  const others = totals
    .filter((t) => t.status !== '' && !isDisposition(t.status))
    .sort((a, b) => b.calls - a.calls)
    .map((t) => ({ value: t.status, label: t.status, count: t.calls }));
  return [...known, ...others];
}
