import { isPresetInProgress, type DatePreset } from '@callboard/contract';
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
  /**
   * What the range is compared with (docs/decisions/0032-compare-like-with-like.md):
   * the period before it, and for a period still in progress only its span up
   * to the same point (today until now: yesterday until the same time).
   */
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

/** How far back the period before a preset lies, on the New York wall clock. */
type Step = { days: number } | { weeks: 1 } | { months: 1 } | { years: 1 };

/** A preset's whole New York days [from, to), and the step back to the period before it. */
interface DayAnswer {
  from: DateTime;
  to: DateTime;
  step: Step;
}

/** Whole New York days [start, end): the period before is as many days before. */
function days(start: DateTime, end: DateTime): DayAnswer {
  return { from: start, to: end, step: { days: Math.round(end.diff(start, 'days').days) } };
}

/**
 * Resolves a preset on the New York clock at `now`. The range is whole New
 * York days: a period still running ("today", "this week") ends tonight at
 * midnight, so the records and the timeline show all of it. Its previous
 * period is the period before it up to the same moment: today until 07:30
 * against yesterday until 07:30 (to the minute), this week until Wednesday
 * 07:30 against last week until Wednesday 07:30, this month against last
 * month until the same date (or its last day), this year against last year
 * until the same date; the "last N days" presets against the N days before
 * them until the same time. A finished period (yesterday, last week, last
 * month) is compared with the whole one before it.
 */
export function resolvePreset(preset: Exclude<DatePreset, 'custom'>, now: Date = new Date()): ResolvedDateRange {
  const at = now.getTime();
  // The days of every preset hold until midnight; the end of a previous period in progress, until the next minute.
  if (currentDay === undefined || at < currentDay.from || at >= currentDay.to) {
    const start = inNewYork(now).startOf('day');
    currentDay = { from: start.toMillis(), to: start.plus({ days: 1 }).toMillis(), presets: new Map() };
  }
  let answer = currentDay.presets.get(preset);
  if (answer === undefined) {
    answer = resolveDaysNow(preset, now);
    currentDay.presets.set(preset, answer);
  }
  const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  // Copies: a caller may keep or change its dates without touching the next request's.
  return {
    preset,
    from: new Date(answer.from),
    to: new Date(answer.to),
    previous: { from: new Date(answer.previous.from), to: new Date(answer.step ? previousEnd(answer, minute) : answer.previous.to) },
  };
}

const MINUTE_MS = 60_000;

/** A preset's answer for one New York day, in epoch ms. */
interface KeptAnswer {
  from: number;
  to: number;
  previous: { from: number; to: number };
  step: Step | null;
}

/** The New York day the presets were last resolved on ([from, to) in epoch ms), and their answers for it. */
let currentDay: { from: number; to: number; presets: Map<DatePreset, KeptAnswer> } | undefined;

/**
 * Where the previous period of a preset in progress ends at `minute`: the
 * same wall-clock moment one step back (luxon clamps a date past the end of a
 * shorter month to its last day, and moves a time the clocks skipped forward).
 * Kept for the minute, like the days for the day: luxon's zone arithmetic on
 * every request is what the day's memo was made to avoid.
 */
function previousEnd(answer: KeptAnswer, minute: number): number {
  if (currentMinute?.at !== minute) currentMinute = { at: minute, ends: new Map() };
  const key = JSON.stringify(answer.step);
  let end = currentMinute.ends.get(key);
  if (end === undefined) {
    end = inNewYork(minute).minus(answer.step as Step).toMillis();
    currentMinute.ends.set(key, end);
  }
  // Never outside the previous period, whatever a clock change does to the wall-clock step.
  return Math.min(Math.max(end, answer.previous.from), answer.from);
}

let currentMinute: { at: number; ends: Map<string, number> } | undefined;

/**
 * A preset's days and its previous period's start; the previous period's end
 * for a finished period, or the step back from now for one in progress (the
 * contract's PRESETS_IN_PROGRESS, so the cards' tooltips word what is computed).
 */
function resolveDaysNow(preset: Exclude<DatePreset, 'custom'>, now: Date): KeptAnswer {
  const { from, to, step } = daysOf(preset, now);
  return {
    from: from.toMillis(),
    to: to.toMillis(),
    previous: { from: from.minus(step).toMillis(), to: from.toMillis() },
    step: isPresetInProgress(preset) ? step : null,
  };
}

function daysOf(preset: Exclude<DatePreset, 'custom'>, now: Date): DayAnswer {
  const today = inNewYork(now).startOf('day');
  const tomorrow = today.plus({ days: 1 });
  switch (preset) {
    case 'today':
      return days(today, tomorrow);
    case 'yesterday':
      return days(today.minus({ days: 1 }), today);
    case 'last_2_days':
      return days(today.minus({ days: 1 }), tomorrow);
    case 'last_7_days':
      return days(today.minus({ days: 6 }), tomorrow);
    case 'last_30_days':
      return days(today.minus({ days: 29 }), tomorrow);
    case 'this_week':
      return { from: today.startOf('week'), to: tomorrow, step: { weeks: 1 } };
    case 'last_week': {
      const monday = today.startOf('week');
      return days(monday.minus({ weeks: 1 }), monday);
    }
    case 'this_month':
      return { from: today.startOf('month'), to: tomorrow, step: { months: 1 } };
    case 'last_month': {
      const first = today.startOf('month');
      return { from: first.minus({ months: 1 }), to: first, step: { months: 1 } };
    }
    case 'last_6_months':
      return days(today.minus({ months: 6 }).plus({ days: 1 }), tomorrow);
    case 'this_year':
      return { from: today.startOf('year'), to: tomorrow, step: { years: 1 } };
  }
}

/**
 * A custom range from the filters panel, judged by the contract's
 * checkCustomRange (the rule the panel applies before it sends one). Its
 * previous period is the same length of time just before it; for a range
 * that holds `now`, only up to as long before now (to the minute), as the
 * presets in progress are compared.
 */
export function resolveCustom(startDate: string | undefined, endDate: string | undefined, now: Date = new Date()): ResolvedDateRange {
  const range = checkCustomRange(startDate, endDate);
  if ('field' in range) throw new DateRangeError(range.field, range.message);
  const from = range.start.getTime();
  const to = range.end.getTime();
  const length = to - from;
  const at = now.getTime();
  const end = from <= at && at < to ? Math.max(from, Math.floor(at / MINUTE_MS) * MINUTE_MS) : to;
  return {
    preset: 'custom',
    from: range.start,
    to: range.end,
    previous: { from: new Date(from - length), to: new Date(end - length) },
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
