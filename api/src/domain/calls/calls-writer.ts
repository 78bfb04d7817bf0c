import type { IngestRejection, IngestResult } from '@callboard/contract';
import type { Database, Queryable } from '../../db/database';
import type { WriteTurns } from '../ingest/ingest-write-queue';
import { DEFAULT_REPEAT_WINDOW_DAYS } from './repeat-window';
import { validateIngestCall, validateQcResult, type NormalisedCall, type NormalisedVerdict } from './ingest-validation';

/**
 * How writes to `calls` keep out of each other's way without a lock over
 * them all. A write locks many call rows and, through the rollup triggers,
 * many shared rollup rows. Every writer locks its call rows in systemCallId
 * order (byte order, COLLATE "C"), as ingest_calls() upserts them (migration
 * 0004), so two writes never wait for each other's calls in a cycle; the
 * rollup rows are then updated under a lock the triggers take for the rest of
 * the transaction (migration 0009). So QC verdicts and bulk updates run beside
 * ingest instead of pausing it: before the ordering, 8 concurrent overlapping
 * batches deadlocked (40P01, every one a 500), and an exclusive lock over the
 * whole write, which used to prevent that, stopped every ingest while a
 * verdict batch ran.
 *
 * Every write is logged in the change log by triggers on `calls` (migration 0037), in its own transaction;
 * a writer says what kind of change it makes and who makes it in settings of that transaction.
 */

/**
 * Told once a write that changed calls has committed: the live event streams read what it changed from the
 * change log (domain/events/calls-change-feed.ts). Not called for a write that changed nothing or failed.
 */
export type AnnounceChange = () => void;

export const announceNothing: AnnounceChange = () => {};

/** The distinct names of one dimension in a batch, sorted: concurrent batches create new names in one order. */
function distinctNames(names: Array<string | null>): string[] {
  return [...new Set(names.filter((n): n is string => n !== null))].sort();
}

// One JSON parameter per batch: a statement takes at most 32,768 bind parameters (PGlite fails beyond that), and a batch of 1000 calls × 20 fields would pass it.
// json, not jsonb: the rows are read once, so converting them to the binary form would be wasted work.
// The verdict travels in the same statement, so the rollup triggers run once per batch, not twice.
// A delivery carries a verdict exactly when qc_disposition is set (it is required in qc); without one the stored verdict stays.
// One statement, so the transaction commits as it ends, not when this process next gets round to it (see migration 0004).
// The repeat window travels with every delivery: ingest_calls() decides repeats with it and refuses one the stored calls were not decided with (migration 0019).
// ingest_calls_as() runs it as a delivery by `actor` (domain/changes/change-actor.ts): each call it stores is logged (migration 0037).
const INGEST_CALLS = 'SELECT inserted, updated FROM ingest_calls_as($8, $1::json, $2::int, $3::text[], $4::text[], $5::text[], $6::text[], $7::int)';

/**
 * Stores already-validated calls in one transaction (the caller's, when `db` is one: a connector puts an event
 * together with its call's earlier ones in the same transaction, domain/connectors/); returns how many were new.
 * `actor` is logged as who delivered them.
 */
export async function storeCalls(
  db: Queryable,
  calls: NormalisedCall[],
  repeatWindowDays: number = DEFAULT_REPEAT_WINDOW_DAYS,
  actor: string | null = null,
): Promise<{ inserted: number; updated: number }> {
  if (calls.length === 0) return { inserted: 0, updated: 0 };
  const rows = calls.map((c) => ({
    system_call_id: c.systemCallId,
    call_ts: c.callTs,
    caller_id: c.callerId,
    campaign_name: c.campaignName,
    publisher_name: c.publisherName,
    target_name: c.targetName,
    buyer_name: c.buyerName,
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
  const [stored] = await db.query<{ inserted: number; updated: number }>(INGEST_CALLS, [
    JSON.stringify(rows),
    rows.length,
    distinctNames(calls.map((c) => c.campaignName)),
    distinctNames(calls.map((c) => c.publisherName)),
    distinctNames(calls.map((c) => c.targetName)),
    distinctNames(calls.map((c) => c.buyerName)),
    repeatWindowDays,
    actor,
  ]);
  return { inserted: Number(stored?.inserted ?? 0), updated: Number(stored?.updated ?? 0) };
}

// The bot's verdict is always kept; the effective status follows it unless a person has set one.
// The calls are locked first, in systemCallId order as ingest_calls() locks them; one statement, so
// it commits as it ends and holds the rollup lock (migration 0009) no longer than its own work.
// A call that already holds exactly this verdict is not written at all: no new row version, no
// updated_at change, no rollup work, and a batch of only such calls takes no turn at the rollup
// lock (migration 0010). It still counts as found: a QC bot retrying a batch gets the same answer.
// `logged` names the change for the change log (migration 0037): its settings are set in this statement, before
// the triggers that read them run at its end.
const APPLY_VERDICTS = `
WITH logged AS (
  SELECT set_config('callboard.change_kind', 'qc_verdict', true), set_config('callboard.change_actor', coalesce($2::text, ''), true)
), v AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS v(system_call_id text, disposition text, sub_disposition text, reason text, summary text)
), locked AS MATERIALIZED (
  SELECT c.id, c.system_call_id, c.call_ts, c.publisher_id, c.buyer_id, c.status_overridden, c.status, c.sub_disposition, c.reason
  FROM calls c WHERE c.system_call_id IN (SELECT system_call_id FROM v) ORDER BY c.system_call_id COLLATE "C" FOR UPDATE
), next AS (
  SELECT l.id, v.disposition AS qc_disposition, v.sub_disposition AS qc_sub_disposition, v.reason AS qc_reason, v.summary AS qc_summary,
    CASE WHEN l.status_overridden THEN l.status ELSE v.disposition END AS status,
    CASE WHEN l.status_overridden THEN l.sub_disposition ELSE v.sub_disposition END AS sub_disposition,
    CASE WHEN l.status_overridden THEN l.reason ELSE v.reason END AS reason,
    v.summary AS summary
  FROM locked l JOIN v ON v.system_call_id = l.system_call_id
), changed AS (
  UPDATE calls c SET
    qc_disposition = n.qc_disposition, qc_sub_disposition = n.qc_sub_disposition, qc_reason = n.qc_reason, qc_summary = n.qc_summary,
    status = n.status, sub_disposition = n.sub_disposition, reason = n.reason, summary = n.summary,
    updated_at = now()
  FROM next n
  WHERE c.id = n.id
    AND (c.qc_disposition, c.qc_sub_disposition, c.qc_reason, c.qc_summary, c.status, c.sub_disposition, c.reason, c.summary)
      IS DISTINCT FROM (n.qc_disposition, n.qc_sub_disposition, n.qc_reason, n.qc_summary, n.status, n.sub_disposition, n.reason, n.summary)
  RETURNING c.id
)
SELECT l.system_call_id, EXISTS (SELECT 1 FROM changed ch WHERE ch.id = l.id) AS changed FROM locked l CROSS JOIN logged`;

function verdictRows(verdicts: NormalisedVerdict[]) {
  return verdicts.map((v) => ({
    system_call_id: v.systemCallId,
    disposition: v.disposition,
    sub_disposition: v.sub_disposition,
    reason: v.reason,
    summary: v.summary,
  }));
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

/**
 * A delivery from the tracking platform: valid calls are stored together (when `inTurn` lets them), the invalid
 * ones listed. `actor` is who delivered them, as the change log names it (domain/changes/change-actor.ts).
 */
export async function ingestCalls(
  db: Database,
  raw: unknown[],
  inTurn: WriteTurns = (write) => write(),
  announce: AnnounceChange = announceNothing,
  repeatWindowDays: number = DEFAULT_REPEAT_WINDOW_DAYS,
  actor: string | null = null,
): Promise<IngestResult> {
  const { valid, rejected } = checkBatch(
    raw,
    (item) => {
      const { call, systemCallId, errors } = validateIngestCall(item);
      return { value: call, systemCallId, errors };
    },
    'that later call is the one stored',
  );
  const calls = [...valid.values()].map((v) => v.value);
  // A delivery with nothing valid writes nothing: it neither waits for a turn nor is refused for want of one.
  const { inserted, updated } = calls.length === 0 ? { inserted: 0, updated: 0 } : await inTurn(() => storeCalls(db, calls, repeatWindowDays, actor));
  if (inserted + updated > 0) announce();
  rejected.sort((a, b) => a.index - b.index);
  return { inserted, updated, rejected };
}

/**
 * QC bot results: verdicts for known calls are applied together; unknown calls are listed.
 * `updated` counts every known call, including one that already held its verdict and was left as it was.
 * `actor` is who delivered them, as the change log names it.
 */
export async function ingestVerdicts(
  db: Database,
  raw: unknown[],
  announce: AnnounceChange = announceNothing,
  actor: string | null = null,
): Promise<{ updated: number; rejected: IngestRejection[] }> {
  const { valid: verdicts, rejected } = checkBatch(
    raw,
    (item) => {
      const { verdict, systemCallId, errors } = validateQcResult(item);
      return { value: verdict, systemCallId, errors };
    },
    'that later result is the one applied',
  );
  if (verdicts.size === 0) return { updated: 0, rejected };
  const applied = await db.query<{ system_call_id: string; changed: boolean }>(APPLY_VERDICTS, [
    JSON.stringify(verdictRows([...verdicts.values()].map((v) => v.value))),
    actor,
  ]);
  const found = new Set(applied.map((r) => r.system_call_id));
  if (applied.some((r) => r.changed)) announce();
  for (const [systemCallId, { index }] of verdicts) {
    if (!found.has(systemCallId)) {
      rejected.push({ index, systemCallId, errors: [{ field: 'systemCallId', message: 'No call has this systemCallId' }] });
    }
  }
  rejected.sort((a, b) => a.index - b.index);
  return { updated: found.size, rejected };
}
