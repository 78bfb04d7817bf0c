import { DIMENSIONS, FILTER_DIMENSIONS, type FilterDimension, type SeriesBucket } from '@callboard/contract';
import { inNewYork } from '@callboard/contract/new-york-time';
import { DateTime } from 'luxon';
import { narrowsBeyondStatus, type CallFilter } from './call-filter';
import { selectedIds } from './selected-ids';
import { isNewYorkMidnight, newYorkDate, type TimeRange } from './date-range';
import { memoizePure } from './pure-memo';
import { dimensionCallsMeasure, statusColumnsFor } from './status-columns';

/**
 * The one place that decides which rollup answers a question over a time
 * range, and which parts of the range are left to the calls themselves.
 * The rollups (migrations 0002, 0003 and 0022) are kept by triggers, so each is
 * exact for what it keeps:
 * - calls_hourly: per hour and status;
 * - calls_daily, calls_monthly: per New York day (month) and status;
 * - calls_daily_dim_status: per New York day, dimension value and status (and its repeats);
 * - calls_daily_dim, calls_monthly_dim: per New York day (month) and dimension value, with a count
 *   per disposition (status-columns.ts), the not-connected calls and the repeats;
 * - calls_daily_combo, calls_monthly_combo: per New York day (month) and campaign × publisher ×
 *   target × buyer (call_combos), the calls alone.
 * A rollup answers only what it keeps: a filter on anything else (a caller
 * id, several pickers at once) is read from `calls`.
 */

/** Whole New York days [from, to) as YYYY-MM-DD, split for the monthly rollups: the whole months inside, if any, and the days left at either end. */
export interface MonthSplit {
  months?: { from: string; to: string };
  days: Array<{ from: string; to: string }>;
  /**
   * Days of the months read that lie outside the range, to subtract from them
   * (splitByMonthLess): only a reader that negates its measures for them
   * (monthlyAndDailySql) is given a split with any.
   */
  lessDays?: Array<{ from: string; to: string }>;
}

/** One picker's selection: the dimension's rollup code and its ids. */
export interface DimensionSelection {
  dim: number;
  ids: number[];
}

/** The calls table. */
export interface CallsPart {
  source: 'calls';
  range: TimeRange;
}

/** Whole hours: the hourly rollup. */
export interface HoursPart {
  source: 'hours';
  range: TimeRange;
}

/** Whole New York days: the monthly rollup for whole months, the daily one for the days at either end. */
export interface DaysPart {
  source: 'days';
  split: MonthSplit;
}

/** Whole New York days of one picker's selection: the per-dimension, per-status daily rollup. */
export interface DimensionDaysPart {
  source: 'dimension-days';
  selection: DimensionSelection;
  fromDay: string;
  toDay: string;
}

/**
 * Whole New York days of every value of one dimension (or of the selected
 * ones), per value and status: the per-dimension, per-status daily rollup.
 */
export interface DimensionValuesDaysPart {
  source: 'dimension-values-days';
  dim: number;
  /** Only these values (a selection in the grouped dimension); undefined: all of them. */
  ids: number[] | undefined;
  fromDay: string;
  toDay: string;
}

/** A part of a range and what answers it. */
export type RangePart = CallsPart | HoursPart | DaysPart | DimensionDaysPart;

/**
 * Whole New York days of every value of one dimension (or of the selected
 * ones): the per-dimension rollups' month rows for whole months, their day rows
 * for the days at either end, each with a count per disposition.
 */
export interface DimensionValuesSplitPart {
  source: 'dimension-values-split';
  dim: number;
  /** Only these values (a selection in the grouped dimension); undefined: all of them. */
  ids: number[] | undefined;
  split: MonthSplit;
}

/** Any part a plan may hold: the totals' and the timeline's (RangePart), the pickers' or the scorecard's. */
type PlannedPart = RangePart | DimensionStatusDaysPart | CombinationDaysPart | DimensionValuesDaysPart | DimensionValuesSplitPart;

export interface RangePlan<Part extends PlannedPart = RangePart> {
  /** False when no rollup can answer the filter: its one part reads the whole range from `calls`. */
  rollup: boolean;
  parts: Part[];
}

const HOUR_MS = 3_600_000;

function callsOnly(range: TimeRange): RangePlan<CallsPart> {
  return { rollup: false, parts: [{ source: 'calls', range }] };
}

function coversWholeDays(range: TimeRange): boolean {
  return isNewYorkMidnight(range.from) && isNewYorkMidnight(range.to);
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

function daysPart(range: TimeRange): DaysPart {
  return { source: 'days', split: splitByMonth(newYorkDate(range.from), newYorkDate(range.to)) };
}

/** One picker's selection and nothing else narrowing but the status. */
function singleDimension(filter: CallFilter): DimensionSelection | undefined {
  // calls_daily_dim_status counts not-connected calls but keeps their money with the others: a
  // connection filter asking for money never gets here (planStatusTotals reads the calls for it).
  if (filter.search !== undefined || filter.callerId !== undefined || filter.q !== undefined) return undefined;
  if (filter.connected !== undefined && filter.repeat !== undefined) return undefined;
  const chosen = FILTER_DIMENSIONS.map((d) => ({ dim: DIMENSIONS[d].rollupCode, ids: selectedIds(filter, d) })).filter(({ ids }) => ids.length > 0);
  const [only] = chosen;
  return chosen.length === 1 ? only : undefined;
}

/** The rollup for the whole parts of a range between `first` and `last`, the calls for the partial ends. */
function wholeAndEnds<Whole extends PlannedPart>(range: TimeRange, first: Date, last: Date, whole: (inner: TimeRange) => Whole): RangePlan<Whole | CallsPart> {
  if (first >= last) return { rollup: true, parts: [{ source: 'calls', range }] };
  const parts: Array<Whole | CallsPart> = [whole({ from: first, to: last })];
  if (range.from < first) parts.push({ source: 'calls', range: { from: range.from, to: first } });
  if (last < range.to) parts.push({ source: 'calls', range: { from: last, to: range.to } });
  return { rollup: true, parts };
}

/** What a totals question needs: the calls (and not-connected calls) of each status, or their money as well. */
export type StatusMeasures = 'counts' | 'money';

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
export function planStatusTotals(filter: CallFilter, range: TimeRange, measures: StatusMeasures = 'money'): RangePlan {
  // The rollups keep each status's not-connected and repeat calls but not their money.
  if ((filter.connected !== undefined || filter.repeat !== undefined) && measures === 'money') return callsOnly(range);
  const selection = singleDimension(filter);
  if (narrowsBeyondStatus(filter) && !selection) return callsOnly(range);
  const days = (inner: TimeRange): RangePart =>
    selection ? { source: 'dimension-days', selection, fromDay: newYorkDate(inner.from), toDay: newYorkDate(inner.to) } : daysPart(inner);
  if (coversWholeDays(range)) return { rollup: true, parts: [days(range)] };
  const hours = (part: TimeRange): RangePart[] => {
    if (selection) return [{ source: 'calls', range: part }];
    const firstHour = new Date(Math.ceil(part.from.getTime() / HOUR_MS) * HOUR_MS);
    const lastHour = new Date(Math.floor(part.to.getTime() / HOUR_MS) * HOUR_MS);
    return wholeAndEnds(part, firstHour, lastHour, (inner): HoursPart => ({ source: 'hours', range: inner })).parts;
  };
  const first = midnightOnOrAfter(range.from);
  const last = midnightOnOrBefore(range.to);
  if (first >= last) {
    // Within a day: a selection's hours are not kept, so its calls are read for all of it.
    return selection ? callsOnly(range) : { rollup: true, parts: hours(range) };
  }
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

/**
 * Sums per value of one dimension (the cost breakdown). Its rollups keep no
 * status and no caller id, so they answer only a filter that narrows by time
 * alone: the whole New York days of the range from them (every preset is
 * whole days), the partial days at either end of a custom range from the
 * calls; anything narrower reads the calls.
 */
export function planDimensionSums(filter: CallFilter, range: TimeRange): RangePlan<DaysPart | CallsPart> {
  if (narrowsBeyondStatus(filter) || filter.statuses.length > 0 || filter.connected !== undefined || filter.repeat !== undefined) return callsOnly(range);
  return wholeAndEnds(range, midnightOnOrAfter(range.from), midnightOnOrBefore(range.to), daysPart);
}

/** Whole New York days [fromDay, toDay) of every value of one dimension, by status: the per-dimension, per-status daily rollup. */
export interface DimensionStatusDaysPart {
  source: 'dimension-status-days';
  fromDay: string;
  toDay: string;
}

/**
 * Whole New York days [fromDay, toDay) of the calls of the combinations a
 * selection matches (migration 0022): the monthly combination rollup for whole
 * months, the daily one for the days at either end.
 */
export interface CombinationDaysPart {
  source: 'combination-days';
  split: MonthSplit;
}

/**
 * Calls per value of one dimension under a filter (a picker's counts; the
 * caller has already left out what a picker ignores: its own selection and
 * the caller-id search), by the cheapest exact route:
 * - nothing narrowing but the time, or a disposition (Rejected / Unknown), the
 *   connection or repeats alone: the per-dimension rollups' month and day rows,
 *   which keep a count per disposition, the not-connected calls and the repeats;
 * - a status they do not keep apart (one other status by its name), or a
 *   status with the connection or repeats: the per-dimension, per-status daily
 *   rollup (the connection and repeats together: the calls);
 * - other pickers' selections and nothing else: the combination rollups, which
 *   keep the calls of every campaign × publisher × target × buyer (a selection
 *   with a status, the connection or repeats as well: the calls);
 * - the partial days at either end of a custom range: the calls.
 */
export function planDimensionCounts(filter: CallFilter, range: TimeRange): RangePlan<DaysPart | DimensionStatusDaysPart | CombinationDaysPart | CallsPart> {
  const selected = FILTER_DIMENSIONS.some((d) => selectedIds(filter, d).length > 0);
  const byStatus = filter.statuses.length > 0 || filter.connected !== undefined || filter.repeat !== undefined;
  const narrower =
    filter.search !== undefined ||
    filter.callerId !== undefined ||
    filter.q !== undefined ||
    (filter.connected !== undefined && filter.repeat !== undefined) ||
    (selected && byStatus);
  if (narrower) return callsOnly(range);
  return wholeAndEnds(range, midnightOnOrAfter(range.from), midnightOnOrBefore(range.to), (inner): DaysPart | DimensionStatusDaysPart | CombinationDaysPart => {
    if (selected) return { source: 'combination-days', split: splitByMonth(newYorkDate(inner.from), newYorkDate(inner.to)) };
    if (dimensionCallsMeasure(filter) === undefined) return { source: 'dimension-status-days', fromDay: newYorkDate(inner.from), toDay: newYorkDate(inner.to) };
    return { source: 'days', split: splitByMonthLess(newYorkDate(inner.from), newYorkDate(inner.to)) };
  });
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
  const selection = singleDimension(filter);
  if (narrowsBeyondStatus(filter) && !selection) return [{ source: 'calls', range }];
  const hourly = (part: TimeRange): RangePart[] => {
    if (selection) return [{ source: 'calls', range: part }];
    const plan = wholeAndEnds(part, new Date(Math.ceil(part.from.getTime() / HOUR_MS) * HOUR_MS), new Date(Math.floor(part.to.getTime() / HOUR_MS) * HOUR_MS), (inner): HoursPart => ({
      source: 'hours',
      range: inner,
    }));
    return plan.parts;
  };
  if (bucket === 'hour') return hourly(range);
  const first = midnightOnOrAfter(range.from);
  const last = midnightOnOrBefore(range.to);
  if (first >= last) return hourly(range);
  const fromDay = newYorkDate(first);
  const toDay = newYorkDate(last);
  const parts: SeriesPart[] = selection ? [selectionDaysPart(filter, selection, fromDay, toDay, bucket)] : wholeDayParts(fromDay, toDay, bucket);
  if (range.from < first) parts.push(...hourly({ from: range.from, to: first }));
  if (last < range.to) parts.push(...hourly({ from: last, to: range.to }));
  return parts;
}

/** Whole New York weeks (Monday to Monday) [from, to): the weekly rollup. */
export interface WeeksPart {
  source: 'weeks';
  from: string;
  to: string;
}

/**
 * Whole New York days of one picker's selection, for a timeline's day, week
 * or month buckets: the per-dimension rollups' rows, which keep a count per
 * disposition in one row per value and day (month), where the per-status
 * rollup holds one per status. Month buckets read whole months from the
 * monthly rows; day and week buckets read days.
 */
export interface DimensionSplitPart {
  source: 'dimension-split';
  selection: DimensionSelection;
  split: MonthSplit;
}

/** What a timeline reads: a totals part, whole weeks, or a selection's per-dimension rows. */
export type SeriesPart = RangePart | WeeksPart | DimensionSplitPart;

/**
 * Whole New York days of a timeline with one picker's selection: its
 * per-dimension rows, one a value and day (month) with every disposition's
 * count, when they keep what the filter's status asks for (a year of one
 * publisher is ~365 of them against ~5,900 per-status rows); the per-status
 * rollup otherwise (the connection or repeats, a status with no column).
 */
function selectionDaysPart(filter: CallFilter, selection: DimensionSelection, fromDay: string, toDay: string, bucket: Exclude<SeriesBucket, 'hour'>): SeriesPart {
  if (statusColumnsFor(filter) === undefined) return { source: 'dimension-days', selection, fromDay, toDay };
  // A month row lies in one bucket only when the buckets are months.
  const split = bucket === 'month' ? splitByMonth(fromDay, toDay) : { days: [{ from: fromDay, to: toDay }] };
  return { source: 'dimension-split', selection, split };
}

/**
 * Whole New York days of a timeline with no selection, so that every row read
 * lies in one bucket: for month buckets, the whole months from the monthly
 * rollup; for week buckets, the whole weeks (Monday to Monday, as the buckets
 * are) from the weekly one; the other days from the daily rollup.
 */
function wholeDayParts(fromDay: string, toDay: string, bucket: Exclude<SeriesBucket, 'hour'>): SeriesPart[] {
  if (bucket === 'month') return [{ source: 'days', split: splitByMonth(fromDay, toDay) }];
  if (bucket === 'day') return [{ source: 'days', split: { days: [{ from: fromDay, to: toDay }] } }];
  const from = DateTime.fromISO(fromDay, { zone: 'UTC' });
  const to = DateTime.fromISO(toDay, { zone: 'UTC' });
  // luxon's weeks are ISO weeks: they start on Monday, as PostgreSQL's date_trunc('week') and the buckets do.
  const firstWeek = from.weekday === 1 ? from : from.startOf('week').plus({ weeks: 1 });
  const lastWeek = to.startOf('week');
  if (firstWeek >= lastWeek) return [{ source: 'days', split: { days: [{ from: fromDay, to: toDay }] } }];
  const w1 = firstWeek.toISODate() as string;
  const w2 = lastWeek.toISODate() as string;
  const ends = [{ from: fromDay, to: w1 }, { from: w2, to: toDay }].filter((d) => d.from < d.to);
  return [{ source: 'weeks', from: w1, to: w2 }, ...(ends.length > 0 ? [{ source: 'days' as const, split: { days: ends } }] : [])];
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
export function planDimensionStatus(filter: CallFilter, range: TimeRange, grouped: FilterDimension): RangePlan<DimensionValuesDaysPart | DimensionValuesSplitPart | CallsPart> {
  const others = { ...filter, ...selectionCleared(grouped) };
  if (narrowsBeyondStatus(others) || filter.connected !== undefined || filter.repeat !== undefined) return callsOnly(range);
  const selected = selectedIds(filter, grouped);
  const ids = selected.length > 0 ? selected : undefined;
  const dim = DIMENSIONS[grouped].rollupCode;
  return wholeAndEnds(range, midnightOnOrAfter(range.from), midnightOnOrBefore(range.to), (inner): DimensionValuesDaysPart | DimensionValuesSplitPart => {
    const fromDay = newYorkDate(inner.from);
    const toDay = newYorkDate(inner.to);
    if (filter.statuses.length === 0) return { source: 'dimension-values-split', dim, ids, split: splitByMonthLess(fromDay, toDay) };
    return { source: 'dimension-values-days', dim, ids, fromDay, toDay };
  });
}

/** The filter fields that clear one dimension's selection. */
function selectionCleared(dimension: FilterDimension): Partial<CallFilter> {
  switch (dimension) {
    case 'campaigns':
      return { campaignIds: [] };
    case 'publishers':
      return { publisherIds: [] };
    case 'targets':
      return { targetIds: [] };
    case 'buyers':
      return { buyerIds: [] };
  }
}
