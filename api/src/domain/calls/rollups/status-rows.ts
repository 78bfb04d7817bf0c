import type { Bind } from '../../../db/sql-params';
import type { CallFilter } from '../call-filter';
import { statusCondition } from '../status-condition';
import type { StatusMeasures } from './rollup-part';

/**
 * What the per-status rollups share (calls_hourly, calls_daily, calls_monthly,
 * calls_weekly, calls_daily_dim_status): a row per status, with its calls,
 * not-connected calls, repeats and money. So they answer a status exactly, and
 * `connected` (false is `not_connected`, true is `calls - not_connected`) and
 * `repeat` for the counts; the money of a connection or of the repeats they do
 * not keep apart, nor the repeats by connection.
 */

/** Whether per-status rows give a totals question's measures under the filter's connection and repeats: the counts always, the money with neither. */
export function keepsMeasures(filter: Pick<CallFilter, 'connected' | 'repeat'>, measures: StatusMeasures): boolean {
  return measures === 'counts' || (filter.connected === undefined && filter.repeat === undefined);
}

// The measures every per-status rollup sums.
const MEASURES = `sum(calls)::bigint AS calls, sum(not_connected)::bigint AS not_connected,
  sum(revenue_cents)::bigint AS revenue_cents, sum(payout_cents)::bigint AS payout_cents`;

/**
 * The same for the connected calls alone, or the others: exact for the
 * counts, which is all the planner asks with `connected` (keepsMeasures), so
 * the money is left at 0.
 */
const CONNECTED_MEASURES = `sum(calls - not_connected)::bigint AS calls, 0::bigint AS not_connected, 0::bigint AS revenue_cents, 0::bigint AS payout_cents`;
const NOT_CONNECTED_MEASURES = `sum(not_connected)::bigint AS calls, sum(not_connected)::bigint AS not_connected, 0::bigint AS revenue_cents, 0::bigint AS payout_cents`;

/** Likewise for the repeat calls alone, or the first calls (the rows keep `repeats` per status, not by connection: 0 not-connected). */
const repeatMeasures = (calls: string) => `sum(${calls})::bigint AS calls, 0::bigint AS not_connected, 0::bigint AS revenue_cents, 0::bigint AS payout_cents`;

/** A totals row's measures (calls, not_connected, revenue_cents, payout_cents) summed over per-status rows, under the filter's connection or repeats. */
export function totalsMeasures(filter: CallFilter): string {
  if (filter.repeat !== undefined) return repeatMeasures(rollupCallsMeasure(filter));
  if (filter.connected === undefined) return MEASURES;
  return filter.connected ? CONNECTED_MEASURES : NOT_CONNECTED_MEASURES;
}

/** A per-status row's calls under the filter's `connected` or `repeat`, as an expression over its columns (both together: no per-status row keeps them). */
export function rollupCallsMeasure(filter: Pick<CallFilter, 'connected' | 'repeat'>): string {
  if (filter.repeat !== undefined) return filter.repeat ? 'repeats' : '(calls - repeats)';
  if (filter.connected === undefined) return 'calls';
  return filter.connected ? '(calls - not_connected)' : 'not_connected';
}

/** ` AND` the filter's status condition on the rows' `status`, or nothing. */
export function statusClause(filter: CallFilter, bind: Bind): string {
  return filter.statuses.length > 0 ? ` AND ${statusCondition('status', filter.statuses, bind)}` : '';
}
