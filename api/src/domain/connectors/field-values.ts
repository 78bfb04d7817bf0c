import type { FieldTransform } from '@callboard/contract/platforms';
import { parseBoolean, parseCallTimestamp, parseDuration, parseEpoch, parseMoney } from '../../import/column-mapping';

/** A value as a connector keeps it: the ingest API's form of its field (text, whole seconds, true/false, a dollar amount as text). */
export type FieldValue = string | number | boolean;

export type Transformed = { value?: FieldValue; error?: string };

/**
 * A token the platform left as it was, because the call had no value for it: Ringba's "[Call:ConversionAmount]"
 * on a pixel fired before the conversion, a "{{revenue}}" template. It says nothing about the call.
 */
const UNREPLACED_TOKEN = /^(\[[^\]]*\]|\{\{?[^{}]*\}?\})$/;

/**
 * One value a platform sent, as its transform reads it (the CSV import's own converters: one reading of a
 * platform's dates, durations, amounts and yes/no for both ways in). Dates without an offset are read in
 * `zone`. No value (`value` undefined, no error): empty, or a token left unreplaced.
 * What a call may hold (lengths, ranges, URLs) is left to validateIngestCall, which judges the call.
 */
export function transformValue(raw: unknown, transform: FieldTransform, zone: string): Transformed {
  if (raw === undefined || raw === null) return {};
  if (Array.isArray(raw)) return raw.length === 1 ? transformValue(raw[0], transform, zone) : { error: 'was sent more than once' };
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return { error: 'must be a single value, not an object' };
  const text = String(raw).trim();
  if (text === '' || UNREPLACED_TOKEN.test(text)) return {};
  switch (transform) {
    case 'text':
      return { value: text };
    case 'epoch': {
      const { value, error } = parseEpoch(text);
      return error ? { error } : { value };
    }
    case 'date': {
      // A number of 9 to 13 digits is Unix time whichever transform was chosen: a date has no other way to be one.
      const { value, error } = /^\d{9,13}(\.\d+)?$/.test(text) ? parseEpoch(text) : parseCallTimestamp(text, zone);
      return error ? { error } : { value };
    }
    case 'duration': {
      const { value, error } = parseDuration(text);
      return error ? { error } : { value };
    }
    case 'money': {
      const { value } = parseMoney(text);
      return { value };
    }
    case 'boolean': {
      const { value, error } = parseBoolean(text);
      return error ? { error } : { value };
    }
  }
}
