/**
 * How a call-tracking platform's CSV export becomes the calls that
 * POST /api/ingest/calls accepts. The headers are Ringba's, with the names of
 * the ingest API itself and a few common variants; a header matches whatever
 * its case, spacing or punctuation ("Inbound Call ID", "inbound_call_id" and
 * "inboundCallId" are one name). When a file has several columns for one
 * field, the name listed first below wins and the others are left unused.
 * Columns not listed are ignored.
 *
 * Values are converted here only as far as CSV needs (dates without an offset,
 * "$1,234.50", "Yes"); every rule about what a call may hold stays in
 * validateIngestCall, so an imported call and a delivered one are judged alike.
 */
import { DateTime } from 'luxon';
import { DISPLAY_TIME_ZONE, type FieldError, type IngestCall, type QcVerdict } from '@callboard/contract';
import { fromWallClock, type WallClockTime } from '@callboard/contract/new-york-time';

type Kind = 'text' | 'timestamp' | 'duration' | 'boolean' | 'money';

export type ImportField =
  | 'systemCallId'
  | 'callTimestamp'
  | 'callerId'
  | 'campaignName'
  | 'publisherName'
  | 'targetName'
  | 'buyerName'
  | 'systemName'
  | 'systemPublisherId'
  | 'systemBuyerId'
  | 'durationSec'
  | 'connected'
  | 'connectedDurationSec'
  | 'recordingUrl'
  | 'transcript'
  | 'revenue'
  | 'payout'
  | 'qc.disposition'
  | 'qc.sub_disposition'
  | 'qc.reason'
  | 'qc.summary';

export interface ColumnSpec {
  field: ImportField;
  /** What the field is, for messages about a missing column. */
  label: string;
  /** Accepted headers, the preferred one first. */
  headers: readonly string[];
  kind: Kind;
  required?: boolean;
}

export const COLUMN_MAPPING: readonly ColumnSpec[] = [
  { field: 'systemCallId', label: 'call id', kind: 'text', required: true, headers: ['Inbound Call ID', 'Call ID', 'System Call ID'] },
  {
    field: 'callTimestamp',
    label: 'call time',
    kind: 'timestamp',
    required: true,
    headers: ['Call Date', 'Call Timestamp', 'Call Date Time', 'Call Start', 'Call Start Time', 'Timestamp', 'callDt'],
  },
  { field: 'callerId', label: 'caller id', kind: 'text', headers: ['Caller ID', 'Inbound Phone Number', 'Caller Number'] },
  { field: 'campaignName', label: 'campaign', kind: 'text', required: true, headers: ['Campaign', 'Campaign Name'] },
  { field: 'publisherName', label: 'publisher', kind: 'text', required: true, headers: ['Publisher', 'Publisher Name'] },
  { field: 'targetName', label: 'target', kind: 'text', headers: ['Target', 'Target Name'] },
  { field: 'buyerName', label: 'buyer', kind: 'text', headers: ['Buyer', 'Buyer Name'] },
  { field: 'systemName', label: 'system name', kind: 'text', headers: ['System Name'] },
  { field: 'systemPublisherId', label: 'system publisher id', kind: 'text', headers: ['System Publisher ID', 'Publisher ID'] },
  { field: 'systemBuyerId', label: 'system buyer id', kind: 'text', headers: ['System Buyer ID', 'Buyer ID'] },
  // The whole call is what the QC bot hears, so its total length is preferred to the time connected to the target.
  {
    field: 'durationSec',
    label: 'duration',
    kind: 'duration',
    headers: ['Duration', 'Duration Sec', 'Call Length In Seconds', 'Connected Call Length In Seconds'],
  },
  { field: 'connected', label: 'connected', kind: 'boolean', headers: ['Connected', 'Has Connected'] },
  // Read only when it is not already the duration: without a Connected column, the call connected if this is above 0.
  { field: 'connectedDurationSec', label: 'connected call length', kind: 'duration', headers: ['Connected Call Length In Seconds'] },
  { field: 'recordingUrl', label: 'recording', kind: 'text', headers: ['Recording URL', 'Recording'] },
  { field: 'transcript', label: 'transcript', kind: 'text', headers: ['Transcript'] },
  { field: 'revenue', label: 'revenue', kind: 'money', headers: ['Revenue', 'Conversion Amount'] },
  { field: 'payout', label: 'payout', kind: 'money', headers: ['Payout', 'Payout Amount'] },
  { field: 'qc.disposition', label: 'QC disposition', kind: 'text', headers: ['QC Disposition', 'Disposition'] },
  { field: 'qc.sub_disposition', label: 'QC sub disposition', kind: 'text', headers: ['QC Sub Disposition', 'Sub Disposition'] },
  { field: 'qc.reason', label: 'QC reason', kind: 'text', headers: ['QC Reason', 'Reason'] },
  { field: 'qc.summary', label: 'QC summary', kind: 'text', headers: ['QC Summary', 'Summary'] },
];

/** The form headers are compared in: lower case, letters and digits only. */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export interface MappedColumn {
  field: ImportField;
  kind: Kind;
  /** Position in each row. */
  index: number;
  /** The header as the file spells it. */
  header: string;
}

export interface ResolvedColumns {
  columns: MappedColumn[];
  /** How many fields the header row has: every data row must have as many. */
  width: number;
  /** Headers no field reads (blank ones left out). */
  ignored: string[];
  /** Headers of a known field that another column of the file already supplies. */
  unused: Array<{ header: string; field: ImportField; usedHeader: string }>;
}

export class MissingColumnsError extends Error {
  constructor(readonly missing: ColumnSpec[]) {
    super(
      `The CSV file has no column for ${missing
        .map((spec) => `${spec.label} (one of ${spec.headers.map((h) => `"${h}"`).join(', ')})`)
        .join('; ')}. Headers are matched ignoring case, spaces and punctuation.`,
    );
    this.name = 'MissingColumnsError';
  }
}

const HEADER_ALIASES = new Map<string, ImportField[]>();
for (const spec of COLUMN_MAPPING) {
  for (const header of spec.headers) {
    const key = normaliseHeader(header);
    HEADER_ALIASES.set(key, [...(HEADER_ALIASES.get(key) ?? []), spec.field]);
  }
}

/** Decides which column feeds which field; throws MissingColumnsError naming every required field without one. */
export function resolveColumns(headers: readonly string[]): ResolvedColumns {
  const positions = new Map<string, number>();
  headers.forEach((header, index) => {
    const key = normaliseHeader(header);
    if (key !== '' && !positions.has(key)) positions.set(key, index);
  });
  const columns: MappedColumn[] = [];
  const missing: ColumnSpec[] = [];
  const used = new Set<number>();
  for (const spec of COLUMN_MAPPING) {
    const index = spec.headers.map((h) => positions.get(normaliseHeader(h))).find((i) => i !== undefined && !used.has(i));
    if (index === undefined) {
      if (spec.required) missing.push(spec);
      continue;
    }
    columns.push({ field: spec.field, kind: spec.kind, index, header: headers[index] as string });
    used.add(index);
  }
  if (missing.length > 0) throw new MissingColumnsError(missing);

  const ignored: string[] = [];
  const unused: ResolvedColumns['unused'] = [];
  headers.forEach((header, index) => {
    if (used.has(index) || header.trim() === '') return;
    const field = HEADER_ALIASES.get(normaliseHeader(header))?.[0];
    const usedColumn = field && columns.find((c) => c.field === field);
    if (usedColumn) unused.push({ header, field: usedColumn.field, usedHeader: usedColumn.header });
    else ignored.push(header);
  });
  return { columns, width: headers.length, ignored, unused };
}

/** The header a field was read from, for messages; null when the file has no column for it. */
export function columnOf(resolved: ResolvedColumns, field: string): string | null {
  return resolved.columns.find((c) => c.field === field)?.header ?? null;
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

export interface MappedRow {
  /** The call as the ingest API takes it; fields whose column is absent or empty are left out. */
  call: { [K in keyof IngestCall]?: unknown } & Record<string, unknown>;
  /** Values that could not be converted, with the header they came from; their fields are left out of `call`. */
  errors: Array<FieldError & { column: string }>;
}

/** One data row (the values in header order) → a call for validateIngestCall. */
const CONVERTERS: Record<Exclude<Kind, 'text'>, (raw: string) => Converted<unknown>> = {
  timestamp: parseCallTimestamp,
  duration: parseDuration,
  boolean: parseBoolean,
  money: parseMoney,
};

export function mapRow(values: readonly string[], resolved: ResolvedColumns): MappedRow {
  const call: MappedRow['call'] = {};
  const qc: Partial<QcVerdict> = {};
  const errors: MappedRow['errors'] = [];
  let connectedLength: number | undefined;

  for (const column of resolved.columns) {
    const raw = values[column.index] ?? '';
    if (column.kind === 'text') {
      const text = raw.trim();
      if (text === '') continue;
      if (column.field.startsWith('qc.')) qc[column.field.slice(3) as keyof QcVerdict] = text;
      else call[column.field] = text;
      continue;
    }
    const { value, error } = CONVERTERS[column.kind](raw);
    if (error) errors.push({ field: column.field === 'connectedDurationSec' ? 'connected' : column.field, column: column.header, message: error });
    else if (value === undefined) continue;
    else if (column.field === 'connectedDurationSec') connectedLength = value as number;
    else call[column.field] = value;
  }
  if (call.connected === undefined && connectedLength !== undefined && !resolved.columns.some((c) => c.field === 'connected')) {
    call.connected = connectedLength > 0;
  }
  // A verdict needs a disposition; a row with only a reason is refused by the validator rather than silently dropped.
  if (Object.keys(qc).length > 0) call.qc = qc;
  return { call, errors };
}
