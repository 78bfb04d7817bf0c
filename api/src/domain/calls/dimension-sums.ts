import { paramBinder } from '../../db/sql-params';
import { monthlyAndDailySql } from './month-split';
import type { MonthSplit } from './rollup-planner';

/**
 * SQL summing calls, sales, revenue and payout per value of one dimension
 * over whole New York days (as planned by rollup-planner): whole months from
 * the monthly rollup, the days of partial months from the daily one. Columns: id, calls,
 * sales, revenue_cents, payout_cents. Parameters are appended to `params`.
 */
export function dimensionSumsSql(dim: number, split: MonthSplit, params: unknown[]): string {
  const bind = paramBinder(params);
  const source = monthlyAndDailySql(
    { monthly: 'calls_monthly_dim', daily: 'calls_daily_dim' },
    'dim_id, calls, status_sales AS sales, revenue_cents, payout_cents',
    `dim = ${bind(dim)}`,
    split,
    bind,
  );
  return `SELECT dim_id AS id, sum(calls)::bigint AS calls, sum(sales)::bigint AS sales,
    sum(revenue_cents)::bigint AS revenue_cents, sum(payout_cents)::bigint AS payout_cents
    FROM (${source}) s GROUP BY dim_id`;
}
