/**
 * The keyset cursor of GET /api/calls/records (docs/api.md, "Paging by
 * cursor"). A cursor names one call's place in the call-time order — its call
 * time to the microsecond, as stored, and its id — and a request with it
 * answers the rows after that place in the request's direction. Unlike an
 * offset, a place does not move when calls arrive above it, so paging down a
 * live log never repeats or skips a call, and a deep page costs what the first
 * does (the (call_ts, id) index is read from the place on).
 *
 * Clients treat it as opaque and pass `meta.nextCursor` back as it came: the
 * times a client holds (`callTimestamp`) are cut to the millisecond, and two
 * calls a microsecond apart would fall on one place.
 */
import type { FieldError } from './api-envelope';

/** The query parameter that carries it. */
export const RECORDS_CURSOR_FIELD = 'cursor';

/** A place in the call-time order: microseconds since 1970 UTC and the call's id, both in decimal. */
export interface RecordsCursorKey {
  callMicros: string;
  id: string;
}

/** `<micros>.<id>`: up to 17 digits of microseconds (past the year 5000) and an id of up to 18 digits, as the API's ids are. */
const CURSOR_PATTERN = /^(0|[1-9]\d{0,16})\.([1-9]\d{0,17})$/;

export const RECORDS_CURSOR_MESSAGES = {
  invalid: 'cursor must be a meta.nextCursor of /api/calls/records, passed back as it came',
  withPage: 'cursor and page cannot be combined: a cursor already says where the page starts',
  unsortable: 'cursor pages only by call time: sortBy must be callTimestamp',
} as const;

export function formatRecordsCursor(key: RecordsCursorKey): string {
  return `${key.callMicros}.${key.id}`;
}

/** The place a cursor names, or the problem, naming the `cursor` field. */
export function parseRecordsCursor(raw: string): RecordsCursorKey | FieldError {
  const match = CURSOR_PATTERN.exec(raw);
  if (!match) return { field: RECORDS_CURSOR_FIELD, message: RECORDS_CURSOR_MESSAGES.invalid };
  return { callMicros: match[1] as string, id: match[2] as string };
}
