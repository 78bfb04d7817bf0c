/**
 * How values read in the UI: times on the New York clock,
 * long text cut at TRUNCATE_LENGTH characters plus an ellipsis, a dash for
 * anything empty. Every function accepts missing or malformed input and shows
 * the dash rather than "NaN" or "Invalid DateTime".
 */
import { RECORD_TIME_FORMAT, TRUNCATE_LENGTH } from '@callboard/contract';
import { formatInNewYork } from '@callboard/contract/new-york-time';

/** What an empty cell shows. */
export const DASH = '—';
/** The single-character ellipsis (U+2026), as the API writes it too. */
export const ELLIPSIS = '…';

const LOCALE = 'en-US';

type Maybe<T> = T | null | undefined;

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A call time (ISO 8601 instant or Date) in New York as "MMM dd hh:mm:ss a", e.g. "Mar 09 02:05:07 PM". */
export function formatCallTime(value: Maybe<string | Date>): string {
  if (value === null || value === undefined) return DASH;
  return formatInNewYork(value, RECORD_TIME_FORMAT) ?? DASH;
}

/** A date-and-time for detail views: "Mar 9, 2026, 2:05:07 PM EDT" in New York. */
export function formatDateTime(value: Maybe<string | Date>): string {
  if (value === null || value === undefined) return DASH;
  return formatInNewYork(value, 'MMM d, yyyy, h:mm:ss a ZZZZ') ?? DASH;
}

/** A date and time to the minute, for lists: "Jan 31, 2026 2:30 PM" in New York. */
export function formatShortDateTime(value: Maybe<string | Date>): string {
  if (value === null || value === undefined) return DASH;
  return formatInNewYork(value, 'MMM d, yyyy h:mm a') ?? DASH;
}

/**
 * The first `length` characters (code points, so an emoji is never split) plus
 * "…" when the text is longer; shorter text is returned as it is. Empty → "".
 */
export function truncate(text: Maybe<string>, length: number = TRUNCATE_LENGTH): string {
  if (text === null || text === undefined) return '';
  const characters = Array.from(text);
  return characters.length > length ? characters.slice(0, length).join('') + ELLIPSIS : text;
}

/** A table cell's text: the dash for null, undefined and blank text; otherwise the value as text. */
export function cellText(value: unknown): string {
  if (isBlank(value)) return DASH;
  if (typeof value === 'number' && !Number.isFinite(value)) return DASH;
  if (typeof value === 'object') return JSON.stringify(value);
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects are handled above: what is left prints as itself
  return String(value);
}

/** Seconds as "m:ss" or "h:mm:ss" (65 → "1:05", 3725 → "1:02:05"); dash when not a non-negative number. */
export function formatDuration(seconds: Maybe<number | string>): string {
  if (isBlank(seconds)) return DASH;
  const total = Math.round(Number(seconds));
  if (!Number.isFinite(total) || total < 0) return DASH;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Dollars (or another ISO 4217 currency) with two decimals: 1234.5 → "$1,234.50". */
export function formatMoney(amount: Maybe<number | string>, currency = 'USD'): string {
  if (isBlank(amount)) return DASH;
  const value = Number(amount);
  if (!Number.isFinite(value)) return DASH;
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  } catch {
    // An unknown currency code: still show the amount.
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** A count with thousands separators: 1234567 → "1,234,567". */
export function formatCount(n: Maybe<number | string>): string {
  if (isBlank(n)) return DASH;
  const value = Number(n);
  if (!Number.isFinite(value)) return DASH;
  return new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }).format(value);
}

/**
 * A percentage given in percent units, as the API sends it (12.345 → "12.3%");
 * at most `digits` decimals, trailing zeros dropped (50 → "50%").
 */
export function formatPercent(p: Maybe<number | string>, digits = 1): string {
  if (isBlank(p)) return DASH;
  const value = Number(p);
  if (!Number.isFinite(value)) return DASH;
  return `${new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits }).format(value)}%`;
}

/**
 * A percentage with exactly `digits` decimals (5 → "5.0%", 12.345 → "12.3%"),
 * for a table column: one format for every row, so the decimal points line up.
 */
export function formatFixedPercent(p: Maybe<number | string>, digits = 1): string {
  if (isBlank(p)) return DASH;
  const value = Number(p);
  if (!Number.isFinite(value)) return DASH;
  return `${new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)}%`;
}

/**
 * A count and its noun, singular for exactly one: (1, 'payment') → "1 payment",
 * (1234, 'payment') → "1,234 payments", (2, 'person', 'people') → "2 people".
 * Only where the product spec does not fix the words ("user(s) total" stays).
 */
export function formatCountOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
