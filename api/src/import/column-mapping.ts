/**
 * How a row of a call-tracking platform's CSV export becomes the call that POST /api/ingest/calls accepts, under
 * a mapping (which column fills which field, and how its text is read). The mapping is proposed from the header
 * row (header-recognition.ts: the platforms' own names, contract/src/platforms.ts), or chosen in the app's Import
 * tab; `npm run import` and the app read every row with this same code.
 *
 * Values are converted here only as far as CSV needs (dates without an offset, "$1,234.50", "Yes"); every rule
 * about what a call may hold stays in validateIngestCall, so an imported call and a delivered one are judged
 * alike. The connectors read a platform's values with these converters too (domain/connectors/field-values.ts).
 */
import { DateTime } from 'luxon';
import { DISPLAY_TIME_ZONE, type FieldError, type IngestCall, type QcVerdict } from '@callboard/contract';
import { missingImportFields, type ImportField } from '@callboard/contract/imports';
import { fromWallClock, type WallClockTime } from '@callboard/contract/new-york-time';
import { normaliseFieldName, type FieldTransform, type Platform } from '@callboard/contract/platforms';
import { describeColumns, describeMissing, recogniseHeaders, type ColumnUse, type HeaderRecognition } from './header-recognition';

export type { ImportField } from '@callboard/contract/imports';

/** The form headers are compared in: lower case, letters and digits only (platforms.ts's rule for every name). */
export const normaliseHeader = normaliseFieldName;

export interface ResolvedColumns extends ColumnUse, HeaderRecognition {
  headers: string[];
  /** How many fields the header row has: every data row must have as many. */
  width: number;
}

export class MissingColumnsError extends Error {
  constructor(
    readonly missing: ImportField[],
    platform: Platform | null,
  ) {
    super(
      `The CSV file has no column for ${missing.map((field) => describeMissing(field, platform)).join('; ')}. Headers are matched ignoring case, spaces and punctuation.`,
    );
    this.name = 'MissingColumnsError';
  }
}

/**
 * The columns of a file with these headers: under `mapping` when one is given (the app's, checked by
 * contract/src/imports.ts importMappingErrors), else as recognised from the headers. Throws MissingColumnsError
 * naming every required field without a column.
 */
export function resolveColumns(headers: readonly string[], given?: HeaderRecognition): ResolvedColumns {
  const columns = columnsUnder(headers, given ?? recogniseHeaders(headers));
  const missing = missingImportFields(columns.mapping);
  if (missing.length > 0) throw new MissingColumnsError(missing, columns.platform);
  return columns;
}

/** The columns under a mapping, required fields or not: the app previews a mapping the admin has not finished. */
export function columnsUnder(headers: readonly string[], { mapping, platform, recognisedColumns }: HeaderRecognition): ResolvedColumns {
  return { headers: [...headers], platform, recognisedColumns, mapping: [...mapping], width: headers.length, ...describeColumns(headers, mapping, platform) };
}

/** The header a field was read from, for messages; null when the file has no column for it. */
export function columnOf(resolved: Pick<ResolvedColumns, 'headers' | 'mapping'>, field: string): string | null {
  const entry = resolved.mapping.find((e) => e.field === field);
  return entry ? (resolved.headers[entry.column] ?? null) : null;
}

type Converted<T> = { value: T | undefined; error?: string };

const OFFSET_ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i;
const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const LOCAL_US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp])\.?[Mm]\.?)?$/;

/** A date-time without an offset is read on the clock of `zone` (the import's: New York, as the dashboard shows it). */
function fromLocalParts(parts: WallClockTime, text: string, zone: string): Converted<string> {
  const local = fromWallClock(parts, zone);
  if (local === 'invalid') return { value: undefined, error: `"${text}" is not a valid date-time` };
  if (local === 'skipped') {
    return { value: undefined, error: `"${text}" does not exist in ${zone} (the clocks skip it); give the time with its offset` };
  }
  return { value: local.toISO() };
}

/**
 * A call time as ISO 8601 with an offset. Accepted: ISO 8601 with an offset or
 * Z (kept as given); "YYYY-MM-DD HH:MM[:SS]" or "M/D/YYYY h:mm[:ss] [AM|PM]"
 * without one, read as New York time (a repeated hour when the clocks go back
 * is read as standard time, as PostgreSQL does); Unix time in seconds (10
 * digits) or milliseconds (13 digits), as Ringba's API gives it. A connector
 * reads times without an offset in its own zone instead (`zone`, api/src/domain/connectors/).
 */
export function parseCallTimestamp(raw: string, zone: string = DISPLAY_TIME_ZONE): Converted<string> {
  const text = raw.trim();
  if (text === '') return { value: undefined };
  if (/^\d{10}$|^\d{13}$/.test(text)) {
    const ms = text.length === 10 ? Number(text) * 1000 : Number(text);
    return { value: DateTime.fromMillis(ms, { zone: 'utc' }).toISO() as string };
  }
  const withOffset = OFFSET_ISO.exec(text);
  if (withOffset) {
    const [, date, time, offset] = withOffset as unknown as [string, string, string, string];
    const hhmm = time.length === 4 ? `0${time}` : time;
    const parsed = DateTime.fromISO(`${date}T${hhmm}${offset.toUpperCase()}`, { setZone: true });
    return parsed.isValid ? { value: parsed.toISO() } : { value: undefined, error: `"${text}" is not a valid date-time` };
  }
  const iso = LOCAL_ISO.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s, frac] = iso;
    return fromLocalParts(
      { year: +y!, month: +mo!, day: +d!, hour: +h!, minute: +mi!, second: +(s ?? 0), millisecond: frac ? Math.floor(+`0.${frac}` * 1000) : 0 },
      text,
      zone,
    );
  }
  const us = LOCAL_US.exec(text);
  if (us) {
    const [, mo, d, y, h, mi, s, meridiem] = us;
    let hour = +h!;
    if (meridiem) {
      if (hour < 1 || hour > 12) return { value: undefined, error: `"${text}" is not a valid date-time` };
      hour = (hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
    }
    return fromLocalParts({ year: +y!, month: +mo!, day: +d!, hour, minute: +mi!, second: +(s ?? 0), millisecond: 0 }, text, zone);
  }
  return {
    value: undefined,
    error: `"${text}" is not a date-time: use ISO 8601 with an offset (2026-03-08T14:30:00-05:00), or YYYY-MM-DD HH:MM:SS or M/D/YYYY h:mm:ss AM/PM, read as ${zone} time`,
  };
}

/** Whole seconds from "95", "95.4" (rounded), "1:35" or "0:01:35"; empty is no value. */
export function parseDuration(raw: string): Converted<number> {
  const text = raw.trim();
  if (text === '') return { value: undefined };
  if (/^\d+(\.\d+)?$/.test(text)) return { value: Math.round(Number(text)) };
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text);
  if (clock && Number(clock[3]) < 60 && (clock[1] === undefined || Number(clock[2]) < 60)) {
    return { value: Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]) };
  }
  return { value: undefined, error: `"${text}" is not a duration: give whole seconds (95) or h:mm:ss (0:01:35)` };
}

const YES = new Set(['yes', 'y', 'true', 't', '1']);
const NO = new Set(['no', 'n', 'false', 'f', '0']);

/** yes/no, true/false, 1/0 (any case); empty is no value. */
export function parseBoolean(raw: string): Converted<boolean> {
  const text = raw.trim().toLowerCase();
  if (text === '') return { value: undefined };
  if (YES.has(text)) return { value: true };
  if (NO.has(text)) return { value: false };
  return { value: undefined, error: `"${raw.trim()}" is not yes/no, true/false or 1/0` };
}

/**
 * A dollar amount as the text validateIngestCall reads: "$1,234.50" → "1234.50",
 * zeros past the cents dropped ("12.5000" → "12.50"). Anything else is passed
 * on unchanged for the validator to refuse with its own message.
 */
export function parseMoney(raw: string): Converted<string> {
  const text = raw.trim();
  if (text === '') return { value: undefined };
  const plain = text.replace(/^(\$|USD|US\$)\s*/i, '').replace(/\s*USD$/i, '');
  if (!/^(\d{1,3}(,\d{3})+|\d*)(\.\d+)?$/.test(plain) || plain === '' || plain === '.') return { value: text };
  const [whole, cents] = plain.replace(/,/g, '').split('.') as [string, string | undefined];
  const digits = whole === '' ? '0' : whole;
  if (cents === undefined) return { value: digits };
  return { value: `${digits}.${/^\d{2}0+$/.test(cents) ? cents.slice(0, 2) : cents}` };
}

/** Unix time: seconds, or milliseconds from 1e11 on (March 1973 in seconds, its second day in milliseconds). */
export function parseEpoch(raw: string): Converted<string> {
  const text = raw.trim();
  if (text === '') return { value: undefined };
  if (!/^\d{1,13}(\.\d+)?$/.test(text)) return { value: undefined, error: `"${text}" is not Unix time: give seconds (1776092920) or milliseconds (1776092920000)` };
  const number = Number(text);
  return { value: new Date(Math.round(number >= 1e11 ? number : number * 1000)).toISOString() };
}

export interface MappedRow {
  /** The call as the ingest API takes it; fields whose column is absent or empty are left out. */
  call: { [K in keyof IngestCall]?: unknown } & Record<string, unknown>;
  /** Values that could not be converted, with the header they came from; their fields are left out of `call`. */
  errors: Array<FieldError & { column: string }>;
}

/** Each transform's reading of a cell; text is trimmed, and empty is no value for every one. */
const CONVERTERS: Record<Exclude<FieldTransform, 'text'>, (raw: string) => Converted<unknown>> = {
  date: (raw) => parseCallTimestamp(raw),
  epoch: parseEpoch,
  duration: parseDuration,
  boolean: parseBoolean,
  money: parseMoney,
};

/** One data row (the values in header order) → a call for validateIngestCall. */
export function mapRow(values: readonly string[], resolved: Pick<ResolvedColumns, 'headers' | 'mapping'>): MappedRow {
  const call: MappedRow['call'] = {};
  const qc: Partial<QcVerdict> = {};
  const errors: MappedRow['errors'] = [];
  let connectedLength: number | undefined;

  for (const { field, column, transform } of resolved.mapping) {
    const raw = values[column] ?? '';
    const header = resolved.headers[column] ?? `column ${column + 1}`;
    if (transform === 'text') {
      const text = raw.trim();
      if (text === '') continue;
      if (field.startsWith('qc.')) qc[field.slice(3) as keyof QcVerdict] = text;
      else call[field] = text;
      continue;
    }
    const { value, error } = CONVERTERS[transform](raw);
    if (error) errors.push({ field: field === 'connectedDurationSec' ? 'connected' : field, column: header, message: error });
    else if (value === undefined) continue;
    else if (field === 'connectedDurationSec') connectedLength = value as number;
    else call[field] = value;
  }
  if (call.connected === undefined && connectedLength !== undefined && !resolved.mapping.some((e) => e.field === 'connected')) {
    call.connected = connectedLength > 0;
  }
  // A verdict needs a disposition; a row with only a reason is refused by the validator rather than silently dropped.
  if (Object.keys(qc).length > 0) call.qc = qc;
  return { call, errors };
}
