import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ColumnResizer } from './column-resizer';
import { useColumnWidths } from './column-widths';
import { cellText } from './format';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from './icons';
import { nextSort, type SortState } from './sort';
import { Spinner } from './spinner';
import { titleTruncatedText } from './truncation-title';
import './table.css';

export { nextSort };
// The row menu of a row drawn as a card comes with the table, so a remote's share scope (and its remoteEntry.js) gains no entry for it.
export { RowMenu, type RowMenuItem, type RowMenuProps } from './row-menu';
export type { SortDir, SortState } from './sort';

export interface TableColumn<Row> {
  key: string;
  label: ReactNode;
  /**
   * Width in px (the column keeps it; the table scrolls sideways when they add up past its box), until
   * someone drags its header's edge: that width is kept for them per table (`widthsKey`).
   */
  width?: number;
  sortable?: boolean;
  /** The cell's content; without it the row's value under `key` is shown as text, or the dash when empty. */
  render?: (row: Row, index: number) => ReactNode;
  align?: 'start' | 'center' | 'end';
  /** Cut the cell to one line with an ellipsis (CSS; the full text stays in the DOM). */
  nowrap?: boolean;
  className?: string;
  /**
   * Where the cell goes when the rows are drawn as cards, below 768 px (table.css): a table with any
   * column placed so draws cards there, and leaves the cells of columns without a place off them.
   */
  card?: CardPlace;
  /** A figure's name on a card, which has no header above it ("Revenue"): drawn before the value there only. */
  cardLabel?: string;
}

/**
 * A cell's place on a row drawn as a card: `lead` at the left (a checkbox), `title` and the `detail`
 * lines under it, `badge` and then `figure` at the right, `menu` (the row's RowMenu) at the end. A
 * `flag` is a figure drawn only while it holds an element marked `data-card-flag` (a share past its
 * threshold), under the rest.
 */
export type CardPlace = 'lead' | 'title' | 'detail' | 'badge' | 'figure' | 'flag' | 'menu';

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  /** A stable, unique key per row (its id); selection is expressed in these keys. */
  rowKey: (row: Row, index: number) => string;
  /** Names the table for screen readers. */
  label?: string;
  /**
   * The name the widths people give its columns are kept under (column-widths.ts); `label` by
   * default. Give one when the label changes with what is shown (the scorecard's grouping).
   */
  widthsKey?: string;
  /** Keep the first column in view while the table scrolls sideways (the row's name beside its figures). */
  stickyFirstColumn?: boolean;
  sort?: SortState;
  /** A sortable header was clicked: `next` is nextSort(sort, key). */
  onSort?: (next: SortState, key: string) => void;
  /** A click (or Enter) on a row; clicks on buttons, links and inputs inside the row do not count. */
  onRowClick?: (row: Row, index: number) => void;
  /** Names a row for its checkbox ("Select {name}"); "row N" by default. */
  rowLabel?: (row: Row, index: number) => string;
  /** Adds a checkbox column with a select-all header. */
  selectable?: boolean;
  selectedKeys?: readonly string[];
  onSelectionChange?: (keys: string[]) => void;
  /** Shows an overlay with a spinner over the rows (the rows stay, so the page does not jump). */
  loading?: boolean;
  loadingText?: string;
  /** Shown when there are no rows and nothing is loading. */
  emptyText?: ReactNode;
  rowClassName?: (row: Row, index: number) => string | undefined;
  className?: string;
  /**
   * Draws only the rows from `start` to `end` (inclusive), with blank space of
   * the height of the rows above and below, for a list too long to keep
   * whole in the page (a virtualiser says which: Call Logs' log). Each row
   * drawn carries `data-index`, its place in `rows`, and `rowRef`.
   */
  rowWindow?: RowWindow;
}

export interface RowWindow {
  start: number;
  end: number;
  /** Height in px of the rows not drawn above `start`, and below `end`. */
  before: number;
  after: number;
  rowRef?: (element: HTMLTableRowElement | null) => void;
}

const SELECT_COLUMN_WIDTH = 40;
const INTERACTIVE = 'button, a, input, select, textarea, label, summary, audio, video, [role="button"], [role="menuitem"], [data-row-click-ignore]';

function ariaSort(column: string, sort: SortState | undefined): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.sortBy !== column) return 'none';
  return sort.sortDir === 'asc' ? 'ascending' : 'descending';
}

/**
 * Whether a click on a row is not "open the row": it started on a control
 * inside the row (its own action), or outside the row's DOM altogether (a
 * portalled menu or dialog whose React events bubble through the row).
 */
function notARowClick(event: MouseEvent, row: HTMLElement): boolean {
  if (!(event.target instanceof Element) || !row.contains(event.target)) return true;
  const control = event.target.closest(INTERACTIVE);
  return control !== null && control !== row && row.contains(control);
}

function HeaderCheckbox({ checked, indeterminate, onChange, disabled }: { checked: boolean; indeterminate: boolean; onChange: () => void; disabled: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="cb-table__checkbox"
      aria-label="Select all rows"
      checked={checked}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

/** The classes that put a column's header and cells on a card (table.css). */
function cardClasses(place: CardPlace | undefined): string | undefined {
  return place ? `cb-table__cell--card cb-table__cell--card-${place}` : undefined;
}

/** A figure's name on a card, drawn before it there by table.css (not in the text: the header names it for a screen reader). */
function cardLabelOf<Row>(column: TableColumn<Row>): string | undefined {
  return column.card === 'figure' || column.card === 'flag' ? column.cardLabel : undefined;
}

/** The rows to draw, each with its place in `rows`: all of them, or the window's. */
function drawnRows<Row>(rows: readonly Row[], rowWindow: RowWindow | undefined): Array<[Row, number]> {
  const start = rowWindow ? Math.max(0, rowWindow.start) : 0;
  const end = rowWindow ? Math.min(rows.length - 1, rowWindow.end) : rows.length - 1;
  const drawn: Array<[Row, number]> = [];
  for (let index = start; index <= end; index += 1) drawn.push([rows[index] as Row, index]);
  return drawn;
}

/** The space of rows not drawn: one empty row, hidden from assistive technology, as tall as they are. */
function BlankRow({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr className="cb-table__blank-row" aria-hidden="true" style={{ height }}>
      <td colSpan={columnCount} />
    </tr>
  );
}

/**
 * The scrolling box's own width as `--cb-table-visible-width` on it, for what
 * must fit the visible part of a table wider than its box (the empty state).
 */
function useVisibleWidth(): (element: HTMLDivElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  return (element) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(() => element.style.setProperty('--cb-table-visible-width', `${element.clientWidth}px`));
    observer.current.observe(element);
  };
}

/**
 * A data table: sortable headers (aria-sort), clickable rows, optional row
 * selection, a loading overlay and an empty state. Sorting and selection are
 * controlled by the parent. Every column can be resized from its header's
 * edge (column-resizer.tsx), and a header or cell drawn cut shows its whole
 * text as a tooltip (truncation-title.ts).
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  label,
  sort,
  onSort,
  onRowClick,
  rowLabel,
  selectable = false,
  selectedKeys = [],
  onSelectionChange,
  loading = false,
  loadingText = 'Loading...',
  emptyText = 'No data available',
  rowClassName,
  className,
  rowWindow,
  widthsKey,
  stickyFirstColumn = false,
}: TableProps<Row>) {
  const selected = new Set(selectedKeys);
  const keys = rows.map((row, index) => rowKey(row, index));
  const selectedOnPage = keys.filter((key) => selected.has(key)).length;
  const allSelected = keys.length > 0 && selectedOnPage === keys.length;
  const columnCount = columns.length + (selectable ? 1 : 0);
  const [resized, setResized] = useColumnWidths(widthsKey ?? label);
  // The width being dragged, shown live and stored once the pointer lets go.
  const [dragged, setDragged] = useState<{ key: string; px: number } | null>(null);
  const widthOf = (column: TableColumn<Row>): number => (dragged?.key === column.key ? dragged.px : (resized[column.key] ?? column.width ?? 120));
  const minWidth = columns.reduce((sum, c) => sum + widthOf(c), selectable ? SELECT_COLUMN_WIDTH : 0);
  const scrollRef = useVisibleWidth();
  // A header is named by its label alone, not by its resizer's name too (which its content would add).
  const ids = useId();
  const headerId = (column: TableColumn<Row>) => `${ids}-h-${column.key.replace(/\s/g, '_')}`;
  const resizer = (column: TableColumn<Row>) => (
    <ColumnResizer
      name={typeof column.label === 'string' && column.label !== '' ? column.label : column.key}
      width={widthOf(column)}
      onResize={(px, done) => {
        if (done) {
          setDragged(null);
          setResized(column.key, px);
        } else if (px !== null) setDragged({ key: column.key, px });
      }}
    />
  );
  const cards = columns.some((column) => column.card !== undefined);

  const toggleAll = () => {
    if (!onSelectionChange) return;
    const onPage = new Set(keys);
    onSelectionChange(allSelected ? selectedKeys.filter((key) => !onPage.has(key)) : [...new Set([...selectedKeys, ...keys])]);
  };

  const toggleRow = (key: string) => {
    if (!onSelectionChange) return;
    onSelectionChange(selected.has(key) ? selectedKeys.filter((k) => k !== key) : [...selectedKeys, key]);
  };

  const rowHandlers = (row: Row, index: number) => {
    if (!onRowClick) return {};
    return {
      tabIndex: 0,
      onClick: (event: MouseEvent<HTMLTableRowElement>) => {
        if (!notARowClick(event, event.currentTarget)) onRowClick(row, index);
      },
      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onRowClick(row, index);
        }
      },
    };
  };

  return (
    <div className={['cb-table-wrap', cards && 'cb-table-wrap--cards', className].filter(Boolean).join(' ')} aria-busy={loading || undefined}>
      <div
        className={['cb-table-scroll', stickyFirstColumn && 'cb-table-scroll--sticky-first'].filter(Boolean).join(' ')}
        ref={scrollRef}
        onPointerOver={(event) => titleTruncatedText(event.target)}
        onFocus={(event) => titleTruncatedText(event.target)}
      >
        <table
          className={['cb-table', onRowClick && 'cb-table--clickable', cards && 'cb-table--cards'].filter(Boolean).join(' ')}
          aria-label={label}
          style={{ minWidth }}
        >
          <colgroup>
            {selectable ? <col style={{ width: SELECT_COLUMN_WIDTH }} /> : null}
            {columns.map((column) => (
              <col key={column.key} style={{ width: widthOf(column) }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {selectable ? (
                <th scope="col" className="cb-table__select">
                  <HeaderCheckbox
                    checked={allSelected}
                    indeterminate={selectedOnPage > 0 && !allSelected}
                    onChange={toggleAll}
                    disabled={keys.length === 0}
                  />
                </th>
              ) : null}
              {columns.map((column) => {
                const headerClasses =
                  [column.align && column.align !== 'start' && `cb-table__cell--${column.align}`, cardClasses(column.card)].filter(Boolean).join(' ') ||
                  undefined;
                if (!column.sortable) {
                  return (
                    <th key={column.key} scope="col" aria-labelledby={headerId(column)} className={headerClasses}>
                      <span id={headerId(column)}>{column.label}</span>
                      {resizer(column)}
                    </th>
                  );
                }
                const direction = ariaSort(column.key, sort);
                return (
                  <th key={column.key} scope="col" aria-labelledby={headerId(column)} aria-sort={direction} className={headerClasses}>
                    <button
                      type="button"
                      className={['cb-table__sort', direction !== 'none' && 'cb-table__sort--active'].filter(Boolean).join(' ')}
                      onClick={() => onSort?.(nextSort(sort, column.key), column.key)}
                    >
                      <span id={headerId(column)} className="cb-table__sort-label">
                        {column.label}
                      </span>
                      {direction === 'ascending' ? (
                        <ArrowUpIcon size={13} />
                      ) : direction === 'descending' ? (
                        <ArrowDownIcon size={13} />
                      ) : (
                        <SortIcon size={13} className="cb-table__sort-idle" />
                      )}
                    </button>
                    {resizer(column)}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rowWindow && rowWindow.before > 0 && rows.length > 0 ? <BlankRow height={rowWindow.before} columnCount={columnCount} /> : null}
            {rows.length === 0 ? (
              <tr className="cb-table__empty-row">
                <td colSpan={columnCount} className="cb-table__empty">
                  {/* As wide as the visible box and held in it, so the message stays centred under a table scrolled sideways. */}
                  <div className="cb-table__empty-content">{loading ? null : emptyText}</div>
                </td>
              </tr>
            ) : (
              drawnRows(rows, rowWindow).map(([row, index]) => {
                const key = keys[index] as string;
                const isSelected = selected.has(key);
                const extra = rowClassName?.(row, index);
                return (
                  <tr
                    key={key}
                    className={[isSelected && 'cb-table__row--selected', extra].filter(Boolean).join(' ') || undefined}
                    {...rowHandlers(row, index)}
                    {...(rowWindow ? { 'data-index': index, ref: rowWindow.rowRef } : {})}
                  >
                    {selectable ? (
                      <td className="cb-table__select">
                        <input
                          type="checkbox"
                          className="cb-table__checkbox"
                          aria-label={`Select ${rowLabel ? rowLabel(row, index) : `row ${index + 1}`}`}
                          checked={isSelected}
                          onChange={() => toggleRow(key)}
                        />
                      </td>
                    ) : null}
                    {columns.map((column) => {
                      const classes = [
                        column.align && column.align !== 'start' && `cb-table__cell--${column.align}`,
                        column.nowrap && 'cb-table__cell--nowrap',
                        cardClasses(column.card),
                        column.className,
                      ]
                        .filter(Boolean)
                        .join(' ');
                      return (
                        <td key={column.key} className={classes || undefined} data-card-label={cardLabelOf(column)}>
                          {column.render ? column.render(row, index) : cellText((row as Record<string, unknown>)[column.key])}
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
            {rowWindow && rowWindow.after > 0 && rows.length > 0 ? <BlankRow height={rowWindow.after} columnCount={columnCount} /> : null}
          </tbody>
        </table>
      </div>
      {loading ? (
        <div className="cb-table__overlay">
          <Spinner size="md" decorative />
          <span role="status">{loadingText}</span>
        </div>
      ) : null}
    </div>
  );
}
