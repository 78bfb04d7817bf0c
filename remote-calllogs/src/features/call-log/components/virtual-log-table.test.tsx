import type { CallRecord } from '@callboard/contract';
import type { TableColumn } from '@callboard/shared-ui/table';
import { render, screen, within } from '@testing-library/react';
import { makeCalls, scrolledTo, scrollsSettled, setViewportHeight } from '../../../testing/call-logs';
import { LOG_ROW_HEIGHT, LOG_ROWS_OVERSCAN, VirtualLogTable } from './virtual-log-table';

const columns: TableColumn<CallRecord>[] = [
  { key: 'id', label: 'Id' },
  { key: 'callerId', label: 'Caller' },
];
const calls = makeCalls(1, 10_000).reverse();
/** Rows a 700 px window holds, and the overscan either side. */
const VIEW = 700;
const BOUND = Math.ceil(VIEW / LOG_ROW_HEIGHT) + 2 * LOG_ROWS_OVERSCAN + 1;

const drawnIds = () =>
  within(screen.getByRole('table', { name: 'Calls' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const blankHeights = () => [...document.querySelectorAll<HTMLElement>('tr.cb-table__blank-row')].map((row) => parseFloat(row.style.height));

function renderLog(focusIndex: number | null = null) {
  return render(<VirtualLogTable label="Calls" columns={columns} rows={calls} rowKey={(call) => call.id} focusIndex={focusIndex} onRowClick={() => undefined} />);
}

beforeEach(() => setViewportHeight(VIEW));

test('10,000 calls: only the rows in view and a few either side are in the page, with space for the rest', () => {
  renderLog();
  const ids = drawnIds();
  expect(ids.length).toBeGreaterThan(VIEW / LOG_ROW_HEIGHT);
  expect(ids.length).toBeLessThanOrEqual(BOUND);
  expect(ids[0]).toBe('10000');
  // Nothing above the first row; below, the height of every row not drawn.
  expect(blankHeights()).toEqual([(calls.length - ids.length) * LOG_ROW_HEIGHT]);
});

test('scrolling to the end keeps the page bounded and draws the last calls', async () => {
  renderLog();
  for (const top of [50_000, 200_000, calls.length * LOG_ROW_HEIGHT]) {
    await scrolledTo(top);
    const ids = drawnIds();
    expect(ids.length).toBeLessThanOrEqual(BOUND);
    expect(document.querySelectorAll('tbody tr').length).toBeLessThanOrEqual(BOUND + 2);
    // The rows drawn are the ones at that depth, in order, with the space above and below adding up.
    const first = calls.length - Number(ids[0]);
    const firstInView = Math.min(Math.floor(top / LOG_ROW_HEIGHT), calls.length - Math.ceil(VIEW / LOG_ROW_HEIGHT));
    expect(first).toBeGreaterThanOrEqual(firstInView - LOG_ROWS_OVERSCAN - 1);
    expect(ids).toEqual(calls.slice(first, first + ids.length).map((call) => call.id));
    expect(blankHeights().reduce((a, b) => a + b, 0)).toBe((calls.length - ids.length) * LOG_ROW_HEIGHT);
  }
  expect(drawnIds().at(-1)).toBe('1');
});

test('the keyboard’s row far below is scrolled to, drawn and given the focus', async () => {
  const { rerender } = renderLog(0);
  expect(drawnIds()).not.toContain('2000');
  rerender(<VirtualLogTable label="Calls" columns={columns} rows={calls} rowKey={(call) => call.id} focusIndex={8000} onRowClick={() => undefined} />);
  await scrollsSettled();
  expect(drawnIds()).toContain('2000');
  expect(document.activeElement).toBe(document.querySelector('tr[data-index="8000"]'));
  expect(window.scrollY).toBeGreaterThan(7000 * LOG_ROW_HEIGHT);
});
