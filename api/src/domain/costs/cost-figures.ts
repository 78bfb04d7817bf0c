import type { CostStats } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import type { CallFilter } from '../calls/call-filter';
import { totalsByStatus, type StatusTotals } from '../calls/call-totals';

/** The effective disposition that counts as a sale (the rollup trigger uses the same word). */
export const SALE_STATUS = 'Sales';
export const COST_CURRENCY = 'USD';

/** Integer cents → dollars on the wire. Only the final figure is divided: sums stay in cents. */
export function dollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** `part / whole × 100` rounded half away from zero to 2 decimals; 0 when `whole` is 0. */
export function percent(part: number, whole: number): number {
  if (whole === 0) return 0;
  const basisPoints = (part * 10_000) / whole;
  return (Math.sign(basisPoints) * Math.round(Math.abs(basisPoints))) / 100 || 0; // never -0
}

/** The money figures of one set of calls, all from integer sums. */
export interface CostSums {
  calls: number;
  sales: number;
  revenueCents: number;
  payoutCents: number;
}

export function costStatsFromSums(sums: CostSums): CostStats {
  const profitCents = sums.revenueCents - sums.payoutCents;
  return {
    calls: sums.calls,
    sales: sums.sales,
    revenue: dollars(sums.revenueCents),
    payout: dollars(sums.payoutCents),
    profit: dollars(profitCents),
    margin: percent(profitCents, sums.revenueCents),
    // Cents per sale rounded to the cent, then dollars.
    costPerSale: sums.sales === 0 ? 0 : dollars(Math.round(sums.payoutCents / sums.sales)),
    currency: COST_CURRENCY,
  };
}

/** Adds up the per-status totals the dashboard already computes (from the rollups when they cover the range). */
export function costStatsFromTotals(totals: StatusTotals[]): CostStats {
  const sums: CostSums = { calls: 0, sales: 0, revenueCents: 0, payoutCents: 0 };
  for (const t of totals) {
    sums.calls += t.calls;
    if (t.status === SALE_STATUS) sums.sales += t.calls;
    sums.revenueCents += t.revenueCents;
    sums.payoutCents += t.payoutCents;
  }
  return costStatsFromSums(sums);
}

/** The money figures of the calls a filter selects, over its own range. */
export async function costStatsFor(db: Queryable, filter: CallFilter): Promise<CostStats> {
  return costStatsFromTotals(await totalsByStatus(db, filter, filter.range));
}
