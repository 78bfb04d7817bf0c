import { CONNECTOR_EVENTS_KEPT, type ConnectorEvent, type ConnectorOutcome } from '@callboard/contract/connectors';
import type { Queryable } from '../../db/database';

export interface LoggedEvent {
  connectorId: string;
  method: string;
  contentType: string | null;
  payload: ConnectorEvent['payload'];
  outcome: ConnectorOutcome;
  reason: string | null;
  platformCallId: string | null;
  /** The call's systemCallId, when the event reached one: its id is looked up as the line is written. */
  systemCallId: string | null;
  /** The event's call arrived: its held events become `applied` to it. */
  heldApplied: boolean;
}

/**
 * One statement: the event's line (with its call's id), the call's held lines marked applied when it arrived, and the lines past
 * the newest CONNECTOR_EVENTS_KEPT deleted. The delete's look-up runs on the statement's snapshot, which does
 * not hold the new line: it keeps the newest KEPT − 1 before it, so the connector keeps KEPT with the new one
 * (two at once may leave one more until the next). The index (connector_id, id DESC) makes it a few rows.
 * A held line old enough to be deleted as it is marked is either deleted or marked, never an error.
 */
const LOG_EVENT = `
WITH call AS (
  SELECT (SELECT id FROM calls WHERE system_call_id = $8) AS id
), applied AS (
  UPDATE connector_events e SET outcome = 'applied', reason = 'its call arrived', call_id = call.id
  FROM call
  WHERE $9 AND e.connector_id = $1 AND e.platform_call_id = $7 AND e.outcome = 'held'
  RETURNING e.id
), logged AS (
  INSERT INTO connector_events (connector_id, method, content_type, payload, outcome, reason, platform_call_id, call_id)
  SELECT $1, $2, $3, $4::jsonb, $5, $6, $7, call.id FROM call
  RETURNING call_id
), trimmed AS (
  DELETE FROM connector_events
  WHERE connector_id = $1
    AND id < (SELECT id FROM connector_events WHERE connector_id = $1 ORDER BY id DESC OFFSET ${CONNECTOR_EVENTS_KEPT - 2} LIMIT 1)
)
SELECT call_id::text FROM logged`;

/** Lists the event; answers the id of its call, when it reached one. */
export async function logConnectorEvent(db: Queryable, event: LoggedEvent): Promise<string | null> {
  const [row] = await db.query<{ call_id: string | null }>(LOG_EVENT, [
    event.connectorId,
    event.method,
    event.contentType,
    JSON.stringify(event.payload),
    event.outcome,
    event.reason,
    event.platformCallId,
    event.systemCallId,
    event.heldApplied,
  ]);
  return row?.call_id ?? null;
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

/** A connector's kept events, newest first. */
export async function listConnectorEvents(db: Queryable, connectorId: string): Promise<ConnectorEvent[]> {
  const rows = await db.query<EventRow>(
    `SELECT e.id::text AS id, e.received_at, e.method, e.content_type, e.payload, e.outcome, e.reason, e.platform_call_id, e.call_id::text AS call_id
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
    callId: row.call_id,
  }));
}
