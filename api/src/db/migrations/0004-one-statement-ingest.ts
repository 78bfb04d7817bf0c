import type { Migration } from './index';

/**
 * A delivery of calls is stored by one statement, `SELECT * FROM ingest_calls(…)`,
 * instead of a transaction of eight the server drives round trip by round trip.
 *
 * Why: the rollup triggers lock the day's shared rollup rows (today × status,
 * today × publisher × status…) at the end of the calls upsert, and a
 * transaction holds them until its COMMIT arrives. With the server sending
 * that COMMIT, it arrived only when Node's event loop came back to it, often
 * after parsing and validating another 1 MB delivery, holding the locks idle
 * meanwhile, and every other batch queued behind. One statement commits the
 * moment it ends.
 *
 * The function takes the batch as JSON with dimension *names*, its size, and the distinct
 * names per dimension (sorted, so concurrent batches create them in one order):
 * it creates the names it has not seen, then upserts the calls joined to their
 * ids. Same locks and same upsert as calls-writer.ts had before; the
 * verdict rules are unchanged (see UPSERT comments there).
 */

/** The calls columns a delivery sets, in the order of the json_to_recordset row type below. */
const COLUMNS = `system_call_id, call_ts, caller_id, campaign_id, publisher_id, target_id, buyer_id, system_name,
    system_publisher_id, system_buyer_id, duration_sec, connected, recording_url, transcript, revenue_cents, payout_cents,
    status, sub_disposition, reason, summary, qc_disposition, qc_sub_disposition, qc_reason, qc_summary`;

const DIMENSIONS: Array<[table: string, param: string]> = [
  ['campaigns', 'campaign_names'],
  ['publishers', 'publisher_names'],
  ['targets', 'target_names'],
  ['buyers', 'buyer_names'],
];

// Only names not there yet are inserted (ON CONFLICT alone would spend a sequence value on every
// existing name); DO NOTHING covers a concurrent batch creating the same name, whose row the
// calls upsert then sees, being a later statement with a later snapshot.
const createMissing = ([table, param]: [string, string]) => `INSERT INTO ${table} (name)
  SELECT n FROM unnest(${param}) AS n
  WHERE NOT EXISTS (SELECT 1 FROM ${table} d WHERE d.name = n)
  ORDER BY n
  ON CONFLICT (name) DO NOTHING;`;

const INGEST_CALLS = `CREATE FUNCTION ingest_calls(batch json, batch_size integer, campaign_names text[], publisher_names text[],
  target_names text[], buyer_names text[], OUT inserted integer, OUT updated integer) LANGUAGE plpgsql AS $fn$
BEGIN
  -- Shared: ingests run side by side (rows locked in key order); verdicts and bulk updates take it exclusively.
  PERFORM pg_advisory_xact_lock_shared(7266001);
  ${DIMENSIONS.map(createMissing).join('\n  ')}

  WITH upserted AS (
    INSERT INTO calls (${COLUMNS})
    SELECT x.system_call_id, x.call_ts, x.caller_id, ca.id, pu.id, ta.id, bu.id, x.system_name,
      x.system_publisher_id, x.system_buyer_id, x.duration_sec, x.connected, x.recording_url, x.transcript, x.revenue_cents, x.payout_cents,
      coalesce(x.qc_disposition, ''), x.qc_sub_disposition, x.qc_reason, x.qc_summary, x.qc_disposition, x.qc_sub_disposition, x.qc_reason, x.qc_summary
    FROM json_to_recordset(batch) AS x(system_call_id text, call_ts timestamptz, caller_id text, campaign_name text,
      publisher_name text, target_name text, buyer_name text, system_name text, system_publisher_id text, system_buyer_id text,
      duration_sec int, connected boolean, recording_url text, transcript text, revenue_cents bigint, payout_cents bigint,
      qc_disposition text, qc_sub_disposition text, qc_reason text, qc_summary text)
    JOIN campaigns ca ON ca.name = x.campaign_name
    JOIN publishers pu ON pu.name = x.publisher_name
    LEFT JOIN targets ta ON ta.name = x.target_name
    LEFT JOIN buyers bu ON bu.name = x.buyer_name
    ORDER BY x.system_call_id COLLATE "C"
    ON CONFLICT (system_call_id) DO UPDATE SET
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
    RETURNING (xmax = 0) AS is_new
  )
  SELECT count(*) FILTER (WHERE is_new), count(*) FILTER (WHERE NOT is_new) INTO inserted, updated FROM upserted;
  -- Every call joins to a name created above; a shortfall would be a bug losing calls, so nothing is kept.
  IF inserted + updated <> batch_size THEN
    RAISE EXCEPTION 'ingest_calls stored % of % calls', inserted + updated, batch_size;
  END IF;
END
$fn$`;

export const oneStatementIngest: Migration = {
  version: '0004-one-statement-ingest',
  statements: [INGEST_CALLS],
};
