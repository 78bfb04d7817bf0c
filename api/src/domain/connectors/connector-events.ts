import { CONNECTOR_EVENTS_KEPT, CONNECTOR_MEMORY_DAYS, type ConnectorEvent, type ConnectorOutcome } from '@callboard/contract/connectors';
import type { Queryable } from '../../db/database';
import type { CallMemory } from './call-memory';

export interface LoggedEvent {
  connectorId: string;
  method: string;
  contentType: string | null;
  payload: ConnectorEvent['payload'];
  outcome: ConnectorOutcome;
  reason: string | null;
  platformCallId: string | null;
  /** The event's call is stored by this event after events were held for it: those become `applied`. */
  heldApplied: boolean;
}

/** What the connector now knows of the event's call, written with its line (`stored`: the call is written too, or was stored another way and given its verdict). */
export interface RememberedCall {
  fields: CallMemory;
  stored: boolean;
}

/**
 * One statement: the event's line, the call's memory when given (one round trip in the event's transaction
 * for both), the call's held lines marked applied when it arrived, and the lines past the newest
 * CONNECTOR_EVENTS_KEPT deleted. Written in the event's transaction when there is one (one commit for the
 * call and its line). A stored call's memory is kept CONNECTOR_MEMORY_DAYS after its last event; a held one's
 * expiry stays its first event's. The delete's look-up runs on the statement's snapshot, which does not hold
 * the new line: it keeps the newest KEPT − 1 before it, so the connector keeps KEPT with the new one (two at
 * once may leave one more until the next). The index (connector_id, id DESC) makes it a few rows. A held line
 * old enough to be deleted as it is marked is either deleted or marked, never an error.
 */
const LOG_EVENT = `
WITH remembered AS (
  UPDATE connector_calls SET fields = $10::jsonb, stored = $11, last_event_at = now(),
    expires_at = CASE WHEN $11 THEN now() + make_interval(days => ${CONNECTOR_MEMORY_DAYS}) ELSE expires_at END
  WHERE $9 AND connector_id = $1 AND platform_call_id = $7
), applied AS (
  UPDATE connector_events SET outcome = 'applied', reason = 'its call arrived'
  WHERE $8 AND connector_id = $1 AND platform_call_id = $7 AND outcome = 'held'
), trimmed AS (
  DELETE FROM connector_events
  WHERE connector_id = $1
    AND id < (SELECT id FROM connector_events WHERE connector_id = $1 ORDER BY id DESC OFFSET ${CONNECTOR_EVENTS_KEPT - 2} LIMIT 1)
)
INSERT INTO connector_events (connector_id, method, content_type, payload, outcome, reason, platform_call_id)
VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)
RETURNING id::text AS id`;

/** Lists the event, and writes what the connector knows of its call when given; answers the line's id. */
export async function logConnectorEvent(db: Queryable, event: LoggedEvent, call?: RememberedCall): Promise<string> {
  const [row] = await db.query<{ id: string }>(LOG_EVENT, [
    event.connectorId,
    event.method,
    event.contentType,
    JSON.stringify(event.payload),
    event.outcome,
    event.reason,
    event.platformCallId,
    event.heldApplied,
    call !== undefined,
    call ? JSON.stringify(call.fields) : null,
    call?.stored ?? false,
  ]);
  return row!.id;
}

/** A listed event became something else than its line first said (a held verdict applied to a call stored another way, a call found stored). */
export async function relogConnectorEvent(db: Queryable, id: string, outcome: ConnectorOutcome, reason: string | null): Promise<void> {
  await db.query('UPDATE connector_events SET outcome = $2, reason = $3 WHERE id = $1', [id, outcome, reason]);
}

interface EventRow {
  id: string;
  received_at: Date;
  method: string;
  content_type: string | null;
  payload: ConnectorEvent['payload'];
  outcome: ConnectorOutcome;
  reason: string | null;
  platform_call_id: string | null;
  call_id: string | null;
}

/** A connector's kept events, newest first, each with its call when it reached one (held or refused, none). */
export async function listConnectorEvents(db: Queryable, connectorId: string): Promise<ConnectorEvent[]> {
  const rows = await db.query<EventRow>(
    `SELECT e.id::text AS id, e.received_at, e.method, e.content_type, e.payload, e.outcome, e.reason, e.platform_call_id,
       (SELECT c.id::text FROM calls c WHERE c.system_call_id = e.platform_call_id) AS call_id
     FROM connector_events e WHERE e.connector_id = $1 ORDER BY e.id DESC LIMIT ${CONNECTOR_EVENTS_KEPT}`,
    [connectorId],
  );
  return rows.map((row) => ({
    id: row.id,
    receivedAt: new Date(row.received_at).toISOString(),
    method: row.method,
    contentType: row.content_type,
    payload: row.payload,
    outcome: row.outcome,
    reason: row.reason,
    platformCallId: row.platform_call_id,
    callId: row.outcome === 'held' || row.outcome === 'rejected' ? null : row.call_id,
  }));
}
