import { DIMENSIONS, type FilterDimension } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { paramBinder } from '../../db/sql-params';
import type { CallFilter } from '../calls/call-filter';
import type { StatusTotals } from '../calls/call-totals';
import { callWhere } from '../calls/call-where';
import type { TimeRange } from '../calls/date-range';
import { planDimensionStatus, type CallsPart, type DimensionValuesDaysPart } from '../calls/rollup-planner';
import { statusCondition } from '../calls/status-condition';

/** One value's totals per status in one range, and how many of its calls were repeats. */
export interface ValueTotals {
  id: number;
  totals: StatusTotals[];
  repeats: number;
}

interface SumsRow {
  range_index: number | string;
  id: number | string;
  status: string;
  calls: number | string;
  not_connected: number | string;
  repeats: number | string;
  revenue_cents: number | string;
  payout_cents: number | string;
}

const MEASURES = `sum(calls)::bigint AS calls, sum(not_connected)::bigint AS not_connected, sum(repeats)::bigint AS repeats,
  sum(revenue_cents)::bigint AS revenue_cents, sum(payout_cents)::bigint AS payout_cents`;

function fromRollup(filter: CallFilter, index: number, part: DimensionValuesDaysPart, params: unknown[]): string {
  const bind = paramBinder(params);
  const conditions = [`dim = ${bind(part.dim)}`, `day >= ${bind(part.fromDay)}::date`, `day < ${bind(part.toDay)}::date`];
  if (part.ids) conditions.push(`dim_id = ANY(${bind(part.ids)}::int[])`);
  if (filter.statuses.length > 0) conditions.push(statusCondition('status', filter.statuses, bind));
  return `SELECT ${index} AS range_index, dim_id AS id, status, ${MEASURES}
     FROM calls_daily_dim_status WHERE ${conditions.join(' AND ')} GROUP BY dim_id, status`;
}

// A call without a target or buyer is the value 0, as the rollup stores it.
function fromCalls(filter: CallFilter, grouped: FilterDimension, index: number, part: CallsPart, params: unknown[]): string {
  const where = callWhere(filter, part.range, params.length + 1);
  params.push(...where.params);
  return `SELECT ${index} AS range_index, coalesce(c.${DIMENSIONS[grouped].column}, 0) AS id, c.status,
       count(*)::bigint AS calls, count(*) FILTER (WHERE NOT c.connected)::bigint AS not_connected,
       count(*) FILTER (WHERE c.repeat_of IS NOT NULL)::bigint AS repeats,
       coalesce(sum(c.revenue_cents), 0)::bigint AS revenue_cents, coalesce(sum(c.payout_cents), 0)::bigint AS payout_cents
     FROM calls c WHERE ${where.sql} GROUP BY 2, 3`;
}

/**
 * Totals per value of one dimension and per status, for each of several
 * ranges (a period and the one before it), in one statement: the whole New
 * York days from the per-dimension, per-status rollup when it keeps what the
 * filter narrows by, the rest from the calls (planDimensionStatus). Each
 * range's answer holds the values with calls in it.
 */
export async function totalsPerValue(db: Queryable, filter: CallFilter, grouped: FilterDimension, ranges: TimeRange[]): Promise<ValueTotals[][]> {
  const params: unknown[] = [];
  const parts = ranges.flatMap((range, index) =>
    planDimensionStatus(filter, range, grouped).parts.map((part) =>
      part.source === 'calls' ? fromCalls(filter, grouped, index, part, params) : fromRollup(filter, index, part, params),
    ),
  );
  const rows = await db.query<SumsRow>(parts.join('\nUNION ALL\n'), params);
  return ranges.map((_, index) => merge(rows.filter((row) => Number(row.range_index) === index)));
}

function merge(rows: SumsRow[]): ValueTotals[] {
  const byValue = new Map<number, { id: number; byStatus: Map<string, StatusTotals>; repeats: number }>();
  for (const row of rows) {
    const id = Number(row.id);
    const value = byValue.get(id) ?? { id, byStatus: new Map<string, StatusTotals>(), repeats: 0 };
    const into = value.byStatus.get(row.status) ?? { status: row.status, calls: 0, notConnected: 0, revenueCents: 0, payoutCents: 0 };
    into.calls += Number(row.calls);
    into.notConnected += Number(row.not_connected);
    into.revenueCents += Number(row.revenue_cents);
    into.payoutCents += Number(row.payout_cents);
    value.repeats += Number(row.repeats);
    value.byStatus.set(row.status, into);
    byValue.set(id, value);
  }
  // Rollup rows whose calls all moved to another day, value or status stay behind as zeros.
  return [...byValue.values()]
    .map((value) => ({ id: value.id, totals: [...value.byStatus.values()].filter((t) => t.calls !== 0), repeats: value.repeats }))
    .filter((value) => value.totals.length > 0);
}
