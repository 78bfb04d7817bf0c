import { HELD_CALL_DAYS } from '@callboard/contract/connectors';
import type { Queryable } from '../../db/database';

/** Rows forgotten per statement: a busy day's calls a month on are forgotten in slices, each a short transaction. */
const PRUNE_BATCH = 5_000;

// A held call's listed events say they expired, so the connector's screen does not show them waiting forever.
const PRUNE = `
WITH gone AS (
  DELETE FROM connector_calls c
  WHERE (c.connector_id, c.platform_call_id) IN (
    SELECT connector_id, platform_call_id FROM connector_calls WHERE expires_at <= $1 ORDER BY expires_at LIMIT ${PRUNE_BATCH}
  )
  RETURNING c.connector_id, c.platform_call_id, c.stored
), expired AS (
  UPDATE connector_events e SET outcome = 'rejected', reason = 'expired: its call did not arrive within ${HELD_CALL_DAYS} days'
  FROM gone g
  WHERE NOT g.stored AND e.connector_id = g.connector_id AND e.platform_call_id = g.platform_call_id AND e.outcome = 'held'
)
SELECT count(*) FILTER (WHERE NOT stored) AS held, count(*) FILTER (WHERE stored) AS remembered FROM gone`;

/**
 * What the connectors no longer keep, as of `now`: a held call HELD_CALL_DAYS after its first event (its
 * events never found their call), and a stored call's memory CONNECTOR_MEMORY_DAYS after its last (an event
 * later than that is judged as if it were the call's first). Run by the job runner (routes/api/ingest/connectors/).
 */
export async function pruneConnectorMemory(db: Queryable, now: Date = new Date()): Promise<{ expiredHeld: number; forgotten: number }> {
  let expiredHeld = 0;
  let forgotten = 0;
  for (;;) {
    const [row] = await db.query<{ held: string; remembered: string }>(PRUNE, [now]);
    const held = Number(row?.held ?? 0);
    const remembered = Number(row?.remembered ?? 0);
    expiredHeld += held;
    forgotten += remembered;
    if (held + remembered < PRUNE_BATCH) return { expiredHeld, forgotten };
  }
}
