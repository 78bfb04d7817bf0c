import type { FieldError } from '@callboard/contract';
import {
  CONNECTOR_MESSAGES,
  HELD_CALL_DAYS,
  type ConnectorOutcome,
  type ConnectorReceipt,
} from '@callboard/contract/connectors';
import { CALLBOARD_FIELD_LABELS } from '@callboard/contract/platforms';
import type { Database, Queryable } from '../../db/database';
import { forbidden, notFound, unauthenticated, validationFailed } from '../../http/http-error';
import { ingestVerdicts, storeCalls, type AnnounceChange } from '../calls/calls-writer';
import { INGEST_LIMITS, validateIngestCall } from '../calls/ingest-validation';
import { connectorActor } from '../changes/change-actor';
import type { WriteTurns } from '../ingest/ingest-write-queue';
import { callFrom, mergeEvent, missingForCall, type CallMemory } from './call-memory';
import { logConnectorEvent, relogConnectorEvent, type LoggedEvent } from './connector-events';
import { sameSecret } from './connector-secrets';
import { connectorSettings, type ConnectorSettings } from './connectors-repository';
import { eventValues, keptPayload } from './event-payload';
import { mapEvent, type MappedEvent } from './event-mapping';

/** One request to a connector's URL, as the route read it. */
export interface ConnectorRequest {
  connectorId: string;
  method: string;
  contentType: string | null;
  query: unknown;
  body: unknown;
  /** The token it presented (connector-secrets.ts presentedConnectorToken), if any. */
  token: string | undefined;
}

/** What writing a connector's event needs: the same write path, turns and live announcement as POST /api/ingest/calls. */
export interface ConnectorWrites {
  db: Database;
  /** The ingest routes' turns (INGEST_CONCURRENCY): a connector's write waits in the same queue as a delivery's. */
  inTurn: WriteTurns;
  announce: AnnounceChange;
  repeatWindowDays: number;
  now?: () => Date;
}

function logRejected(db: Queryable, connector: ConnectorSettings, request: ConnectorRequest, reason: string, platformCallId: string | null = null) {
  return logConnectorEvent(db, {
    connectorId: connector.id,
    method: request.method,
    contentType: request.contentType,
    payload: keptPayload(request.query, request.body, [connector.secret, request.token ?? '']),
    outcome: 'rejected',
    reason,
    platformCallId,
    heldApplied: false,
  });
}

/**
 * The connector a request is for, once its token is right and it is enabled. An unknown id is 404 with nothing
 * kept (there is no connector to list it under); a wrong or missing token is 401, and a disabled connector 403,
 * each listed in the connector's events as rejected, without the token, and nothing else stored.
 */
export async function admitConnectorEvent(db: Queryable, request: ConnectorRequest): Promise<ConnectorSettings> {
  const connector = await connectorSettings(db, request.connectorId);
  if (!connector) throw notFound(CONNECTOR_MESSAGES.notFound);
  if (request.token === undefined || !sameSecret(request.token, connector.secret)) {
    await logRejected(db, connector, request, request.token === undefined ? 'no token' : 'a wrong token');
    throw unauthenticated(CONNECTOR_MESSAGES.tokenRefused);
  }
  if (!connector.enabled) {
    await logRejected(db, connector, request, 'the connector is disabled');
    throw forbidden(CONNECTOR_MESSAGES.disabled);
  }
  return connector;
}

/** An event refused inside its transaction (nothing of it is kept), with what is wrong. */
class EventRefused extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors[0]?.message ?? 'the event was refused');
  }
}

interface Written {
  outcome: Exclude<ConnectorOutcome, 'rejected'>;
  reason: string | null;
  /** The event's line in the connector's list, written in its transaction. */
  eventId: string;
  /** A verdict held for a call that another way in stored: applied once this transaction has committed. */
  verdictForStoredCall?: Record<string, unknown>;
}

const labels = (fields: readonly string[]) => fields.map((field) => CALLBOARD_FIELD_LABELS[field as keyof typeof CALLBOARD_FIELD_LABELS] ?? field).join(', ');

// Locks the call's memory for the rest of the transaction (a new one is created empty, held until its first
// event's HELD_CALL_DAYS have passed), so two events of one call are put together one after the other.
const LOCK_MEMORY = `
INSERT INTO connector_calls (connector_id, platform_call_id, expires_at) VALUES ($1, $2, now() + make_interval(days => ${HELD_CALL_DAYS}))
ON CONFLICT (connector_id, platform_call_id) DO UPDATE SET last_event_at = connector_calls.last_event_at
RETURNING fields, stored`;

/**
 * Puts one event together with what the connector knows of its call, in one transaction: the memory is
 * locked, the event laid over it (call-memory.ts), and then either nothing (nothing newer), the call kept
 * waiting (held), or the whole call written through storeCalls, as POST /api/ingest/calls writes it; the
 * event's line in the connector's list goes in the same transaction, so one commit serves both. The call's
 * write comes last, so the rollup lock it takes (migration 0009) is held only to the commit.
 */
async function writeEvent(
  tx: Queryable,
  writes: ConnectorWrites,
  connector: ConnectorSettings,
  event: MappedEvent & { platformCallId: string },
  line: Omit<LoggedEvent, 'outcome' | 'reason' | 'heldApplied'>,
  arrivedAt: Date,
): Promise<Written> {
  const key = event.eventTime ?? arrivedAt.getTime();
  const [row] = await tx.query<{ fields: CallMemory; stored: boolean }>(LOCK_MEMORY, [connector.id, event.platformCallId]);
  const { memory, changed, stale } = mergeEvent(row!.fields, event.fields, key, arrivedAt);
  if (changed.length === 0) {
    const reason = stale.length > 0 ? `older than what the call holds: its ${labels(stale)} kept` : 'a duplicate: the call holds these values already';
    const eventId = await logConnectorEvent(tx, { ...line, outcome: 'ignored_stale', reason, heldApplied: false });
    return { outcome: 'ignored_stale', reason, eventId };
  }
  // The verdict goes with the call when this event changed it, or when the call is stored for the first time (a verdict held for it).
  const withVerdict = changed.some((field) => field.startsWith('qc.')) || !row!.stored;
  const missing = missingForCall(memory);
  if (missing.length > 0) {
    // What arrived is judged as a call would be, with stand-ins for what has not: only its own problems count.
    const standIns: CallMemory = Object.fromEntries(missing.map((field) => [field, ['-', 0]]));
    const probe = validateIngestCall(callFrom(event.platformCallId, { ...memory, ...standIns }, withVerdict));
    if (!probe.call) throw new EventRefused(probe.errors);
    const reason = `waiting for the call's ${labels(missing)}`;
    // A verdict (it needs its disposition) for a call another way in stored is applied to it once this commits.
    const verdictReady = withVerdict && memory['qc.disposition'] !== undefined;
    const [existing] = verdictReady ? await tx.query('SELECT 1 FROM calls WHERE system_call_id = $1', [event.platformCallId]) : [];
    // Once applied, the memory is a stored call's: the connector's later events carry the verdict only when they change
    // it, so one that brings (say) the revenue does not put back a verdict the call has since had replaced.
    const stored = row!.stored || existing !== undefined;
    const eventId = await logConnectorEvent(tx, { ...line, outcome: 'held', reason, heldApplied: false }, { fields: memory, stored });
    const verdict = existing ? { verdictForStoredCall: { systemCallId: event.platformCallId, ...(callFrom(event.platformCallId, memory, true).qc ?? {}) } } : {};
    return { outcome: 'held', reason, eventId, ...verdict };
  }
  const { call, errors } = validateIngestCall(callFrom(event.platformCallId, memory, withVerdict));
  if (!call) throw new EventRefused(errors);
  // The line goes in (with the memory) before the call's write, as what it nearly always is (a call the connector
  // stored is updated, another is new), and is corrected after it in the rare other case (a call another way in stored).
  const reason = stale.length > 0 ? `its ${labels(stale)} kept from a newer event` : null;
  const expected = row!.stored ? 'updated' : 'created';
  // Held lines wait while the memory is short of a call: a new one's, or (stored, yet short) a call stored another way.
  const heldApplied = !row!.stored || missingForCall(row!.fields).length > 0;
  const eventId = await logConnectorEvent(tx, { ...line, outcome: expected, reason, heldApplied }, { fields: memory, stored: true });
  const { inserted } = await storeCalls(tx, [call], writes.repeatWindowDays, connectorActor(connector.id));
  const outcome = inserted > 0 ? 'created' : 'updated';
  if (outcome !== expected) await relogConnectorEvent(tx, eventId, outcome, reason);
  return { outcome, reason, eventId };
}

/**
 * One event a platform sent to an admitted connector: mapped, put together with the call's earlier events,
 * written, and listed in the connector's events with what it became. A value that cannot be read, an event
 * that names no call, or a call that would not be valid is 400 with every problem, listed as rejected, and
 * nothing of it kept.
 */
export async function receiveConnectorEvent(writes: ConnectorWrites, connector: ConnectorSettings, request: ConnectorRequest): Promise<ConnectorReceipt> {
  const arrivedAt = writes.now?.() ?? new Date();
  const event = mapEvent(eventValues(request.query, request.body), connector.mapping, connector.timeZone);
  const refuse = async (errors: FieldError[], platformCallId: string | null) => {
    await logRejected(writes.db, connector, request, errors.map((e) => e.message).join('; '), platformCallId);
    return validationFailed(errors);
  };
  if (event.errors.length > 0) throw await refuse(event.errors, event.platformCallId);
  const names = connector.mapping.filter((entry) => entry.field === 'systemCallId').map((entry) => entry.name);
  if (event.platformCallId === null) throw await refuse([{ field: 'systemCallId', message: `The event names no call: send its id as ${names.join(' or ')}` }], null);
  if (event.platformCallId.length > INGEST_LIMITS.id) {
    throw await refuse([{ field: 'systemCallId', message: `The call's id must be at most ${INGEST_LIMITS.id} characters` }], null);
  }
  const named = { ...event, platformCallId: event.platformCallId };

  const line = {
    connectorId: connector.id,
    method: request.method,
    contentType: request.contentType,
    payload: keptPayload(request.query, request.body, [connector.secret, request.token ?? '']),
    platformCallId: named.platformCallId,
  };
  let written: Written;
  try {
    written = await writes.inTurn(() => writes.db.transaction((tx) => writeEvent(tx, writes, connector, named, line, arrivedAt)));
  } catch (error) {
    if (error instanceof EventRefused) throw await refuse(error.errors, named.platformCallId);
    throw error;
  }
  if (written.outcome === 'created' || written.outcome === 'updated') writes.announce();
  if (written.verdictForStoredCall) {
    // The call came another way in (POST /api/ingest/calls, an import): its verdict goes the QC bot's way.
    const { updated } = await ingestVerdicts(writes.db, [written.verdictForStoredCall], writes.announce, connectorActor(connector.id));
    if (updated > 0) {
      written = { ...written, outcome: 'applied', reason: `its verdict was applied to the call, stored another way; the rest is ${written.reason}` };
      await relogConnectorEvent(writes.db, written.eventId, written.outcome, written.reason);
    }
  }
  return { outcome: written.outcome, reason: written.reason, platformCallId: named.platformCallId };
}
