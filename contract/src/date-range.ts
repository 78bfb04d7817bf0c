/**
 * The date filter's rules, judged the same way by the filters panel (before
 * Apply) and by the API (on every calls question), in the same words: which
 * presets take start and end dates, and when a custom range is acceptable.
 */
import type { DateTime } from 'luxon';
import type { FieldError } from './api-envelope';
import { CUSTOM_RANGE_MAX_DAYS, isPresetInProgress, type DatePreset } from './date-presets';
import { formatInNewYork, parseNewYorkTime } from './new-york-time';

export const DATE_RANGE_MESSAGES = {
  startRequired: 'startDate is required when datePreset is custom',
  endRequired: 'endDate is required when datePreset is custom',
  startInvalid: 'startDate must be an ISO 8601 date and time, e.g. 2026-11-20T09:00',
  endInvalid: 'endDate must be an ISO 8601 date and time, e.g. 2026-11-20T09:00',
  endNotAfterStart: 'endDate must be after startDate',
  tooLong: `A custom range can span at most ${CUSTOM_RANGE_MAX_DAYS} days`,
  datesWithoutCustom: 'startDate and endDate are only allowed with datePreset=custom',
} as const;

/** Only a custom range has start and end dates; every other preset is resolved from the clock alone. */
export function takesCustomDates(preset: DatePreset): preset is 'custom' {
  return preset === 'custom';
}

/** A custom range that passed checkCustomRange: the instants [start, end). */
export interface CustomRange {
  start: Date;
  end: Date;
}

/** Years outside this window are typing mistakes, not questions about calls. */
const EARLIEST_YEAR = 2000;
const LATEST_YEAR = 2100;

/**
 * A custom range may be CUSTOM_RANGE_MAX_DAYS New York calendar days long. A
 * range given as instants whose ends fall on either side of a clock change is
 * one hour longer or shorter on the wall than in elapsed time; this margin
 * lets such a range through however it was measured, on either side.
 */
const CLOCK_CHANGE_MARGIN_DAYS = 1 / 24;

function parseEnd(field: 'startDate' | 'endDate', value: string | undefined): DateTime | FieldError {
  const start = field === 'startDate';
  if (value === undefined || value.trim() === '') {
    return { field, message: start ? DATE_RANGE_MESSAGES.startRequired : DATE_RANGE_MESSAGES.endRequired };
  }
  const time = parseNewYorkTime(value);
  if (!time.isValid || time.year < EARLIEST_YEAR || time.year > LATEST_YEAR) {
    return { field, message: start ? DATE_RANGE_MESSAGES.startInvalid : DATE_RANGE_MESSAGES.endInvalid };
  }
  return time;
}

/**
 * A custom range's start and end: ISO 8601 with an offset, or New York
 * wall-clock time without one (as the `datetime-local` inputs give it). The
 * first problem found, in the order start, end, order, length; or the range.
 */
export function checkCustomRange(startDate: string | undefined, endDate: string | undefined): CustomRange | FieldError {
  const start = parseEnd('startDate', startDate);
  if ('field' in start) return start;
  const end = parseEnd('endDate', endDate);
  if ('field' in end) return end;
  if (end.toMillis() <= start.toMillis()) return { field: 'endDate', message: DATE_RANGE_MESSAGES.endNotAfterStart };
  if (end.diff(start, 'days').days > CUSTOM_RANGE_MAX_DAYS + CLOCK_CHANGE_MARGIN_DAYS) {
    return { field: 'endDate', message: DATE_RANGE_MESSAGES.tooLong };
  }
  return { start: start.toJSDate(), end: end.toJSDate() };
}

/** The problem with start or end dates sent beside a preset that takes none; null when none were sent. */
export function datesWithoutCustomError(startDate: string | undefined, endDate: string | undefined): FieldError | null {
  if (startDate === undefined && endDate === undefined) return null;
  return { field: startDate !== undefined ? 'startDate' : 'endDate', message: DATE_RANGE_MESSAGES.datesWithoutCustom };
}

/** A range's bounds as GET /api/stats gives them (ISO 8601 instants, `to` exclusive). */
export interface RangeBounds {
  from: string;
  to: string;
}

/** What each preset is compared with: the whole period before a finished one, the one before up to now for the others. */
const PERIOD_BEFORE: Record<DatePreset, string> = {
  today: 'yesterday',
  yesterday: 'the day before',
  last_2_days: 'the previous 2 days',
  last_7_days: 'the previous 7 days',
  this_week: 'last week',
  last_week: 'the week before',
  last_30_days: 'the previous 30 days',
  this_month: 'last month',
  last_month: 'the month before',
  last_6_months: 'the previous 6 months',
  this_year: 'last year',
  custom: 'the previous period',
};

/** How the moment the previous period of a preset in progress is cut at is written: the clock, with the weekday or date when it is not yesterday. */
const UNTIL_FORMAT: Partial<Record<DatePreset, string>> = { today: 'HH:mm', this_week: 'ccc HH:mm' };

/**
 * What a range's figures are compared with, in words, for the stats cards'
 * tooltips and accessible names: "yesterday until 07:30", "last week until
 * Wed 07:30", "the day before". A period still in progress is compared with the
 * period before it up to the same moment (the API's rule, PRESETS_IN_PROGRESS);
 * a custom range's previous period is named by its bounds (cut at the same
 * moment too when the range holds now). Times are on the New York clock, to
 * the minute, as the API cuts them.
 */
export function comparisonText(range: RangeBounds & { preset: DatePreset }, previous: RangeBounds): string {
  const { preset } = range;
  if (preset === 'custom') {
    const at = (instant: string) => formatInNewYork(instant, 'LLL d, yyyy, HH:mm') ?? instant;
    return `${at(previous.from)} – ${at(previous.to)}`;
  }
  if (!isPresetInProgress(preset)) return PERIOD_BEFORE[preset];
  const until = formatInNewYork(previous.to, UNTIL_FORMAT[preset] ?? 'LLL d, HH:mm') ?? previous.to;
  return `${PERIOD_BEFORE[preset]} until ${until}`;
}
