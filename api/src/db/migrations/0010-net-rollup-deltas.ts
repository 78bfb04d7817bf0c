import { ROLLUP_LOCK_KEY } from './0009-rollup-lock';
import type { Migration } from './index';

/**
 * Rollup triggers write only the rollup rows a write really changes, and a
 * write that changes none of them does not wait for the rollup lock.
 *
 * Before, the UPDATE trigger on calls subtracted every old row and added every
 * new one, for every rollup key either touched, even when nothing a rollup
 * counts had changed. A QC verdict moving a call from Voicemail to DNC still
 * rewrote the four per-dimension day rows of that call (and, through their own
 * trigger, the four month rows), adding and subtracting the same figures; one
 * changing only the reason or summary rewrote every rollup row of the call.
 * Those writes are done under the rollup lock (migration 0009), which ingest
 * takes too, so they were time ingest spent waiting.
 *
 * Now:
 * - the UPDATE trigger on calls counts only the difference between its old and
 *   new rows as multisets of the columns the rollups read (EXCEPT ALL both
 *   ways): a row whose counted columns did not change cancels out, whatever
 *   else changed. Exact by construction, with no assumption about which new
 *   row came from which old one;
 * - every upsert sums its rows per rollup key first and writes only the keys
 *   whose sums are not all zero (HAVING), on calls and in the monthly
 *   triggers of calls_daily and calls_daily_dim alike. Adding zero changed
 *   nothing, and a rollup row whose calls are 0 is read as absent;
 * - each trigger function returns at once when it has no rows: a statement
 *   fires its statement triggers even when it wrote no row (an ingest of new
 *   calls fires the UPDATE triggers too, through its ON CONFLICT), and they
 *   used to run every upsert over nothing;
 * - the rollup lock of 0009 is taken by one trigger per event, each with the
 *   event's transition table, and only when that table holds rows. A verdict
 *   batch in which every call already held its verdict writes no call row
 *   (calls-writer.ts leaves those out of its UPDATE) and so no longer takes a
 *   turn at the lock. A trigger with transition tables serves one event only,
 *   hence three. Their names still sort before the rollup triggers', so the
 *   lock comes first whenever there is something to count.
 */

/** The calls columns some rollup reads: a change to any other column leaves every rollup as it was. */
const COUNTED_COLUMNS = 'call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id';

/**
 * One grouped upsert into a rollup, as in 0003, but a key is written only when
 * some measure's sum is not zero. `keys` and `measures` are [column, expression over `source`].
 */
function upsert(table: string, keys: Array<[string, string]>, measures: Array<[string, string]>, source: string): string {
  const positions = keys.map((_, i) => i + 1).join(', ');
  return `INSERT INTO ${table} (${[...keys, ...measures].map(([column]) => column).join(', ')})
  SELECT ${[...keys, ...measures].map(([, expression]) => expression).join(', ')}
  FROM ${source}
  GROUP BY ${positions}
  HAVING ${measures.map(([, expression]) => `${expression} <> 0`).join(' OR ')}
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

/** Returns from a trigger function when `rows` (a query) has no row. */
const returnIfNone = (rows: string) => `IF NOT EXISTS (${rows}) THEN
    RETURN NULL;
  END IF;`;

function rollupFunction(name: string, deltaRows: string): string {
  const delta = `(${deltaRows}) d`;
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${returnIfNone(deltaRows)}

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
  ${returnIfNone(deltaRows)}
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

/** Updated calls: only what differs between the old and new rows in the counted columns. */
const CHANGED_CALLS = `SELECT *, 1 AS sign FROM (SELECT ${COUNTED_COLUMNS} FROM new_rows EXCEPT ALL SELECT ${COUNTED_COLUMNS} FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT ${COUNTED_COLUMNS} FROM old_rows EXCEPT ALL SELECT ${COUNTED_COLUMNS} FROM new_rows) removed`;

/** The rollup lock of 0009, taken only when the rollup trigger of the same event has rows to count. */
const lockFunction = (name: string, deltaRows: string) => `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (${deltaRows}) THEN
    PERFORM pg_advisory_xact_lock(${ROLLUP_LOCK_KEY});
  END IF;
  RETURN NULL;
END
$fn$`;

export const netRollupDeltas: Migration = {
  version: '0010-net-rollup-deltas',
  statements: [
    rollupFunction('calls_rollup_insert', NEW_ROWS),
    rollupFunction('calls_rollup_update', CHANGED_CALLS),
    rollupFunction('calls_rollup_delete', OLD_ROWS),
    monthlyDimFunction('calls_daily_dim_monthly_insert', NEW_ROWS),
    monthlyDimFunction('calls_daily_dim_monthly_update', BOTH_ROWS),
    monthlyDimFunction('calls_daily_dim_monthly_delete', OLD_ROWS),
    monthlyStatusFunction('calls_daily_monthly_insert', NEW_ROWS),
    monthlyStatusFunction('calls_daily_monthly_update', BOTH_ROWS),
    monthlyStatusFunction('calls_daily_monthly_delete', OLD_ROWS),

    'DROP TRIGGER calls_rollup_0_lock ON calls',
    'DROP FUNCTION calls_rollup_lock()',
    lockFunction('calls_rollup_lock_inserted', NEW_ROWS),
    lockFunction('calls_rollup_lock_updated', CHANGED_CALLS),
    lockFunction('calls_rollup_lock_deleted', OLD_ROWS),
    'CREATE TRIGGER calls_rollup_0_lock_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_lock_inserted()',
    'CREATE TRIGGER calls_rollup_0_lock_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_lock_updated()',
    'CREATE TRIGGER calls_rollup_0_lock_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_lock_deleted()',
  ],
};
