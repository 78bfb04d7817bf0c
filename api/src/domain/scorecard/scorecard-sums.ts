import { DIMENSIONS, type FilterDimension } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { paramBinder, type Bind } from '../../db/sql-params';
import type { CallFilter } from '../calls/call-filter';
import { callWhere } from '../calls/call-where';
import type { TimeRange } from '../calls/date-range';
import { monthlyAndDailySql } from '../calls/month-split';
import { planDimensionStatus, type CallsPart, type DimensionValuesDaysPart, type DimensionValuesSplitPart } from '../calls/rollup-planner';
import { STATUS_COLUMNS, statusColumnsOfStatusRows } from '../calls/status-columns';
import { statusCondition } from '../calls/status-condition';

/**
 * One value's figures in one range: its calls per disposition (and every
 * other status as Rejected / Unknown, which is all the scorecard tells apart),
 * its not-connected and repeat calls and its money.
 */
export interface ValueTotals {
  id: number;
  counts: Array<{ status: string; calls: number }>;
  notConnected: number;
  repeats: number;
  revenueCents: number;
  payoutCents: number;
}

type SumsRow = Record<string, number | string>;

/** What every part sums: the status columns come from the part itself. */
const MEASURES = ['calls', 'not_connected', 'repeats', 'revenue_cents', 'payout_cents'];

/** Whole months and days of the per-dimension rollups, whose rows keep a count per disposition. */
function fromDimensionRows(index: number, part: DimensionValuesSplitPart, bind: Bind): string {
  const columns = [...MEASURES, ...STATUS_COLUMNS.map(({ column }) => column)];
  const where = [`dim = ${bind(part.dim)}`, ...(part.ids ? [`dim_id = ANY(${bind(part.ids)}::int[])`] : [])].join(' AND ');
  const source = monthlyAndDailySql({ monthly: 'calls_monthly_dim', daily: 'calls_daily_dim' }, `dim_id, ${columns.join(', ')}`, where, part.split, bind, {
    negatedColumns: `dim_id, ${columns.map((c) => `-${c} AS ${c}`).join(', ')}`,
  });
  return `SELECT ${index} AS range_index, dim_id AS id, ${columns.map((c) => `sum(${c})::bigint AS ${c}`).join(', ')}
     FROM (${source}) s GROUP BY dim_id`;
}

/** Whole days of the per-status rollup: under a status filter, whose money it keeps apart. */
function fromStatusRows(filter: CallFilter, index: number, part: DimensionValuesDaysPart, bind: Bind): string {
  const conditions = [`dim = ${bind(part.dim)}`, `day >= ${bind(part.fromDay)}::date`, `day < ${bind(part.toDay)}::date`];
  if (part.ids) conditions.push(`dim_id = ANY(${bind(part.ids)}::int[])`);
  if (filter.statuses.length > 0) conditions.push(statusCondition('status', filter.statuses, bind));
  return `SELECT ${index} AS range_index, dim_id AS id, ${MEASURES.map((c) => `sum(${c})::bigint AS ${c}`).join(', ')},
     ${statusColumnsOfStatusRows('status', 'sum(calls)', bind)}
     FROM calls_daily_dim_status WHERE ${conditions.join(' AND ')} GROUP BY dim_id`;
}

// A call without a target or buyer is the value 0, as the rollups store it.
function fromCalls(filter: CallFilter, grouped: FilterDimension, index: number, part: CallsPart, params: unknown[]): string {
  const where = callWhere(filter, part.range, params.length + 1);
  params.push(...where.params);
  const bind = paramBinder(params);
  return `SELECT ${index} AS range_index, coalesce(c.${DIMENSIONS[grouped].column}, 0) AS id,
       count(*)::bigint AS calls, count(*) FILTER (WHERE NOT c.connected)::bigint AS not_connected,
       count(*) FILTER (WHERE c.repeat_of IS NOT NULL)::bigint AS repeats,
       coalesce(sum(c.revenue_cents), 0)::bigint AS revenue_cents, coalesce(sum(c.payout_cents), 0)::bigint AS payout_cents,
       ${statusColumnsOfStatusRows('c.status', 'count(*)', bind)}
     FROM calls c WHERE ${where.sql} GROUP BY 2`;
}

/**
 * Figures per value of one dimension, for each of several ranges (a period and
 * the one before it), in one statement, each part from the source
 * planDimensionStatus chose for it. Each range's answer holds the values with
 * calls in it.
 */
export async function totalsPerValue(db: Queryable, filter: CallFilter, grouped: FilterDimension, ranges: TimeRange[]): Promise<ValueTotals[][]> {
  const params: unknown[] = [];
  const bind = paramBinder(params);
  const parts = ranges.flatMap((range, index) =>
    planDimensionStatus(filter, range, grouped).parts.map((part) => {
      switch (part.source) {
        case 'calls':
          return fromCalls(filter, grouped, index, part, params);
        case 'dimension-values-split':
          return fromDimensionRows(index, part, bind);
        case 'dimension-values-days':
          return fromStatusRows(filter, index, part, bind);
      }
    }),
  );
  const rows = await db.query<SumsRow>(parts.join('\nUNION ALL\n'), params);
  return ranges.map((_, index) => merge(rows.filter((row) => Number(row.range_index) === index)));
}

function merge(rows: SumsRow[]): ValueTotals[] {
  const byValue = new Map<number, ValueTotals>();
  for (const row of rows) {
    const id = Number(row.id);
    const value = byValue.get(id) ?? {
      id,
      counts: STATUS_COLUMNS.map(({ status }) => ({ status, calls: 0 })),
      notConnected: 0,
      repeats: 0,
      revenueCents: 0,
      payoutCents: 0,
    };
    STATUS_COLUMNS.forEach(({ column }, i) => {
      (value.counts[i] as { calls: number }).calls += Number(row[column]);
    });
    value.notConnected += Number(row.not_connected);
    value.repeats += Number(row.repeats);
    value.revenueCents += Number(row.revenue_cents);
    value.payoutCents += Number(row.payout_cents);
    byValue.set(id, value);
  }
  // Rollup rows whose calls all moved to another day, value or status stay behind as zeros.
  return [...byValue.values()]
    .map((value) => ({ ...value, counts: value.counts.filter((c) => c.calls !== 0) }))
    .filter((value) => value.counts.length > 0);
}
