import type { FilterDimension } from '@callboard/contract';
import { paramBinder, type Bind } from '../../../db/sql-params';
import { narrowsBeyondStatus, type CallFilter } from '../call-filter';
import { monthlyAndDailySql, type MonthSplit } from '../month-split';
import { dimensionCallsMeasure, STATUS_COLUMNS, statusColumnsFor } from '../status-columns';
import { SCORECARD_MEASURES, type Answers, type BucketStarts, type CostPart, type OptionsPart, type ScorecardPart, type SeriesPart } from './rollup-part';
import { narrowsByWhatNoRollupKeeps, selectsAny, singleSelection, withoutSelectionIn } from './selection';

const TABLES = { monthly: 'calls_monthly_dim', daily: 'calls_daily_dim' };

/** No status, connection or repeats: the split keeps its money and counts for every call of a value, not per status. */
function countsEveryCall(filter: CallFilter): boolean {
  return filter.statuses.length === 0 && filter.connected === undefined && filter.repeat === undefined;
}

/**
 * calls_daily_dim and calls_monthly_dim (migrations 0002, 0022): per New York
 * day (and month) and dimension value, the calls, a count per disposition and
 * one for every other status (status-columns.ts), the not-connected calls, the
 * repeats and the money. Whole days of dimension `dim`'s rows, only values
 * `ids` when given: whole months from the monthly table, the days at either
 * end (and the days to subtract, splitByMonthLess) from the daily one. One row
 * a value and day holds every status, so a year of one publisher is ~365 rows
 * against ~5,900 per-status ones; but it keeps no money per status, nor the
 * connection or repeats per status.
 */
export class DimensionSplitPart implements SeriesPart, OptionsPart, ScorecardPart, CostPart {
  static readonly tables = ['calls_daily_dim', 'calls_monthly_dim'];
  static readonly answers = {
    // One picker's selection, under a status its columns count (not the connection or repeats: kept per value, not per status).
    series: (filter: CallFilter) => singleSelection(filter) !== undefined && statusColumnsFor(filter) !== undefined,
    // Every value of the picker's dimension, so no selection in another; a status its columns count, or the connection or repeats alone.
    options: (filter: CallFilter) => !selectsAny(filter) && !narrowsByWhatNoRollupKeeps(filter) && dimensionCallsMeasure(filter) !== undefined,
    // Every measure at once, the money too: no status, connection or repeats.
    scorecard: (filter: CallFilter, grouped: FilterDimension) => !narrowsBeyondStatus(withoutSelectionIn(filter, grouped)) && countsEveryCall(filter),
    cost: (filter: CallFilter) => !narrowsBeyondStatus(filter) && countsEveryCall(filter),
  } satisfies Answers;

  readonly source = 'dimension-split';

  constructor(
    readonly dim: number,
    /** Only these values (a selection in `dim`); undefined: all of them. */
    readonly ids: number[] | undefined,
    readonly split: MonthSplit,
  ) {}

  /** The rows read, on both tables. */
  private where(bind: Bind): string {
    return [`dim = ${bind(this.dim)}`, ...(this.ids ? [`dim_id = ANY(${bind(this.ids)}::int[])`] : [])].join(' AND ');
  }

  /** Never with days to subtract: a negated day would fall outside the month row's bucket. */
  seriesSql(filter: CallFilter, starts: BucketStarts, params: unknown[]): string {
    const bind = paramBinder(params);
    const columns = statusColumnsFor(filter);
    if (!columns) throw new Error('the per-dimension rows count only the statuses they have a column for (DimensionSplitPart.answers.series)');
    const source = monthlyAndDailySql(TABLES, columns.map(({ column }) => column).join(', '), this.where(bind), this.split, bind, { periodAs: 'day' });
    // Each row's status columns as (status, calls) rows, the shape of every other part.
    const perStatus = columns.map(({ status, column }) => `(${bind(status)}::text, d.${column})`).join(', ');
    return `SELECT ${starts.ofDay('d.day')} AS bucket, s.status, sum(s.calls)::bigint AS calls
         FROM (${source}) d CROSS JOIN LATERAL (VALUES ${perStatus}) s(status, calls) GROUP BY 1, 2`;
  }

  optionsSql(_dimension: FilterDimension, filter: CallFilter, params: unknown[]): string {
    const bind = paramBinder(params);
    const measure = dimensionCallsMeasure(filter);
    if (measure === undefined) throw new Error('the per-dimension rows cannot count this filter (DimensionSplitPart.answers.options)');
    const source = monthlyAndDailySql(TABLES, `dim_id, ${measure} AS calls`, this.where(bind), this.split, bind, {
      negatedColumns: `dim_id, -${measure} AS calls`,
    });
    return `SELECT dim_id AS id, sum(calls)::bigint AS calls FROM (${source}) s GROUP BY dim_id`;
  }

  scorecardSql(_filter: CallFilter, _grouped: FilterDimension, rangeIndex: number, params: unknown[]): string {
    const bind = paramBinder(params);
    const columns = [...SCORECARD_MEASURES, ...STATUS_COLUMNS.map(({ column }) => column)];
    const source = monthlyAndDailySql(TABLES, `dim_id, ${columns.join(', ')}`, this.where(bind), this.split, bind, {
      negatedColumns: `dim_id, ${columns.map((c) => `-${c} AS ${c}`).join(', ')}`,
    });
    return `SELECT ${rangeIndex} AS range_index, dim_id AS id, ${columns.map((c) => `sum(${c})::bigint AS ${c}`).join(', ')}
     FROM (${source}) s GROUP BY dim_id`;
  }

  costSql(_dimension: FilterDimension, _filter: CallFilter, sale: string, params: unknown[]): string {
    const bind = paramBinder(params);
    const sales = STATUS_COLUMNS.find(({ status }) => status === sale)?.column;
    if (sales === undefined) throw new Error(`the per-dimension rows have no column for the status ${sale}`);
    const measures = ['calls', `${sales} AS sales`, 'revenue_cents', 'payout_cents'];
    const source = monthlyAndDailySql(TABLES, `dim_id, ${measures.join(', ')}`, this.where(bind), this.split, bind, {
      negatedColumns: `dim_id, -calls AS calls, -${sales} AS sales, -revenue_cents AS revenue_cents, -payout_cents AS payout_cents`,
    });
    return `SELECT dim_id AS id, sum(calls)::bigint AS calls, sum(sales)::bigint AS sales,
    sum(revenue_cents)::bigint AS revenue_cents, sum(payout_cents)::bigint AS payout_cents
    FROM (${source}) s GROUP BY dim_id`;
  }
}
