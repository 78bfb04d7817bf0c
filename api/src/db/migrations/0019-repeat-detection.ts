import { ROLLUP_LOCK_KEY } from './0009-rollup-lock';
import type { Migration } from './index';

/**
 * Repeat b_callers are decided as calls are stored, and counted in the rollups.
 *
 * A call is a repeat when another call from the same caller id to the same
 * campaign came before it within the repeat window (REPEAT_WINDOW_DAYS, the
 * calls between call_ts − window and call_ts); `repeat_of` holds the latest
 * such call. "Before" is (call_ts, id) order: two calls at the same instant
 * are ordered by id, so the one stored first is the first call and the other
 * repeats it. A call with no caller id ('') is never a repeat. The latest
 * earlier call in the window, if there is one, is the call just before in
 * (call_ts, id) order among the caller's calls to the campaign; so a repeat
 * is decided by lag() over that order, and a call's decision depends only on
 * its neighbour (docs/decisions/0023-repeat-b_callers.md).
 *
 * ingest_calls() (0004's, now taking the window) decides them in its one statement:
 * 1. It takes a transaction advisory lock per caller id × campaign the
 *    delivery puts a call in or takes one out of (a redelivery that moves a
 *    call), in key order, before writing anything. Two deliveries that share
 *    a caller and campaign take turns, so the later one sees the earlier's
 *    calls; deliveries of other b_callers still run side by side. The two-key
 *    form (campaign id, hash of the caller id) is a lock space apart from the
 *    one-key locks of 0004 and 0009, so no hash can be one of those.
 * 2. It decides, before writing, every call whose decision may change: the
 *    delivered calls where they now are, and the stored calls of the same
 *    caller and campaign from the earliest time the delivery adds or removes
 *    a call there to one window after the latest (a late earlier call makes
 *    later ones repeats, a moved call leaves its old neighbours). New calls
 *    take their ids from the sequence now, so calls of one delivery can
 *    repeat each other.
 * 3. When stored calls other than the delivered ones change, it locks those
 *    rows together with the delivered calls already stored, in systemCallId
 *    order as every writer does (calls-writer.ts), then upserts the delivery
 *    and updates them. The update so never waits for a row while this
 *    transaction holds the rollup lock its triggers took (0009).
 * A concurrent delivery of the same systemCallId that moved it between our
 * read and our locks, or inserted it between our read and our upsert, is
 * refused with serialization_failure (40001) rather than stored inexactly.
 *
 * The window is the server's setting: ingest_calls takes it as an argument and
 * refuses one other than the window the stored calls were decided with
 * (`repeat_window`); redecide_repeats(days) re-decides every call for a new
 * window, which start-up does when REPEAT_WINDOW_DAYS changes.
 *
 * The rollup triggers (0010's builders, with `repeats` beside `not_connected`)
 * count repeats in calls_hourly, calls_daily, calls_monthly and
 * calls_daily_dim_status; a call's repeat_of changing between two earlier calls
 * is not a change to any rollup (only whether it is a repeat is counted).
 */

/** The calls columns some rollup reads, repeat_of only as whether the call is a repeat. */
const COUNTED_COLUMNS =
  'call_ts, status, connected, duration_sec, revenue_cents, payout_cents, campaign_id, publisher_id, target_id, buyer_id, (repeat_of IS NOT NULL) AS is_repeat';

/** One grouped upsert into a rollup, written only for keys whose sums are not all zero (as in 0010). */
export function upsert(table: string, keys: Array<[string, string]>, measures: Array<[string, string]>, source: string): string {
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
export const FROM_CALLS: Array<[string, string]> = [
  ['calls', 'sum(sign)'],
  ['not_connected', 'sum(sign * (NOT connected)::int)'],
  ['repeats', 'sum(sign * is_repeat::int)'],
  ['duration_sec', 'sum(sign * duration_sec)'],
  ['revenue_cents', 'sum(sign * revenue_cents)'],
  ['payout_cents', 'sum(sign * payout_cents)'],
];

const resummed = (columns: string[]): Array<[string, string]> => columns.map((c) => [c, `sum(sign * ${c})`]);

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
           is_repeat::int AS repeats, (status = 'Sales')::int AS is_sale, revenue_cents, payout_cents, v.dim, v.dim_id
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
    [
      ['calls', 'sum(sign)'],
      ['not_connected', 'sum(sign * not_connected)'],
      ['repeats', 'sum(sign * repeats)'],
      ['revenue_cents', 'sum(sign * revenue_cents)'],
      ['payout_cents', 'sum(sign * payout_cents)'],
    ],
    'per_dimension',
  )};
  RETURN NULL;
END
$fn$`;
}

/** calls_monthly kept from calls_daily, now with repeats (`deltaRows` are daily rows with a sign). */
const monthlyStatusFunction = (name: string, deltaRows: string) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${returnIfNone(deltaRows)}
  ${upsert('calls_monthly', [['month', "date_trunc('month', day)::date"], ['status', 'status']], resummed(FROM_CALLS.map(([column]) => column)), `(${deltaRows}) d`)};
  RETURN NULL;
END
$fn$`;

export const NEW_CALLS = 'SELECT *, repeat_of IS NOT NULL AS is_repeat, 1 AS sign FROM new_rows';
export const OLD_CALLS = 'SELECT *, repeat_of IS NOT NULL AS is_repeat, -1 AS sign FROM old_rows';
export const CHANGED_CALLS = `SELECT *, 1 AS sign FROM (SELECT ${COUNTED_COLUMNS} FROM new_rows EXCEPT ALL SELECT ${COUNTED_COLUMNS} FROM old_rows) added
  UNION ALL
  SELECT *, -1 AS sign FROM (SELECT ${COUNTED_COLUMNS} FROM old_rows EXCEPT ALL SELECT ${COUNTED_COLUMNS} FROM new_rows) removed`;
const NEW_ROWS = 'SELECT *, 1 AS sign FROM new_rows';
const OLD_ROWS = 'SELECT *, -1 AS sign FROM old_rows';
const BOTH_ROWS = `${NEW_ROWS} UNION ALL ${OLD_ROWS}`;

/** The calls columns a delivery sets, in the order of the json_to_recordset row type below (as in 0004). */
const COLUMNS = `system_call_id, call_ts, caller_id, campaign_id, publisher_id, target_id, buyer_id, system_name,
    system_publisher_id, system_buyer_id, duration_sec, connected, recording_url, transcript, revenue_cents, payout_cents,
    status, sub_disposition, reason, summary, qc_disposition, qc_sub_disposition, qc_reason, qc_summary`;

const DIMENSIONS: Array<[table: string, param: string]> = [
  ['campaigns', 'campaign_names'],
  ['publishers', 'publisher_names'],
  ['targets', 'target_names'],
  ['buyers', 'buyer_names'],
];

const createMissing = ([table, param]: [string, string]) => `INSERT INTO ${table} (name)
  SELECT n FROM unnest(${param}) AS n
  WHERE NOT EXISTS (SELECT 1 FROM ${table} d WHERE d.name = n)
  ORDER BY n
  ON CONFLICT (name) DO NOTHING;`;

/** Refuses a write a concurrent delivery of the same call got in the way of; the sender delivers again. */
const raceLost = (what: string) => `RAISE EXCEPTION USING ERRCODE = 'serialization_failure',
      MESSAGE = 'a concurrent delivery ${what}; deliver the batch again'`;

const INGEST_CALLS = `CREATE FUNCTION ingest_calls(batch json, batch_size integer, campaign_names text[], publisher_names text[],
  target_names text[], buyer_names text[], repeat_window_days integer, OUT inserted integer, OUT updated integer) LANGUAGE plpgsql AS $fn$
DECLARE
  win interval := make_interval(days => repeat_window_days);
  decided_with integer;
  b_sids text[]; b_ts timestamptz[]; b_callers text[]; b_campaigns int[];
  lock_campaigns int[]; lock_callers int[];
  planned_sids text[]; planned_ids bigint[]; planned_repeats bigint[];
  other_ids bigint[]; other_repeats bigint[];
  stored_ids bigint[];
  misplaced integer;
BEGIN
  -- Shared: ingests run side by side; redecide_repeats takes it exclusively.
  PERFORM pg_advisory_xact_lock_shared(7266001);
  SELECT days INTO decided_with FROM repeat_window;
  IF repeat_window_days IS DISTINCT FROM decided_with THEN
    RAISE EXCEPTION 'ingest_calls was given a repeat window of % days, but the stored calls were decided with % (redecide_repeats changes it)',
      repeat_window_days, decided_with;
  END IF;
  ${DIMENSIONS.map(createMissing).join('\n  ')}

  -- Where the delivery puts each call: its caller id × campaign and time.
  SELECT array_agg(x.system_call_id), array_agg(x.call_ts), array_agg(x.caller_id), array_agg(ca.id)
    INTO b_sids, b_ts, b_callers, b_campaigns
  FROM json_to_recordset(batch) AS x(system_call_id text, call_ts timestamptz, caller_id text, campaign_name text)
  JOIN campaigns ca ON ca.name = x.campaign_name;

  -- 1. One lock per caller × campaign the delivery puts a call in or takes one from, in key order.
  SELECT array_agg(k.campaign_id ORDER BY k.campaign_id, k.caller_hash), array_agg(k.caller_hash ORDER BY k.campaign_id, k.caller_hash)
    INTO lock_campaigns, lock_callers
  FROM (
    SELECT DISTINCT campaign_id, hashtext(caller_id) AS caller_hash FROM (
      SELECT n.caller_id, n.campaign_id FROM unnest(b_callers, b_campaigns) AS n(caller_id, campaign_id)
      UNION ALL
      SELECT c.caller_id, c.campaign_id FROM calls c WHERE c.system_call_id = ANY (b_sids)
    ) keyed WHERE caller_id <> ''
  ) k;
  PERFORM pg_advisory_xact_lock(l.campaign_id, l.caller_hash)
  FROM unnest(lock_campaigns, lock_callers) WITH ORDINALITY AS l(campaign_id, caller_hash, position) ORDER BY l.position;
  IF EXISTS (
    SELECT 1 FROM calls c WHERE c.system_call_id = ANY (b_sids) AND c.caller_id <> ''
      AND NOT EXISTS (SELECT 1 FROM unnest(lock_campaigns, lock_callers) AS l(campaign_id, caller_hash)
                      WHERE l.campaign_id = c.campaign_id AND l.caller_hash = hashtext(c.caller_id))
  ) THEN
    ${raceLost('moved one of these calls to another caller or campaign')};
  END IF;

  -- 2. Every call whose decision may change, decided by its neighbour in (call_ts, id) order.
  WITH delivered AS (
    SELECT n.system_call_id, n.call_ts, n.caller_id, n.campaign_id,
           s.id AS stored_id, s.repeat_of AS stored_repeat_of,
           s.id IS NULL OR (s.call_ts, s.caller_id, s.campaign_id) IS DISTINCT FROM (n.call_ts, n.caller_id, n.campaign_id) AS moves,
           s.call_ts AS was_ts, s.caller_id AS was_caller, s.campaign_id AS was_campaign
    FROM unnest(b_sids, b_ts, b_callers, b_campaigns) AS n(system_call_id, call_ts, caller_id, campaign_id)
    LEFT JOIN calls s ON s.system_call_id = n.system_call_id
  ), placed AS MATERIALIZED (
    -- A new call takes its id now, so calls of this delivery can repeat one another.
    SELECT d.*, CASE WHEN d.stored_id IS NULL THEN nextval('calls_id_seq') ELSE d.stored_id END AS id FROM delivered d
  ), touched AS (
    -- Per caller × campaign, the earliest and latest time the delivery adds a call at or takes one from.
    SELECT caller_id, campaign_id, min(t) AS lo, max(t) AS hi FROM (
      SELECT caller_id, campaign_id, call_ts AS t FROM placed WHERE moves
      UNION ALL
      SELECT was_caller, was_campaign, was_ts FROM placed WHERE moves AND stored_id IS NOT NULL
    ) edges WHERE caller_id <> '' GROUP BY 1, 2
  ), neighbourhood AS (
    SELECT p.system_call_id, p.id, p.call_ts, p.caller_id, p.campaign_id, true AS is_delivered, p.stored_repeat_of AS was_repeat_of
    FROM placed p WHERE p.caller_id <> ''
    UNION ALL
    -- Stored calls a window either side of the touched times: enough to find the neighbour of every call from lo on.
    SELECT c.system_call_id, c.id, c.call_ts, c.caller_id, c.campaign_id, false, c.repeat_of
    FROM touched t
    JOIN calls c ON c.caller_id = t.caller_id AND c.campaign_id = t.campaign_id AND c.call_ts >= t.lo - win AND c.call_ts <= t.hi + win
    WHERE c.system_call_id <> ALL (b_sids)
  ), decided AS (
    SELECT n.*, t.lo, t.hi,
           CASE WHEN lag(n.call_ts) OVER w >= n.call_ts - win THEN lag(n.id) OVER w END AS repeat_of
    FROM neighbourhood n
    LEFT JOIN touched t ON t.caller_id = n.caller_id AND t.campaign_id = n.campaign_id
    WINDOW w AS (PARTITION BY n.caller_id, n.campaign_id ORDER BY n.call_ts, n.id)
  ), changes AS (
    -- Only calls from the earliest touched time to a window after the latest can change.
    SELECT * FROM decided WHERE lo IS NOT NULL AND call_ts >= lo AND call_ts <= hi + win
  )
  SELECT
    (SELECT array_agg(p.system_call_id ORDER BY p.system_call_id) FROM placed p),
    (SELECT array_agg(p.id ORDER BY p.system_call_id) FROM placed p),
    (SELECT array_agg(CASE WHEN p.caller_id = '' THEN NULL WHEN ch.id IS NOT NULL THEN ch.repeat_of ELSE p.stored_repeat_of END ORDER BY p.system_call_id)
       FROM placed p LEFT JOIN changes ch ON ch.is_delivered AND ch.system_call_id = p.system_call_id),
    (SELECT array_agg(ch.id ORDER BY ch.system_call_id COLLATE "C") FROM changes ch
       WHERE NOT ch.is_delivered AND ch.repeat_of IS DISTINCT FROM ch.was_repeat_of),
    (SELECT array_agg(ch.repeat_of ORDER BY ch.system_call_id COLLATE "C") FROM changes ch
       WHERE NOT ch.is_delivered AND ch.repeat_of IS DISTINCT FROM ch.was_repeat_of),
    (SELECT array_agg(p.stored_id) FILTER (WHERE p.stored_id IS NOT NULL) FROM placed p)
  INTO planned_sids, planned_ids, planned_repeats, other_ids, other_repeats, stored_ids;

  -- 3. Other stored calls change: lock them with the delivered stored calls, in one systemCallId order, before writing.
  IF other_ids IS NOT NULL THEN
    PERFORM 1 FROM calls c WHERE c.id = ANY (other_ids || coalesce(stored_ids, '{}')) ORDER BY c.system_call_id COLLATE "C" FOR UPDATE;
  END IF;

  WITH plan AS (
    SELECT * FROM unnest(planned_sids, planned_ids, planned_repeats) AS p(system_call_id, id, repeat_of)
  ), upserted AS (
    INSERT INTO calls (id, repeat_of, ${COLUMNS})
    SELECT p.id, p.repeat_of, x.system_call_id, x.call_ts, x.caller_id, ca.id, pu.id, ta.id, bu.id, x.system_name,
      x.system_publisher_id, x.system_buyer_id, x.duration_sec, x.connected, x.recording_url, x.transcript, x.revenue_cents, x.payout_cents,
      coalesce(x.qc_disposition, ''), x.qc_sub_disposition, x.qc_reason, x.qc_summary, x.qc_disposition, x.qc_sub_disposition, x.qc_reason, x.qc_summary
    FROM json_to_recordset(batch) AS x(system_call_id text, call_ts timestamptz, caller_id text, campaign_name text,
      publisher_name text, target_name text, buyer_name text, system_name text, system_publisher_id text, system_buyer_id text,
      duration_sec int, connected boolean, recording_url text, transcript text, revenue_cents bigint, payout_cents bigint,
      qc_disposition text, qc_sub_disposition text, qc_reason text, qc_summary text)
    JOIN plan p ON p.system_call_id = x.system_call_id
    JOIN campaigns ca ON ca.name = x.campaign_name
    JOIN publishers pu ON pu.name = x.publisher_name
    LEFT JOIN targets ta ON ta.name = x.target_name
    LEFT JOIN buyers bu ON bu.name = x.buyer_name
    ORDER BY x.system_call_id COLLATE "C"
    ON CONFLICT (system_call_id) DO UPDATE SET
      repeat_of = excluded.repeat_of,
      call_ts = excluded.call_ts, caller_id = excluded.caller_id, campaign_id = excluded.campaign_id,
      publisher_id = excluded.publisher_id, target_id = excluded.target_id, buyer_id = excluded.buyer_id,
      system_name = excluded.system_name, system_publisher_id = excluded.system_publisher_id,
      system_buyer_id = excluded.system_buyer_id, duration_sec = excluded.duration_sec, connected = excluded.connected,
      recording_url = excluded.recording_url, transcript = excluded.transcript, revenue_cents = excluded.revenue_cents,
      payout_cents = excluded.payout_cents,
      qc_disposition = coalesce(excluded.qc_disposition, calls.qc_disposition),
      qc_sub_disposition = CASE WHEN excluded.qc_disposition IS NULL THEN calls.qc_sub_disposition ELSE excluded.qc_sub_disposition END,
      qc_reason = CASE WHEN excluded.qc_disposition IS NULL THEN calls.qc_reason ELSE excluded.qc_reason END,
      qc_summary = CASE WHEN excluded.qc_disposition IS NULL THEN calls.qc_summary ELSE excluded.qc_summary END,
      status = CASE WHEN excluded.qc_disposition IS NULL OR calls.status_overridden THEN calls.status ELSE excluded.qc_disposition END,
      sub_disposition = CASE WHEN excluded.qc_disposition IS NULL OR calls.status_overridden THEN calls.sub_disposition ELSE excluded.qc_sub_disposition END,
      reason = CASE WHEN excluded.qc_disposition IS NULL OR calls.status_overridden THEN calls.reason ELSE excluded.qc_reason END,
      summary = CASE WHEN excluded.qc_disposition IS NULL THEN calls.summary ELSE excluded.qc_summary END,
      updated_at = now()
    RETURNING calls.id, calls.system_call_id, (xmax = 0) AS is_new
  )
  SELECT count(*) FILTER (WHERE u.is_new), count(*) FILTER (WHERE NOT u.is_new), count(*) FILTER (WHERE u.id <> p.id)
    INTO inserted, updated, misplaced FROM upserted u JOIN plan p ON p.system_call_id = u.system_call_id;
  -- Every call joins to a name created above; a shortfall would be a bug losing calls, so nothing is kept.
  IF inserted + updated <> batch_size THEN
    RAISE EXCEPTION 'ingest_calls stored % of % calls', inserted + updated, batch_size;
  END IF;
  -- A call read as new that another delivery stored meanwhile keeps that delivery's id, not the one decided with.
  IF misplaced > 0 THEN
    ${raceLost('stored some of these calls first')};
  END IF;

  IF other_ids IS NOT NULL THEN
    UPDATE calls c SET repeat_of = o.repeat_of
    FROM unnest(other_ids, other_repeats) AS o(id, repeat_of)
    WHERE c.id = o.id;
  END IF;
END
$fn$`;

/**
 * Decides every call again for a window of `days`, and records it as the
 * window ingest_calls decides with. Takes the ingest lock exclusively, so no
 * delivery is deciding meanwhile; only calls whose repeat_of differs are written.
 */
const REDECIDE_REPEATS = `CREATE FUNCTION redecide_repeats(window_days integer) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  changed integer;
BEGIN
  IF window_days IS NULL OR window_days < 1 OR window_days > 90 THEN
    RAISE EXCEPTION 'the repeat window must be 1 to 90 days (got %)', window_days;
  END IF;
  PERFORM pg_advisory_xact_lock(7266001);
  -- The calls that change are locked in systemCallId order, as every writer locks its calls, before any is written.
  WITH decided AS (
    SELECT c.id,
           CASE WHEN c.caller_id <> '' AND lag(c.call_ts) OVER w >= c.call_ts - make_interval(days => window_days) THEN lag(c.id) OVER w END AS repeat_of
    FROM calls c
    WINDOW w AS (PARTITION BY c.caller_id, c.campaign_id ORDER BY c.call_ts, c.id)
  ), locked AS MATERIALIZED (
    SELECT c.id, d.repeat_of FROM calls c JOIN decided d ON d.id = c.id
    WHERE c.repeat_of IS DISTINCT FROM d.repeat_of
    ORDER BY c.system_call_id COLLATE "C" FOR UPDATE OF c
  )
  UPDATE calls c SET repeat_of = l.repeat_of FROM locked l WHERE c.id = l.id;
  GET DIAGNOSTICS changed = ROW_COUNT;
  UPDATE repeat_window SET days = window_days;
  RETURN changed;
END
$fn$`;

export const repeatDetection: Migration = {
  version: '0019-repeat-detection',
  statements: [
    // The window the stored calls were decided with: one row.
    `CREATE TABLE repeat_window (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      days integer NOT NULL CHECK (days BETWEEN 1 AND 90)
    )`,
    'INSERT INTO repeat_window (days) VALUES (7)',
    // A caller's calls to a campaign by time: the neighbours ingest decides with, and the detail's list.
    // It also answers the exact callerId filter, so it replaces the caller_id index instead of adding one to every insert.
    'CREATE INDEX calls_caller_campaign_ts_idx ON calls (caller_id, campaign_id, call_ts, id)',
    'DROP INDEX calls_caller_idx',
    // Reading repeats of one picker value stays an index-only scan.
    `ALTER TABLE calls_daily_dim_status DROP CONSTRAINT calls_daily_dim_status_pkey,
       ADD PRIMARY KEY (dim, dim_id, day, status) INCLUDE (calls, not_connected, repeats, revenue_cents, payout_cents)`,

    rollupFunction('calls_rollup_insert', NEW_CALLS),
    rollupFunction('calls_rollup_update', CHANGED_CALLS),
    rollupFunction('calls_rollup_delete', OLD_CALLS),
    monthlyStatusFunction('calls_daily_monthly_insert', NEW_ROWS),
    monthlyStatusFunction('calls_daily_monthly_update', BOTH_ROWS),
    monthlyStatusFunction('calls_daily_monthly_delete', OLD_ROWS),
    `CREATE OR REPLACE FUNCTION calls_rollup_lock_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (${CHANGED_CALLS}) THEN
    PERFORM pg_advisory_xact_lock(${ROLLUP_LOCK_KEY});
  END IF;
  RETURN NULL;
END
$fn$`,

    'DROP FUNCTION ingest_calls(json, integer, text[], text[], text[], text[])',
    INGEST_CALLS,
    REDECIDE_REPEATS,
    // The calls stored so far, decided with the default window.
    'SELECT redecide_repeats(7)',
  ],
};
