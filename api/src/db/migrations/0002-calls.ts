import type { Migration } from './index';

/**
 * The rollups are kept exact by statement-level triggers with transition
 * tables: whatever writes to `calls` (ingest, re-ingest, QC verdicts, bulk
 * updates, a person with psql), the same transaction adds the new rows'
 * figures and subtracts the old ones, in one grouped upsert per rollup and
 * statement rather than one per row. `sign` is +1 for new rows and -1 for old.
 *
 * Which rollup answers what (chosen by measurement at 1M calls; docs/decisions/0002-rollups-by-trigger.md):
 * - calls_daily (New York day × status): every preset's stats, totals and costs;
 * - calls_hourly (UTC hour × status): custom ranges, with the raw table for partial hours;
 * - calls_daily_dim (day × campaign/publisher/target/buyer): pickers and breakdowns;
 * - calls_daily_dim_status (one value × day × status): one picker's selection
 *   (the busiest publisher's year: a few thousand rows here instead of a scan of its calls);
 * - calls_monthly_dim, a rollup of calls_daily_dim kept by triggers on that
 *   table: long-range pickers and breakdowns (a year of publishers reads about
 *   thirty times fewer rows: the months, plus the current month's days).
 */
function rollupFunction(name: string, deltaRows: string): string {
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO calls_daily (day, status, calls, not_connected, duration_sec, revenue_cents, payout_cents)
  SELECT (call_ts AT TIME ZONE 'America/New_York')::date, status, sum(sign), sum(sign * (NOT connected)::int),
         sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (${deltaRows}) d
  GROUP BY 1, 2
  ON CONFLICT (day, status) DO UPDATE SET
    calls = calls_daily.calls + excluded.calls,
    not_connected = calls_daily.not_connected + excluded.not_connected,
    duration_sec = calls_daily.duration_sec + excluded.duration_sec,
    revenue_cents = calls_daily.revenue_cents + excluded.revenue_cents,
    payout_cents = calls_daily.payout_cents + excluded.payout_cents;

  INSERT INTO calls_hourly (hour, status, calls, not_connected, duration_sec, revenue_cents, payout_cents)
  SELECT date_trunc('hour', call_ts, 'UTC'), status, sum(sign), sum(sign * (NOT connected)::int),
         sum(sign * duration_sec), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (${deltaRows}) d
  GROUP BY 1, 2
  ON CONFLICT (hour, status) DO UPDATE SET
    calls = calls_hourly.calls + excluded.calls,
    not_connected = calls_hourly.not_connected + excluded.not_connected,
    duration_sec = calls_hourly.duration_sec + excluded.duration_sec,
    revenue_cents = calls_hourly.revenue_cents + excluded.revenue_cents,
    payout_cents = calls_hourly.payout_cents + excluded.payout_cents;

  WITH per_dimension AS (
    SELECT sign, (call_ts AT TIME ZONE 'America/New_York')::date AS day, status, (NOT connected)::int AS not_connected,
           (status = 'Sales')::int AS is_sale, revenue_cents, payout_cents, v.dim, v.dim_id
    FROM (${deltaRows}) d
    CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, coalesce(buyer_id, 0))) AS v(dim, dim_id)
  ), by_day AS (
    INSERT INTO calls_daily_dim (dim, day, dim_id, calls, sales, revenue_cents, payout_cents)
    SELECT dim, day, dim_id, sum(sign), sum(sign * is_sale), sum(sign * revenue_cents), sum(sign * payout_cents)
    FROM per_dimension
    GROUP BY 1, 2, 3
    ON CONFLICT (dim, day, dim_id) DO UPDATE SET
      calls = calls_daily_dim.calls + excluded.calls,
      sales = calls_daily_dim.sales + excluded.sales,
      revenue_cents = calls_daily_dim.revenue_cents + excluded.revenue_cents,
      payout_cents = calls_daily_dim.payout_cents + excluded.payout_cents
    RETURNING 1
  )
  INSERT INTO calls_daily_dim_status (dim, dim_id, day, status, calls, not_connected, revenue_cents, payout_cents)
  SELECT dim, dim_id, day, status, sum(sign), sum(sign * not_connected), sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM per_dimension
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (dim, dim_id, day, status) DO UPDATE SET
    calls = calls_daily_dim_status.calls + excluded.calls,
    not_connected = calls_daily_dim_status.not_connected + excluded.not_connected,
    revenue_cents = calls_daily_dim_status.revenue_cents + excluded.revenue_cents,
    payout_cents = calls_daily_dim_status.payout_cents + excluded.payout_cents;
  RETURN NULL;
END
$fn$`;
}

function monthlyFunction(name: string, deltaRows: string): string {
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO calls_monthly_dim (dim, month, dim_id, calls, sales, revenue_cents, payout_cents)
  SELECT dim, date_trunc('month', day)::date, dim_id, sum(sign * calls), sum(sign * sales),
         sum(sign * revenue_cents), sum(sign * payout_cents)
  FROM (${deltaRows}) d
  GROUP BY 1, 2, 3
  ON CONFLICT (dim, month, dim_id) DO UPDATE SET
    calls = calls_monthly_dim.calls + excluded.calls,
    sales = calls_monthly_dim.sales + excluded.sales,
    revenue_cents = calls_monthly_dim.revenue_cents + excluded.revenue_cents,
    payout_cents = calls_monthly_dim.payout_cents + excluded.payout_cents;
  RETURN NULL;
END
$fn$`;
}

const NEW_ROWS = 'SELECT *, 1 AS sign FROM new_rows';
const OLD_ROWS = 'SELECT *, -1 AS sign FROM old_rows';

const dimension = (table: string) => `CREATE TABLE ${table} (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
)`;

const rollupMeasures = `calls integer NOT NULL DEFAULT 0,
  not_connected integer NOT NULL DEFAULT 0,
  duration_sec bigint NOT NULL DEFAULT 0,
  revenue_cents bigint NOT NULL DEFAULT 0,
  payout_cents bigint NOT NULL DEFAULT 0`;

export const calls: Migration = {
  version: '0002-calls',
  statements: [
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    dimension('campaigns'),
    dimension('publishers'),
    dimension('targets'),
    dimension('buyers'),
    `CREATE TABLE calls (
      id bigserial PRIMARY KEY,
      system_call_id text NOT NULL UNIQUE,
      call_ts timestamptz NOT NULL,
      caller_id text NOT NULL DEFAULT '',
      campaign_id integer NOT NULL REFERENCES campaigns(id),
      publisher_id integer NOT NULL REFERENCES publishers(id),
      target_id integer REFERENCES targets(id),
      buyer_id integer REFERENCES buyers(id),
      system_name text NOT NULL DEFAULT '',
      system_publisher_id text,
      system_buyer_id text,
      duration_sec integer NOT NULL DEFAULT 0 CHECK (duration_sec >= 0),
      connected boolean NOT NULL,
      recording_url text,
      transcript text,
      revenue_cents bigint NOT NULL DEFAULT 0 CHECK (revenue_cents >= 0),
      payout_cents bigint NOT NULL DEFAULT 0 CHECK (payout_cents >= 0),
      -- The effective disposition and its notes: a person's correction, else the bot's verdict.
      status text NOT NULL DEFAULT '',
      sub_disposition text,
      reason text,
      summary text,
      status_overridden boolean NOT NULL DEFAULT false,
      qc_disposition text,
      qc_sub_disposition text,
      qc_reason text,
      qc_summary text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    // Time range + default sort + OFFSET pages; INCLUDE lets range-only totals skip the heap.
    'CREATE INDEX calls_ts_idx ON calls (call_ts, id) INCLUDE (status, connected)',
    // One covering index per picker dimension: equality first, then the range.
    'CREATE INDEX calls_campaign_ts_idx ON calls (campaign_id, call_ts) INCLUDE (status, connected, revenue_cents, payout_cents)',
    'CREATE INDEX calls_publisher_ts_idx ON calls (publisher_id, call_ts) INCLUDE (status, connected, revenue_cents, payout_cents)',
    'CREATE INDEX calls_target_ts_idx ON calls (target_id, call_ts) INCLUDE (status, connected, revenue_cents, payout_cents)',
    'CREATE INDEX calls_buyer_ts_idx ON calls (buyer_id, call_ts) INCLUDE (status, connected, revenue_cents, payout_cents)',
    'CREATE INDEX calls_status_ts_idx ON calls (status, call_ts)',
    // Caller-id substring search: a trigram index, or every search scans the range.
    'CREATE INDEX calls_caller_trgm_idx ON calls USING gin (caller_id gin_trgm_ops)',
    'CREATE INDEX calls_caller_idx ON calls (caller_id)',
    // Sortable columns with no other index: without one, a year sorted by them is a full sort.
    'CREATE INDEX calls_duration_idx ON calls (duration_sec)',
    'CREATE INDEX calls_sub_disposition_idx ON calls (sub_disposition)',

    `CREATE TABLE calls_daily (
      day date NOT NULL,
      status text NOT NULL,
      ${rollupMeasures},
      PRIMARY KEY (day, status)
    )`,
    `CREATE TABLE calls_hourly (
      hour timestamptz NOT NULL,
      status text NOT NULL,
      ${rollupMeasures},
      PRIMARY KEY (hour, status)
    )`,
    // dim: 1 campaign, 2 publisher, 3 target, 4 buyer; dim_id 0 stands for "none" (no target or buyer).
    `CREATE TABLE calls_daily_dim (
      dim smallint NOT NULL,
      day date NOT NULL,
      dim_id integer NOT NULL,
      calls integer NOT NULL DEFAULT 0,
      sales integer NOT NULL DEFAULT 0,
      revenue_cents bigint NOT NULL DEFAULT 0,
      payout_cents bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (dim, day, dim_id)
    )`,
    `CREATE TABLE calls_daily_dim_status (
      dim smallint NOT NULL,
      dim_id integer NOT NULL,
      day date NOT NULL,
      status text NOT NULL,
      calls integer NOT NULL DEFAULT 0,
      not_connected integer NOT NULL DEFAULT 0,
      revenue_cents bigint NOT NULL DEFAULT 0,
      payout_cents bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (dim, dim_id, day, status)
    )`,
    `CREATE TABLE calls_monthly_dim (
      dim smallint NOT NULL,
      month date NOT NULL,
      dim_id integer NOT NULL,
      calls integer NOT NULL DEFAULT 0,
      sales integer NOT NULL DEFAULT 0,
      revenue_cents bigint NOT NULL DEFAULT 0,
      payout_cents bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (dim, month, dim_id)
    )`,
    rollupFunction('calls_rollup_insert', NEW_ROWS),
    rollupFunction('calls_rollup_update', `${NEW_ROWS} UNION ALL ${OLD_ROWS}`),
    rollupFunction('calls_rollup_delete', OLD_ROWS),
    'CREATE TRIGGER calls_rollup_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_insert()',
    'CREATE TRIGGER calls_rollup_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_update()',
    'CREATE TRIGGER calls_rollup_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_delete()',
    monthlyFunction('calls_daily_dim_monthly_insert', NEW_ROWS),
    monthlyFunction('calls_daily_dim_monthly_update', `${NEW_ROWS} UNION ALL ${OLD_ROWS}`),
    monthlyFunction('calls_daily_dim_monthly_delete', OLD_ROWS),
    'CREATE TRIGGER calls_daily_dim_monthly_insert AFTER INSERT ON calls_daily_dim REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_daily_dim_monthly_insert()',
    'CREATE TRIGGER calls_daily_dim_monthly_update AFTER UPDATE ON calls_daily_dim REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_daily_dim_monthly_update()',
    'CREATE TRIGGER calls_daily_dim_monthly_delete AFTER DELETE ON calls_daily_dim REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_daily_dim_monthly_delete()',

    `CREATE TABLE call_audit (
      id bigserial PRIMARY KEY,
      call_id bigint NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      changed_at timestamptz NOT NULL DEFAULT now(),
      from_status text NOT NULL,
      to_status text NOT NULL,
      from_sub_disposition text,
      to_sub_disposition text,
      from_reason text,
      to_reason text
    )`,
    'CREATE INDEX call_audit_call_idx ON call_audit (call_id, changed_at DESC)',

    `CREATE TABLE payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      publisher_id integer NOT NULL REFERENCES publishers(id),
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      currency text NOT NULL DEFAULT 'USD',
      paid_at timestamptz NOT NULL,
      method text NOT NULL CHECK (method IN ('wire', 'ach', 'paypal', 'check', 'other')),
      reference text,
      note text,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX payments_paid_at_idx ON payments (paid_at DESC, id)',

    // sheet_text(): a text cell as exports write it, so PostgreSQL can write the CSV itself (COPY)
    // by the same rule as export/neutralise.ts: NULL becomes empty, a formula-like start gets a '.
    `CREATE FUNCTION sheet_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT CASE
        WHEN value IS NULL THEN ''
        WHEN left(value, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r', E'\\n', '＝', '＋', '－', '＠') THEN '''' || value
        ELSE value
      END
    $fn$`,

    `CREATE TABLE ingest_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      key_prefix text NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`,
  ],
};
