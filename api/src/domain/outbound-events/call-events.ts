/**
 * A change of the change log (domain/changes/read-changes.ts) as the events it is for a subscription: which
 * type, if any, it reaches the subscription as (the most specific the subscription asked for: contract's
 * eventTypesOfChange), and the message that carries it through the delivery mechanism.
 */
import type { CallChange, FieldChange } from '@callboard/contract/changes';
import { remoteNamed } from '@callboard/contract';
import { dispositionBecame, type CallEventData, type OutboundCall, type OutboundEventType } from '@callboard/contract/event-subscriptions';
import type { Queryable } from '../../db/database';
import { recordSelect, RECORD_COLUMNS_SQL, toCallRecord, type RecordRow } from '../calls/call-record';
import type { OutboundMessage } from '../delivery/outbound-message';
import { heardChange, type DispatchedSubscription } from './subscriptions-repository';

/** A call as the events about it carry it, with the ids a subscription is narrowed by. */
export interface EventCall {
  record: OutboundCall;
  campaignId: number;
  publisherId: number;
  buyerId: number | null;
}

interface EventCallRow extends RecordRow {
  campaign_id: number;
  publisher_id: number;
  buyer_id: number | null;
}

/**
 * The records' columns with the transcript read as whether there is one (an empty text, or null), not its text:
 * a batch of 500 calls would otherwise carry every transcript only to drop it.
 */
const EVENT_CALL_COLUMNS = (() => {
  const columns = RECORD_COLUMNS_SQL.replace('c.transcript,', "CASE WHEN c.transcript IS NOT NULL THEN '' END AS transcript,");
  if (columns === RECORD_COLUMNS_SQL) throw new Error('call-events: the records no longer read c.transcript as this module expects (calls/call-record.ts)');
  return `${columns}, c.campaign_id, c.publisher_id, c.buyer_id`;
})();

/** The calls `callIds` as they are now (the network's view: every field), by id; a deleted call is absent. */
export async function readEventCalls(db: Queryable, callIds: readonly string[]): Promise<Map<string, EventCall>> {
  if (callIds.length === 0) return new Map();
  const rows = await db.query<EventCallRow>(`${recordSelect('calls c', EVENT_CALL_COLUMNS)} WHERE c.id = ANY ($1::bigint[])`, [callIds]);
  return new Map(
    rows.map((row) => {
      const { transcript, ...record } = toCallRecord(row);
      return [row.id, { record: { ...record, hasTranscript: transcript !== null }, campaignId: Number(row.campaign_id), publisherId: Number(row.publisher_id), buyerId: row.buyer_id === null ? null : Number(row.buyer_id) }];
    }),
  );
}

const within = (ids: ReadonlySet<number>, id: number | null | undefined) => ids.size === 0 || (id !== null && id !== undefined && ids.has(id));

/**
 * The type a change (of types `types`, most specific first) reaches subscription `subscription` as, or null:
 * a change logged while the subscription was not enabled, of no type it asked for, not moving the disposition to the one
 * it waits for, or of a call outside its campaigns, publishers or buyers (as the call is when the event is
 * sent: a call deleted since matches only a subscription that is not narrowed).
 */
export function callEventTypeFor(
  subscription: DispatchedSubscription,
  change: CallChange,
  types: readonly OutboundEventType[],
  call: EventCall | undefined,
): OutboundEventType | null {
  if (!heardChange(subscription, change.seq)) return null;
  const type = types.find((t) => subscription.eventTypes.has(t));
  if (type === undefined) return null;
  if (subscription.dispositionBecomes !== null && !dispositionBecame(change, subscription.dispositionBecomes)) return null;
  const narrowed = subscription.campaignIds.size + subscription.publisherIds.size + subscription.buyerIds.size > 0;
  if (!narrowed) return type;
  if (!call) return null;
  return within(subscription.campaignIds, call.campaignId) && within(subscription.publisherIds, call.publisherId) && within(subscription.buyerIds, call.buyerId) ? type : null;
}

/** What a field's value reads as in the log's text. */
const shown = (value: FieldChange[number]) => (value === null ? 'none' : String(value));

/** "status: Voicemail → Sales; revenue: 0 → 45" (at most the first eight fields). */
function changesText(change: CallChange): string {
  const fields = Object.entries(change.changed);
  const listed = fields.slice(0, 8).map(([field, [before, after]]) => `${field}: ${shown(before)} → ${shown(after)}`);
  if (fields.length > listed.length) listed.push(`and ${fields.length - listed.length} more`);
  return listed.length > 0 ? listed.join('; ') : 'no field changed';
}

/**
 * The message of one event: its Standard Webhooks type and data (CallEventData), ordered with the call's other
 * events to the same endpoint (`call:<id>`), and a subject and text for the delivery log, linking to the call in
 * Call Logs.
 */
export function callEventMessage(subscriptionId: string, type: OutboundEventType, change: CallChange, call: EventCall | undefined): OutboundMessage {
  const data: CallEventData = {
    seq: change.seq,
    kind: change.kind,
    occurredAt: change.at,
    callId: change.callId,
    systemCallId: change.systemCallId,
    changed: change.changed,
    call: call?.record ?? null,
    subscriptionId,
  };
  return {
    source: { kind: 'event', id: subscriptionId },
    subject: `${type}: call ${change.systemCallId}`,
    text: change.kind === 'created' ? `Call ${change.systemCallId} was stored.` : `Call ${change.systemCallId} changed (${change.kind}): ${changesText(change)}.`,
    link: `${remoteNamed('calllogs').route}/calls/${encodeURIComponent(change.callId)}`,
    event: { type, payload: data },
    orderingKey: `call:${change.callId}`,
  };
}
