import { REJECTED_UNKNOWN } from '@callboard/contract';
import { SCORECARD_FLAGS, type ScorecardGroupBy, type ScorecardRow, type ScorecardSortColumn } from '@callboard/contract/scorecard';
import { NO_VALUE_LABELS } from '../costs/cost-breakdown';
import { SALE_STATUS } from '../costs/cost-figures';
import { percentOf, statsFromCounts, type FlagThresholds } from '../calls/stats';
import type { DisputeTotals } from './dispute-figures';
import type { ValueTotals } from './scorecard-sums';

/** A row as built, with its money still in cents for exact sorting. */
export interface CentsRow extends ScorecardRow {
  cents: { revenue: number; payout: number; profit: number; credited: number; clawedBack: number };
}

/** Integer cents as decimal dollars in text: 123450 → "1234.50", -5 → "-0.05". */
export function centsText(cents: number): string {
  const whole = Math.abs(Math.round(cents));
  return `${cents < 0 && whole > 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

function moneyOf(value: ValueTotals | undefined): { calls: number; sales: number; revenue: number; payout: number } {
  const counts = value?.counts ?? [];
  return {
    calls: counts.reduce((sum, c) => sum + c.calls, 0),
    sales: counts.filter((c) => c.status === SALE_STATUS).reduce((sum, c) => sum + c.calls, 0),
    revenue: value?.revenueCents ?? 0,
    payout: value?.payoutCents ?? 0,
  };
}

/** A percentage of a denominator that may be empty: null then, for "no such disputes" is not 0 %. */
function shareOrNull(count: number, total: number): number | null {
  return total === 0 ? null : percentOf(count, total);
}

/**
 * One value's scorecard row: the stats cards' figures and flags for its calls
 * (statsFromTotals, so a row and the cards filtered to that value agree), its
 * sales, repeats and money, and the previous period's calls, sales rate and profit.
 * Flags only from `minCalls` calls (SCORECARD_DEFAULT_MIN_CALLS in contract/src/scorecard.ts
 * says why): below it a share is shown but never flagged. Its dispute figures
 * (contract/src/scorecard.ts defines them) from `disputes`, absent for a value
 * none of whose calls in the range is disputed.
 */
export function scorecardRow(
  groupBy: ScorecardGroupBy,
  label: string,
  current: ValueTotals,
  previous: ValueTotals | undefined,
  thresholds: FlagThresholds,
  minCalls: number,
  disputes: DisputeTotals | undefined,
): CentsRow {
  const figures = statsFromCounts(current.counts, current.notConnected, thresholds);
  const now = moneyOf(current);
  const before = moneyOf(previous);
  const counts: Record<string, number> = Object.fromEntries(figures.dispositions.map((d) => [d.disposition, d.count]));
  counts[REJECTED_UNKNOWN] = figures.flags.rejectedUnknownCount;
  const share = (disposition: string) => figures.dispositions.find((d) => d.disposition === disposition)?.percentage ?? 0;
  const profit = now.revenue - now.payout;
  const disputed = disputes ?? { disputes: 0, decided: 0, accepted: 0, creditedCents: 0, clawedBackCents: 0, aiJudged: 0, aiAgreed: 0 };
  return {
    key: String(current.id),
    label: current.id === 0 ? NO_VALUE_LABELS[groupBy] : label,
    calls: now.calls,
    connected: now.calls - figures.flags.redNoConnectCount,
    sales: now.sales,
    salesRate: percentOf(now.sales, now.calls),
    counts,
    voicemailPct: share('Voicemail'),
    hungupPct: share('Hungup'),
    rejectedUnknownPct: figures.flags.rejectedUnknownPct,
    redNoConnectPct: figures.flags.redNoConnectPct,
    flags: now.calls >= minCalls ? SCORECARD_FLAGS.filter((flag) => figures.flags[flag]) : [],
    repeatCalls: current.repeats,
    repeatPct: percentOf(current.repeats, now.calls),
    revenue: centsText(now.revenue),
    payout: centsText(now.payout),
    profit: centsText(profit),
    previous: { calls: before.calls, salesRate: percentOf(before.sales, before.calls), profit: centsText(before.revenue - before.payout) },
    disputes: disputed.disputes,
    disputesDecided: disputed.decided,
    disputeRate: percentOf(disputed.disputes, now.calls),
    acceptanceRate: shareOrNull(disputed.accepted, disputed.decided),
    credited: centsText(disputed.creditedCents),
    clawedBack: centsText(disputed.clawedBackCents),
    aiAgreement: shareOrNull(disputed.aiAgreed, disputed.aiJudged),
    cents: { revenue: now.revenue, payout: now.payout, profit, credited: disputed.creditedCents, clawedBack: disputed.clawedBackCents },
  };
}

const MONEY_COLUMNS = new Set<ScorecardSortColumn>(['revenue', 'payout', 'profit', 'credited', 'clawedBack']);

function compareLabels(a: CentsRow, b: CentsRow): number {
  return a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) || Number(a.key) - Number(b.key);
}

/**
 * Rows ordered by one column either way (money compared in cents), ties by label as a person reads it, then by key.
 * A share with no denominator (null) sorts below every figure, 0 % included.
 */
export function sortScorecardRows(rows: CentsRow[], sortBy: ScorecardSortColumn, sortDir: 'asc' | 'desc'): CentsRow[] {
  const sign = sortDir === 'asc' ? 1 : -1;
  const primary = (a: CentsRow, b: CentsRow): number => {
    if (sortBy === 'label') return a.label.localeCompare(b.label, 'en', { sensitivity: 'base' });
    if (MONEY_COLUMNS.has(sortBy)) {
      const column = sortBy as keyof CentsRow['cents'];
      return a.cents[column] - b.cents[column];
    }
    return ((a[sortBy] as number | null) ?? -1) - ((b[sortBy] as number | null) ?? -1);
  };
  return [...rows].sort((a, b) => sign * primary(a, b) || compareLabels(a, b));
}

/** What goes on the wire: the row without its cents. */
export function wireRow({ cents: _cents, ...row }: CentsRow): ScorecardRow {
  return row;
}
