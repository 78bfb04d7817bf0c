import { DateTime } from 'luxon';
import { memoizePure } from './pure-memo';

/**
 * How whole New York days are read from a rollup kept by day and by month
 * (calls_daily and calls_monthly, their per-dimension and combination
 * counterparts): which whole months from the monthly table, which days from
 * the daily one, and the SQL source over both (monthlyAndDailySql).
 */

/** Whole New York days [from, to) as YYYY-MM-DD, split for the monthly rollups: the whole months inside, if any, and the days left at either end. */
export interface MonthSplit {
  months?: { from: string; to: string };
  days: Array<{ from: string; to: string }>;
  /**
   * Days of the months read that lie outside the range, to subtract from them
   * (splitByMonthLess): only a reader that negates its measures for them
   * (monthlyAndDailySql with `negatedColumns`) is given a split with any.
   */
  lessDays?: Array<{ from: string; to: string }>;
}

/** A copy of a memoized split: the plan that holds it is the caller's. */
function copySplit(split: MonthSplit): MonthSplit {
  const copy = (ranges: MonthSplit['days']) => ranges.map((d) => ({ ...d }));
  return { ...(split.months ? { months: { ...split.months } } : {}), days: copy(split.days), ...(split.lessDays ? { lessDays: copy(split.lessDays) } : {}) };
}

export function splitByMonth(fromDay: string, toDay: string): MonthSplit {
  return copySplit(monthSplitOf(`${fromDay}/${toDay}`));
}

/** A split's memo key, "fromDay/toDay", back as the two days and their dates. */
function daysOfKey(key: string): { fromDay: string; toDay: string; from: DateTime; to: DateTime } {
  const [fromDay, toDay] = key.split('/') as [string, string];
  return { fromDay, toDay, from: DateTime.fromISO(fromDay, { zone: 'UTC' }), to: DateTime.fromISO(toDay, { zone: 'UTC' }) };
}

const monthSplitOf = memoizePure((days: string): MonthSplit => {
  const { fromDay, toDay, from, to } = daysOfKey(days);
  const firstMonth = from.day === 1 ? from : from.startOf('month').plus({ months: 1 });
  const lastMonth = to.startOf('month');
  if (firstMonth >= lastMonth) return { days: [{ from: fromDay, to: toDay }] };
  const m1 = firstMonth.toISODate() as string;
  const m2 = lastMonth.toISODate() as string;
  return { months: { from: m1, to: m2 }, days: [{ from: fromDay, to: m1 }, { from: m2, to: toDay }].filter((d) => d.from < d.to) };
});

/**
 * Like splitByMonth, but a month the range covers most of is read as its month
 * row less the days of it outside the range, when those are fewer than the
 * days inside: the month to date of "last 30 days" is one row per value and
 * the days after today (none of them holds calls yet, so their rows are few or
 * none), not a row for each day so far. Exact, as the rollups are sums.
 */
export function splitByMonthLess(fromDay: string, toDay: string): MonthSplit {
  return copySplit(monthSplitLessOf(`${fromDay}/${toDay}`));
}

const monthSplitLessOf = memoizePure((days: string): MonthSplit => {
  const { from, to } = daysOfKey(days);
  const iso = (d: DateTime) => d.toISODate() as string;
  const inside: MonthSplit['days'] = [];
  const less: MonthSplit['days'] = [];
  let firstMonth: DateTime | undefined;
  let endMonth: DateTime | undefined;
  for (let month = from.startOf('month'); month < to; month = month.plus({ months: 1 })) {
    const next = month.plus({ months: 1 });
    const coveredFrom = from > month ? from : month;
    const coveredTo = to < next ? to : next;
    const daysIn = coveredTo.diff(coveredFrom, 'days').days;
    const daysOut = coveredFrom.diff(month, 'days').days + next.diff(coveredTo, 'days').days;
    // The month's row costs about what a day's rows do.
    const asMonth = daysOut === 0 || daysOut + 1 < daysIn;
    if (asMonth) {
      firstMonth ??= month;
      endMonth = next;
      if (coveredFrom > month) less.push({ from: iso(month), to: iso(coveredFrom) });
      if (coveredTo < next) less.push({ from: iso(coveredTo), to: iso(next) });
    } else {
      inside.push({ from: iso(coveredFrom), to: iso(coveredTo) });
    }
  }
  // Only the first and the last month can be partial, so the months read as months are one run.
  return {
    ...(firstMonth && endMonth ? { months: { from: iso(firstMonth), to: iso(endMonth) } } : {}),
    days: inside,
    ...(less.length > 0 ? { lessDays: less } : {}),
  };
});

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
