import type { Migration } from './index';

/**
 * Faster ingest and reads that stay in the index (docs/decisions/0007-ingest-write-queue.md):
 *
 * - Every rollup upsert now takes its rows in key order (ORDER BY). Two
 *   batches then lock shared rollup rows in the same order and cannot
 *   deadlock, so ingests run side by side (calls-writer.ts takes the write
 *   lock shared for them); before, one batch waited for the whole of the
 *   other.
 * - calls no longer has foreign keys to the dimension tables: their per-row
 *   checks were a fifth of a batch's time. Only the ingest path writes
 *   those ids, from rows it has just read or created in the same
 *   transaction, and dimension rows are never deleted: a statement trigger
 *   now refuses DELETE and TRUNCATE on them.
 * - calls_monthly (New York month × status), kept from calls_daily: a year's
 *   stats read the months instead of every day.
 * - The per-dimension rollups' keys INCLUDE their measures, so reading one
 *   publisher's year is an index-only scan of a few pages instead of
 *   thousands of scattered heap pages.
 */

/**
 * One grouped upsert into a rollup: `keys` and `measures` are [column, expression over `source`].
 * Rows go in key order (ORDER BY), the point of this migration; each measure is added to the stored one.
 */
function upsert(table: string, keys: Array<[string, string]>, measures: Array<[string, string]>, source: string): string {
  const positions = keys.map((_, i) => i + 1).join(', ');
  return `INSERT INTO ${table} (${[...keys, ...measures].map(([column]) => column).join(', ')})
  SELECT ${[...keys, ...measures].map(([, expression]) => expression).join(', ')}
  FROM ${source}
  GROUP BY ${positions}
  ORDER BY ${positions}
  ON CONFLICT (${keys.map(([column]) => column).join(', ')}) DO UPDATE SET
    ${measures.map(([column]) => `${column} = ${table}.${column} + excluded.${column}`).join(', ')}`;
}

/** The per-status measures, summed from calls rows (`d` carries each row's sign). */
const FROM_CALLS: Array<[string, string]> = [
  ['calls', 'sum(sign)'],
  ['not_connected', 'sum(sign * (NOT connected)::int)'],
  ['duration_sec', 'sum(sign * duration_sec)'],
  ['revenue_cents', 'sum(sign * revenue_cents)'],
  ['payout_cents', 'sum(sign * payout_cents)'],
];

/** The same measures re-summed from rollup rows. */
const resummed = (columns: string[]): Array<[string, string]> => columns.map((c) => [c, `sum(sign * ${c})`]);

function rollupFunction(name: string, deltaRows: string): string {
  const delta = `(${deltaRows}) d`;
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${upsert('calls_daily', [['day', "(call_ts AT TIME ZONE 'America/New_York')::date"], ['status', 'status']], FROM_CALLS, delta)};

  ${upsert('calls_hourly', [['hour', "date_trunc('hour', call_ts, 'UTC')"], ['status', 'status']], FROM_CALLS, delta)};

  WITH per_dimension AS (
    SELECT sign, (call_ts AT TIME ZONE 'America/New_York')::date AS day, status, (NOT connected)::int AS not_connected,
           (status = 'Sales')::int AS is_sale, revenue_cents, payout_cents, v.dim, v.dim_id
    FROM ${delta}
    CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, coalesce(buyer_id, 0))) AS v(dim, dim_id)
  ), by_day AS (
    ${upsert(
      'calls_daily_dim',
      [['dim', 'dim'], ['day', 'day'], ['dim_id', 'dim_id']],
      [['calls', 'sum(sign)'], ['sales', 'sum(sign * is_sale)'], ['revenue_cents', 'sum(sign * revenue_cents)'], ['payout_cents', 'sum(sign * payout_cents)']],
      'per_dimension',
    )}
    RETURNING 1
  )
  ${upsert(
    'calls_daily_dim_status',
    [['dim', 'dim'], ['dim_id', 'dim_id'], ['day', 'day'], ['status', 'status']],
    [['calls', 'sum(sign)'], ['not_connected', 'sum(sign * not_connected)'], ['revenue_cents', 'sum(sign * revenue_cents)'], ['payout_cents', 'sum(sign * payout_cents)']],
    'per_dimension',
  )};
  RETURN NULL;
END
$fn$`;
}

/** A trigger function keeping a monthly rollup from its daily one (`deltaRows` are daily rows with a sign). */
function monthlyFunction(name: string, table: string, keys: Array<[string, string]>, measures: string[], deltaRows: string): string {
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${upsert(table, keys, resummed(measures), `(${deltaRows}) d`)};
  RETURN NULL;
END
$fn$`;
}

const MONTH: [string, string] = ['month', "date_trunc('month', day)::date"];
const monthlyDimFunction = (name: string, deltaRows: string) =>
  monthlyFunction(name, 'calls_monthly_dim', [['dim', 'dim'], MONTH, ['dim_id', 'dim_id']], ['calls', 'sales', 'revenue_cents', 'payout_cents'], deltaRows);
const monthlyStatusFunction = (name: string, deltaRows: string) =>
  monthlyFunction(name, 'calls_monthly', [MONTH, ['status', 'status']], FROM_CALLS.map(([column]) => column), deltaRows);

const NEW_ROWS = 'SELECT *, 1 AS sign FROM new_rows';
const OLD_ROWS = 'SELECT *, -1 AS sign FROM old_rows';
const BOTH_ROWS = `${NEW_ROWS} UNION ALL ${OLD_ROWS}`;

const DIMENSION_TABLES = ['campaigns', 'publishers', 'targets', 'buyers'];

export const concurrentIngest: Migration = {
  version: '0003-concurrent-ingest',
  statements: [
    rollupFunction('calls_rollup_insert', NEW_ROWS),
    rollupFunction('calls_rollup_update', BOTH_ROWS),
    rollupFunction('calls_rollup_delete', OLD_ROWS),
    monthlyDimFunction('calls_daily_dim_monthly_insert', NEW_ROWS),
    monthlyDimFunction('calls_daily_dim_monthly_update', BOTH_ROWS),
    monthlyDimFunction('calls_daily_dim_monthly_delete', OLD_ROWS),

    `ALTER TABLE calls DROP CONSTRAINT calls_campaign_id_fkey, DROP CONSTRAINT calls_publisher_id_fkey,
       DROP CONSTRAINT calls_target_id_fkey, DROP CONSTRAINT calls_buyer_id_fkey`,
    `CREATE FUNCTION refuse_dimension_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'rows of % are never deleted: calls refer to them', TG_TABLE_NAME;
END
$fn$`,
    ...DIMENSION_TABLES.map(
      (table) => `CREATE TRIGGER ${table}_never_deleted BEFORE DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION refuse_dimension_delete()`,
    ),

    `CREATE TABLE calls_monthly (
      month date NOT NULL,
      status text NOT NULL,
      calls integer NOT NULL DEFAULT 0,
      not_connected integer NOT NULL DEFAULT 0,
      duration_sec bigint NOT NULL DEFAULT 0,
      revenue_cents bigint NOT NULL DEFAULT 0,
      payout_cents bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (month, status)
    )`,
    `INSERT INTO calls_monthly (month, status, calls, not_connected, duration_sec, revenue_cents, payout_cents)
     SELECT date_trunc('month', day)::date, status, sum(calls), sum(not_connected), sum(duration_sec), sum(revenue_cents), sum(payout_cents)
     FROM calls_daily GROUP BY 1, 2`,
    monthlyStatusFunction('calls_daily_monthly_insert', NEW_ROWS),
    monthlyStatusFunction('calls_daily_monthly_update', BOTH_ROWS),
    monthlyStatusFunction('calls_daily_monthly_delete', OLD_ROWS),
    'CREATE TRIGGER calls_daily_monthly_insert AFTER INSERT ON calls_daily REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_daily_monthly_insert()',
    'CREATE TRIGGER calls_daily_monthly_update AFTER UPDATE ON calls_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_daily_monthly_update()',
    'CREATE TRIGGER calls_daily_monthly_delete AFTER DELETE ON calls_daily REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_daily_monthly_delete()',

    `ALTER TABLE calls_daily_dim_status DROP CONSTRAINT calls_daily_dim_status_pkey,
       ADD PRIMARY KEY (dim, dim_id, day, status) INCLUDE (calls, not_connected, revenue_cents, payout_cents)`,
    `ALTER TABLE calls_daily_dim DROP CONSTRAINT calls_daily_dim_pkey,
       ADD PRIMARY KEY (dim, day, dim_id) INCLUDE (calls, sales, revenue_cents, payout_cents)`,
    `ALTER TABLE calls_monthly_dim DROP CONSTRAINT calls_monthly_dim_pkey,
       ADD PRIMARY KEY (dim, month, dim_id) INCLUDE (calls, sales, revenue_cents, payout_cents)`,
  ],
};
