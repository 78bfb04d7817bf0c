// 0019's builders and the calls' signed rows, as that migration froze them: the trigger functions below extend its own.
import { CHANGED_CALLS, FROM_CALLS, NEW_CALLS, OLD_CALLS, upsert } from './0019-repeat-detection';
import type { Migration } from './index';

/**
 * Three reads the rollups could not serve fast, by reshaping them rather than
 * adding one of every combination; what each costs the writes is measured in
 * docs/decisions/0026-status-wide-and-combination-rollups.md:
 *
 * 1. Status in the per-dimension day and month rows. calls_daily_dim and
 *    calls_monthly_dim keep, per value, a count per disposition (and one for
 *    every other status, the Rejected / Unknown card), the not-connected calls
 *    and the repeats beside the money. A year of every publisher's scorecard, or
 *    of the Publishers picker under a disposition, is then ten month rows and
 *    the current month's day rows per publisher, where the per-status daily
 *    rollup held about five rows per publisher and day. The row count per write
 *    is what it was (the same keys, wider rows); the month rows are now written
 *    by the rollup trigger from the calls, not by a second trigger on the day
 *    rows, which saves a trigger and its transition tables per write.
 *
 * 2. Call combinations without status (call_combos, calls_daily_combo,
 *    calls_monthly_combo): each campaign × publisher × target × buyer that has
 *    had calls gets an id once, and the calls per combination and New York day
 *    (month) are kept under that id. A picker under another picker's selection
 *    ("the campaigns of this publisher") sums the rows of the few combinations
 *    the selection matches, found by one scan of call_combos (a few thousand
 *    rows), read by the (combo_id, day) key. Keyed without status or
 *    connection, a status move never changes them: QC verdicts compute and skip
 *    them. The combination rollup set aside in decision 0022 kept status and
 *    connection in its key, seven indexes per table and the counts in each.
 *
 * 3. calls_weekly (New York week from Monday × status), beside calls_daily and
 *    calls_monthly: a year's timeline by the week reads 52 rows per status
 *    instead of 365.
 *
 * The tables made here keep their measures out of their keys and leave half of
 * each page free (fillfactor): an upsert that changes only a count then stays a
 * heap-only update, with no new index entry; the per-dimension day and month
 * rows used to carry their counts in the key (INCLUDE, migration 0003), so
 * every update of one added an index entry. Their readers read the few rows
 * they need from the heap. calls_daily_dim_status keeps its counts in its key:
 * one publisher's year is ~5,900 of its rows, an index-only scan of ~160 pages
 * where the heap holds them on ~950.
 *
 * Key order and the rollup lock (0003, 0009) hold as before: one trigger
 * function per event upserts every rollup, each in key order, after the lock.
 */

/** The 14 dispositions and the column each one's calls go to; any other status (or none) goes to status_other. Frozen with this migration. */
const STATUS_COLUMNS: Array<[status: string, column: string]> = [
  ['Sales', 'status_sales'],
  ['Not Interested', 'status_not_interested'],
  ['Not Qualified', 'status_not_qualified'],
  ['DNC', 'status_dnc'],
  ['Voicemail', 'status_voicemail'],
  ['Tech Issues', 'status_tech_issues'],
  ['DWSPI', 'status_dwspi'],
  ['Unresponsive', 'status_unresponsive'],
  ['Hungup', 'status_hungup'],
  ['Callback', 'status_callback'],
  ['IVR', 'status_ivr'],
  ['subsidy/incentivised', 'status_subsidy_incentivised'],
  ['Language Barrier', 'status_language_barrier'],
  ['Misdialed', 'status_misdialed'],
];
const OTHER_STATUS_COLUMN = 'status_other';
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
const KNOWN_STATUSES = `ARRAY[${STATUS_COLUMNS.map(([status]) => quoted(status)).join(', ')}]::text[]`;

/** The per-dimension measures, as columns and as sums over per_dimension rows (each with its sign). */
const DIMENSION_MEASURES: Array<[column: string, sum: string]> = [
  ['calls', 'sum(sign)'],
  ['not_connected', 'sum(sign * not_connected)'],
  ['repeats', 'sum(sign * repeats)'],
  ['revenue_cents', 'sum(sign * revenue_cents)'],
  ['payout_cents', 'sum(sign * payout_cents)'],
  ...STATUS_COLUMNS.map(([status, column]): [string, string] => [column, `sum(sign * (status = ${quoted(status)})::int)`]),
  [OTHER_STATUS_COLUMN, `sum(sign * (status <> ALL (${KNOWN_STATUSES}))::int)`],
];

const dimensionTable = (table: string, period: 'day' | 'month') => `CREATE TABLE ${table} (
  dim smallint NOT NULL,
  ${period} date NOT NULL,
  dim_id integer NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  not_connected integer NOT NULL DEFAULT 0,
  repeats integer NOT NULL DEFAULT 0,
  revenue_cents bigint NOT NULL DEFAULT 0,
  payout_cents bigint NOT NULL DEFAULT 0,
  ${[...STATUS_COLUMNS.map(([, column]) => column), OTHER_STATUS_COLUMN].map((column) => `${column} integer NOT NULL DEFAULT 0`).join(',\n  ')},
  PRIMARY KEY (dim, ${period}, dim_id)
)`;

/** Every per-dimension row rebuilt from the per-status daily rollup, which holds all of it. */
const fillDimensionDays = `INSERT INTO calls_daily_dim (dim, day, dim_id, ${DIMENSION_MEASURES.map(([column]) => column).join(', ')})
  SELECT dim, day, dim_id, sum(calls), sum(not_connected), sum(repeats), sum(revenue_cents), sum(payout_cents),
    ${STATUS_COLUMNS.map(([status]) => `sum(calls) FILTER (WHERE status = ${quoted(status)})`)
      .map((sum) => `coalesce(${sum}, 0)`)
      .join(', ')},
    coalesce(sum(calls) FILTER (WHERE status <> ALL (${KNOWN_STATUSES})), 0)
  FROM calls_daily_dim_status GROUP BY dim, day, dim_id HAVING sum(calls) <> 0 ORDER BY dim, day, dim_id`;
const fillDimensionMonths = `INSERT INTO calls_monthly_dim (dim, month, dim_id, ${DIMENSION_MEASURES.map(([column]) => column).join(', ')})
  SELECT dim, date_trunc('month', day)::date, dim_id, ${DIMENSION_MEASURES.map(([column]) => `sum(${column})`).join(', ')}
  FROM calls_daily_dim GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;

const NY_DAY = "(call_ts AT TIME ZONE 'America/New_York')::date";
const MONTH_OF_DAY = "date_trunc('month', day)::date";

const returnIfNone = (rows: string) => `IF NOT EXISTS (${rows}) THEN
    RETURN NULL;
  END IF;`;

/**
 * The rollup trigger function of one event. `addsCombinations`: whether its
 * rows may hold a combination call_combos has not seen (inserted or updated
 * calls); a deleted call's combination is there already.
 */
function rollupFunction(name: string, deltaRows: string, addsCombinations: boolean): string {
  const delta = `(${deltaRows}) d`;
  const newCombinations = addsCombinations
    ? `INSERT INTO call_combos (campaign_id, publisher_id, target_id, buyer_id)
  SELECT DISTINCT campaign_id, publisher_id, coalesce(target_id, 0), coalesce(buyer_id, 0) FROM ${delta}
  WHERE NOT EXISTS (SELECT 1 FROM call_combos k WHERE k.campaign_id = d.campaign_id AND k.publisher_id = d.publisher_id
                      AND k.target_id = coalesce(d.target_id, 0) AND k.buyer_id = coalesce(d.buyer_id, 0))
  ORDER BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING;`
    : '';
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${returnIfNone(deltaRows)}

  ${upsert('calls_daily', [['day', NY_DAY], ['status', 'status']], FROM_CALLS, delta)};

  ${upsert('calls_hourly', [['hour', "date_trunc('hour', call_ts, 'UTC')"], ['status', 'status']], FROM_CALLS, delta)};

  ${upsert('calls_weekly', [['week', `date_trunc('week', ${NY_DAY}::timestamp)::date`], ['status', 'status']], FROM_CALLS, delta)};

  WITH per_dimension AS (
    SELECT sign, ${NY_DAY} AS day, status, (NOT connected)::int AS not_connected,
           is_repeat::int AS repeats, revenue_cents, payout_cents, v.dim, v.dim_id
    FROM ${delta}
    CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, coalesce(buyer_id, 0))) AS v(dim, dim_id)
  ), by_day AS (
    ${upsert('calls_daily_dim', [['dim', 'dim'], ['day', 'day'], ['dim_id', 'dim_id']], DIMENSION_MEASURES, 'per_dimension')}
    RETURNING 1
  ), by_month AS (
    ${upsert('calls_monthly_dim', [['dim', 'dim'], ['month', MONTH_OF_DAY], ['dim_id', 'dim_id']], DIMENSION_MEASURES, 'per_dimension')}
    RETURNING 1
  )
  ${upsert(
    'calls_daily_dim_status',
    [['dim', 'dim'], ['dim_id', 'dim_id'], ['day', 'day'], ['status', 'status']],
    [
      ['calls', 'sum(sign)'],
      ['not_connected', 'sum(sign * not_connected)'],
      ['repeats', 'sum(sign * repeats)'],
      ['revenue_cents', 'sum(sign * revenue_cents)'],
      ['payout_cents', 'sum(sign * payout_cents)'],
    ],
    'per_dimension',
  )};

  ${newCombinations}
  WITH per_combination AS (
    SELECT k.id AS combo_id, ${NY_DAY} AS day, sign
    FROM ${delta}
    JOIN call_combos k ON k.campaign_id = d.campaign_id AND k.publisher_id = d.publisher_id
      AND k.target_id = coalesce(d.target_id, 0) AND k.buyer_id = coalesce(d.buyer_id, 0)
  ), by_day AS (
    ${upsert('calls_daily_combo', [['combo_id', 'combo_id'], ['day', 'day']], [['calls', 'sum(sign)']], 'per_combination')}
    RETURNING 1
  )
  ${upsert('calls_monthly_combo', [['combo_id', 'combo_id'], ['month', MONTH_OF_DAY]], [['calls', 'sum(sign)']], 'per_combination')};
  RETURN NULL;
END
$fn$`;
}

/** The rollup tables this migration fills. */
const FILLED_AS_WRITTEN = ['calls_daily_dim', 'calls_monthly_dim', 'calls_weekly', 'calls_daily_combo', 'calls_monthly_combo'];

const NY_DAY_OF_CALL = "(c.call_ts AT TIME ZONE 'America/New_York')::date";

export const statusWideAndCombinationRollups: Migration = {
  version: '0022-status-wide-and-combination-rollups',
  statements: [
    // The month rows now come from the rollup trigger itself.
    'DROP TRIGGER calls_daily_dim_monthly_insert ON calls_daily_dim',
    'DROP TRIGGER calls_daily_dim_monthly_update ON calls_daily_dim',
    'DROP TRIGGER calls_daily_dim_monthly_delete ON calls_daily_dim',
    'DROP FUNCTION calls_daily_dim_monthly_insert()',
    'DROP FUNCTION calls_daily_dim_monthly_update()',
    'DROP FUNCTION calls_daily_dim_monthly_delete()',
    'DROP TABLE calls_monthly_dim',
    'DROP TABLE calls_daily_dim',
    dimensionTable('calls_daily_dim', 'day'),
    dimensionTable('calls_monthly_dim', 'month'),
    fillDimensionDays,
    fillDimensionMonths,

    `CREATE TABLE calls_weekly (
      week date NOT NULL,
      status text NOT NULL,
      calls integer NOT NULL DEFAULT 0,
      not_connected integer NOT NULL DEFAULT 0,
      repeats integer NOT NULL DEFAULT 0,
      duration_sec bigint NOT NULL DEFAULT 0,
      revenue_cents bigint NOT NULL DEFAULT 0,
      payout_cents bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (week, status)
    )`,
    `INSERT INTO calls_weekly (week, status, calls, not_connected, repeats, duration_sec, revenue_cents, payout_cents)
     SELECT date_trunc('week', day::timestamp)::date, status, sum(calls), sum(not_connected), sum(repeats), sum(duration_sec), sum(revenue_cents), sum(payout_cents)
     FROM calls_daily GROUP BY 1, 2 HAVING sum(calls) <> 0 ORDER BY 1, 2`,

    `CREATE TABLE call_combos (
      id serial PRIMARY KEY,
      campaign_id integer NOT NULL,
      publisher_id integer NOT NULL,
      -- 0: the call has no target (buyer), as in the per-dimension rollups.
      target_id integer NOT NULL,
      buyer_id integer NOT NULL,
      UNIQUE (campaign_id, publisher_id, target_id, buyer_id)
    )`,
    `CREATE TABLE calls_daily_combo (
      combo_id integer NOT NULL,
      day date NOT NULL,
      calls integer NOT NULL DEFAULT 0,
      PRIMARY KEY (combo_id, day)
    )`,
    `CREATE TABLE calls_monthly_combo (
      combo_id integer NOT NULL,
      month date NOT NULL,
      calls integer NOT NULL DEFAULT 0,
      PRIMARY KEY (combo_id, month)
    )`,
    `INSERT INTO call_combos (campaign_id, publisher_id, target_id, buyer_id)
     SELECT DISTINCT campaign_id, publisher_id, coalesce(target_id, 0), coalesce(buyer_id, 0) FROM calls ORDER BY 1, 2, 3, 4`,
    `INSERT INTO calls_daily_combo (combo_id, day, calls)
     SELECT k.id, ${NY_DAY_OF_CALL}, count(*) FROM calls c
     JOIN call_combos k ON k.campaign_id = c.campaign_id AND k.publisher_id = c.publisher_id
       AND k.target_id = coalesce(c.target_id, 0) AND k.buyer_id = coalesce(c.buyer_id, 0)
     GROUP BY 1, 2 ORDER BY 1, 2`,
    `INSERT INTO calls_monthly_combo (combo_id, month, calls)
     SELECT combo_id, date_trunc('month', day)::date, sum(calls) FROM calls_daily_combo GROUP BY 1, 2 ORDER BY 1, 2`,
    // Filled in key order and full, so a reader's rows of the past lie together; the rows written from now on
    // leave half of each page free, so their updates can stay heap-only.
    ...FILLED_AS_WRITTEN.map((table) => `ALTER TABLE ${table} SET (fillfactor = 50)`),

    rollupFunction('calls_rollup_insert', NEW_CALLS, true),
    rollupFunction('calls_rollup_update', CHANGED_CALLS, true),
    rollupFunction('calls_rollup_delete', OLD_CALLS, false),
  ],
};
