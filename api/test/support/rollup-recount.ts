import type { Database } from '../../src/db/database';
import { STATUS_COLUMNS } from '../../src/domain/calls/status-columns';
import { statusCondition } from '../../src/domain/calls/status-condition';

const MEASURES = `count(*) AS calls, count(*) FILTER (WHERE NOT connected) AS not_connected, count(*) FILTER (WHERE repeat_of IS NOT NULL) AS repeats,
  sum(duration_sec) AS duration_sec,
  sum(revenue_cents) AS revenue_cents, sum(payout_cents) AS payout_cents`;
const DIMS = 'CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, coalesce(buyer_id, 0))) AS v(dim, dim_id)';
const NY_DAY = "((call_ts AT TIME ZONE 'America/New_York')::date)::text";
const NY_MONTH = "(date_trunc('month', call_ts AT TIME ZONE 'America/New_York')::date)::text";

/** The per-dimension rollups' columns, and the same counted from calls (status conditions written out, no parameters). */
const DIMENSION_COLUMNS = ['calls', 'not_connected', 'repeats', 'revenue_cents', 'payout_cents', ...STATUS_COLUMNS.map(({ column }) => column)].join(', ');
const literal = (value: unknown) => (Array.isArray(value) ? `ARRAY[${value.map((v) => `'${String(v).replace(/'/g, "''")}'`).join(', ')}]` : `'${String(value).replace(/'/g, "''")}'`);
const DIMENSION_RECOUNT = `count(*) AS calls, count(*) FILTER (WHERE NOT connected) AS not_connected, count(*) FILTER (WHERE repeat_of IS NOT NULL) AS repeats,
  sum(revenue_cents) AS revenue_cents, sum(payout_cents) AS payout_cents,
  ${STATUS_COLUMNS.map(({ status, column }) => `count(*) FILTER (WHERE ${statusCondition('status', [status], literal)}) AS ${column}`).join(', ')}`;
const COMBINATION = 'k.campaign_id, k.publisher_id, k.target_id, k.buyer_id';
const CALL_COMBINATION = 'campaign_id, publisher_id, coalesce(target_id, 0) AS target_id, coalesce(buyer_id, 0) AS buyer_id';

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
    'calls_weekly',
    'SELECT week::text, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents FROM calls_weekly WHERE calls <> 0',
    `SELECT (date_trunc('week', call_ts AT TIME ZONE 'America/New_York')::date)::text AS week, status, ${MEASURES} FROM calls GROUP BY 1, 2`,
  ],
  [
    'calls_daily_dim',
    `SELECT dim, day::text, dim_id, ${DIMENSION_COLUMNS} FROM calls_daily_dim WHERE calls <> 0`,
    `SELECT dim, ${NY_DAY} AS day, dim_id, ${DIMENSION_RECOUNT} FROM calls ${DIMS} GROUP BY 1, 2, 3`,
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
    `SELECT dim, month::text, dim_id, ${DIMENSION_COLUMNS} FROM calls_monthly_dim WHERE calls <> 0`,
    `SELECT dim, ${NY_MONTH} AS month, dim_id, ${DIMENSION_RECOUNT} FROM calls ${DIMS} GROUP BY 1, 2, 3`,
  ],
  [
    'calls_daily_combo',
    `SELECT ${COMBINATION}, r.day::text, r.calls FROM calls_daily_combo r JOIN call_combos k ON k.id = r.combo_id WHERE r.calls <> 0`,
    `SELECT ${CALL_COMBINATION}, ${NY_DAY} AS day, count(*) AS calls FROM calls GROUP BY 1, 2, 3, 4, 5`,
  ],
  [
    'calls_monthly_combo',
    `SELECT ${COMBINATION}, r.month::text, r.calls FROM calls_monthly_combo r JOIN call_combos k ON k.id = r.combo_id WHERE r.calls <> 0`,
    `SELECT ${CALL_COMBINATION}, ${NY_MONTH} AS month, count(*) AS calls FROM calls GROUP BY 1, 2, 3, 4, 5`,
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
