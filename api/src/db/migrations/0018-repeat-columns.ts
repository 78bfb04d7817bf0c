import type { Migration } from './index';

/**
 * Where repeat calls are kept (a call is a repeat when the same caller id
 * called the same campaign within the repeat window before it):
 * - calls.repeat_of: the earlier call's id, null for a first call;
 * - `repeats` beside `not_connected` in the per-status rollups (hourly, daily,
 *   monthly, and per dimension value and status), so counting repeats, and a
 *   `repeat=true|false` filter over the stats and the scorecard, costs nothing
 *   at read time.
 * This migration only adds the columns (every call a first call, every count
 * zero); the migration after it decides repeats as calls are stored and
 * keeps the counts through the rollup triggers.
 */
export const repeatColumns: Migration = {
  version: '0018-repeat-columns',
  statements: [
    'ALTER TABLE calls ADD COLUMN repeat_of bigint',
    'ALTER TABLE calls_hourly ADD COLUMN repeats integer NOT NULL DEFAULT 0',
    'ALTER TABLE calls_daily ADD COLUMN repeats integer NOT NULL DEFAULT 0',
    'ALTER TABLE calls_monthly ADD COLUMN repeats integer NOT NULL DEFAULT 0',
    'ALTER TABLE calls_daily_dim_status ADD COLUMN repeats integer NOT NULL DEFAULT 0',
  ],
};
