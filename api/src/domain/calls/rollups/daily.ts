import { paramBinder } from '../../../db/sql-params';
import { narrowsBeyondStatus, type CallFilter } from '../call-filter';
import { monthlyAndDailySql, type MonthSplit } from '../month-split';
import { statusCondition } from '../status-condition';
import type { Answers, BucketStarts, SeriesPart, StatusMeasures, TotalsPart } from './rollup-part';
import { keepsMeasures, rollupCallsMeasure, totalsMeasures } from './status-rows';

/**
 * calls_daily and calls_monthly (migrations 0002, 0003): per New York day (and
 * month) and status, the per-status figures (status-rows.ts). Whole days:
 * every preset, the whole days of a custom range; whole months from the
 * monthly table, the days at either end from the daily one (for a timeline,
 * months only for month buckets, so that a row lies in one bucket). It keeps
 * no dimension, so it answers a filter by nothing but the time, the status,
 * the connection and repeats.
 */
export class DailyPart implements TotalsPart, SeriesPart {
  static readonly tables = ['calls_daily', 'calls_monthly'];
  static readonly answers = {
    totals: (filter: CallFilter, measures: StatusMeasures) => !narrowsBeyondStatus(filter) && keepsMeasures(filter, measures),
    series: (filter: CallFilter) => !narrowsBeyondStatus(filter),
  } satisfies Answers;

  readonly source = 'days';

  constructor(readonly split: MonthSplit) {}

  totalsSql(filter: CallFilter, params: unknown[]): string {
    const bind = paramBinder(params);
    const where = filter.statuses.length > 0 ? statusCondition('status', filter.statuses, bind) : 'true';
    const source = monthlyAndDailySql(
      { monthly: 'calls_monthly', daily: 'calls_daily' },
      'status, calls, not_connected, repeats, revenue_cents, payout_cents',
      where,
      this.split,
      bind,
    );
    return `SELECT status, ${totalsMeasures(filter)} FROM (${source}) s GROUP BY status`;
  }

  seriesSql(filter: CallFilter, starts: BucketStarts, params: unknown[]): string {
    const bind = paramBinder(params);
    const where = filter.statuses.length > 0 ? statusCondition('status', filter.statuses, bind) : 'true';
    const sources: string[] = [];
    const { months, days } = this.split;
    if (months) sources.push(`SELECT month AS day, status, calls, not_connected, repeats FROM calls_monthly WHERE ${where} AND month >= ${bind(months.from)}::date AND month < ${bind(months.to)}::date`);
    const ranges = days.map((d) => `(day >= ${bind(d.from)}::date AND day < ${bind(d.to)}::date)`);
    if (ranges.length > 0) sources.push(`SELECT day, status, calls, not_connected, repeats FROM calls_daily WHERE ${where} AND (${ranges.join(' OR ')})`);
    return `SELECT ${starts.ofDay('day')} AS bucket, status, sum(${rollupCallsMeasure(filter)})::bigint AS calls FROM (${sources.join(' UNION ALL ')}) s GROUP BY 1, 2`;
  }
}
