import type { FilterDimension } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import type { CallFilter } from '../calls/call-filter';
import type { TimeRange } from '../calls/date-range';
import { planDimensionStatus } from '../calls/rollup-planner';
import { STATUS_COLUMNS } from '../calls/status-columns';

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

/**
 * Figures per value of one dimension, for each of several ranges (a period and
 * the one before it), in one statement, each part's SQL from the rollup
 * planDimensionStatus chose for it. Each range's answer holds the values with
 * calls in it.
 */
export async function totalsPerValue(db: Queryable, filter: CallFilter, grouped: FilterDimension, ranges: TimeRange[]): Promise<ValueTotals[][]> {
  const params: unknown[] = [];
  const parts = ranges.flatMap((range, index) => planDimensionStatus(filter, range, grouped).parts.map((part) => part.scorecardSql(filter, grouped, index, params)));
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
