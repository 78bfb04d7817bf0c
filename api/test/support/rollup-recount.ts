import type { Database } from '../../src/db/database';

const MEASURES = `count(*) AS calls, count(*) FILTER (WHERE NOT connected) AS not_connected, count(*) FILTER (WHERE repeat_of IS NOT NULL) AS repeats,
  sum(duration_sec) AS duration_sec,
  sum(revenue_cents) AS revenue_cents, sum(payout_cents) AS payout_cents`;
const DIMS = 'CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, coalesce(buyer_id, 0))) AS v(dim, dim_id)';
const NY_DAY = "((call_ts AT TIME ZONE 'America/New_York')::date)::text";

/** Each rollup (its non-empty rows) beside the same figures counted from the calls table. */
const PAIRS: Array<[name: string, rollup: string, recount: string]> = [
  [
    'calls_daily',
    'SELECT day::text, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents FROM calls_daily WHERE calls <> 0',
    `SELECT ${NY_DAY} AS day, status, ${MEASURES} FROM calls GROUP BY 1, 2`,
  ],
  [
    'calls_hourly',
    'SELECT hour, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents FROM calls_hourly WHERE calls <> 0',
    `SELECT date_trunc('hour', call_ts, 'UTC') AS hour, status, ${MEASURES} FROM calls GROUP BY 1, 2`,
  ],
  [
    'calls_monthly',
    'SELECT month::text, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents FROM calls_monthly WHERE calls <> 0',
    `SELECT (date_trunc('month', call_ts AT TIME ZONE 'America/New_York')::date)::text AS month, status, ${MEASURES} FROM calls GROUP BY 1, 2`,
  ],
  [
    'calls_daily_dim',
    'SELECT dim, day::text, dim_id, calls, sales, revenue_cents, payout_cents FROM calls_daily_dim WHERE calls <> 0',
    `SELECT dim, ${NY_DAY} AS day, dim_id, count(*) AS calls, count(*) FILTER (WHERE status = 'Sales') AS sales,
       sum(revenue_cents) AS revenue_cents, sum(payout_cents) AS payout_cents FROM calls ${DIMS} GROUP BY 1, 2, 3`,
  ],
  [
    'calls_daily_dim_status',
    'SELECT dim, dim_id, day::text, status, calls, not_connected, repeats, revenue_cents, payout_cents FROM calls_daily_dim_status WHERE calls <> 0',
    `SELECT dim, dim_id, ${NY_DAY} AS day, status, count(*) AS calls, count(*) FILTER (WHERE NOT connected) AS not_connected,
       count(*) FILTER (WHERE repeat_of IS NOT NULL) AS repeats,
       sum(revenue_cents) AS revenue_cents, sum(payout_cents) AS payout_cents FROM calls ${DIMS} GROUP BY 1, 2, 3, 4`,
  ],
  [
    'calls_monthly_dim',
    'SELECT dim, month::text, dim_id, calls, sales, revenue_cents, payout_cents FROM calls_monthly_dim WHERE calls <> 0',
    `SELECT dim, (date_trunc('month', call_ts AT TIME ZONE 'America/New_York')::date)::text AS month, dim_id, count(*) AS calls,
       count(*) FILTER (WHERE status = 'Sales') AS sales, sum(revenue_cents) AS revenue_cents, sum(payout_cents) AS payout_cents
     FROM calls ${DIMS} GROUP BY 1, 2, 3`,
  ],
];

const normalised = (rows: Array<Record<string, unknown>>) =>
  rows.map((r) => JSON.stringify(Object.values(r).map((v) => (v instanceof Date ? v.toISOString() : String(v))))).sort();

/** Every rollup table's rows as [table, rows] and the same recounted from calls, for one toEqual. */
export async function rollupsAndRecount(db: Database): Promise<{ rollups: Array<[string, string[]]>; recount: Array<[string, string[]]> }> {
  const rollups: Array<[string, string[]]> = [];
  const recount: Array<[string, string[]]> = [];
  for (const [name, rollup, raw] of PAIRS) {
    rollups.push([name, normalised(await db.query(rollup))]);
    recount.push([name, normalised(await db.query(raw))]);
  }
  return { rollups, recount };
}
