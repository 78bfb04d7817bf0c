/** The records table's columns: the table, Copy JSON and the export all read this list. */
export interface RecordColumn {
  key: RecordColumnKey;
  label: string;
  width: number;
  sortable: boolean;
  /** Cut at TRUNCATE_LENGTH characters plus an ellipsis in the table. */
  truncate: boolean;
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
] as const;

export type RecordColumnKey = (typeof RECORD_COLUMN_KEYS)[number];

const column = (key: RecordColumnKey, label: string, width: number, sortable: boolean, truncate = false): RecordColumn => ({
  key,
  label,
  width,
  sortable,
  truncate,
  visible: true,
});

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
];

export const SORTABLE_COLUMNS = RECORD_COLUMNS.filter((c) => c.sortable).map((c) => c.key);
export type SortColumn = 'callTimestamp' | 'publisherName' | 'callerId' | 'status' | 'sub_disposition' | 'durationSec' | 'campaignName';
export const DEFAULT_SORT: { sortBy: SortColumn; sortDir: 'asc' | 'desc' } = { sortBy: 'callTimestamp', sortDir: 'desc' };

export const TRUNCATE_LENGTH = 20;
/** luxon format of the records table's time column, shown on the New York clock (see new-york-time.ts). */
export const RECORD_TIME_FORMAT = 'MMM dd hh:mm:ss a';
