import { GROUP_LABELS, type BreakdownGroup, type BreakdownRow } from '@callboard/contract';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatCount, formatMoney, formatPercent } from '@callboard/shared-ui/format';
import { Table, type SortState, type TableColumn } from '@callboard/shared-ui/table';
import { useMemo } from 'react';
import { breakdownTotals, sortBreakdownRows } from './breakdown-rows';

const TOTAL_KEY = '\u0000total';

interface Props {
  groupBy: BreakdownGroup;
  rows: readonly BreakdownRow[];
  currency: string;
  sort: SortState | undefined;
  onSort: (next: SortState) => void;
  loading: boolean;
}

const profitClass = (profit: number) => (profit < 0 ? 'costs-negative' : profit > 0 ? 'costs-positive' : undefined);

function columns(groupBy: BreakdownGroup, currency: string): TableColumn<BreakdownRow>[] {
  const money = (pick: (row: BreakdownRow) => number) => (row: BreakdownRow) => formatMoney(pick(row), currency);
  return [
    { key: 'label', label: GROUP_LABELS[groupBy], sortable: true, width: 240, nowrap: true, render: (row) => <span title={row.label}>{row.label}</span> },
    { key: 'calls', label: 'Calls', sortable: true, width: 100, align: 'end', render: (row) => formatCount(row.calls) },
    { key: 'sales', label: 'Sales', sortable: true, width: 100, align: 'end', render: (row) => formatCount(row.sales) },
    { key: 'revenue', label: 'Revenue', sortable: true, width: 130, align: 'end', render: money((r) => r.revenue) },
    { key: 'payout', label: 'Payout', sortable: true, width: 130, align: 'end', render: money((r) => r.payout) },
    {
      key: 'profit',
      label: 'Profit',
      sortable: true,
      width: 130,
      align: 'end',
      render: (row) => <span className={profitClass(row.profit)}>{formatMoney(row.profit, currency)}</span>,
    },
    { key: 'conversionRate', label: 'Conversion rate', sortable: true, width: 140, align: 'end', render: (row) => formatPercent(row.conversionRate, 2) },
  ];
}

/**
 * The breakdown rows, sortable by every column, with a totals row pinned at
 * the bottom whatever the order (it is a sum, not a member of the ranking).
 */
export function BreakdownTable({ groupBy, rows, currency, sort, onSort, loading }: Props) {
  const cols = useMemo(() => columns(groupBy, currency), [groupBy, currency]);
  const shown = useMemo(() => {
    const sorted = sortBreakdownRows(rows, sort);
    return sorted.length > 0 ? [...sorted, { ...breakdownTotals(rows), key: TOTAL_KEY }] : sorted;
  }, [rows, sort]);

  return (
    <Table
      label={`Costs by ${GROUP_LABELS[groupBy].toLowerCase()}`}
      columns={cols}
      rows={shown}
      rowKey={(row) => row.key}
      sort={sort}
      onSort={(next) => onSort(next)}
      loading={loading}
      loadingText="Loading breakdown..."
      rowClassName={(row) => (row.key === TOTAL_KEY ? 'costs-breakdown__total' : undefined)}
      emptyText={<EmptyState compact title="No calls for these filters" description="Widen the date range or clear a selection to see costs." />}
      className="costs-breakdown__table"
    />
  );
}
