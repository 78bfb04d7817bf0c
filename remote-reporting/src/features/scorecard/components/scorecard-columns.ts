import type { ScorecardRow } from '@callboard/contract/scorecard';

/** Where a row's figure stood against the previous period, for the columns that show an arrow. */
export type Trend = 'up' | 'down' | 'flat';

export const TREND_COLUMNS = ['calls', 'salesRate', 'profit'] as const;
export type TrendColumn = (typeof TREND_COLUMNS)[number];

export function trendOf(row: ScorecardRow, column: TrendColumn): Trend {
  const now = Number(row[column]);
  const before = Number(row.previous[column]);
  return now > before ? 'up' : now < before ? 'down' : 'flat';
}
