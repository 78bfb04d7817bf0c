import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
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

describe('Table column widths', () => {
  // jsdom has no PointerEvent: a MouseEvent of the pointer's type carries what the resizer reads (clientX, button).
  beforeAll(() => {
    class FakePointerEvent extends MouseEvent {
      pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    Object.assign(window, { PointerEvent: FakePointerEvent });
  });
  afterAll(() => {
    Reflect.deleteProperty(window, 'PointerEvent');
  });
  beforeEach(() => localStorage.clear());

  // A fresh store per render, as a new page load has: only storage carries widths from one to the next.
  const resizable = () => (
    <Provider>
      <Table label="Resizable calls" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />
    </Provider>
  );
  const widthOf = (column: number) => (document.querySelectorAll('col')[column] as HTMLElement).style.width;

  test('each header has a separator the keyboard moves; its width is kept for the table', async () => {
    const view = render(resizable());
    const edge = screen.getByRole('separator', { name: 'Resize Campaign Name column' });
    expect(edge).toHaveAttribute('aria-orientation', 'vertical');
    expect(edge).toHaveAttribute('aria-valuenow', '150');
    // The header is still named by its label alone.
    expect(screen.getByRole('columnheader', { name: 'Campaign Name' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Reason' })).toBeInTheDocument();

    edge.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(edge).toHaveAttribute('aria-valuenow', '160');
    expect(widthOf(1)).toBe('160px');
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}{ArrowLeft}');
    expect(edge).toHaveAttribute('aria-valuenow', '200');
    expect(screen.getByRole('table')).toHaveStyle({ minWidth: `${120 + 200 + 200}px` });
    await userEvent.keyboard('{Home}');
    expect(edge).toHaveAttribute('aria-valuenow', '48');
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(JSON.parse(localStorage.getItem('callboard.table.widths') ?? '{}')).toEqual({ 'Resizable calls': { campaignName: 148 } });
    view.unmount();

    render(resizable());
    expect(screen.getByRole('separator', { name: 'Resize Campaign Name column' })).toHaveAttribute('aria-valuenow', '148');
    expect(widthOf(1)).toBe('148px');
    // Enter gives the column its own width back, and forgets the one chosen.
    screen.getByRole('separator', { name: 'Resize Campaign Name column' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(widthOf(1)).toBe('150px');
    expect(JSON.parse(localStorage.getItem('callboard.table.widths') ?? '{}')).toEqual({ 'Resizable calls': {} });
  });

  test('dragging a header edge follows the pointer and keeps the width where it is let go', () => {
    render(resizable());
    const edge = screen.getByRole('separator', { name: 'Resize CID column' });
    fireEvent.pointerDown(edge, { clientX: 300, button: 0, pointerId: 7 });
    fireEvent.pointerMove(edge, { clientX: 340, pointerId: 7 });
    expect(widthOf(0)).toBe('160px');
    expect(localStorage.getItem('callboard.table.widths')).toBeNull();
    fireEvent.pointerMove(edge, { clientX: 380, pointerId: 7 });
    fireEvent.pointerUp(edge, { clientX: 380, pointerId: 7 });
    expect(widthOf(0)).toBe('200px');
    expect(edge).toHaveAttribute('aria-valuenow', '200');
    expect(JSON.parse(localStorage.getItem('callboard.table.widths') ?? '{}')).toEqual({ 'Resizable calls': { callerId: 200 } });
    // Never narrower than a column can be read.
    fireEvent.pointerDown(edge, { clientX: 300, button: 0 });
    fireEvent.pointerMove(edge, { clientX: 0 });
    fireEvent.pointerUp(edge, { clientX: 0 });
    expect(widthOf(0)).toBe('48px');
  });
});

describe('Table tooltips and empty state', () => {
  /** Makes `element` draw `scroll` px of text in `client` px, as layout would for a cut text. */
  const drawn = (element: Element, scroll: number, client: number) => {
    Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scroll });
    Object.defineProperty(element, 'clientWidth', { configurable: true, value: client });
  };

  test('a cell or header drawn cut shows its whole text as a tooltip, only while it is cut', async () => {
    const columns: TableColumn<Call>[] = [...COLUMNS.slice(0, 2), { key: 'reason', label: 'Reason', width: 80, nowrap: true }];
    render(<Table label="Cut calls" columns={columns} rows={ROWS} rowKey={(r) => r.id} />);
    const reason = screen.getByText('Asked for a callback');
    drawn(reason, 180, 60);
    await userEvent.hover(reason);
    expect(reason).toHaveAttribute('title', 'Asked for a callback');

    const solar = screen.getByText('Solar');
    drawn(solar, 40, 126);
    await userEvent.hover(solar);
    expect(solar).not.toHaveAttribute('title');

    // Widened until it fits: the tooltip goes.
    drawn(reason, 160, 160);
    await userEvent.unhover(reason);
    await userEvent.hover(reason);
    expect(reason).not.toHaveAttribute('title');

    // A header's label, wherever in the header the pointer is; and on focus, for the keyboard.
    const header = screen.getByRole('columnheader', { name: 'Campaign Name' });
    const label = within(header).getByText('Campaign Name');
    drawn(label, 110, 70);
    await userEvent.hover(header);
    expect(label).toHaveAttribute('title', 'Campaign Name');
    label.removeAttribute('title');
    within(header).getByRole('button').focus();
    expect(label).toHaveAttribute('title', 'Campaign Name');
  });

  test("a cell's own tooltip is left alone", async () => {
    const columns: TableColumn<Call>[] = [{ key: 'reason', label: 'Reason', nowrap: true, render: (r) => <span title="Whole reason">{r.reason}</span> }];
    render(<Table label="Own titles" columns={columns} rows={ROWS.slice(1)} rowKey={(r) => r.id} />);
    const reason = screen.getByText('Asked for a callback');
    drawn(reason, 180, 60);
    await userEvent.hover(reason);
    expect(reason).toHaveAttribute('title', 'Whole reason');
  });

  test('"No records found." is held to the visible width of a table wider than its box', () => {
    let report: () => void = () => {};
    const observe = jest.fn();
    Object.assign(window, {
      ResizeObserver: class {
        constructor(callback: () => void) {
          report = callback;
        }
        observe = observe;
        disconnect() {}
      },
    });
    try {
      render(<Table label="Wide calls" columns={COLUMNS} rows={[]} rowKey={(r: Call) => r.id} emptyText="No records found." />);
      const box = screen.getByRole('table').parentElement as HTMLElement;
      expect(observe).toHaveBeenCalledWith(box);
      drawn(box, 470, 320);
      act(() => report());
      expect(box.style.getPropertyValue('--cb-table-visible-width')).toBe('320px');
      expect(screen.getByText('No records found.')).toHaveClass('cb-table__empty-content');
    } finally {
      Reflect.deleteProperty(window, 'ResizeObserver');
    }
  });
});
