import { paramBinder } from '../../../db/sql-params';
import { narrowsBeyondStatus, type CallFilter } from '../call-filter';
import type { TimeRange } from '../date-range';
import type { Answers, BucketStarts, SeriesPart, StatusMeasures, TotalsPart } from './rollup-part';
import { keepsMeasures, rollupCallsMeasure, statusClause, totalsMeasures } from './status-rows';

/**
 * calls_hourly (migration 0002): per UTC hour and status, the per-status
 * figures (status-rows.ts). Whole hours: the partial days at a custom range's
 * ends (or a previous period cut at the same moment), a timeline's hour
 * buckets. It keeps no dimension, so it answers a filter by nothing but the
 * time, the status, the connection and repeats.
 */
export class HourlyPart implements TotalsPart, SeriesPart {
  static readonly tables = ['calls_hourly'];
  static readonly answers = {
    totals: (filter: CallFilter, measures: StatusMeasures) => !narrowsBeyondStatus(filter) && keepsMeasures(filter, measures),
    series: (filter: CallFilter) => !narrowsBeyondStatus(filter),
  } satisfies Answers;

  readonly source = 'hours';

  constructor(readonly range: TimeRange) {}

  totalsSql(filter: CallFilter, params: unknown[]): string {
    const bind = paramBinder(params);
    return `SELECT status, ${totalsMeasures(filter)} FROM calls_hourly
     WHERE hour >= ${bind(this.range.from)} AND hour < ${bind(this.range.to)}${statusClause(filter, bind)} GROUP BY status`;
  }

  seriesSql(filter: CallFilter, starts: BucketStarts, params: unknown[]): string {
    const bind = paramBinder(params);
    return `SELECT ${starts.ofInstant('hour')} AS bucket, status, sum(${rollupCallsMeasure(filter)})::bigint AS calls FROM calls_hourly
         WHERE hour >= ${bind(this.range.from)} AND hour < ${bind(this.range.to)}${statusClause(filter, bind)} GROUP BY 1, 2`;
  }
}
