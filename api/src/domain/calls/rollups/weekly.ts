import { paramBinder } from '../../../db/sql-params';
import { narrowsBeyondStatus, type CallFilter } from '../call-filter';
import type { Answers, BucketStarts, SeriesPart } from './rollup-part';
import { rollupCallsMeasure, statusClause } from './status-rows';

/**
 * calls_weekly (migration 0022): per New York week (from Monday) and status,
 * the per-status figures (status-rows.ts). Whole weeks [from, to) of a
 * timeline by the week: a week row's date is its Monday, where its bucket
 * starts. It keeps no dimension, so it answers a filter by nothing but the
 * time, the status, the connection and repeats.
 */
export class WeeklyPart implements SeriesPart {
  static readonly tables = ['calls_weekly'];
  static readonly answers = {
    series: (filter: CallFilter) => !narrowsBeyondStatus(filter),
  } satisfies Answers;

  readonly source = 'weeks';

  constructor(
    readonly from: string,
    readonly to: string,
  ) {}

  seriesSql(filter: CallFilter, starts: BucketStarts, params: unknown[]): string {
    const bind = paramBinder(params);
    return `SELECT ${starts.ofDay('week')} AS bucket, status, sum(${rollupCallsMeasure(filter)})::bigint AS calls FROM calls_weekly
         WHERE week >= ${bind(this.from)}::date AND week < ${bind(this.to)}::date${statusClause(filter, bind)} GROUP BY 1, 2`;
  }
}
