import type { CallFilterParams } from './calls';
import { GROUP_BY_DIMENSIONS, GROUP_LABELS } from './dimensions';
import type { Disposition } from './dispositions';
import type { DisputeStatus } from './disputes';

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
  'disputes',
  'disputeRate',
  'acceptanceRate',
  'credited',
  'clawedBack',
  'aiAgreement',
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

/** One source's figures. Percentages are of `calls` unless said, to two decimals; money is decimal dollars as text ("1234.50"). */
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
  /**
   * Disputes of the row's calls in the range (by the call's time, as the dispute list's date filter: a call's
   * disputes stay with its day, whenever they were opened or decided), not counting withdrawn ones.
   */
  disputes: number;
  /** Of `disputes`, those decided (accepted, partial or rejected); the rest are open. */
  disputesDecided: number;
  /**
   * `disputes` as a percent of `calls`. Of all the calls, not of those with revenue: a decision that credits a
   * call's whole revenue would take it out of that denominator, so the rate would move when disputes are decided.
   */
  disputeRate: number;
  /** Accepted and partial as a percent of `disputesDecided`; null while none is decided. */
  acceptanceRate: number | null;
  /** Dollars credited to buyers by the standing accepted and partial decisions (an undone one counts no more). */
  credited: string;
  /** Dollars clawed back from publishers' payouts by those decisions. */
  clawedBack: string;
  /** DISPUTE_AI_AGREEMENT: percent of the decided disputes with an AI verdict; null without one. */
  aiAgreement: number | null;
}

/**
 * The AI verdicts under which a call is billable (a real, connected prospect reached the buyer), so the AI
 * upholds the bill: any other verdict (Voicemail, Hungup, IVR, DNC, Tech Issues, Unresponsive, Language Barrier,
 * Misdialed, or none of the 14) says the call should not have been billed. The same outcomes the demo bills
 * (api/src/demo/outcomes.ts, BILLABLE); migration 0029 freezes this list in the rollup's trigger, and the
 * scorecard's tests hold the two together.
 */
export const AI_BILLABLE_VERDICTS: readonly Disposition[] = ['Sales', 'Not Interested', 'Not Qualified', 'DWSPI', 'Callback', 'subsidy/incentivised'];

/**
 * DISPUTE_AI_AGREEMENT — whether a dispute's decision agreed with the AI's verdict frozen in its evidence at
 * opening (`evidence.ai.disposition`, the AI's own verdict, not a person's override): a reject (the bill stands)
 * agrees with a billable verdict (AI_BILLABLE_VERDICTS); an accept or a partial (the buyer is credited) agrees
 * with any other. Only decided disputes whose evidence holds an AI verdict are judged (undefined otherwise):
 * the scorecard's AI agreement is the agreeing share of those, the QC false-positive rate's complement.
 */
export function disputeAgreesWithAi(status: DisputeStatus, aiDisposition: string | null | undefined): boolean | undefined {
  if (status !== 'accepted' && status !== 'partial' && status !== 'rejected') return undefined;
  if (aiDisposition === null || aiDisposition === undefined) return undefined;
  const billable = (AI_BILLABLE_VERDICTS as readonly string[]).includes(aiDisposition);
  return billable === (status === 'rejected');
}

/** How a column's figure reads: a name, a count, a percentage of the calls, or money. */
export type ScorecardColumnKind = 'label' | 'count' | 'percent' | 'money';

/**
 * The screen shows one of two sets of columns beside the name and the calls (the table would not fit a
 * 1440 px window with all of them): the quality and money columns, or the disputes with the money they
 * moved. The CSV holds every column.
 */
export const SCORECARD_COLUMN_SETS = ['quality', 'disputes'] as const;
export type ScorecardColumnSet = (typeof SCORECARD_COLUMN_SETS)[number];
export const SCORECARD_COLUMN_SET_LABELS: Record<ScorecardColumnSet, string> = { quality: 'Quality', disputes: 'Disputes' };

const BOTH: readonly ScorecardColumnSet[] = SCORECARD_COLUMN_SETS;
const QUALITY: readonly ScorecardColumnSet[] = ['quality'];
const DISPUTES: readonly ScorecardColumnSet[] = ['disputes'];

/**
 * The scorecard table's columns in order, as the screen shows them (each in its `sets`) and its
 * CSV file holds them (the label column is headed by the grouped dimension).
 */
export const SCORECARD_COLUMNS: ReadonlyArray<{ key: ScorecardSortColumn; header: string; kind: ScorecardColumnKind; sets: readonly ScorecardColumnSet[] }> = [
  { key: 'label', header: '', kind: 'label', sets: BOTH },
  { key: 'calls', header: 'Calls', kind: 'count', sets: BOTH },
  { key: 'connected', header: 'Connected', kind: 'count', sets: QUALITY },
  { key: 'sales', header: 'Sales', kind: 'count', sets: QUALITY },
  { key: 'salesRate', header: 'Sales rate', kind: 'percent', sets: QUALITY },
  { key: 'voicemailPct', header: 'Voicemail', kind: 'percent', sets: QUALITY },
  { key: 'hungupPct', header: 'Hung up', kind: 'percent', sets: QUALITY },
  { key: 'rejectedUnknownPct', header: 'Rejected / Unknown', kind: 'percent', sets: QUALITY },
  { key: 'redNoConnectPct', header: 'No connect', kind: 'percent', sets: QUALITY },
  { key: 'repeatCalls', header: 'Repeats', kind: 'count', sets: QUALITY },
  { key: 'repeatPct', header: 'Repeat rate', kind: 'percent', sets: QUALITY },
  { key: 'revenue', header: 'Revenue', kind: 'money', sets: BOTH },
  { key: 'payout', header: 'Payout', kind: 'money', sets: BOTH },
  { key: 'profit', header: 'Profit', kind: 'money', sets: QUALITY },
  { key: 'disputes', header: 'Disputes', kind: 'count', sets: DISPUTES },
  { key: 'disputeRate', header: 'Dispute rate', kind: 'percent', sets: DISPUTES },
  { key: 'acceptanceRate', header: 'Accepted', kind: 'percent', sets: DISPUTES },
  { key: 'credited', header: 'Credited', kind: 'money', sets: DISPUTES },
  { key: 'clawedBack', header: 'Clawed back', kind: 'money', sets: DISPUTES },
  { key: 'aiAgreement', header: 'AI agreement', kind: 'percent', sets: DISPUTES },
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
