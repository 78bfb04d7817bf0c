import { REPORT_PERIOD_PRESETS, parseTimeOfDay, type ReportFrequency } from '@callboard/contract/report-schedules';
import { inNewYork } from '@callboard/contract/new-york-time';
import type { DateTime } from 'luxon';
import { resolvePreset, type ResolvedDateRange } from '../calls/date-range';

/** When a schedule goes: its frequency, its day for weekly and monthly ones, and a New York "HH:MM". */
export interface ReportTiming {
  frequency: ReportFrequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  timeOfDay: string;
}

type Unit = 'day' | 'week' | 'month';
const UNIT_OF: Record<ReportFrequency, Unit> = { daily: 'day', weekly: 'week', monthly: 'month' };
const STEP_OF: Record<ReportFrequency, { days: 1 } | { weeks: 1 } | { months: 1 }> = { daily: { days: 1 }, weekly: { weeks: 1 }, monthly: { months: 1 } };

/**
 * The schedule's moment within the New York day, week (from Monday) or month that starts at `unitStart`. The
 * wall clock is set field by field, so a clock change between the unit's start and the moment moves nothing: a
 * 07:00 report is at 07:00 on the days the clocks change too. A time the clocks skip (02:30 on the spring
 * morning) is the moment the clocks read 03:30; a time they show twice (01:30 in the autumn), its first.
 */
function occurrenceIn(timing: ReportTiming, unitStart: DateTime): DateTime {
  const time = parseTimeOfDay(timing.timeOfDay);
  if (!time) throw new Error(`not a time of day: ${timing.timeOfDay}`);
  const offsetDays = timing.frequency === 'weekly' ? (timing.dayOfWeek ?? 1) - 1 : timing.frequency === 'monthly' ? (timing.dayOfMonth ?? 1) - 1 : 0;
  const day = unitStart.plus({ days: offsetDays });
  return day.set({ hour: time.hour, minute: time.minute, second: 0, millisecond: 0 });
}

/** The first moment the schedule goes strictly after `instant`. */
export function nextRunAfter(timing: ReportTiming, instant: Date): Date {
  const unitStart = inNewYork(instant).startOf(UNIT_OF[timing.frequency]);
  const inThisUnit = occurrenceIn(timing, unitStart);
  if (inThisUnit.toMillis() > instant.getTime()) return inThisUnit.toJSDate();
  return occurrenceIn(timing, unitStart.plus(STEP_OF[timing.frequency])).toJSDate();
}

/** The last moment the schedule went at or before `instant` (whether or not it was enabled then). */
export function lastRunAtOrBefore(timing: ReportTiming, instant: Date): Date {
  const unitStart = inNewYork(instant).startOf(UNIT_OF[timing.frequency]);
  const inThisUnit = occurrenceIn(timing, unitStart);
  if (inThisUnit.toMillis() <= instant.getTime()) return inThisUnit.toJSDate();
  return occurrenceIn(timing, unitStart.minus(STEP_OF[timing.frequency])).toJSDate();
}

/**
 * The period a report sent at `at` covers, and the period its arrows compare with: the last whole New York day,
 * week or month before `at`, resolved by the dashboard's own presets (yesterday, last week, last month), so the
 * figures are the ones GET /api/stats answers for that preset during the period that follows.
 */
export function reportPeriodAt(frequency: ReportFrequency, at: Date): ResolvedDateRange {
  return resolvePreset(REPORT_PERIOD_PRESETS[frequency], at);
}
