import { DISPLAY_TIME_ZONE, RECORD_COLUMNS, type CallerIdVisibility, type RecordColumn, type RecordColumnKey } from '@callboard/contract';
import { escapeLiteral } from 'pg';
import type { CallFilter } from '../calls/call-filter';
import { CALL_JOINS } from '../calls/call-record';
import { callWhere } from '../calls/call-where';

/** Cents as dollars with two decimals ("12.50", "-3.00"): a number in a sheet, bare in a CSV. */
const dollars = (cents: string) => `(${cents}::numeric / 100)::numeric(14, 2)`;

/**
 * The records table's columns as the database renders them for a file: the
 * time in New York as "MMM dd hh:mm:ss a", every text cell through
 * sheet_text() (formula-neutralised, never NULL), the duration and the money
 * as numbers (profit is revenue less payout, as the cost figures count it),
 * connected and repeat as Yes or No. PostgreSQL's COPY writes the CSV from
 * this alone; the batch path hands the same values to the sheet writer, so
 * both produce the same cells.
 */
const EXPRESSIONS: Record<RecordColumnKey, string> = {
  callTimestamp: `to_char(c.call_ts AT TIME ZONE '${DISPLAY_TIME_ZONE}', 'Mon DD HH12:MI:SS AM')`,
  publisherName: 'sheet_text(p.name)',
  callerId: 'sheet_text(c.caller_id)',
  status: 'sheet_text(c.status)',
  sub_disposition: 'sheet_text(c.sub_disposition)',
  durationSec: 'c.duration_sec',
  campaignName: 'sheet_text(cp.name)',
  reason: 'sheet_text(c.reason)',
  summary: 'sheet_text(c.summary)',
  transcript: 'sheet_text(c.transcript)',
  target_name: 'sheet_text(t.name)',
  recordingUrl: 'sheet_text(c.recording_url)',
  systemCallId: 'sheet_text(c.system_call_id)',
  systemBuyerId: 'sheet_text(c.system_buyer_id)',
  connected: `CASE WHEN c.connected THEN 'Yes' ELSE 'No' END`,
  repeat: `CASE WHEN c.repeat_of IS NULL THEN 'No' ELSE 'Yes' END`,
  revenue: dollars('c.revenue_cents'),
  payout: dollars('c.payout_cents'),
  profit: dollars('(c.revenue_cents - c.payout_cents)'),
};

/** Each column's SQL, by key: EXPRESSIONS, or a partner's (exportExpressions). */
export type ExportExpressions = Readonly<Record<RecordColumnKey, string>>;

/** The caller id's digits alone, as maskCallerId (contract/src/partners.ts) reads them. */
const CALLER_DIGITS = "regexp_replace(c.caller_id, '[^0-9]', '', 'g')";

/**
 * The caller id as a partner with `masked` visibility reads it: the SQL twin of maskCallerId
 * (`+1 ••• ••• 0123`, the last four digits kept; `+1` when written with it or eleven digits long).
 */
const MASKED_CALLER_ID = `CASE WHEN ${CALLER_DIGITS} = '' THEN ''
  WHEN regexp_replace(c.caller_id, '^\\s+', '') LIKE '+1%' OR length(${CALLER_DIGITS}) = 11 THEN '+1 ••• ••• ' || right(${CALLER_DIGITS}, 4)
  ELSE '••• ••• ' || right(${CALLER_DIGITS}, 4) END`;

/**
 * The columns' SQL for a reader who sees the caller id this way: masked, the masked form; otherwise as
 * stored (a partner with the caller id hidden is never given the column: domain/partners/field-visibility.ts).
 */
export function exportExpressions(callerId: CallerIdVisibility = 'full'): ExportExpressions {
  return callerId === 'masked' ? { ...EXPRESSIONS, callerId: `sheet_text(${MASKED_CALLER_ID})` } : EXPRESSIONS;
}

const NUMBER_COLUMNS = new Set<RecordColumnKey>(['durationSec', 'revenue', 'payout', 'profit']);

/** Whether a column's cells are numbers (written bare, numeric in XLSX) rather than text. */
export function isNumberColumn(key: RecordColumnKey): boolean {
  return NUMBER_COLUMNS.has(key);
}

/** The columns asked for, with their labels and widths, in the order asked. */
export function exportRecordColumns(keys: readonly RecordColumnKey[]): RecordColumn[] {
  return keys.map((key) => RECORD_COLUMNS.find((c) => c.key === key) as RecordColumn);
}

/** The select list, aliased c0…cN in the order asked. For the keyset batches. */
export function exportColumnsSql(keys: readonly RecordColumnKey[], expressions: ExportExpressions = EXPRESSIONS): string {
  return keys.map((key, i) => `${expressions[key]} AS c${i}`).join(', ');
}

export type ExportRow = Record<`c${number}`, string | number>;

const csvQuoted = (expression: string) => `'"' || replace(${expression}, '"', '""') || '"'`;

/**
 * The whole CSV line of a row, rendered by the database as COPY renders it
 * (text quoted with quotes doubled, numbers bare): the batch path's CSV.
 * One column instead of one per cell: on PGlite, carrying each field out of the
 * engine cost more than computing it (the figure is in docs/benchmarks.md).
 */
export function csvLineSql(keys: readonly RecordColumnKey[], expressions: ExportExpressions = EXPRESSIONS): string {
  return `concat_ws(',', ${keys.map((key) => (isNumberColumn(key) ? `${expressions[key]}::text` : csvQuoted(expressions[key]))).join(', ')}) AS line`;
}

export type CsvLineRow = { line: string };

export function exportCells(row: ExportRow, count: number): Array<string | number> {
  return Array.from({ length: count }, (_, i) => row[`c${i}`] as string | number);
}

const quoteIdent = (label: string) => `"${label.replace(/"/g, '""')}"`;

/**
 * A value as an SQL literal, for COPY, which takes no bind parameters. Only
 * the shapes callWhere produces are accepted: instants, whole-number id lists,
 * text lists and text; text goes through the driver's own escaping.
 */
function literal(value: unknown): string {
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  if (typeof value === 'string') return escapeLiteral(value);
  if (Array.isArray(value) && value.every((v) => Number.isSafeInteger(v))) return `ARRAY[${value.join(',')}]::int[]`;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return `ARRAY[${value.map((v) => escapeLiteral(v)).join(',')}]::text[]`;
  throw new Error(`export: no literal form for ${typeof value}`);
}

/**
 * COPY (…) TO STDOUT as CSV with a header of the table's labels, every text
 * column quoted (numbers bare), newest call first: the whole export in one
 * statement, streamed by the server at a few hundred thousand rows a second.
 */
export function copyCsvSql(filter: CallFilter, keys: readonly RecordColumnKey[], expressions: ExportExpressions = EXPRESSIONS): string {
  const where = callWhere(filter, filter.range);
  const sql = where.sql.replace(/\$(\d+)/g, (_, n: string) => literal(where.params[Number(n) - 1]));
  const columns = exportRecordColumns(keys);
  const labels = columns.map((col) => `${expressions[col.key]} AS ${quoteIdent(col.label)}`).join(', ');
  const quoted = columns.filter((col) => !isNumberColumn(col.key)).map((col) => quoteIdent(col.label));
  // FORCE_QUOTE () is a syntax error: a file of numbers alone quotes nothing.
  const forceQuote = quoted.length > 0 ? `, FORCE_QUOTE (${quoted.join(', ')})` : '';
  return `COPY (SELECT ${labels} FROM calls c ${CALL_JOINS} WHERE ${sql} ORDER BY c.call_ts DESC, c.id DESC)
    TO STDOUT WITH (FORMAT csv, HEADER true${forceQuote})`;
}
