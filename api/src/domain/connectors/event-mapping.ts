import type { FieldError } from '@callboard/contract';
import type { MappingEntry } from '@callboard/contract/connectors';
import { normaliseFieldName } from '@callboard/contract/platforms';
import type { EventFields, RememberedField } from './call-memory';
import type { EventValues } from './event-payload';
import { transformValue, type FieldValue } from './field-values';

export interface MappedEvent {
  /** The platform's id for the call (the value mapped to systemCallId), when the event sent one. */
  platformCallId: string | null;
  fields: EventFields;
  /** The event's own time in epoch ms, when the platform stamped it (a field mapped to eventTime). */
  eventTime: number | null;
  /** A value its transform could not read, under the platform's name for it. */
  errors: FieldError[];
}

/**
 * An event's values through a connector's mapping: each mapped name the event sent, read by its
 * transform, fills its field. Where several names fill one field, the first of them in the mapping that
 * the event sent wins. Names the mapping does not list are ignored (a platform sends more than we keep).
 */
export function mapEvent(values: EventValues, mapping: readonly MappingEntry[], zone: string): MappedEvent {
  const found = new Map<string, FieldValue>();
  const errors: FieldError[] = [];
  for (const entry of mapping) {
    if (found.has(entry.field)) continue;
    const { value, error } = transformValue(values.get(normaliseFieldName(entry.name)), entry.transform, zone);
    if (error) errors.push({ field: entry.name, message: `${entry.name} (${entry.field}): ${error}` });
    else if (value !== undefined) found.set(entry.field, value);
  }
  const { systemCallId, eventTime, ...rest } = Object.fromEntries(found) as Partial<Record<RememberedField | 'systemCallId' | 'eventTime', FieldValue>>;
  const eventMs = typeof eventTime === 'string' ? Date.parse(eventTime) : NaN;
  return {
    platformCallId: typeof systemCallId === 'string' ? systemCallId : null,
    fields: rest,
    eventTime: Number.isNaN(eventMs) ? null : eventMs,
    errors,
  };
}
