import type { CallFilterParams } from './calls';

/**
 * The scorecard (GET /api/scorecard, Reporting's third tab; its path joins
 * API_PATHS with the route): one row per
 * publisher (or campaign, buyer, target) with its quality and its money side
 * by side, and the previous period of equal length for the arrows.
 */
export const SCORECARD_GROUP_BY = ['publisher', 'campaign', 'buyer', 'target'] as const;
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
export const SCORECARD_DEFAULTS = { groupBy: 'publisher', sortBy: 'calls', sortDir: 'desc', limit: SCORECARD_DEFAULT_LIMIT } as const;
export const SCORECARD_SORT_DIRS = ['asc', 'desc'] as const;

/** The 400 messages for the scorecard's own params (the filter params have theirs). */
export const SCORECARD_MESSAGES = {
  groupBy: `groupBy must be one of ${SCORECARD_GROUP_BY.join(', ')}`,
  sortBy: `sortBy must be one of ${SCORECARD_SORT_COLUMNS.join(', ')}`,
  sortDir: `sortDir must be one of ${SCORECARD_SORT_DIRS.join(', ')}`,
  limit: `limit must be a whole number from 1 to ${SCORECARD_MAX_LIMIT}`,
} as const;

export type ScorecardParams = CallFilterParams & {
  groupBy?: ScorecardGroupBy;
  sortBy?: ScorecardSortColumn;
  sortDir?: 'asc' | 'desc';
  limit?: number;
};

/** The names of the stats cards' warning thresholds a row crosses (StatsFlags' flag names). */
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

/** GET /api/scorecard `data`. */
export interface ScorecardData {
  groupBy: ScorecardGroupBy;
  rows: ScorecardRow[];
}
