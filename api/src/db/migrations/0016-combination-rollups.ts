import type { Migration } from './index';

/**
 * Picker counts that honour the other selections on screen
 * (docs/decisions/0022-picker-counts-from-a-combination-rollup.md).
 *
 * A picker counts each of its values' calls under everything else the screen
 * selects: the date range, the other three pickers, the status and whether the
 * call connected. The per-dimension rollups (0002, 0003) keep one dimension at
 * a time and no connection, so they cannot answer "publishers, for these
 * campaigns". These two keep every combination that occurs:
 *
 * - calls_daily_combo: New York day × campaign × publisher × target × buyer ×
 *   status × connected → calls;
 * - calls_monthly_combo: the same per New York month, for the whole months of
 *   a range (a year of the benchmark's million calls is about 150,000 month
 *   rows and 620,000 day rows: the demo market's publishers work a few
 *   campaigns each, and each campaign routes to a few targets).
 *
 * target_id and buyer_id 0 stand for "none", as in calls_daily_dim.
 *
 * A question reads only the rows of what it selects: beside the key, each
 * table has one index per picker and one by status, leading with that column
 * and then the time, and carrying every other column (INCLUDE), so "this
 * campaign's year" or "this status's year" is an index-only scan of its own
 * rows rather than a pass over every combination.
 *
 * Both are kept by statement triggers on calls, like the rollups of 0002:
 * - the rows a statement adds count +1, the rows it removes −1; an UPDATE
 *   counts only the difference between its old and new rows in the columns
 *   these tables key by (EXCEPT ALL both ways, as in 0010), so a QC verdict
 *   that changes a summary, or a re-delivery that changes only the money,
 *   writes nothing here;
 * - rows are summed per key first, written only when the sum is not zero,
 *   and taken in key order;
 * - the monthly rows come from the same delta as the daily ones, in the same
 *   trigger (no second trigger on the daily table);
 * - the rollup lock of 0009/0010 covers them: their trigger names sort after
 *   calls_rollup_0_lock_*, and whenever these have a row to count the lock
 *   trigger's own delta (a superset of these columns) has one too.
 * Rows whose calls all left stay behind at 0, as in the other rollups.
 */

const KEY = ['campaign_id', 'publisher_id', 'target_id', 'buyer_id', 'status', 'connected'];
const KEY_LIST = KEY.join(', ');

/** The columns of calls these rollups read: any other change leaves them as they were. */
const COUNTED_COLUMNS = 'call_ts, campaign_id, publisher_id, target_id, buyer_id, status, connected';

const NEW_ROWS = 'SELECT *, 1 AS sign FROM new_rows';
const OLD_ROWS = 'SELECT *, -1 AS sign FROM old_rows';
/** Updated calls: only what differs between the old and new rows in the counted columns. */
const CHANGED_CALLS = `SELECT *, 1 AS sign FROM (SELECT ${COUNTED_COLUMNS} FROM new_rows EXCEPT ALL SELECT ${COUNTED_COLUMNS} FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT ${COUNTED_COLUMNS} FROM old_rows EXCEPT ALL SELECT ${COUNTED_COLUMNS} FROM new_rows) removed`;

/** The key columns as read from a calls row (`d`). */
const KEY_FROM_CALLS = 'campaign_id, publisher_id, coalesce(target_id, 0) AS target_id, coalesce(buyer_id, 0) AS buyer_id, status, connected';

function comboFunction(name: string, deltaRows: string): string {
  const positions = [1, 2, 3, 4, 5, 6, 7].join(', ');
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT EXISTS (${deltaRows}) THEN
    RETURN NULL;
  END IF;

  WITH delta AS MATERIALIZED (
    SELECT (call_ts AT TIME ZONE 'America/New_York')::date AS day, ${KEY_FROM_CALLS}, sum(sign)::int AS calls
    FROM (${deltaRows}) d
    GROUP BY ${positions}
    HAVING sum(sign) <> 0
  ), by_day AS (
    INSERT INTO calls_daily_combo (day, ${KEY_LIST}, calls)
    SELECT * FROM delta
    ORDER BY ${positions}
    ON CONFLICT (day, ${KEY_LIST}) DO UPDATE SET calls = calls_daily_combo.calls + excluded.calls
    RETURNING 1
  )
  INSERT INTO calls_monthly_combo (month, ${KEY_LIST}, calls)
  SELECT date_trunc('month', day)::date, ${KEY_LIST}, sum(calls)
  FROM delta
  GROUP BY ${positions}
  HAVING sum(calls) <> 0
  ORDER BY ${positions}
  ON CONFLICT (month, ${KEY_LIST}) DO UPDATE SET calls = calls_monthly_combo.calls + excluded.calls;
  RETURN NULL;
END
$fn$`;
}

const comboTable = (table: string, period: 'day' | 'month') => `CREATE TABLE ${table} (
  ${period} date NOT NULL,
  campaign_id integer NOT NULL,
  publisher_id integer NOT NULL,
  target_id integer NOT NULL,
  buyer_id integer NOT NULL,
  status text NOT NULL,
  connected boolean NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  PRIMARY KEY (${period}, ${KEY_LIST}) INCLUDE (calls)
)`;

/** One index per column a question can select by: that column, the time, and every other column carried along. */
const selectorIndexes = (table: string, period: 'day' | 'month') =>
  ['campaign_id', 'publisher_id', 'target_id', 'buyer_id', 'status'].map((column) => {
    const carried = [...KEY.filter((c) => c !== column), 'calls'].join(', ');
    return `CREATE INDEX ${table}_${column.replace(/_id$/, '')}_idx ON ${table} (${column}, ${period}) INCLUDE (${carried})`;
  });

/**
 * The calls that did not connect, a few percent of the rows: "not connected" alone reads them, and
 * "connected" alone is every call less them (a direct read would be nearly every row). Partial, so
 * the rows of connected calls, nearly all the writes, never touch it.
 */
const notConnectedIndex = (table: string, period: 'day' | 'month') =>
  `CREATE INDEX ${table}_not_connected_idx ON ${table} (${period}) INCLUDE (${KEY.filter((c) => c !== 'connected').join(', ')}, calls) WHERE NOT connected`;

export const combinationRollups: Migration = {
  version: '0016-combination-rollups',
  statements: [
    comboTable('calls_daily_combo', 'day'),
    comboTable('calls_monthly_combo', 'month'),
    comboFunction('calls_combo_rollup_insert', NEW_ROWS),
    comboFunction('calls_combo_rollup_update', CHANGED_CALLS),
    comboFunction('calls_combo_rollup_delete', OLD_ROWS),
    // The triggers before the backfill: creating them locks calls against writes until this
    // migration commits, so no call is both missed by the backfill and never counted by a trigger.
    'CREATE TRIGGER calls_rollup_combo_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_combo_rollup_insert()',
    'CREATE TRIGGER calls_rollup_combo_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_combo_rollup_update()',
    'CREATE TRIGGER calls_rollup_combo_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_combo_rollup_delete()',
    `INSERT INTO calls_daily_combo (day, ${KEY_LIST}, calls)
     SELECT (call_ts AT TIME ZONE 'America/New_York')::date, ${KEY_FROM_CALLS}, count(*)
     FROM calls GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    `INSERT INTO calls_monthly_combo (month, ${KEY_LIST}, calls)
     SELECT date_trunc('month', day)::date, ${KEY_LIST}, sum(calls)
     FROM calls_daily_combo GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    // Built after the backfill: one sorted build each instead of an index insert a row.
    ...selectorIndexes('calls_daily_combo', 'day'),
    ...selectorIndexes('calls_monthly_combo', 'month'),
    notConnectedIndex('calls_daily_combo', 'day'),
    notConnectedIndex('calls_monthly_combo', 'month'),
  ],
};
