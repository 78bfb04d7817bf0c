import { DIMENSIONS, type FilterDimension, type SeriesBucket } from '@callboard/contract';
import { inNewYork } from '@callboard/contract/new-york-time';
import { DateTime } from 'luxon';
import type { CallFilter } from './call-filter';
import { isNewYorkMidnight, newYorkDate, type TimeRange } from './date-range';
import { splitByMonth, splitByMonthLess } from './month-split';
import { CombinationDaysPart } from './rollups/combination-days';
import { DailyPart } from './rollups/daily';
import { DimensionSplitPart } from './rollups/dimension-split';
import { DimensionStatusDaysPart } from './rollups/dimension-status-days';
import { HourlyPart } from './rollups/hourly';
import { joinAdjacentCalls, RawCallsPart } from './rollups/raw-calls';
import type { CostPart, OptionsPart, PlannedPart, Rollup, ScorecardPart, SeriesPart, StatusMeasures, TotalsPart } from './rollups/rollup-part';
import { singleSelection, type DimensionSelection } from './rollups/selection';
import { WeeklyPart } from './rollups/weekly';
import { selectedIds } from './selected-ids';

/**
 * The one place that decides which rollup answers a question over a time
 * range, and which parts of the range are left to the calls themselves. Each
 * rollup is a module of its own in rollups/ (README.md there), which says what
 * it answers (`answers`: what its table keeps) and writes the SQL that answers
 * it; the planner asks them, cheapest first, and cuts the range into the
 * slices their rows hold: whole months, weeks, days or hours. The rollups are
 * kept by triggers (migrations 0002, 0003 and 0022), so each is exact for
 * what it keeps; what none keeps (a caller id, several pickers at once) is
 * read from `calls`.
 */

/** Every rollup the planner chooses among, `calls` included (rollup-capabilities.test.ts holds each one's `answers` to its SQL). */
export const ROLLUPS: readonly Rollup[] = [HourlyPart, DailyPart, WeeklyPart, DimensionStatusDaysPart, DimensionSplitPart, CombinationDaysPart, RawCallsPart];

export interface RangePlan<Part extends PlannedPart> {
  /** False when no rollup can answer the filter: its one part reads the whole range from `calls`. */
  rollup: boolean;
  parts: Part[];
}

const HOUR_MS = 3_600_000;

function callsOnly(range: TimeRange): RangePlan<RawCallsPart> {
  return { rollup: false, parts: [new RawCallsPart(range)] };
}

function coversWholeDays(range: TimeRange): boolean {
  return isNewYorkMidnight(range.from) && isNewYorkMidnight(range.to);
}

function daysPart(range: TimeRange): DailyPart {
  return new DailyPart(splitByMonth(newYorkDate(range.from), newYorkDate(range.to)));
}

/** The rollup for the whole parts of a range between `first` and `last`, the calls for the partial ends. */
function wholeAndEnds<Whole extends PlannedPart>(range: TimeRange, first: Date, last: Date, whole: (inner: TimeRange) => Whole): RangePlan<Whole | RawCallsPart> {
  if (first >= last) return { rollup: true, parts: [new RawCallsPart(range)] };
  const parts: Array<Whole | RawCallsPart> = [whole({ from: first, to: last })];
  if (range.from < first) parts.push(new RawCallsPart({ from: range.from, to: first }));
  if (last < range.to) parts.push(new RawCallsPart({ from: last, to: range.to }));
  return { rollup: true, parts };
}

/** A range's whole UTC hours from the hourly rollup, the partial hours at either end from the calls. */
function byTheHour(range: TimeRange): Array<HourlyPart | RawCallsPart> {
  const firstHour = new Date(Math.ceil(range.from.getTime() / HOUR_MS) * HOUR_MS);
  const lastHour = new Date(Math.floor(range.to.getTime() / HOUR_MS) * HOUR_MS);
  return wholeAndEnds(range, firstHour, lastHour, (inner) => new HourlyPart(inner)).parts;
}

/**
 * Totals per status (the stats cards, a page's total, the status picker),
 * by the cheapest exact route:
 * - one picker's selection over whole New York days: the per-dimension, per-status daily rollup;
 * - whole New York days (every preset): the monthly and daily rollups;
 * - any other range (a custom range, the previous period of one in progress, cut at
 *   the same moment): its whole days as above, and the partial days at either end from
 *   the hourly rollup for whole hours and the calls for the partial hours (a picker's
 *   selection has no hourly rollup: the calls for the partial days);
 * - anything narrower (a caller id, several pickers): the calls, through the
 *   (dimension, call_ts) and caller-id indexes.
 * `connected` or `repeat` is answered by every rollup above when only `counts` are asked for
 * (they keep not_connected and repeats per status); their money only the calls know, and so
 * the two together (repeats are not kept by connection).
 */
export function planStatusTotals(filter: CallFilter, range: TimeRange, measures: StatusMeasures = 'money'): RangePlan<TotalsPart> {
  const selection = DimensionStatusDaysPart.answers.totals(filter, measures) ? singleSelection(filter) : undefined;
  if (!selection && !DailyPart.answers.totals(filter, measures)) return callsOnly(range);
  const days = (inner: TimeRange): TotalsPart =>
    selection ? new DimensionStatusDaysPart(selection.dim, selection.ids, newYorkDate(inner.from), newYorkDate(inner.to)) : daysPart(inner);
  if (coversWholeDays(range)) return { rollup: true, parts: [days(range)] };
  // A selection's hours are not kept (the hourly rollup keeps no dimension): the calls for its partial days.
  const byHour = HourlyPart.answers.totals(filter, measures);
  const hours = (part: TimeRange): TotalsPart[] => (byHour ? byTheHour(part) : [new RawCallsPart(part)]);
  const first = midnightOnOrAfter(range.from);
  const last = midnightOnOrBefore(range.to);
  if (first >= last) return byHour ? { rollup: true, parts: hours(range) } : callsOnly(range);
  const parts = [days({ from: first, to: last })];
  if (range.from < first) parts.push(...hours({ from: range.from, to: first }));
  if (last < range.to) parts.push(...hours({ from: last, to: range.to }));
  return { rollup: true, parts };
}

function midnightOnOrAfter(instant: Date): Date {
  const local = inNewYork(instant);
  const midnight = local.startOf('day');
  return (midnight.toMillis() === local.toMillis() ? midnight : midnight.plus({ days: 1 })).toJSDate();
}

function midnightOnOrBefore(instant: Date): Date {
  return inNewYork(instant).startOf('day').toJSDate();
}

/** The whole New York days of a range from `whole`, the partial days at either end from the calls. */
function wholeDays<Whole extends PlannedPart>(range: TimeRange, whole: (fromDay: string, toDay: string) => Whole): RangePlan<Whole | RawCallsPart> {
  return wholeAndEnds(range, midnightOnOrAfter(range.from), midnightOnOrBefore(range.to), (inner) => whole(newYorkDate(inner.from), newYorkDate(inner.to)));
}

/**
 * Sums per value of one dimension (the cost breakdown). Its rollups keep no
 * money per status and no caller id, so they answer only a filter that narrows by time
 * alone: the whole New York days of the range from them (every preset is
 * whole days), the partial days at either end of a custom range from the
 * calls; anything narrower reads the calls.
 */
export function planDimensionSums(filter: CallFilter, range: TimeRange, dimension: FilterDimension): RangePlan<CostPart> {
  if (!DimensionSplitPart.answers.cost(filter)) return callsOnly(range);
  const dim = DIMENSIONS[dimension].rollupCode;
  return wholeDays(range, (fromDay, toDay) => new DimensionSplitPart(dim, undefined, splitByMonth(fromDay, toDay)));
}

/**
 * Calls per value of one dimension under a filter (a picker's counts; the
 * caller has already left out what a picker ignores: its own selection and
 * the caller-id search), by the cheapest exact route:
 * - other pickers' selections and nothing else: the combination rollups, which
 *   keep the calls of every campaign × publisher × target × buyer (a selection
 *   with a status, the connection or repeats as well: the calls);
 * - nothing narrowing but the time, or a disposition (Rejected / Unknown), the
 *   connection or repeats alone: the per-dimension rollups' month and day rows,
 *   which keep a count per disposition, the not-connected calls and the repeats;
 * - a status they do not keep apart (one other status by its name), or a
 *   status with the connection or repeats: the per-dimension, per-status daily
 *   rollup (the connection and repeats together: the calls);
 * - the partial days at either end of a custom range: the calls.
 */
export function planDimensionCounts(filter: CallFilter, range: TimeRange, dimension: FilterDimension): RangePlan<OptionsPart> {
  const dim = DIMENSIONS[dimension].rollupCode;
  if (CombinationDaysPart.answers.options(filter)) return wholeDays(range, (fromDay, toDay) => new CombinationDaysPart(splitByMonth(fromDay, toDay)));
  if (DimensionSplitPart.answers.options(filter)) return wholeDays(range, (fromDay, toDay) => new DimensionSplitPart(dim, undefined, splitByMonthLess(fromDay, toDay)));
  if (DimensionStatusDaysPart.answers.options(filter)) return wholeDays(range, (fromDay, toDay) => new DimensionStatusDaysPart(dim, undefined, fromDay, toDay));
  return callsOnly(range);
}

/**
 * A timeline's range (see series-buckets.ts), cut so that every rollup row read
 * lies inside one bucket. Inside the range, a day, week or month bucket
 * starts at a New York midnight and an hour bucket at a UTC hour; only the
 * range's own ends may fall anywhere. So:
 * - day, week and month buckets: the whole New York days inside from the daily
 *   rollup (month buckets: whole months from the monthly one; week buckets: whole
 *   weeks from the weekly one), or, for one
 *   picker's selection, from the per-dimension rollups (selectionDaysPart);
 * - the hours of the partial days at the ends (every hour of an hour-bucketed
 *   range): whole hours from the hourly rollup, the partial hours from the calls;
 *   a picker's selection has no hourly rollup, so those come from the calls;
 * - anything narrower (several pickers, a caller id): the calls for all of it.
 * `connected` or `repeat` goes with every part (the rollups keep not_connected and repeats per status);
 * both together make the filter narrower than the rollups (narrowsBeyondStatus).
 */
export function planSeries(filter: CallFilter, range: TimeRange, bucket: SeriesBucket): SeriesPart[] {
  const selection = DimensionStatusDaysPart.answers.series(filter) ? singleSelection(filter) : undefined;
  if (!selection && !DailyPart.answers.series(filter)) return [new RawCallsPart(range)];
  const byHour = HourlyPart.answers.series(filter);
  const hourly = (part: TimeRange): SeriesPart[] => (byHour ? byTheHour(part) : [new RawCallsPart(part)]);
  if (bucket === 'hour') return hourly(range);
  const first = midnightOnOrAfter(range.from);
  const last = midnightOnOrBefore(range.to);
  if (first >= last) return hourly(range);
  const fromDay = newYorkDate(first);
  const toDay = newYorkDate(last);
  const parts: SeriesPart[] = selection ? [selectionDaysPart(filter, selection, fromDay, toDay, bucket)] : wholeDayParts(filter, fromDay, toDay, bucket);
  if (range.from < first) parts.push(...hourly({ from: range.from, to: first }));
  if (last < range.to) parts.push(...hourly({ from: last, to: range.to }));
  return parts;
}

/**
 * A timeline's periods (the previous one, then the current one) planned
 * alike, their parts read from the calls that follow one another joined into
 * one (joinAdjacentCalls), so a search or a picker's index is walked once.
 */
export function planTimeline(filter: CallFilter, ranges: TimeRange[], bucket: SeriesBucket): SeriesPart[] {
  return joinAdjacentCalls(ranges.flatMap((range) => planSeries(filter, range, bucket)));
}

/**
 * Whole New York days of a timeline with one picker's selection: its
 * per-dimension rows, one a value and day (month) with every disposition's
 * count, when they keep what the filter's status asks for (a year of one
 * publisher is ~365 of them against ~5,900 per-status rows); the per-status
 * rollup otherwise (the connection or repeats, a status with no column).
 */
function selectionDaysPart(filter: CallFilter, selection: DimensionSelection, fromDay: string, toDay: string, bucket: Exclude<SeriesBucket, 'hour'>): SeriesPart {
  if (!DimensionSplitPart.answers.series(filter)) return new DimensionStatusDaysPart(selection.dim, selection.ids, fromDay, toDay);
  // A month row lies in one bucket only when the buckets are months.
  const split = bucket === 'month' ? splitByMonth(fromDay, toDay) : { days: [{ from: fromDay, to: toDay }] };
  return new DimensionSplitPart(selection.dim, selection.ids, split);
}

/**
 * Whole New York days of a timeline with no selection, so that every row read
 * lies in one bucket: for month buckets, the whole months from the monthly
 * rollup; for week buckets, the whole weeks (Monday to Monday, as the buckets
 * are) from the weekly one; the other days from the daily rollup.
 */
function wholeDayParts(filter: CallFilter, fromDay: string, toDay: string, bucket: Exclude<SeriesBucket, 'hour'>): SeriesPart[] {
  if (bucket === 'month') return [new DailyPart(splitByMonth(fromDay, toDay))];
  if (bucket === 'day' || !WeeklyPart.answers.series(filter)) return [new DailyPart({ days: [{ from: fromDay, to: toDay }] })];
  const from = DateTime.fromISO(fromDay, { zone: 'UTC' });
  const to = DateTime.fromISO(toDay, { zone: 'UTC' });
  // luxon's weeks are ISO weeks: they start on Monday, as PostgreSQL's date_trunc('week') and the buckets do.
  const firstWeek = from.weekday === 1 ? from : from.startOf('week').plus({ weeks: 1 });
  const lastWeek = to.startOf('week');
  if (firstWeek >= lastWeek) return [new DailyPart({ days: [{ from: fromDay, to: toDay }] })];
  const w1 = firstWeek.toISODate() as string;
  const w2 = lastWeek.toISODate() as string;
  const ends = [{ from: fromDay, to: w1 }, { from: w2, to: toDay }].filter((d) => d.from < d.to);
  return [new WeeklyPart(w1, w2), ...(ends.length > 0 ? [new DailyPart({ days: ends })] : [])];
}

/**
 * Figures per value of one dimension (the scorecard), for the whole days of a
 * range narrowed by nothing but a selection in the grouped dimension itself:
 * - no status: the per-dimension rollups' month and day rows, which keep per
 *   value a count per disposition, the not-connected calls, the repeats and the money;
 * - a status: the per-dimension, per-status daily rollup, which keeps the money
 *   of each status apart;
 * - the partial days at either end of a custom range: the calls.
 * Anything neither keeps (a selection in another dimension, a caller id, a
 * transcript search, the connection or repeats, whose money is not kept
 * apart) is read from the calls for the whole range.
 */
export function planDimensionStatus(filter: CallFilter, range: TimeRange, grouped: FilterDimension): RangePlan<ScorecardPart> {
  const selected = selectedIds(filter, grouped);
  const ids = selected.length > 0 ? selected : undefined;
  const dim = DIMENSIONS[grouped].rollupCode;
  if (DimensionSplitPart.answers.scorecard(filter, grouped)) return wholeDays(range, (fromDay, toDay) => new DimensionSplitPart(dim, ids, splitByMonthLess(fromDay, toDay)));
  if (DimensionStatusDaysPart.answers.scorecard(filter, grouped)) return wholeDays(range, (fromDay, toDay) => new DimensionStatusDaysPart(dim, ids, fromDay, toDay));
  return callsOnly(range);
}
