/**
 * The disputes row (issue 35 item 4): the scorecard's dispute figures come from a rollup (migration 0029), and
 * the row measures it over a realistic number of disputes. The seeded bench data has none, so the bench's
 * preparation opens some thousands once (idempotent: a database that has them keeps them): one call in
 * BENCH_DISPUTE_EVERY of this year's billed calls with a buyer, spread over every day and source, in every
 * state a dispute can be in, with the evidence's AI verdict taken from the call.
 *
 * They are written straight into `disputes` (the rollup's triggers count them as they would the API's), and
 * move no money on their calls: the other rows measure the seeded calls as they were, and this row measures
 * reading, which the calls' money does not change.
 */
import type { Database } from '../db/database';
import { withoutStatementLimit } from './bench-database';

/** One billed call in this many is disputed: about 4,500 disputes over the seeded year of 1M calls. */
export const BENCH_DISPUTE_EVERY = 100;

/** The note that marks the bench's own disputes. */
const BENCH_NOTE = 'bench: seeded dispute';

/**
 * Each seeded dispute's state, from its call id: of every 20, 4 open, 6 accepted, 3 partial, 5 rejected and
 * 2 withdrawn; accepted credits the revenue and claws back the payout, partial half of each.
 */
const STATE = `CASE WHEN s < 4 THEN 'open' WHEN s < 10 THEN 'accepted' WHEN s < 13 THEN 'partial' WHEN s < 18 THEN 'rejected' ELSE 'withdrawn' END`;

/** Opens the bench's disputes unless they are there; resolves with how many the database holds. */
export async function ensureBenchDisputes(db: Database): Promise<{ disputes: number; seeded: boolean }> {
  const [held] = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM disputes WHERE note = $1', [BENCH_NOTE]);
  if (Number(held?.n ?? 0) > 0) return { disputes: Number(held!.n), seeded: false };
  // A scan of the year's calls, past the pool's statement limit on a busy machine: once, in the preparation.
  const inserted = await withoutStatementLimit(db, (q) => q.query<{ id: string }>(
    `WITH chosen AS (
       SELECT c.*, ((c.id / ${BENCH_DISPUTE_EVERY}) % 20)::int AS s FROM calls c
       WHERE c.call_ts >= date_trunc('year', now() AT TIME ZONE 'America/New_York') AT TIME ZONE 'America/New_York'
         AND c.revenue_cents > 0 AND c.buyer_id IS NOT NULL AND c.id % ${BENCH_DISPUTE_EVERY} = 0
     ), stated AS (SELECT chosen.*, ${STATE} AS state FROM chosen)
     INSERT INTO disputes (call_id, call_ts, buyer_id, publisher_id, status, reason, note, opened_by_partner, opened_at,
       revenue_cents, payout_cents, evidence, decision, decision_note, decided_at, credited_cents, clawed_back_cents, withdrawn_at)
     SELECT id, call_ts, buyer_id, publisher_id, state, 'not_qualified', $1, false, call_ts + interval '1 day',
       revenue_cents, payout_cents,
       jsonb_build_object(
         'ai', CASE WHEN qc_disposition IS NULL OR qc_disposition = '' THEN NULL
                    ELSE jsonb_build_object('disposition', qc_disposition, 'subDisposition', qc_sub_disposition, 'reason', qc_reason, 'summary', qc_summary) END,
         'person', NULL, 'status', status, 'durationSec', duration_sec, 'connected', connected, 'callerId', caller_id,
         'callerCalls', '[]'::jsonb, 'repeatWindowDays', 30, 'transcript', NULL),
       CASE state WHEN 'accepted' THEN 'accept' WHEN 'partial' THEN 'partial' WHEN 'rejected' THEN 'reject' END,
       CASE WHEN state IN ('accepted', 'partial', 'rejected') THEN 'bench decision' END,
       CASE WHEN state IN ('accepted', 'partial', 'rejected') THEN call_ts + interval '2 days' END,
       CASE state WHEN 'accepted' THEN revenue_cents WHEN 'partial' THEN revenue_cents / 2 WHEN 'rejected' THEN 0 END,
       CASE state WHEN 'accepted' THEN payout_cents WHEN 'partial' THEN payout_cents / 2 WHEN 'rejected' THEN 0 END,
       CASE WHEN state = 'withdrawn' THEN call_ts + interval '2 days' END
     FROM stated ORDER BY id
     RETURNING id::text AS id`,
    [BENCH_NOTE],
  ));
  await db.query('ANALYZE disputes');
  await db.query('ANALYZE disputes_daily_dim');
  return { disputes: inserted.length, seeded: true };
}
