import type { IngestRejection, IngestResult } from '@callboard/contract';
import type { Database, Queryable } from '../../../db/database';
import { validateIngestCall, validateQcResult, type NormalisedCall, type NormalisedVerdict } from './ingest-validation';

type DimensionTable = 'campaigns' | 'publishers' | 'targets' | 'buyers';

/**
 * Every write to `calls` takes this transaction-level lock first. A write
 * locks many call rows and, through the rollup triggers, many shared rollup
 * rows. Ingests take it shared: each locks call rows in systemCallId order
 * and, since migration 0003, rollup rows in key order, so two batches never
 * wait on each other in a cycle and run side by side (~5,000 → ~8,000 calls/s
 * on 2 cores). QC verdicts and a person's bulk update take it exclusively:
 * they lock calls in another order, and before the ordering, 8 concurrent
 * overlapping batches deadlocked (40P01, every one a 500).
 */
const INGEST_LOCK = 'SELECT pg_advisory_xact_lock_shared(7266001)';
const WRITE_LOCK = 'SELECT pg_advisory_xact_lock(7266001)';

/**
 * Ids for dimension names, creating the missing ones. Existing names cost one
 * read; new ones are inserted in name order (so concurrent batches lock in the
 * same order) with DO UPDATE, which waits for a concurrent insert of the same
 * name and returns its row instead of missing it.
 */
async function dimensionIds(tx: Queryable, table: DimensionTable, names: Array<string | null>): Promise<Map<string, number>> {
  const wanted = [...new Set(names.filter((n): n is string => n !== null))].sort();
  const ids = new Map<string, number>();
  if (wanted.length === 0) return ids;
  for (const row of await tx.query<{ id: number; name: string }>(`SELECT id, name FROM ${table} WHERE name = ANY($1::text[])`, [wanted])) {
    ids.set(row.name, row.id);
  }
  const missing = wanted.filter((n) => !ids.has(n));
  if (missing.length > 0) {
    const rows = await tx.query<{ id: number; name: string }>(
      `INSERT INTO ${table} (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id, name`,
      [missing],
    );
    for (const row of rows) ids.set(row.name, row.id);
  }
  return ids;
}

// One JSON parameter per batch: PGlite breaks at 32,768 bind parameters (research §4.7), a batch of 1000 calls × 20 fields would pass it.
// json, not jsonb: the rows are read once, and skipping the binary conversion saves a few ms per batch.
// The verdict travels in the same statement, so the rollup triggers run once per batch, not twice.
// ORDER BY: concurrent ingests lock call rows in one order (see INGEST_LOCK).
// A delivery carries a verdict exactly when qc_disposition is set (it is required in qc); without one the stored verdict stays.
const UPSERT_CALLS = `
INSERT INTO calls (system_call_id, call_ts, caller_id, campaign_id, publisher_id, target_id, buyer_id, system_name,
  system_publisher_id, system_buyer_id, duration_sec, connected, recording_url, transcript, revenue_cents, payout_cents,
  status, sub_disposition, reason, summary, qc_disposition, qc_sub_disposition, qc_reason, qc_summary)
SELECT system_call_id, call_ts, caller_id, campaign_id, publisher_id, target_id, buyer_id, system_name,
  system_publisher_id, system_buyer_id, duration_sec, connected, recording_url, transcript, revenue_cents, payout_cents,
  coalesce(qc_disposition, ''), qc_sub_disposition, qc_reason, qc_summary, qc_disposition, qc_sub_disposition, qc_reason, qc_summary
FROM json_to_recordset($1::json) AS x(system_call_id text, call_ts timestamptz, caller_id text, campaign_id int,
  publisher_id int, target_id int, buyer_id int, system_name text, system_publisher_id text, system_buyer_id text,
  duration_sec int, connected boolean, recording_url text, transcript text, revenue_cents bigint, payout_cents bigint,
  qc_disposition text, qc_sub_disposition text, qc_reason text, qc_summary text)
ORDER BY system_call_id COLLATE "C"
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
RETURNING (xmax = 0) AS inserted`;

// The bot's verdict is always kept; the effective status follows it unless a person has set one.
const APPLY_VERDICTS = `
UPDATE calls c SET
  qc_disposition = v.disposition, qc_sub_disposition = v.sub_disposition, qc_reason = v.reason, qc_summary = v.summary,
  status = CASE WHEN c.status_overridden THEN c.status ELSE v.disposition END,
  sub_disposition = CASE WHEN c.status_overridden THEN c.sub_disposition ELSE v.sub_disposition END,
  reason = CASE WHEN c.status_overridden THEN c.reason ELSE v.reason END,
  summary = v.summary,
  updated_at = now()
FROM jsonb_to_recordset($1::jsonb) AS v(system_call_id text, disposition text, sub_disposition text, reason text, summary text)
WHERE c.system_call_id = v.system_call_id
RETURNING c.system_call_id`;

function verdictRows(verdicts: NormalisedVerdict[]) {
  return verdicts.map((v) => ({
    system_call_id: v.systemCallId,
    disposition: v.disposition,
    sub_disposition: v.sub_disposition,
    reason: v.reason,
    summary: v.summary,
  }));
}

/** Stores already-validated calls in one transaction; returns how many were new. */
export async function storeCalls(db: Database, calls: NormalisedCall[]): Promise<{ inserted: number; updated: number }> {
  if (calls.length === 0) return { inserted: 0, updated: 0 };
  return db.transaction(async (tx) => {
    await tx.query(INGEST_LOCK);
    const [campaigns, publishers, targets, buyers] = [
      await dimensionIds(tx, 'campaigns', calls.map((c) => c.campaignName)),
      await dimensionIds(tx, 'publishers', calls.map((c) => c.publisherName)),
      await dimensionIds(tx, 'targets', calls.map((c) => c.targetName)),
      await dimensionIds(tx, 'buyers', calls.map((c) => c.buyerName)),
    ];
    const rows = calls.map((c) => ({
      system_call_id: c.systemCallId,
      call_ts: c.callTs,
      caller_id: c.callerId,
      campaign_id: campaigns.get(c.campaignName),
      publisher_id: publishers.get(c.publisherName),
      target_id: c.targetName === null ? null : targets.get(c.targetName),
      buyer_id: c.buyerName === null ? null : buyers.get(c.buyerName),
      system_name: c.systemName,
      system_publisher_id: c.systemPublisherId,
      system_buyer_id: c.systemBuyerId,
      duration_sec: c.durationSec,
      connected: c.connected,
      recording_url: c.recordingUrl,
      transcript: c.transcript,
      revenue_cents: c.revenueCents,
      payout_cents: c.payoutCents,
      qc_disposition: c.qc?.disposition ?? null,
      qc_sub_disposition: c.qc?.sub_disposition ?? null,
      qc_reason: c.qc?.reason ?? null,
      qc_summary: c.qc?.summary ?? null,
    }));
    const outcome = await tx.query<{ inserted: boolean }>(UPSERT_CALLS, [JSON.stringify(rows)]);
    const inserted = outcome.filter((r) => r.inserted).length;
    return { inserted, updated: outcome.length - inserted };
  });
}

interface Checked<T> {
  value?: T;
  systemCallId: string | null;
  errors: IngestRejection['errors'];
}

/**
 * Validates a batch item by item: the valid ones keyed by systemCallId, the
 * invalid ones listed with their problems. A systemCallId that repeats is
 * refused for all but its last occurrence, which is the one kept (`kept`
 * words what happens to it).
 */
function checkBatch<T extends { systemCallId: string }>(raw: unknown[], check: (item: unknown) => Checked<T>, kept: string) {
  const rejected: IngestRejection[] = [];
  const valid = new Map<string, { index: number; value: T }>();
  raw.forEach((item, index) => {
    const { value, systemCallId, errors } = check(item);
    if (!value) {
      rejected.push({ index, systemCallId, errors });
      return;
    }
    const earlier = valid.get(value.systemCallId);
    if (earlier) {
      rejected.push({
        index: earlier.index,
        systemCallId: value.systemCallId,
        errors: [{ field: 'systemCallId', message: `systemCallId appears again at index ${index} of this batch; ${kept}` }],
      });
    }
    valid.set(value.systemCallId, { index, value });
  });
  return { valid, rejected };
}

/** A delivery from the tracking platform: valid calls are stored together, the invalid ones listed. */
export async function ingestCalls(db: Database, raw: unknown[]): Promise<IngestResult> {
  const { valid, rejected } = checkBatch(
    raw,
    (item) => {
      const { call, systemCallId, errors } = validateIngestCall(item);
      return { value: call, systemCallId, errors };
    },
    'that later call is the one stored',
  );
  const { inserted, updated } = await storeCalls(db, [...valid.values()].map((v) => v.value));
  rejected.sort((a, b) => a.index - b.index);
  return { inserted, updated, rejected };
}

/** QC bot results: verdicts for known calls are applied together; unknown calls are listed. */
export async function ingestVerdicts(db: Database, raw: unknown[]): Promise<{ updated: number; rejected: IngestRejection[] }> {
  const { valid: verdicts, rejected } = checkBatch(
    raw,
    (item) => {
      const { verdict, systemCallId, errors } = validateQcResult(item);
      return { value: verdict, systemCallId, errors };
    },
    'that later result is the one applied',
  );
  if (verdicts.size === 0) return { updated: 0, rejected };
  const applied = await db.transaction(async (tx) => {
    await tx.query(WRITE_LOCK);
    return tx.query<{ system_call_id: string }>(APPLY_VERDICTS, [JSON.stringify(verdictRows([...verdicts.values()].map((v) => v.value)))]);
  });
  const found = new Set(applied.map((r) => r.system_call_id));
  for (const [systemCallId, { index }] of verdicts) {
    if (!found.has(systemCallId)) {
      rejected.push({ index, systemCallId, errors: [{ field: 'systemCallId', message: 'No call has this systemCallId' }] });
    }
  }
  rejected.sort((a, b) => a.index - b.index);
  return { updated: found.size, rejected };
}

export interface DispositionChange {
  status: string;
  /** undefined keeps the current value; null clears it. */
  sub_disposition?: string | null;
  reason?: string | null;
}

interface LockedCall {
  id: string;
  status: string;
  sub_disposition: string | null;
  reason: string | null;
}

/**
 * A person's re-disposition of many calls, all or nothing: every id must
 * exist, every changed call gets an audit row, and the status stops following
 * the bot. Returns how many calls changed and the ids that do not exist.
 */
export async function redisposition(
  db: Database,
  userId: string,
  ids: string[],
  change: DispositionChange,
): Promise<{ updated: number; missing: string[] }> {
  return db.transaction(async (tx) => {
    await tx.query(WRITE_LOCK);
    const locked = await tx.query<LockedCall>(
      'SELECT id::text AS id, status, sub_disposition, reason FROM calls WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
      [ids],
    );
    const found = new Set(locked.map((c) => c.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) return { updated: 0, missing };
    const next = (call: LockedCall) => ({
      status: change.status,
      sub_disposition: change.sub_disposition === undefined ? call.sub_disposition : change.sub_disposition,
      reason: change.reason === undefined ? call.reason : change.reason,
    });
    const changed = locked.filter((call) => {
      const to = next(call);
      return to.status !== call.status || to.sub_disposition !== call.sub_disposition || to.reason !== call.reason;
    });
    if (changed.length === 0) return { updated: 0, missing: [] };
    const rows = changed.map((call) => ({ id: call.id, from: call, to: next(call) }));
    await tx.query(
      `INSERT INTO call_audit (call_id, user_id, from_status, to_status, from_sub_disposition, to_sub_disposition, from_reason, to_reason)
       SELECT (r->>'id')::bigint, $2::uuid, r->'from'->>'status', r->'to'->>'status', r->'from'->>'sub_disposition',
              r->'to'->>'sub_disposition', r->'from'->>'reason', r->'to'->>'reason'
       FROM jsonb_array_elements($1::jsonb) AS r`,
      [JSON.stringify(rows), userId],
    );
    await tx.query(
      `UPDATE calls c SET status = r->'to'->>'status', sub_disposition = r->'to'->>'sub_disposition', reason = r->'to'->>'reason',
         status_overridden = true, updated_at = now()
       FROM jsonb_array_elements($1::jsonb) AS r WHERE c.id = (r->>'id')::bigint`,
      [JSON.stringify(rows)],
    );
    return { updated: changed.length, missing: [] };
  });
}
