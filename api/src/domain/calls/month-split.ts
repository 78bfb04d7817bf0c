import { DateTime } from 'luxon';

/**
 * Whole New York days [fromDay, toDay) split for the monthly rollups: the
 * whole months inside, if any, and the days left at either end.
 */
export interface MonthSplit {
  months?: { from: string; to: string };
  days: Array<{ from: string; to: string }>;
}

export function splitByMonth(fromDay: string, toDay: string): MonthSplit {
  const from = DateTime.fromISO(fromDay, { zone: 'UTC' });
  const to = DateTime.fromISO(toDay, { zone: 'UTC' });
  const firstMonth = from.day === 1 ? from : from.startOf('month').plus({ months: 1 });
  const lastMonth = to.startOf('month');
  if (firstMonth >= lastMonth) return { days: [{ from: fromDay, to: toDay }] };
  const m1 = firstMonth.toISODate() as string;
  const m2 = lastMonth.toISODate() as string;
  return { months: { from: m1, to: m2 }, days: [{ from: fromDay, to: m1 }, { from: m2, to: toDay }].filter((d) => d.from < d.to) };
}

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
): string {
  const parts: string[] = [];
  if (split.months) {
    parts.push(`SELECT ${columns} FROM ${tables.monthly} WHERE ${where} AND month >= ${bind(split.months.from)}::date AND month < ${bind(split.months.to)}::date`);
  }
  const days = split.days.map((d) => `(day >= ${bind(d.from)}::date AND day < ${bind(d.to)}::date)`);
  if (days.length > 0) parts.push(`SELECT ${columns} FROM ${tables.daily} WHERE ${where} AND (${days.join(' OR ')})`);
  return parts.join('\n      UNION ALL\n      ');
}
