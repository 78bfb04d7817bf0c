import type { CallRecord, RecordColumn } from '@callboard/contract';
import { Button } from '@callboard/shared-ui/button';
import { formatCallTime } from '@callboard/shared-ui/format';
import { CopyIcon, EyeIcon } from '@callboard/shared-ui/icons';
import { RowMenu, Table, type CardPlace, type SortState, type TableColumn } from '@callboard/shared-ui/table';
import { useMemo, type ReactNode } from 'react';
import { renderRecordCell } from './record-cells';

export const ACTIONS_COLUMN_WIDTH = 84;

/**
 * What a record's card shows on a phone (shared-ui table.css), of the visible columns: the time over the
 * caller and the publisher, the status and the money columns a reader has turned on at the right. The
 * rest is a tap away, in the details. Keyed by name, so a column without a place here is left off the card.
 */
const CARD_PLACES: Readonly<Record<string, CardPlace>> = {
  callTimestamp: 'title',
  callerId: 'detail',
  publisherName: 'detail',
  status: 'badge',
  revenue: 'figure',
  payout: 'figure',
  profit: 'figure',
};

/** Which call a row's menu is for, by what a person tells calls apart with. */
function recordName(record: CallRecord): string {
  return `call from ${record.callerId || 'unknown caller'} at ${formatCallTime(record.callTimestamp)}`;
}

export interface RecordsTableProps {
  rows: readonly CallRecord[];
  /** The visible columns, in order. */
  columns: readonly RecordColumn[];
  sort: SortState;
  onSort: (key: string) => void;
  onOpen: (record: CallRecord) => void;
  onCopy: (record: CallRecord) => void;
  loading: boolean;
  emptyText: ReactNode;
}

/** The records grid: the chosen record columns plus Actions (View Details, Copy JSON); a row click opens details. */
export function RecordsTable({ rows, columns, sort, onSort, onOpen, onCopy, loading, emptyText }: RecordsTableProps) {
  const tableColumns = useMemo<TableColumn<CallRecord>[]>(
    () => [
      ...columns.map((column) => ({
        key: column.key,
        // The title shows a label its fixed width cuts short ("Sub Disposition" in 120 px).
        label: <span title={column.label}>{column.label}</span>,
        width: column.width,
        sortable: column.sortable,
        nowrap: true,
        className: `records__cell--${column.key}`,
        card: CARD_PLACES[column.key],
        cardLabel: column.label,
        render: (record: CallRecord) => renderRecordCell(column.key, record, column.truncate),
      })),
      {
        key: 'actions',
        label: 'Actions',
        width: ACTIONS_COLUMN_WIDTH,
        align: 'center' as const,
        card: 'menu' as const,
        render: (record: CallRecord) => (
          <>
            <div className="records__actions">
              <Button variant="ghost" size="sm" iconOnly aria-label="View Details" title="View Details" onClick={() => onOpen(record)}>
                <EyeIcon size={14} />
              </Button>
              <Button variant="ghost" size="sm" iconOnly aria-label="Copy JSON" title="Copy JSON" onClick={() => onCopy(record)}>
                <CopyIcon size={14} />
              </Button>
            </div>
            <RowMenu
              name={recordName(record)}
              items={[
                { key: 'view', label: 'View Details', icon: <EyeIcon size={14} />, onSelect: () => onOpen(record) },
                { key: 'copy', label: 'Copy JSON', icon: <CopyIcon size={14} />, onSelect: () => onCopy(record) },
              ]}
            />
          </>
        ),
      },
    ],
    [columns, onOpen, onCopy],
  );

  return (
    <Table
      label="Call records"
      className="records__table"
      columns={tableColumns}
      rows={rows}
      rowKey={(record) => record.id}
      sort={sort}
      onSort={(_next, key) => onSort(key)}
      onRowClick={onOpen}
      loading={loading}
      loadingText="Loading records..."
      emptyText={emptyText}
    />
  );
}
