import type { FilterDimension } from '@callboard/contract';
import { paramBinder, type Bind } from '../../../db/sql-params';
import { narrowsBeyondStatus, type CallFilter } from '../call-filter';
import { statusColumnsOfStatusRows } from '../status-columns';
import { statusCondition } from '../status-condition';
import { SCORECARD_MEASURES, type Answers, type BucketStarts, type OptionsPart, type ScorecardPart, type SeriesPart, type StatusMeasures, type TotalsPart } from './rollup-part';
import { narrowsByWhatNoRollupKeeps, selectsAny, singleSelection, withoutSelectionIn } from './selection';
import { keepsMeasures, rollupCallsMeasure, statusClause, totalsMeasures } from './status-rows';

/**
 * calls_daily_dim_status (migration 0003): per New York day, dimension value
 * and status, the per-status figures (status-rows.ts), its money too. Whole
 * days [fromDay, toDay) of dimension `dim`'s rows, only values `ids` when
 * given (every value otherwise). It keys one dimension and the status, so it
 * answers one picker's selection under any status (the stats, a timeline
 * under what the per-dimension columns do not count), a picker's counts under
 * a status by name or with the connection, and the scorecard under a status,
 * whose money it keeps apart.
 */
export class DimensionStatusDaysPart implements TotalsPart, SeriesPart, OptionsPart, ScorecardPart {
  static readonly tables = ['calls_daily_dim_status'];
  static readonly answers = {
    totals: (filter: CallFilter, measures: StatusMeasures) => singleSelection(filter) !== undefined && keepsMeasures(filter, measures),
    series: (filter: CallFilter) => singleSelection(filter) !== undefined,
    // Every value of the picker's dimension, so no selection in another; not the connection and repeats together.
    options: (filter: CallFilter) => !selectsAny(filter) && !narrowsByWhatNoRollupKeeps(filter) && !(filter.connected !== undefined && filter.repeat !== undefined),
    // Every measure at once (the not-connected calls, the repeats, the money): not under the connection or repeats.
    scorecard: (filter: CallFilter, grouped: FilterDimension) =>
      !narrowsBeyondStatus(withoutSelectionIn(filter, grouped)) && filter.connected === undefined && filter.repeat === undefined,
  } satisfies Answers;

  readonly source = 'dimension-status-days';

  constructor(
    readonly dim: number,
    /** Only these values (a selection in `dim`); undefined: all of them. */
    readonly ids: number[] | undefined,
    readonly fromDay: string,
    readonly toDay: string,
  ) {}

  /** ` AND` only the values read, or nothing. */
  private values(bind: Bind): string {
    return this.ids ? ` AND dim_id = ANY(${bind(this.ids)}::int[])` : '';
  }

  totalsSql(filter: CallFilter, params: unknown[]): string {
    const bind = paramBinder(params);
    return `SELECT status, ${totalsMeasures(filter)} FROM calls_daily_dim_status
     WHERE dim = ${bind(this.dim)}${this.values(bind)}
       AND day >= ${bind(this.fromDay)}::date AND day < ${bind(this.toDay)}::date${statusClause(filter, bind)}
     GROUP BY status`;
  }

  seriesSql(filter: CallFilter, starts: BucketStarts, params: unknown[]): string {
    const bind = paramBinder(params);
    return `SELECT ${starts.ofDay('day')} AS bucket, status, sum(${rollupCallsMeasure(filter)})::bigint AS calls FROM calls_daily_dim_status
         WHERE dim = ${bind(this.dim)}${this.values(bind)}
           AND day >= ${bind(this.fromDay)}::date AND day < ${bind(this.toDay)}::date${statusClause(filter, bind)}
         GROUP BY 1, 2`;
  }

  optionsSql(_dimension: FilterDimension, filter: CallFilter, params: unknown[]): string {
    const bind = paramBinder(params);
    const status = statusClause(filter, bind);
    return `SELECT dim_id AS id, sum(${rollupCallsMeasure(filter)})::bigint AS calls FROM calls_daily_dim_status
        WHERE dim = ${bind(this.dim)}${this.values(bind)} AND day >= ${bind(this.fromDay)}::date AND day < ${bind(this.toDay)}::date${status}
        GROUP BY dim_id`;
  }

  scorecardSql(filter: CallFilter, _grouped: FilterDimension, rangeIndex: number, params: unknown[]): string {
    const bind = paramBinder(params);
    const conditions = [`dim = ${bind(this.dim)}`, `day >= ${bind(this.fromDay)}::date`, `day < ${bind(this.toDay)}::date`];
    if (this.ids) conditions.push(`dim_id = ANY(${bind(this.ids)}::int[])`);
    if (filter.statuses.length > 0) conditions.push(statusCondition('status', filter.statuses, bind));
    return `SELECT ${rangeIndex} AS range_index, dim_id AS id, ${SCORECARD_MEASURES.map((c) => `sum(${c})::bigint AS ${c}`).join(', ')},
     ${statusColumnsOfStatusRows('status', 'sum(calls)', bind)}
     FROM calls_daily_dim_status WHERE ${conditions.join(' AND ')} GROUP BY dim_id`;
  }
}
