/**
 * The breakdown arrives whole (one row per publisher, campaign, buyer or
 * target), so sorting and totals happen here in the browser instead of
 * costing a request per header click.
 */
import type { BreakdownRow } from '@callboard/contract';
import type { SortState } from '@callboard/shared-ui/sort';

export const BREAKDOWN_SORT_KEYS = ['label', 'calls', 'sales', 'revenue', 'payout', 'profit', 'conversionRate'] as const;
export type BreakdownSortKey = (typeof BREAKDOWN_SORT_KEYS)[number];

function isSortKey(key: string): key is BreakdownSortKey {
  return (BREAKDOWN_SORT_KEYS as readonly string[]).includes(key);
}

/**
 * The rows in the asked order; ties keep the server's order (highest revenue
 * first). Without a sort, the server's order as it came.
 */
export function sortBreakdownRows(rows: readonly BreakdownRow[], sort: SortState | undefined): BreakdownRow[] {
  if (!sort || !isSortKey(sort.sortBy)) return [...rows];
  const key = sort.sortBy;
  const sign = sort.sortDir === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = a.row[key];
      const y = b.row[key];
      const order =
        typeof x === 'string' && typeof y === 'string'
          ? x.localeCompare(y, 'en', { sensitivity: 'base', numeric: true })
          : Number(x) - Number(y);
      return order * sign || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** The sums of every row, with the conversion rate of the sums (not an average of rates). */
export function breakdownTotals(rows: readonly BreakdownRow[]): BreakdownRow {
  const sum = (pick: (row: BreakdownRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  // Money is summed in cents, so a hundred rows of x.x5 do not drift by a float's error.
  const cents = (pick: (row: BreakdownRow) => number) => Math.round(sum((row) => Math.round(pick(row) * 100))) / 100;
  const calls = sum((r) => r.calls);
  const sales = sum((r) => r.sales);
  return {
    key: 'total',
    label: 'Total',
    calls,
    sales,
    revenue: cents((r) => r.revenue),
    payout: cents((r) => r.payout),
    profit: cents((r) => r.profit),
    conversionRate: calls > 0 ? Math.round((sales / calls) * 10_000) / 100 : 0,
  };
}
