import { DEFAULT_PAYMENT_CURRENCY, type BreakdownGroup } from '@callboard/contract';
import { Dropdown } from '@callboard/shared-ui/dropdown';
import { DownloadIcon } from '@callboard/shared-ui/icons';
import { Spinner } from '@callboard/shared-ui/spinner';
import type { SortState } from '@callboard/shared-ui/table';
import { useState } from 'react';
import { useCostBreakdown, useCostStats } from '../api/cost-api';
import { useBreakdownExport } from '../hooks/use-breakdown-export';
import { BreakdownTable } from './breakdown-table';
import { GroupedCard, shownGrouping } from './grouped-card';

/**
 * Where the money comes from and goes to: the filtered calls grouped by
 * publisher, campaign, buyer or target, sortable, and exportable as the
 * same breakdown in CSV or XLSX.
 */
export function BreakdownSection() {
  const [groupBy, setGroupBy] = useState<BreakdownGroup>('publisher');
  // Unsorted means the server's order: highest revenue first.
  const [sort, setSort] = useState<SortState | undefined>(undefined);
  const { data, error, isLoading, isValidating, mutate } = useCostBreakdown(groupBy);
  const { exporting, exportAs } = useBreakdownExport(groupBy);
  // The breakdown carries no currency of its own: it is the one the figures above are in.
  const currency = useCostStats().data?.data.currency ?? DEFAULT_PAYMENT_CURRENCY;
  const { shownGroup, rows, loading } = shownGrouping(groupBy, data, isLoading);

  return (
    <GroupedCard
      block="costs-breakdown"
      title="Breakdown"
      groupBy={groupBy}
      onGroupBy={setGroupBy}
      actions={
        <>
          {isValidating && data ? <Spinner size="xs" label="Refreshing breakdown" /> : null}
          <Dropdown
            label={exporting ? 'Exporting...' : 'Export'}
            menuLabel="Export breakdown"
            icon={exporting ? <Spinner size="xs" decorative /> : <DownloadIcon size={14} />}
            size="sm"
            align="end"
            disabled={exporting !== null}
            items={[
              { key: 'csv', label: 'CSV', onSelect: () => void exportAs('csv') },
              { key: 'xlsx', label: 'XLSX', onSelect: () => void exportAs('xlsx') },
            ]}
          />
        </>
      }
      error={error}
      errorTitle="Failed to load the breakdown."
      onRetry={() => void mutate()}
    >
      <BreakdownTable
        groupBy={shownGroup}
        rows={rows}
        currency={currency}
        sort={sort}
        onSort={setSort}
        loading={loading}
      />
    </GroupedCard>
  );
}
