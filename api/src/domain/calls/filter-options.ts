import { DIMENSIONS, DISPOSITIONS, FILTER_DIMENSIONS, isDisposition, type FilterDimension, type FilterOption } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { paramBinder, type Bind } from '../../db/sql-params';
import { likePattern } from '../users/users-repository';
import type { CallFilter } from './call-filter';
import { rollupCallsMeasure, totalsByStatus } from './call-totals';
import { callWhere } from './call-where';
import { monthlyAndDailySql } from './month-split';
import { planDimensionCounts, type CallsPart, type CombinationDaysPart, type DaysPart, type DimensionStatusDaysPart } from './rollup-planner';
import { selectedIds } from './selected-ids';
import { dimensionCallsMeasure } from './status-columns';
import { statusCondition } from './status-condition';

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
  return {
    ...filter,
    campaignIds: dimension === 'campaigns' ? [] : filter.campaignIds,
    publisherIds: dimension === 'publishers' ? [] : filter.publisherIds,
    targetIds: dimension === 'targets' ? [] : filter.targetIds,
    buyerIds: dimension === 'buyers' ? [] : filter.buyerIds,
    search: undefined,
    callerId: undefined,
  };
}

/** The conditions on call_combos of every dimension the filter selects in. */
function combinationConditions(filter: CallFilter, bind: Bind): string {
  return FILTER_DIMENSIONS.filter((d) => selectedIds(filter, d).length > 0)
    .map((d) => `${DIMENSIONS[d].column} = ANY(${bind(selectedIds(filter, d))}::int[])`)
    .join(' AND ');
}

/** Calls per value of `dimension` in one part of the range (see planDimensionCounts): columns id, calls. */
function partSql(dimension: FilterDimension, filter: CallFilter, part: PickerPart, params: unknown[]): string {
  const { rollupCode, column } = DIMENSIONS[dimension];
  const bind = paramBinder(params);
  switch (part.source) {
    case 'days': {
      const measure = dimensionCallsMeasure(filter);
      if (measure === undefined) throw new Error('planDimensionCounts sent a filter the per-dimension rows cannot count to them');
      const source = monthlyAndDailySql({ monthly: 'calls_monthly_dim', daily: 'calls_daily_dim' }, `dim_id, ${measure} AS calls`, `dim = ${bind(rollupCode)}`, part.split, bind, {
        negatedColumns: `dim_id, -${measure} AS calls`,
      });
      return `SELECT dim_id AS id, sum(calls)::bigint AS calls FROM (${source}) s GROUP BY dim_id`;
    }
    case 'dimension-status-days': {
      const status = filter.statuses.length > 0 ? ` AND ${statusCondition('status', filter.statuses, bind)}` : '';
      return `SELECT dim_id AS id, sum(${rollupCallsMeasure(filter)})::bigint AS calls FROM calls_daily_dim_status
        WHERE dim = ${bind(rollupCode)} AND day >= ${bind(part.fromDay)}::date AND day < ${bind(part.toDay)}::date${status}
        GROUP BY dim_id`;
    }
    case 'combination-days': {
      // The combinations the selection matches, found once (a scan of a few thousand rows), then their rows by key.
      const matching = `combo_id = ANY(ARRAY(SELECT id FROM call_combos WHERE ${combinationConditions(filter, bind)}))`;
      const source = monthlyAndDailySql({ monthly: 'calls_monthly_combo', daily: 'calls_daily_combo' }, 'combo_id, calls', matching, part.split, bind);
      return `SELECT k.${column} AS id, sum(r.calls)::bigint AS calls FROM (${source}) r JOIN call_combos k ON k.id = r.combo_id GROUP BY k.${column}`;
    }
    case 'calls': {
      const where = callWhere(filter, part.range, params.length + 1);
      params.push(...where.params);
      return `SELECT c.${column} AS id, count(*) AS calls FROM calls c WHERE ${where.sql} AND c.${column} IS NOT NULL GROUP BY c.${column}`;
    }
  }
}

type PickerPart = DaysPart | DimensionStatusDaysPart | CombinationDaysPart | CallsPart;

/**
 * A picker's checklist: every value (those without calls too, so any can be
 * chosen), each with its number of calls under the rest of the filter
 * (pickerFilter), busiest first.
 */
export async function dimensionOptions(
  db: Queryable,
  dimension: FilterDimension,
  filter: CallFilter,
  options: { search?: string; limit: number },
): Promise<FilterOption[]> {
  const narrowing = pickerFilter(filter, dimension);
  const params: unknown[] = [];
  const parts = planDimensionCounts(narrowing, filter.range).parts.map((part) => `SELECT id, calls FROM (${partSql(dimension, narrowing, part, params)}) p`);
  const counts = parts.length === 1 ? parts[0] : `SELECT id, sum(calls) AS calls FROM (${parts.join(' UNION ALL ')}) parts GROUP BY id`;
  const bind = paramBinder(params);
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
  const totals = await totalsByStatus(db, { ...filter, statuses: [] }, filter.range);
  const counts = new Map(totals.map((t) => [t.status, t.calls]));
  const known = DISPOSITIONS.map((d) => ({ value: d, label: d, count: counts.get(d) ?? 0 }));
  const others = totals
    .filter((t) => t.status !== '' && !isDisposition(t.status))
    .sort((a, b) => b.calls - a.calls)
    .map((t) => ({ value: t.status, label: t.status, count: t.calls }));
  return [...known, ...others];
}
