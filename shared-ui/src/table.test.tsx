import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dropdown } from './dropdown';
import { Table, nextSort, type SortState, type TableColumn } from './table';

interface Call {
  id: string;
  callerId: string;
  campaignName: string;
  reason: string | null;
}

const ROWS: Call[] = [
  { id: 'a', callerId: '+15550001', campaignName: 'Solar', reason: null },
  { id: 'b', callerId: '+15550002', campaignName: 'Medicare', reason: 'Asked for a callback' },
];

const COLUMNS: TableColumn<Call>[] = [
  { key: 'callerId', label: 'CID', width: 120, sortable: true },
  { key: 'campaignName', label: 'Campaign Name', width: 150, sortable: true },
  { key: 'reason', label: 'Reason', width: 200 },
];

describe('nextSort', () => {
  test('a new column sorts ascending first; the same column flips', () => {
    expect(nextSort(undefined, 'callerId')).toEqual({ sortBy: 'callerId', sortDir: 'asc' });
    expect(nextSort({ sortBy: 'callTimestamp', sortDir: 'desc' }, 'callerId')).toEqual({ sortBy: 'callerId', sortDir: 'asc' });
    expect(nextSort({ sortBy: 'callerId', sortDir: 'asc' }, 'callerId')).toEqual({ sortBy: 'callerId', sortDir: 'desc' });
    expect(nextSort({ sortBy: 'callerId', sortDir: 'desc' }, 'callerId')).toEqual({ sortBy: 'callerId', sortDir: 'asc' });
  });
});

function SortingTable({ onSort }: { onSort?: (s: SortState) => void }) {
  const [sort, setSort] = useState<SortState>({ sortBy: 'callTimestamp', sortDir: 'desc' });
  return (
    <Table
      label="Call records"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(r) => r.id}
      sort={sort}
      onSort={(next) => {
        onSort?.(next);
        setSort(next);
      }}
    />
  );
}

describe('Table', () => {
  test('shows cells as text, and the dash for empty values', () => {
    render(<Table label="Call records" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Call records' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell').map((c) => c.textContent)).toEqual(['+15550001', 'Solar', '—']);
    expect(within(rows[2] as HTMLElement).getByText('Asked for a callback')).toBeInTheDocument();
  });

  test('clicking a sortable header sorts ascending, clicking it again descending; aria-sort follows', async () => {
    const onSort = jest.fn();
    render(<SortingTable onSort={onSort} />);
    const cid = () => screen.getByRole('columnheader', { name: /CID/ });
    const campaign = () => screen.getByRole('columnheader', { name: /Campaign Name/ });
    expect(cid()).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Reason' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Reason' })).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(cid()).getByRole('button'));
    expect(cid()).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(cid()).getByRole('button'));
    expect(cid()).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(campaign()).getByRole('button'));
    expect(campaign()).toHaveAttribute('aria-sort', 'ascending');
    expect(cid()).toHaveAttribute('aria-sort', 'none');
    expect(onSort.mock.calls.map(([s]) => `${s.sortBy} ${s.sortDir}`)).toEqual(['callerId asc', 'callerId desc', 'campaignName asc']);
  });

  test('a row click (or Enter on a focused row) reports the row; clicks on controls inside it do not', async () => {
    const onRowClick = jest.fn();
    const onAction = jest.fn();
    const columns: TableColumn<Call>[] = [
      ...COLUMNS,
      { key: 'actions', label: 'Actions', render: (row) => <button type="button" onClick={() => onAction(row.id)}>Copy JSON</button> },
    ];
    render(<Table label="Call records" columns={columns} rows={ROWS} rowKey={(r) => r.id} onRowClick={onRowClick} />);
    await userEvent.click(screen.getByText('Medicare'));
    expect(onRowClick).toHaveBeenCalledWith(ROWS[1], 1);
    const [firstCopy] = screen.getAllByRole('button', { name: 'Copy JSON' });
    await userEvent.click(firstCopy as HTMLElement);
    expect(onAction).toHaveBeenCalledWith('a');
    expect(onRowClick).toHaveBeenCalledTimes(1);
    const firstRow = screen.getByText('Solar').closest('tr') as HTMLElement;
    firstRow.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[0], 0);
  });

  test('a click in a menu portalled out of a row does not open the row', async () => {
    const onRowClick = jest.fn();
    const onView = jest.fn();
    const columns: TableColumn<Call>[] = [
      { key: 'callerId', label: 'CID' },
      { key: 'actions', label: 'Actions', render: () => <Dropdown label="Actions" items={[{ key: 'view', label: 'View Details', onSelect: onView }]} /> },
    ];
    render(<Table columns={columns} rows={ROWS.slice(0, 1)} rowKey={(r) => r.id} onRowClick={onRowClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'View Details' }));
    expect(onView).toHaveBeenCalledTimes(1);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  test('selection: row checkboxes, and a select-all that reflects and toggles the page', async () => {
    function Selecting() {
      const [keys, setKeys] = useState<string[]>(['elsewhere']);
      return (
        <>
          <Table columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} rowLabel={(r) => r.callerId} selectable selectedKeys={keys} onSelectionChange={setKeys} />
          <output>{keys.join(',')}</output>
        </>
      );
    }
    render(<Selecting />);
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all rows' });
    const first = screen.getByRole('checkbox', { name: 'Select +15550001' });
    expect(all.checked).toBe(false);
    await userEvent.click(first);
    expect(screen.getByRole('status', { hidden: true }).textContent ?? '').toBe('elsewhere,a');
    expect(all.indeterminate).toBe(true);
    await userEvent.click(all);
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('elsewhere,a,b');
    expect(all.checked).toBe(true);
    await userEvent.click(all);
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('elsewhere');
    expect(screen.getByRole('checkbox', { name: 'Select +15550002' })).not.toBeChecked();
  });

  test('empty state text, and a loading overlay', () => {
    const { rerender } = render(<Table columns={COLUMNS} rows={[]} rowKey={(r: Call) => r.id} emptyText="No records found." />);
    expect(screen.getByText('No records found.')).toBeInTheDocument();
    rerender(<Table columns={COLUMNS} rows={[]} rowKey={(r: Call) => r.id} emptyText="No records found." loading loadingText="Loading records..." />);
    expect(screen.queryByText('No records found.')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading records...');
    rerender(<Table columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} loading />);
    expect(screen.getByText('Solar')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
