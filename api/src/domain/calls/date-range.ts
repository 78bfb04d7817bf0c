import { CUSTOM_RANGE_MAX_DAYS, DISPLAY_TIME_ZONE, type DatePreset } from '@callboard/contract';
import { DateTime } from 'luxon';

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

const zone = DISPLAY_TIME_ZONE;

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
 * Resolves a preset in America/New_York at `now`. Periods that are still
 * running ("this week", "this year") end tonight at midnight, so the previous
 * period compares like with like.
 */
export function resolvePreset(preset: Exclude<DatePreset, 'custom'>, now: Date = new Date()): ResolvedDateRange {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
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
 * A custom range from the filters panel: ISO 8601 instants, or datetime-local
 * values without an offset, which are read as New York wall-clock time.
 */
export function resolveCustom(startDate: string | undefined, endDate: string | undefined): ResolvedDateRange {
  const start = parseInstant('startDate', startDate);
  const end = parseInstant('endDate', endDate);
  if (end <= start) throw new DateRangeError('endDate', 'endDate must be after startDate');
  if (end.diff(start, 'days').days > CUSTOM_RANGE_MAX_DAYS + 1 / 24) {
    throw new DateRangeError('endDate', `A custom range can span at most ${CUSTOM_RANGE_MAX_DAYS} days`);
  }
  const length = end.toMillis() - start.toMillis();
  return {
    preset: 'custom',
    from: start.toJSDate(),
    to: end.toJSDate(),
    previous: { from: new Date(start.toMillis() - length), to: start.toJSDate() },
  };
}

function parseInstant(field: string, value: string | undefined): DateTime {
  if (value === undefined || value.trim() === '') throw new DateRangeError(field, `${field} is required when datePreset is custom`);
  const parsed = DateTime.fromISO(value.trim(), { zone, setZone: false });
  if (!parsed.isValid || parsed.year < 2000 || parsed.year > 2100) {
    throw new DateRangeError(field, `${field} must be an ISO 8601 date and time, e.g. 2026-11-20T09:00`);
  }
  return parsed;
}

/** Is this instant a New York midnight? Ranges that start and end on one can use the daily rollup. */
export function isNewYorkMidnight(instant: Date): boolean {
  const local = DateTime.fromJSDate(instant, { zone });
  return local.hour === 0 && local.minute === 0 && local.second === 0 && local.millisecond === 0;
}

/** The New York calendar date of an instant, as YYYY-MM-DD. */
export function newYorkDate(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() as string;
}
