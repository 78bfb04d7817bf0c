import type { FilterDimension } from '@callboard/contract';
import type { CallFilter } from '../call-filter';

/**
 * What a rollup module is (README.md beside this file): one class per table a
 * figure is read from, whose static `answers` says which questions it has SQL
 * for and under which filters that SQL is exact (what the table keeps), and
 * whose instances are planned parts: a slice of the table (a time range or a
 * month split, the dimension and values the plan reads by key) with one
 * `…Sql` method per question it answers. The planner (../rollup-planner.ts)
 * picks rollups by their `answers`; the readers ask the parts for their SQL and
 * combine the rows without knowing which table each part reads.
 */

/** What a totals question needs: the calls (and not-connected calls) of each status, or their money as well. */
export type StatusMeasures = 'counts' | 'money';

/** The questions a rollup may answer; each one a part answers is its method `${question}Sql`. */
export const QUESTIONS = ['totals', 'series', 'options', 'scorecard', 'cost'] as const;
export type Question = (typeof QUESTIONS)[number];

/** For each question a rollup has SQL for: whether that SQL is exact under `filter`, i.e. whether the table keeps what the filter narrows by. */
export interface Answers {
  totals?: (filter: CallFilter, measures: StatusMeasures) => boolean;
  series?: (filter: CallFilter) => boolean;
  /** `filter` is what a picker counts under (pickerFilter): its own selection and the caller-id search already left out. */
  options?: (filter: CallFilter) => boolean;
  scorecard?: (filter: CallFilter, grouped: FilterDimension) => boolean;
  cost?: (filter: CallFilter) => boolean;
}

/** A rollup module's class: the tables its parts read and what it answers. */
export interface Rollup {
  readonly tables: readonly string[];
  readonly answers: Answers;
  readonly prototype: object;
}

/** A part of a plan. `source` names its rollup, for the planner's tests and a plan printed; no reader switches over it. */
export interface PlannedPart {
  readonly source: string;
}

/** Totals per status (call-totals.ts): rows of status, calls, not_connected, revenue_cents, payout_cents. */
export interface TotalsPart extends PlannedPart {
  totalsSql(filter: CallFilter, params: unknown[]): string;
}

/**
 * A timeline's bucket starts, bound once for every part (series.ts): as
 * instants (for an hour and a call), and as their New York dates (for a
 * rollup's day, week or month). Each gives a value's bucket, 1-based.
 */
export interface BucketStarts {
  ofInstant(instant: string): string;
  ofDay(day: string): string;
}

/**
 * A timeline's buckets (series.ts): rows of bucket, status, calls. Every row
 * a part reads lies inside one bucket (planSeries). A status outside the 14
 * may come under its own name or as Rejected / Unknown (the per-dimension
 * rows keep them in one column): the timeline counts each as the latter.
 */
export interface SeriesPart extends PlannedPart {
  seriesSql(filter: CallFilter, starts: BucketStarts, params: unknown[]): string;
}

/** A picker's counts (filter-options.ts): rows of id, calls, per value of `dimension`. */
export interface OptionsPart extends PlannedPart {
  optionsSql(dimension: FilterDimension, filter: CallFilter, params: unknown[]): string;
}

/** What the scorecard sums per value besides a count per status column (status-columns.ts). */
export const SCORECARD_MEASURES = ['calls', 'not_connected', 'repeats', 'revenue_cents', 'payout_cents'] as const;

/**
 * The scorecard's figures per value of `grouped` (scorecard-sums.ts): rows of
 * range_index (`rangeIndex`), id (0 for a call without a target or buyer, as
 * the rollups store it), SCORECARD_MEASURES and every STATUS_COLUMNS column.
 */
export interface ScorecardPart extends PlannedPart {
  scorecardSql(filter: CallFilter, grouped: FilterDimension, rangeIndex: number, params: unknown[]): string;
}

/** The cost breakdown per value of `dimension` (cost-breakdown.ts): rows of id, calls, sales (calls of status `sale`), revenue_cents, payout_cents. */
export interface CostPart extends PlannedPart {
  costSql(dimension: FilterDimension, filter: CallFilter, sale: string, params: unknown[]): string;
}
