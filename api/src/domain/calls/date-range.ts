import type { DatePreset } from '@callboard/contract';
import { checkCustomRange } from '@callboard/contract/date-range';
import { inNewYork } from '@callboard/contract/new-york-time';
import type { DateTime } from 'luxon';
import { memoizePure } from './pure-memo';

/** A half-open interval [from, to) of instants. */
export interface TimeRange {
  from: Date;
  to: Date;
}

export interface ResolvedDateRange extends TimeRange {
  preset: DatePreset;
  /** The period of equal length just before: same number of New York days for presets, same duration for custom. */
  previous: TimeRange;
}

export class DateRangeError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Whole New York days [startDay, endDay): their previous period is as many days before. */
function days(preset: DatePreset, start: DateTime, end: DateTime): ResolvedDateRange {
  const count = Math.round(end.diff(start, 'days').days);
  return {
    preset,
    from: start.toJSDate(),
    to: end.toJSDate(),
    previous: { from: start.minus({ days: count }).toJSDate(), to: start.toJSDate() },
  };
}

/**
 * Resolves a preset on the New York clock at `now`. Periods that are still
 * running ("this week", "this year") end tonight at midnight, so the previous
 * period compares like with like.
 */
export function resolvePreset(preset: Exclude<DatePreset, 'custom'>, now: Date = new Date()): ResolvedDateRange {
  const at = now.getTime();
  // Every preset is made of whole New York days, so its answer holds until midnight.
  if (currentDay === undefined || at < currentDay.from || at >= currentDay.to) {
    const start = inNewYork(now).startOf('day');
    currentDay = { from: start.toMillis(), to: start.plus({ days: 1 }).toMillis(), presets: new Map() };
  }
  let resolved = currentDay.presets.get(preset);
  if (resolved === undefined) {
    resolved = resolvePresetNow(preset, now);
    currentDay.presets.set(preset, resolved);
  }
  // Copies: a caller may keep or change its dates without touching the next request's.
  return { ...resolved, from: new Date(resolved.from), to: new Date(resolved.to), previous: { from: new Date(resolved.previous.from), to: new Date(resolved.previous.to) } };
}

/** The New York day the presets were last resolved on ([from, to) in epoch ms), and their answers for it. */
let currentDay: { from: number; to: number; presets: Map<DatePreset, ResolvedDateRange> } | undefined;

function resolvePresetNow(preset: Exclude<DatePreset, 'custom'>, now: Date): ResolvedDateRange {
  const today = inNewYork(now).startOf('day');
  const tomorrow = today.plus({ days: 1 });
  switch (preset) {
    case 'today':
      return days(preset, today, tomorrow);
    case 'yesterday':
      return days(preset, today.minus({ days: 1 }), today);
    case 'last_2_days':
      return days(preset, today.minus({ days: 1 }), tomorrow);
    case 'last_7_days':
      return days(preset, today.minus({ days: 6 }), tomorrow);
    case 'last_30_days':
      return days(preset, today.minus({ days: 29 }), tomorrow);
    case 'this_week':
      return days(preset, today.startOf('week'), tomorrow);
    case 'last_week': {
      const monday = today.startOf('week');
      return days(preset, monday.minus({ weeks: 1 }), monday);
    }
    case 'this_month':
      return days(preset, today.startOf('month'), tomorrow);
    case 'last_month': {
      const first = today.startOf('month');
      const start = first.minus({ months: 1 });
      return { ...days(preset, start, first), previous: { from: start.minus({ months: 1 }).toJSDate(), to: start.toJSDate() } };
    }
    case 'last_6_months':
      return days(preset, today.minus({ months: 6 }).plus({ days: 1 }), tomorrow);
    case 'this_year':
      return days(preset, today.startOf('year'), tomorrow);
  }
}

/**
 * A custom range from the filters panel, judged by the contract's
 * checkCustomRange (the rule the panel applies before it sends one). Its
 * previous period is the same length of time just before it.
 */
export function resolveCustom(startDate: string | undefined, endDate: string | undefined): ResolvedDateRange {
  const range = checkCustomRange(startDate, endDate);
  if ('field' in range) throw new DateRangeError(range.field, range.message);
  const length = range.end.getTime() - range.start.getTime();
  return {
    preset: 'custom',
    from: range.start,
    to: range.end,
    previous: { from: new Date(range.start.getTime() - length), to: range.start },
  };
}

const newYorkMidnightAt = memoizePure((epochMs: number) => {
  const local = inNewYork(epochMs);
  return local.hour === 0 && local.minute === 0 && local.second === 0 && local.millisecond === 0;
});

const newYorkDateAt = memoizePure((epochMs: number) => inNewYork(epochMs).toISODate() as string);

/** Is this instant a New York midnight? Ranges that start and end on one can use the daily rollup. */
export function isNewYorkMidnight(instant: Date): boolean {
  return newYorkMidnightAt(instant.getTime());
}

/** The New York calendar date of an instant, as YYYY-MM-DD. */
export function newYorkDate(instant: Date): string {
  return newYorkDateAt(instant.getTime());
}
