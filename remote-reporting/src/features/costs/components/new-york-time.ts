/**
 * The payment date travels as a `datetime-local` value without an offset,
 * which the API reads as New York wall-clock time (the zone the dashboard
 * reads every day in). These convert between that and the API's instants.
 */
import { DISPLAY_TIME_ZONE } from '@callboard/contract';
import { DASH } from '@callboard/shared-ui/format';
import { DateTime } from 'luxon';

const INPUT_FORMAT = "yyyy-LL-dd'T'HH:mm";

/** An ISO instant as the New York `datetime-local` value ("2026-01-31T14:30"); '' when unreadable. */
export function newYorkInputValue(iso: string): string {
  const time = DateTime.fromISO(iso, { setZone: true });
  return time.isValid ? time.setZone(DISPLAY_TIME_ZONE).toFormat(INPUT_FORMAT) : '';
}

/** Now, as a New York `datetime-local` value. */
export function newYorkInputNow(now: Date = new Date()): string {
  return DateTime.fromJSDate(now).setZone(DISPLAY_TIME_ZONE).toFormat(INPUT_FORMAT);
}

/** A payment's time for the history table, in New York: "Jan 31, 2026 2:30 PM"; the dash when unreadable. */
export function formatPaidAt(iso: string): string {
  const time = DateTime.fromISO(iso, { setZone: true });
  return time.isValid ? time.setZone(DISPLAY_TIME_ZONE).setLocale('en-US').toFormat('MMM d, yyyy h:mm a') : DASH;
}
