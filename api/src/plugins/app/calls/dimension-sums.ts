import { DateTime } from 'luxon';

/**
 * SQL summing calls, sales, revenue and payout per value of one dimension
 * over whole New York days [fromDay, toDay): whole months from the monthly
 * rollup, the days of partial months from the daily one. Columns: id, calls,
 * sales, revenue_cents, payout_cents. Parameters are appended to `params`.
 */
export function dimensionSumsSql(dim: number, fromDay: string, toDay: string, params: unknown[]): string {
  const from = DateTime.fromISO(fromDay, { zone: 'UTC' });
  const to = DateTime.fromISO(toDay, { zone: 'UTC' });
  const firstMonth = from.day === 1 ? from : from.startOf('month').plus({ months: 1 });
  const lastMonth = to.startOf('month');
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const d = bind(dim);
  const columns = 'dim_id, calls, sales, revenue_cents, payout_cents';
  let source: string;
  if (firstMonth < lastMonth) {
    const m1 = bind(firstMonth.toISODate());
    const m2 = bind(lastMonth.toISODate());
    source = `SELECT ${columns} FROM calls_monthly_dim WHERE dim = ${d} AND month >= ${m1}::date AND month < ${m2}::date
      UNION ALL
      SELECT ${columns} FROM calls_daily_dim WHERE dim = ${d}
        AND ((day >= ${bind(fromDay)}::date AND day < ${m1}::date) OR (day >= ${m2}::date AND day < ${bind(toDay)}::date))`;
  } else {
    source = `SELECT ${columns} FROM calls_daily_dim WHERE dim = ${d} AND day >= ${bind(fromDay)}::date AND day < ${bind(toDay)}::date`;
  }
  return `SELECT dim_id AS id, sum(calls)::bigint AS calls, sum(sales)::bigint AS sales,
    sum(revenue_cents)::bigint AS revenue_cents, sum(payout_cents)::bigint AS payout_cents
    FROM (${source}) s GROUP BY dim_id`;
}
