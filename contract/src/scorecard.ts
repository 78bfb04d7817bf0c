import type { CallFilterParams } from './calls';
import { GROUP_BY_DIMENSIONS, GROUP_LABELS } from './dimensions';

/**
 * The scorecard (GET /api/scorecard, Reporting's third tab; its path joins
 * API_PATHS with the route): one row per
 * publisher (or campaign, buyer, target) with its quality and its money side
 * by side, and the period /api/stats compares with, for the arrows.
 */
export const SCORECARD_GROUP_BY = GROUP_BY_DIMENSIONS;
export type ScorecardGroupBy = (typeof SCORECARD_GROUP_BY)[number];

/** The columns a scorecard sorts by (each row's field of that name). */
export const SCORECARD_SORT_COLUMNS = [
  'label',
  'calls',
  'connected',
  'sales',
  'salesRate',
  'voicemailPct',
  'hungupPct',
  'rejectedUnknownPct',
  'redNoConnectPct',
  'repeatCalls',
  'repeatPct',
  'revenue',
  'payout',
  'profit',
] as const;
export type ScorecardSortColumn = (typeof SCORECARD_SORT_COLUMNS)[number];

export const SCORECARD_DEFAULT_LIMIT = 100;
export const SCORECARD_MAX_LIMIT = 1000;
/**
 * A row's shares are flagged only from this many calls: 2 voicemails out of 6
 * calls is 33 % and says nothing about the source. The server decides the
 * flags (they are in the CSV too), and the person chooses the minimum
 * (`minCalls`, a preference the scorecard keeps), because the number of calls
 * that makes a share meaningful depends on the range being read: a day's 20
 * calls are a busy source, a quarter's are noise. Thresholds themselves stay
 * the server's settings (FLAG_*), shared with the stats cards.
 */
export const SCORECARD_DEFAULT_MIN_CALLS = 20;
export const SCORECARD_MAX_MIN_CALLS = 100_000;
export const SCORECARD_DEFAULTS = { groupBy: 'publisher', sortBy: 'calls', sortDir: 'desc', limit: SCORECARD_DEFAULT_LIMIT, minCalls: SCORECARD_DEFAULT_MIN_CALLS } as const;
export const SCORECARD_SORT_DIRS = ['asc', 'desc'] as const;

/** The 400 messages for the scorecard's own params (the filter params have theirs). */
export const SCORECARD_MESSAGES = {
  groupBy: `groupBy must be one of ${SCORECARD_GROUP_BY.join(', ')}`,
  sortBy: `sortBy must be one of ${SCORECARD_SORT_COLUMNS.join(', ')}`,
  sortDir: `sortDir must be one of ${SCORECARD_SORT_DIRS.join(', ')}`,
  limit: `limit must be a whole number from 1 to ${SCORECARD_MAX_LIMIT}`,
  minCalls: `minCalls must be a whole number from 1 to ${SCORECARD_MAX_MIN_CALLS}`,
} as const;

export type ScorecardParams = CallFilterParams & {
  groupBy?: ScorecardGroupBy;
  sortBy?: ScorecardSortColumn;
  sortDir?: 'asc' | 'desc';
  limit?: number;
  /** Flag a row's shares only when it has at least this many calls (SCORECARD_DEFAULT_MIN_CALLS by default). */
  minCalls?: number;
};

/** The names of the stats cards' warning thresholds a row crosses (StatsFlags' flag names), once it has `minCalls` calls. */
export const SCORECARD_FLAGS = ['flagVoicemail', 'flagTargetHU', 'flagRejectedUnknown', 'flagRedNoConnect'] as const;
export type ScorecardFlag = (typeof SCORECARD_FLAGS)[number];

/** The column whose share crossed each threshold (the cell the table highlights). */
export const SCORECARD_FLAG_COLUMNS: Record<ScorecardFlag, ScorecardSortColumn> = {
  flagVoicemail: 'voicemailPct',
  flagTargetHU: 'hungupPct',
  flagRejectedUnknown: 'rejectedUnknownPct',
  flagRedNoConnect: 'redNoConnectPct',
};

/** One source's figures. Percentages are of `calls`, to two decimals; money is decimal dollars as text ("1234.50"). */
export interface ScorecardRow {
  /** The dimension value's id (as the filter params name it). */
  key: string;
  label: string;
  calls: number;
  connected: number;
  sales: number;
  salesRate: number;
  /** Each of the 14 dispositions and "Rejected / Unknown" with its calls, summing to `calls`. */
  counts: Record<string, number>;
  voicemailPct: number;
  hungupPct: number;
  rejectedUnknownPct: number;
  redNoConnectPct: number;
  flags: ScorecardFlag[];
  repeatCalls: number;
  repeatPct: number;
  revenue: string;
  payout: string;
  profit: string;
  previous: { calls: number; salesRate: number; profit: string };
}

/** How a column's figure reads: a name, a count, a percentage of the calls, or money. */
export type ScorecardColumnKind = 'label' | 'count' | 'percent' | 'money';

/**
 * The scorecard table's columns in order, as the screen shows them and its
 * CSV file holds them (the label column is headed by the grouped dimension).
 */
export const SCORECARD_COLUMNS: ReadonlyArray<{ key: ScorecardSortColumn; header: string; kind: ScorecardColumnKind }> = [
  { key: 'label', header: '', kind: 'label' },
  { key: 'calls', header: 'Calls', kind: 'count' },
  { key: 'connected', header: 'Connected', kind: 'count' },
  { key: 'sales', header: 'Sales', kind: 'count' },
  { key: 'salesRate', header: 'Sales rate', kind: 'percent' },
  { key: 'voicemailPct', header: 'Voicemail', kind: 'percent' },
  { key: 'hungupPct', header: 'Hung up', kind: 'percent' },
  { key: 'rejectedUnknownPct', header: 'Rejected / Unknown', kind: 'percent' },
  { key: 'redNoConnectPct', header: 'No connect', kind: 'percent' },
  { key: 'repeatCalls', header: 'Repeats', kind: 'count' },
  { key: 'repeatPct', header: 'Repeat rate', kind: 'percent' },
  { key: 'revenue', header: 'Revenue', kind: 'money' },
  { key: 'payout', header: 'Payout', kind: 'money' },
  { key: 'profit', header: 'Profit', kind: 'money' },
];

/** A column's heading: the grouped dimension's name for the label column. */
export function scorecardColumnHeader(key: ScorecardSortColumn, groupBy: ScorecardGroupBy): string {
  return key === 'label' ? GROUP_LABELS[groupBy] : (SCORECARD_COLUMNS.find((c) => c.key === key)?.header ?? key);
}

/** POST /api/scorecard/export's body: the table's question and the file's format. */
export type ScorecardExportBody = ScorecardParams & { fmt: 'csv' };

/** GET /api/scorecard `data`. */
export interface ScorecardData {
  groupBy: ScorecardGroupBy;
  rows: ScorecardRow[];
}
