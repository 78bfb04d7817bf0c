import type { Queryable } from '../../db/database';
import type { CallFilter } from './call-filter';
import type { TimeRange } from './date-range';
import { planStatusTotals } from './rollup-planner';
import { totalsByRangeSql, type IndexedRange } from './rollups/raw-calls';
import type { StatusMeasures } from './rollups/rollup-part';

/**
 * What every figure on the dashboard is computed from: per effective status,
 * the sums over the calls. Asked for `counts` only, with `connected` set, the
 * money may come from a rollup that does not keep it by connection: it is 0.
 */
export interface StatusTotals {
  status: string;
  calls: number;
  notConnected: number;
  revenueCents: number;
  payoutCents: number;
}

interface TotalsRow {
  status: string;
  calls: number;
  not_connected: number;
  revenue_cents: number;
  payout_cents: number;
}

/**
 * Totals per status for a filter over each of several ranges, exact in
 * every case, in one statement: a stats card's period and the one before
 * cost one round trip to the database, not two. Each round trip wakes a
 * database backend; on a small, shared machine a late wake-up (a few ms,
 * now and then) is what the slowest requests were made of.
 */
export async function totalsForRanges(db: Queryable, filter: CallFilter, ranges: TimeRange[], measures: StatusMeasures = 'money'): Promise<StatusTotals[][]> {
  const params: unknown[] = [];
  const rows = await db.query<TotalsRow & { range_index: number }>(totalsStatement(filter, ranges, params, measures), params);
  return ranges.map((_, index) => mergeTotals(rows.filter((row) => Number(row.range_index) === index)));
}

/**
 * totalsForRanges' statement, for a caller that joins it into its own: rows
 * of `range_index` (the range's place in `ranges`) and the TotalsRow columns,
 * with its values appended to `params` and numbered after those already there.
 */
export function totalsStatement(filter: CallFilter, ranges: TimeRange[], params: unknown[], measures: StatusMeasures = 'money'): string {
  const unplanned: IndexedRange[] = [];
  const parts: string[] = [];
  ranges.forEach((range, index) => {
    const plan = planStatusTotals(filter, range, measures);
    // No rollup answers the filter: the range is read from the calls with those beside it (below).
    if (!plan.rollup) unplanned.push({ index, range });
    else parts.push(...plan.parts.map((part, n) => `SELECT ${index} AS range_index, t${index}_${n}.* FROM (${part.totalsSql(filter, params)}) t${index}_${n}`));
  });
  parts.push(...totalsByRangeSql(filter, unplanned, params));
  return parts.join('\nUNION ALL\n');
}

/** Totals per status for a filter over one range (see totalsForRanges). */
export async function totalsByStatus(db: Queryable, filter: CallFilter, range: TimeRange, measures: StatusMeasures = 'money'): Promise<StatusTotals[]> {
  const [totals] = await totalsForRanges(db, filter, [range], measures);
  return totals ?? [];
}

function mergeTotals(rows: TotalsRow[]): StatusTotals[] {
  const byStatus = new Map<string, StatusTotals>();
  for (const row of rows) {
    const into = byStatus.get(row.status) ?? { status: row.status, calls: 0, notConnected: 0, revenueCents: 0, payoutCents: 0 };
    into.calls += Number(row.calls);
    into.notConnected += Number(row.not_connected);
    into.revenueCents += Number(row.revenue_cents);
    into.payoutCents += Number(row.payout_cents);
    byStatus.set(row.status, into);
  }
  // Rollup rows whose calls all moved elsewhere stay behind as zeros; they are not a status in use.
  return [...byStatus.values()].filter((t) => t.calls !== 0);
}

export function sumCalls(totals: StatusTotals[]): number {
  return totals.reduce((sum, t) => sum + t.calls, 0);
}
