/**
 * Outbound events (issue 37 item 2; docs/integrations.md "Outbound events"): an admin subscribes a webhook
 * endpoint of the delivery mechanism (contract/src/delivery.ts) to event types, optionally narrowed to some
 * campaigns, publishers or buyers, or to calls whose disposition becomes one value (a buyer's postback: tell
 * the buyer's system when a call becomes Sales). Every change to a call (the change log, contract/src/changes.ts)
 * and every alert firing or resolving is sent, signed, to each subscription it matches, in order per call.
 */
import type { FieldError } from './api-envelope';
import type { CallChange, ChangeKind, ChangedField, FieldChange } from './changes';
import type { CallRecord } from './calls';
import { DISPOSITIONS } from './dispositions';

export const EVENT_SUBSCRIPTIONS_PATH = '/api/event-subscriptions';
export const eventSubscriptionPath = (id: string) => `${EVENT_SUBSCRIPTIONS_PATH}/${encodeURIComponent(id)}`;

/**
 * What a subscription can be told of:
 * - `call.created`: a call new to Callboard was stored (an ingest delivery, a connector, an import);
 * - `call.updated`: any other change to a call's fields (a delivery that changed it, a QC verdict, a person's
 *   change, a dispute, whether it repeats an earlier call);
 * - `call.disposition_changed`: a change that moved the call's disposition (its `status`);
 * - `dispute.opened`, `dispute.decided`: a buyer's dispute of the call was opened, or decided (money moves);
 * - `alert.fired`, `alert.resolved`: an alert rule started firing, or stopped.
 * One change reaches a subscription once, as the most specific of its types the subscription asked for
 * (dispute.* before call.disposition_changed before call.updated).
 */
export const OUTBOUND_EVENT_TYPES = [
  'call.created',
  'call.updated',
  'call.disposition_changed',
  'dispute.opened',
  'dispute.decided',
  'alert.fired',
  'alert.resolved',
] as const;
export type OutboundEventType = (typeof OUTBOUND_EVENT_TYPES)[number];

export const OUTBOUND_EVENT_LABELS: Record<OutboundEventType, string> = {
  'call.created': 'A call is stored for the first time',
  'call.updated': 'A call changes',
  'call.disposition_changed': 'A call’s disposition changes',
  'dispute.opened': 'A dispute is opened',
  'dispute.decided': 'A dispute is decided',
  'alert.fired': 'An alert fires',
  'alert.resolved': 'An alert resolves',
};

/** The types about one call: a subscription to them may be narrowed to campaigns, publishers and buyers. */
export const CALL_EVENT_TYPES = ['call.created', 'call.updated', 'call.disposition_changed', 'dispute.opened', 'dispute.decided'] as const;
/** The types that a "disposition becomes" condition can apply to: they are the ones a disposition moves in. */
export const DISPOSITION_EVENT_TYPES = ['call.created', 'call.updated', 'call.disposition_changed'] as const;
/** The types about an alert rule, not a call. */
export const ALERT_EVENT_TYPES = ['alert.fired', 'alert.resolved'] as const;

export const SUBSCRIPTION_NAME_MAX_LENGTH = 100;
/** Ids a subscription may be narrowed to, per dimension. */
export const SUBSCRIPTION_IDS_MAX = 100;

export const EVENT_SUBSCRIPTION_MESSAGES = {
  nameRequired: 'name is required: say what the subscription is for, e.g. "Acme postback: Sales"',
  nameTooLong: `name must be at most ${SUBSCRIPTION_NAME_MAX_LENGTH} characters`,
  endpointRequired: 'endpointId is required: the webhook endpoint the events go to',
  endpointNotFound: 'No such endpoint: add it under Delivery endpoints first',
  endpointNotWebhook: 'Events go to a webhook endpoint (signed JSON); this endpoint is a Slack one',
  typesRequired: `eventTypes must list at least one of ${OUTBOUND_EVENT_TYPES.join(', ')}`,
  typeUnknown: (type: string) => `eventTypes names an unknown type ${JSON.stringify(type.slice(0, 40))}: the types are ${OUTBOUND_EVENT_TYPES.join(', ')}`,
  ids: (field: string) => `${field} must be a list of at most ${SUBSCRIPTION_IDS_MAX} whole numbers (ids from the filters), each once`,
  narrowedAlerts: 'Alert events are about a rule, not a call: a subscription narrowed to campaigns, publishers or buyers cannot include alert.fired or alert.resolved',
  dispositionUnknown: `dispositionBecomes must be one of the dispositions: ${DISPOSITIONS.join(', ')}`,
  dispositionTypes: `dispositionBecomes applies to ${DISPOSITION_EVENT_TYPES.join(', ')} only: take the other types out, or make a second subscription for them`,
  enabled: 'enabled must be true or false',
  notFound: 'Event subscription not found',
} as const;

/** Body of POST (and PUT) EVENT_SUBSCRIPTIONS_PATH. Empty id lists: every campaign, publisher or buyer. */
export interface EventSubscriptionBody {
  name: string;
  endpointId: string;
  eventTypes: OutboundEventType[];
  campaignIds: number[];
  publisherIds: number[];
  buyerIds: number[];
  /** Only changes that move the call's disposition to this one (from any other); null: any change. */
  dispositionBecomes: string | null;
  enabled: boolean;
}

const isType = (value: unknown): value is OutboundEventType => (OUTBOUND_EVENT_TYPES as readonly unknown[]).includes(value);
const isWholeId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647;

function idList(value: unknown, field: string, errors: FieldError[]): number[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > SUBSCRIPTION_IDS_MAX || !value.every(isWholeId) || new Set(value).size !== value.length) {
    errors.push({ field, message: EVENT_SUBSCRIPTION_MESSAGES.ids(field) });
    return [];
  }
  return [...value].sort((a, b) => a - b);
}

/**
 * A subscription's body, trimmed and in a fixed order (types as OUTBOUND_EVENT_TYPES lists them, ids rising);
 * or every problem, each under its field, in the words the form shows. Whether the endpoint exists and is a
 * webhook is the server's to say.
 */
export function parseEventSubscriptionBody(body: Record<string, unknown>): EventSubscriptionBody | FieldError[] {
  const errors: FieldError[] = [];
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) errors.push({ field: 'name', message: EVENT_SUBSCRIPTION_MESSAGES.nameRequired });
  else if (name.length > SUBSCRIPTION_NAME_MAX_LENGTH) errors.push({ field: 'name', message: EVENT_SUBSCRIPTION_MESSAGES.nameTooLong });

  const endpointId = typeof body.endpointId === 'string' ? body.endpointId.trim() : '';
  if (!endpointId) errors.push({ field: 'endpointId', message: EVENT_SUBSCRIPTION_MESSAGES.endpointRequired });

  let eventTypes: OutboundEventType[] = [];
  const named: unknown[] = Array.isArray(body.eventTypes) ? (body.eventTypes as unknown[]) : [];
  if (named.length === 0) errors.push({ field: 'eventTypes', message: EVENT_SUBSCRIPTION_MESSAGES.typesRequired });
  else {
    const unknown = named.find((type) => !isType(type));
    if (unknown !== undefined) errors.push({ field: 'eventTypes', message: EVENT_SUBSCRIPTION_MESSAGES.typeUnknown(typeof unknown === 'string' ? unknown : JSON.stringify(unknown)) });
    else eventTypes = OUTBOUND_EVENT_TYPES.filter((type) => named.includes(type));
  }

  const campaignIds = idList(body.campaignIds, 'campaignIds', errors);
  const publisherIds = idList(body.publisherIds, 'publisherIds', errors);
  const buyerIds = idList(body.buyerIds, 'buyerIds', errors);
  const narrowed = campaignIds.length + publisherIds.length + buyerIds.length > 0;
  if (narrowed && eventTypes.some((type) => (ALERT_EVENT_TYPES as readonly string[]).includes(type))) {
    errors.push({ field: 'eventTypes', message: EVENT_SUBSCRIPTION_MESSAGES.narrowedAlerts });
  }

  let dispositionBecomes: string | null = null;
  if (body.dispositionBecomes !== undefined && body.dispositionBecomes !== null && body.dispositionBecomes !== '') {
    const named = typeof body.dispositionBecomes === 'string' ? DISPOSITIONS.find((d) => d.toLowerCase() === (body.dispositionBecomes as string).trim().toLowerCase()) : undefined;
    if (!named) errors.push({ field: 'dispositionBecomes', message: EVENT_SUBSCRIPTION_MESSAGES.dispositionUnknown });
    else {
      dispositionBecomes = named;
      if (eventTypes.some((type) => !(DISPOSITION_EVENT_TYPES as readonly string[]).includes(type))) {
        errors.push({ field: 'dispositionBecomes', message: EVENT_SUBSCRIPTION_MESSAGES.dispositionTypes });
      }
    }
  }

  let enabled = true;
  if (body.enabled !== undefined) {
    if (typeof body.enabled === 'boolean') enabled = body.enabled;
    else errors.push({ field: 'enabled', message: EVENT_SUBSCRIPTION_MESSAGES.enabled });
  }

  return errors.length > 0 ? errors : { name, endpointId, eventTypes, campaignIds, publisherIds, buyerIds, dispositionBecomes, enabled };
}

/** A subscription as the admins' list shows it. */
export interface EventSubscription extends Omit<EventSubscriptionBody, 'endpointId'> {
  id: string;
  endpoint: { id: string; name: string; paused: boolean };
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A call as an event carries it: the record GET /api/calls/records/{callId} answers (for the network: every
 * field, money included), without the transcript's text, which `hasTranscript` stands for (read it from the
 * call), as the change log leaves it out.
 */
export type OutboundCall = Omit<CallRecord, 'transcript'> & { hasTranscript: boolean };

/** `data` of a call.* or dispute.* event: one change of the change log, and the call as it is now. */
export interface CallEventData {
  /** The change's seq in the change log (GET /api/changes): rises with every change. */
  seq: number;
  /** The change log's kind of the change. */
  kind: ChangeKind;
  /** When the change was made, ISO 8601 UTC. */
  occurredAt: string;
  callId: string;
  systemCallId: string;
  /** Every field the change changed, [before, after] (before null for a created call), as the changes feed has them. */
  changed: Partial<Record<ChangedField, FieldChange>>;
  /** The call when the event was sent (a moment after the change); null if it has been deleted since. */
  call: OutboundCall | null;
  subscriptionId: string;
}

/** The event types one change is, most specific first (see OUTBOUND_EVENT_TYPES); none for a delivery that changed nothing. */
export function eventTypesOfChange(change: Pick<CallChange, 'kind' | 'changed'>): OutboundEventType[] {
  if (change.kind === 'created') return ['call.created'];
  if (Object.keys(change.changed).length === 0) return [];
  const types: OutboundEventType[] = [];
  if (change.kind === 'dispute_opened') types.push('dispute.opened');
  if (change.kind === 'dispute_decided') types.push('dispute.decided');
  if (change.changed.status) types.push('call.disposition_changed');
  types.push('call.updated');
  return types;
}

/** Whether a change moved the call's disposition to `disposition` from any other (a created call: from none). */
export function dispositionBecame(change: Pick<CallChange, 'changed'>, disposition: string): boolean {
  const status = change.changed.status;
  return status !== undefined && status[1] === disposition && status[0] !== disposition;
}
