import type { IngestCall } from '@callboard/contract';
import type { CallboardField } from '@callboard/contract/platforms';
import type { FieldValue } from './field-values';

/** What a connector remembers a call by: every field but its id (the memory's key) and eventTime (an event's order key). */
export type RememberedField = Exclude<CallboardField, 'eventTime' | 'systemCallId'>;

/** The fields one event sent, as its transforms read them. */
export type EventFields = Partial<Record<RememberedField, FieldValue>>;

/**
 * What a connector knows of one call (connector_calls.fields): each field's newest value, with the order key
 * of the event that set it. The key is the event's own time when the platform sends one (eventTime), else
 * when the event arrived, in epoch milliseconds; 0 marks a value the connector supplied itself (the call's
 * time, taken from its first event's arrival until an event sends one).
 */
export type CallMemory = Partial<Record<RememberedField, [FieldValue, number]>>;

export interface Merged {
  memory: CallMemory;
  /** Fields this event set to a value the call did not hold. */
  changed: Array<keyof CallMemory>;
  /** Fields this event sent with another value than the call holds, left alone because a newer event set them. */
  stale: Array<keyof CallMemory>;
}

/** A call needs these before it can be stored (validateIngestCall); an event before them is held. */
export const NEEDED_FOR_A_CALL = ['campaignName', 'publisherName'] as const;

/**
 * One event laid over what the connector knows of its call: a field is set by the event whose key is the
 * newest (at an equal key, the later to arrive), so a late event never overwrites what a newer one set,
 * whatever order they came in. A duplicate changes nothing.
 */
export function mergeEvent(memory: CallMemory, fields: EventFields, key: number, arrivedAt: Date): Merged {
  const next: CallMemory = { ...memory };
  const changed: Merged['changed'] = [];
  const stale: Merged['stale'] = [];
  for (const [name, value] of Object.entries(fields) as Array<[keyof CallMemory, FieldValue]>) {
    const held = next[name];
    if (held && held[1] > key) {
      if (held[0] !== value) stale.push(name);
      continue;
    }
    if (!held || held[0] !== value) changed.push(name);
    next[name] = [value, key];
  }
  // Until an event says when the call was, it was when its first event came (Ringba's pixels carry no time).
  if (!next.callTimestamp) {
    next.callTimestamp = [arrivedAt.toISOString(), 0];
    changed.push('callTimestamp');
  }
  return { memory: next, changed, stale };
}

export function missingForCall(memory: CallMemory): Array<(typeof NEEDED_FOR_A_CALL)[number]> {
  return NEEDED_FOR_A_CALL.filter((field) => memory[field] === undefined);
}

/**
 * The call as the ingest API takes it, from what the connector knows: the whole call every time, as a
 * platform's delivery is (a field the connector never received takes the ingest default). The verdict goes
 * with it only when `withVerdict` (the event changed it): otherwise the call keeps the one it holds, which the
 * QC bot may have set since.
 */
export function callFrom(systemCallId: string, memory: CallMemory, withVerdict: boolean): IngestCall & Record<string, unknown> {
  const call: Record<string, unknown> = { systemCallId };
  const qc: Record<string, unknown> = {};
  for (const [name, [value]] of Object.entries(memory) as Array<[keyof CallMemory, [FieldValue, number]]>) {
    if (name.startsWith('qc.')) qc[name.slice(3)] = value;
    else call[name] = value;
  }
  if (withVerdict && Object.keys(qc).length > 0) call.qc = qc;
  return call as IngestCall & Record<string, unknown>;
}
