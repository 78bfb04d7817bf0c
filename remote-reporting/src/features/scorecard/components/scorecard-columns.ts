import type { ScorecardGroupBy, ScorecardRow, ScorecardSortColumn } from '@callboard/contract';

export const GROUP_LABELS: Record<ScorecardGroupBy, string> = { publisher: 'Publisher', campaign: 'Campaign', buyer: 'Buyer', target: 'Target' };

export type ColumnKind = 'label' | 'count' | 'percent' | 'money';

/** The table's columns in order, as the screen and the CSV file show them. */
export const SCORECARD_COLUMNS: ReadonlyArray<{ key: ScorecardSortColumn; label: string; kind: ColumnKind }> = [
  { key: 'label', label: '', kind: 'label' },
  { key: 'calls', label: 'Calls', kind: 'count' },
  { key: 'connected', label: 'Connected', kind: 'count' },
  { key: 'sales', label: 'Sales', kind: 'count' },
  { key: 'salesRate', label: 'Sales rate', kind: 'percent' },
  { key: 'voicemailPct', label: 'Voicemail', kind: 'percent' },
  { key: 'hungupPct', label: 'Hung up', kind: 'percent' },
  { key: 'rejectedUnknownPct', label: 'Rejected / Unknown', kind: 'percent' },
  { key: 'redNoConnectPct', label: 'No connect', kind: 'percent' },
  { key: 'repeatCalls', label: 'Repeats', kind: 'count' },
  { key: 'repeatPct', label: 'Repeat rate', kind: 'percent' },
  { key: 'revenue', label: 'Revenue', kind: 'money' },
  { key: 'payout', label: 'Payout', kind: 'money' },
  { key: 'profit', label: 'Profit', kind: 'money' },
];

/** A column's heading: the grouped dimension's name for the label column. */
export function columnLabel(key: ScorecardSortColumn, groupBy: ScorecardGroupBy): string {
  return key === 'label' ? GROUP_LABELS[groupBy] : (SCORECARD_COLUMNS.find((c) => c.key === key)?.label ?? key);
}

/** Where a row's figure stood against the previous period, for the columns that show an arrow. */
export type Trend = 'up' | 'down' | 'flat';

export const TREND_COLUMNS = ['calls', 'salesRate', 'profit'] as const;
export type TrendColumn = (typeof TREND_COLUMNS)[number];

export function trendOf(row: ScorecardRow, column: TrendColumn): Trend {
  const now = Number(row[column]);
  const before = Number(row.previous[column]);
  return now > before ? 'up' : now < before ? 'down' : 'flat';
}
