import type { MonthSplit } from './rollup-planner';

/**
 * A FROM source over one rollup for whole New York days: its monthly table
 * for the whole months, its daily table for the days at the ends. `where` is
 * the condition both share (written with already-bound parameters); the
 * source has `columns` and is meant to be summed.
 */
export function monthlyAndDailySql(
  tables: { monthly: string; daily: string },
  columns: string,
  where: string,
  split: MonthSplit,
  bind: (value: unknown) => string,
  options: { periodAs?: string; negatedColumns?: string } = {},
): string {
  const parts: string[] = [];
  // A row's month or day under one name, when the reader places rows in time (a timeline's buckets).
  const period = (column: 'month' | 'day') => (options.periodAs ? `${column} AS ${options.periodAs}, ` : '');
  if (split.months) {
    parts.push(`SELECT ${period('month')}${columns} FROM ${tables.monthly} WHERE ${where} AND month >= ${bind(split.months.from)}::date AND month < ${bind(split.months.to)}::date`);
  }
  const inDays = (ranges: MonthSplit['days']) => ranges.map((d) => `(day >= ${bind(d.from)}::date AND day < ${bind(d.to)}::date)`).join(' OR ');
  if (split.days.length > 0) parts.push(`SELECT ${period('day')}${columns} FROM ${tables.daily} WHERE ${where} AND (${inDays(split.days)})`);
  if (split.lessDays && split.lessDays.length > 0) {
    // Days of a month read whole that lie outside the range: their measures negated, so the sum leaves them out.
    if (options.negatedColumns === undefined) throw new Error('a split with days to subtract needs the columns negated');
    parts.push(`SELECT ${period('day')}${options.negatedColumns} FROM ${tables.daily} WHERE ${where} AND (${inDays(split.lessDays)})`);
  }
  return parts.join('\n      UNION ALL\n      ');
}
