/**
 * New York wall-clock time, for the server and the front ends alike. The
 * business reads every day in New York: a day is a New York day, a time
 * written without an offset is New York wall-clock time, and every time the
 * user sees is shown on a New York clock. This module holds the only ways to
 * read and write such times, so the two sides cannot drift. (The zone's name,
 * DISPLAY_TIME_ZONE, lives in date-presets.ts, so that code and SQL that only
 * name the zone do not load luxon.)
 */
import { DateTime } from 'luxon';
import { DISPLAY_TIME_ZONE } from './date-presets';

/** A `datetime-local` input's value: "2026-11-20T09:00". */
const INPUT_FORMAT = "yyyy-LL-dd'T'HH:mm";
const LOCALE = 'en-US';

/**
 * ISO 8601 text as a time on the New York clock. Text with an offset (or Z)
 * is that instant; a date and time without one is New York wall-clock time;
 * a date alone is that day's New York midnight. The result is invalid
 * (`isValid` false) when the text is not ISO 8601.
 */
export function parseNewYorkTime(text: string): DateTime {
  return DateTime.fromISO(text.trim(), { zone: DISPLAY_TIME_ZONE });
}

/**
 * An instant (a Date, epoch milliseconds, or ISO 8601 text read as
 * parseNewYorkTime reads it) on the New York clock.
 */
export function inNewYork(instant: Date | number | string): DateTime {
  if (instant instanceof Date) return DateTime.fromJSDate(instant, { zone: DISPLAY_TIME_ZONE });
  if (typeof instant === 'number') return DateTime.fromMillis(instant, { zone: DISPLAY_TIME_ZONE });
  return parseNewYorkTime(instant);
}

/** The New York wall-clock fields of a time that has no offset of its own. */
export interface WallClockTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
  millisecond?: number;
}

/**
 * New York wall-clock fields as a time, or why no New York clock ever shows
 * them: `invalid` for an impossible date or time, `skipped` for a time in the
 * hour the clocks skip when they go forward (luxon would silently move it to
 * a real one). A time in the hour repeated when the clocks go back is read as
 * standard time, its second occurrence, as PostgreSQL reads it.
 */
export function fromNewYorkWallClock(fields: WallClockTime): DateTime<true> | 'invalid' | 'skipped' {
  return fromWallClock(fields, DISPLAY_TIME_ZONE);
}

/**
 * The same for another zone's wall clock (IANA name): a connector reads a platform's times without an
 * offset in the zone its admin set (api/src/domain/connectors/). An unknown zone is `invalid`.
 */
export function fromWallClock(fields: WallClockTime, zone: string): DateTime<true> | 'invalid' | 'skipped' {
  const time = DateTime.fromObject(fields, { zone });
  // luxon reads 24:00 as the next day's midnight; a wall clock never shows it.
  if (!time.isValid || time.day !== fields.day) return 'invalid';
  if (time.hour !== fields.hour || time.minute !== fields.minute) return 'skipped';
  return time;
}

/** A time in New York in a luxon format (US English names); null when the value is not a readable time. */
export function formatInNewYork(value: Date | string, format: string): string | null {
  const time = inNewYork(value);
  return time.isValid ? time.setLocale(LOCALE).toFormat(format) : null;
}

/** An instant as a New York `datetime-local` value ("2026-01-31T14:30"); '' when unreadable. */
export function toNewYorkInput(instant: Date | string): string {
  return formatInNewYork(instant, INPUT_FORMAT) ?? '';
}

/**
 * A `datetime-local` value read as New York wall-clock time, as ISO 8601 with
 * its offset ("2026-11-20T09:00" → "2026-11-20T09:00:00-05:00"). Unreadable
 * text is passed on trimmed, so whoever validates it can say what is wrong.
 */
export function newYorkInputToIso(value: string): string {
  const text = value.trim();
  const time = parseNewYorkTime(text);
  return time.isValid ? (time.toISO({ suppressMilliseconds: true }) ?? text) : text;
}
