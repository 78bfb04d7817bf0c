import type { CallRecord } from './calls';

/** The records table's columns: the table, Copy JSON and the export all read this list. */
export interface RecordColumn {
  key: RecordColumnKey;
  label: string;
  width: number;
  sortable: boolean;
  /** Cut at TRUNCATE_LENGTH characters plus an ellipsis in the table. */
  truncate: boolean;
  /** Shown until the reader chooses otherwise: the spec's fourteen are, the money and call facts after them are not. */
  visible: boolean;
}

export const RECORD_COLUMN_KEYS = [
  'callTimestamp',
  'publisherName',
  'callerId',
  'status',
  'sub_disposition',
  'durationSec',
  'campaignName',
  'reason',
  'summary',
  'transcript',
  'target_name',
  'recordingUrl',
  'systemCallId',
  'systemBuyerId',
  'connected',
  'repeat',
  'revenue',
  'payout',
  'profit',
] as const;

export type RecordColumnKey = (typeof RECORD_COLUMN_KEYS)[number];

const column = (key: RecordColumnKey, label: string, width: number, sortable: boolean, truncate = false, visible = true): RecordColumn => ({
  key,
  label,
  width,
  sortable,
  truncate,
  visible,
});
/** A column the reader turns on in Column Settings: off by default, so the spec's default set stays as it is. */
const chosen = (key: RecordColumnKey, label: string, width: number): RecordColumn => column(key, label, width, false, false, false);

export const RECORD_COLUMNS: RecordColumn[] = [
  column('callTimestamp', 'Time Stamp', 150, true),
  column('publisherName', 'Publisher', 120, true),
  column('callerId', 'CID', 120, true),
  column('status', 'Status', 120, true),
  column('sub_disposition', 'Sub Disposition', 120, true),
  column('durationSec', 'Duration', 100, true),
  column('campaignName', 'Campaign Name', 150, true),
  column('reason', 'Reason', 200, false, true),
  column('summary', 'Summary', 200, false, true),
  column('transcript', 'Transcript', 200, false, true),
  column('target_name', 'Target', 150, false),
  column('recordingUrl', 'Recording Link', 120, false),
  column('systemCallId', 'System Call ID', 120, false),
  column('systemBuyerId', 'Buyer', 120, false),
  chosen('connected', 'Connected', 100),
  chosen('repeat', 'Repeat', 90),
  chosen('revenue', 'Revenue', 100),
  chosen('payout', 'Payout', 100),
  chosen('profit', 'Profit', 100),
];

/** The columns shown until the reader chooses: the spec's records columns. */
export const DEFAULT_RECORD_COLUMN_KEYS: RecordColumnKey[] = RECORD_COLUMNS.filter((c) => c.visible).map((c) => c.key);

export const SORTABLE_COLUMNS = RECORD_COLUMNS.filter((c) => c.sortable).map((c) => c.key);
export type SortColumn = 'callTimestamp' | 'publisherName' | 'callerId' | 'status' | 'sub_disposition' | 'durationSec' | 'campaignName';
export const DEFAULT_SORT: { sortBy: SortColumn; sortDir: 'asc' | 'desc' } = { sortBy: 'callTimestamp', sortDir: 'desc' };

export const TRUNCATE_LENGTH = 20;
/** luxon format of the records table's time column, shown on the New York clock (see new-york-time.ts). */
export const RECORD_TIME_FORMAT = 'MMM dd hh:mm:ss a';

/**
 * A call's profit in dollars: revenue less payout, as the API's cost and
 * scorecard figures count it. Worked out in whole cents, so 12.3 − 4.1 is 8.2,
 * not 8.200000000000001.
 */
export function callProfit(call: Pick<CallRecord, 'revenue' | 'payout'>): number {
  // A partner's answer lacks one of the two (contract/src/calls.ts), and a partner is never offered profit:
  // a missing figure counts as nothing rather than failing the screen.
  return (Math.round((call.revenue ?? 0) * 100) - Math.round((call.payout ?? 0) * 100)) / 100;
}

/**
 * A record column's value as the API sent it (Copy JSON's value); profit, which the answer does not
 * carry, is worked out from the call's revenue and payout.
 */
export function recordColumnValue(call: CallRecord, key: RecordColumnKey): CallRecord[Exclude<RecordColumnKey, 'profit'>] | number {
  return key === 'profit' ? callProfit(call) : call[key];
}

/**
 * GET /api/calls/export's `columns`: the record columns the file holds, comma-separated, in the
 * order given (Reporting sends the ones its table shows). Absent, the file holds DEFAULT_RECORD_COLUMN_KEYS.
 */
export const EXPORT_COLUMNS_PARAM = 'columns';
/** The longest `columns` value: every key once, with its comma. */
export const EXPORT_COLUMNS_MAX_LENGTH = RECORD_COLUMN_KEYS.join(',').length;

export function exportColumnsParam(keys: readonly RecordColumnKey[]): string {
  return keys.join(',');
}

/** Reads `columns` as the export does: known keys, each once, at least one; undefined → the default columns. */
export function parseExportColumns(raw: string | undefined): { keys: RecordColumnKey[] } | { error: string } {
  if (raw === undefined) return { keys: [...DEFAULT_RECORD_COLUMN_KEYS] };
  const known = new Set<string>(RECORD_COLUMN_KEYS);
  const asked = raw.split(',').map((key) => key.trim());
  const unknown = asked.filter((key) => !known.has(key));
  if (unknown.length > 0) return { error: `columns: unknown column ${unknown.map((key) => JSON.stringify(key)).join(', ')}; known are ${RECORD_COLUMN_KEYS.join(', ')}` };
  return { keys: [...new Set(asked as RecordColumnKey[])] };
}
