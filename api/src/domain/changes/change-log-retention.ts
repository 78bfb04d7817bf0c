import type { Queryable } from '../../db/database';

/** CHANGE_LOG_RETENTION_DAYS: how long the change log keeps a change (README, configuration). */
export const DEFAULT_CHANGE_LOG_RETENTION_DAYS = 90;
export const MIN_CHANGE_LOG_RETENTION_DAYS = 1;
export const MAX_CHANGE_LOG_RETENTION_DAYS = 3650;

/** Rows removed per statement: each statement stays far inside the statement time limit, and the log's readers are never held up long. */
export const PRUNE_BATCH_ROWS = 10_000;

export interface PruneOutcome {
  removed: number;
  /** The highest seq removed so far (call_changes_pruned), this run's or an earlier one's. */
  prunedThrough: number;
}

/**
 * Removes the changes older than `retentionDays` before `now`: every change before the first one made since
 * then, in seq order (a change's `at` is its transaction's start, so the log's times rise with its seqs but
 * for a transaction that ran long: cutting at the first new change keeps such a straggler a day longer rather
 * than cutting around it). The mark in call_changes_pruned moves first, so a reader is told it fell behind
 * (domain/changes/read-changes.ts) rather than finding rows missing; then the rows go, a batch per statement.
 * Run daily by the job runner (plugins/app/change-log-pruning.ts); safe to run twice at once (the second finds
 * less to do).
 */
export async function pruneChangeLog(db: Queryable, retentionDays: number, now: Date = new Date()): Promise<PruneOutcome> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const [mark] = await db.query<{ through: string }>(
    `UPDATE call_changes_pruned SET through_seq = greatest(through_seq, coalesce(
       (SELECT seq - 1 FROM call_changes WHERE at >= $1 ORDER BY seq LIMIT 1),
       (SELECT max(seq) FROM call_changes),
       0))
     RETURNING through_seq::text AS through`,
    [cutoff],
  );
  const prunedThrough = Number(mark?.through ?? 0);
  let removed = 0;
  for (;;) {
    const [batch] = await db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM call_changes WHERE seq IN (SELECT seq FROM call_changes WHERE seq <= $1 ORDER BY seq LIMIT $2) RETURNING 1
       )
       SELECT count(*)::int AS n FROM gone`,
      [prunedThrough, PRUNE_BATCH_ROWS],
    );
    const n = Number(batch?.n ?? 0);
    removed += n;
    if (n < PRUNE_BATCH_ROWS) return { removed, prunedThrough };
  }
}
