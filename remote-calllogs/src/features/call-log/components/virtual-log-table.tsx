/**
 * The log's table, drawing only the rows in view (and a few either side):
 * a reviewer who has scrolled through 10,000 calls keeps a few dozen rows in
 * the page, so scrolling, re-rendering and the browser's layout cost the same
 * as on the first page. @tanstack/react-virtual says which rows are in view;
 * the shared Table draws them between blank space as tall as the rest
 * (TableProps.rowWindow), so the page keeps one scroll bar, the header stays
 * sticky and the rows stay rows of one table for screen readers.
 *
 * The page scrolls in its host's box — the shell's <main>, or the document
 * when the remote runs on its own — so the virtualiser follows whichever of
 * those holds the table (scroll-parent.ts), counting the page above the
 * table as its scroll margin.
 */
import { Table, type RowWindow, type TableProps } from '@callboard/shared-ui/table';
import { useVirtualizer, useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { scrollParentOf, topWithin } from '../hooks/scroll-parent';

/** A row's height in px before it is measured (call-log.css: 34 px cells and a 1 px rule). */
export const LOG_ROW_HEIGHT = 35;
/** Rows drawn beyond each edge of the view, so a quick flick shows rows, not blank space. */
export const LOG_ROWS_OVERSCAN = 10;

export interface VirtualLogTableProps<Row> extends Omit<TableProps<Row>, 'rowWindow'> {
  /** The row the keyboard is on: brought into view when it changes, and given the focus once drawn. */
  focusIndex: number | null;
}

/** What the table needs of a virtualiser, over a window or an element alike. */
interface RowVirtualizer {
  getVirtualItems(): VirtualItem[];
  getTotalSize(): number;
  measureElement(element: HTMLTableRowElement | null): void;
  scrollToIndex(index: number, options: { align: 'auto' }): void;
}

export function VirtualLogTable<Row>(props: VirtualLogTableProps<Row>) {
  const box = useRef<HTMLDivElement>(null);
  // Known after the first layout: until then nothing is drawn (the box has no place in the page yet).
  const [scroller, setScroller] = useState<Element | Window | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    if (box.current) setScroller(scrollParentOf(box.current));
  }, []);
  // Where the rows begin in the scrolled box: the page's header above the table. Measured again as rows come
  // (a first page, a marker of new calls); a few pixels off would only move which rows are drawn ahead.
  const rowCount = props.rows.length;
  useLayoutEffect(() => {
    const body = box.current?.querySelector('tbody');
    if (!body || !scroller) return;
    const top = topWithin(body, scroller);
    if (Math.abs(top - scrollMargin) >= 1) setScrollMargin(top);
  }, [scroller, rowCount, scrollMargin]);
  return (
    <div ref={box}>
      {scroller === null ? null : scroller instanceof Element ? (
        <RowsInElement {...props} scroller={scroller} scrollMargin={scrollMargin} />
      ) : (
        <RowsInWindow {...props} scrollMargin={scrollMargin} />
      )}
    </div>
  );
}

interface PlacedProps<Row> extends VirtualLogTableProps<Row> {
  scrollMargin: number;
}

function virtualizerOptions<Row>({ rows, rowKey, scrollMargin }: PlacedProps<Row>) {
  return {
    count: rows.length,
    estimateSize: () => LOG_ROW_HEIGHT,
    overscan: LOG_ROWS_OVERSCAN,
    scrollMargin,
    // Keyed by call, so rows arriving on top keep every measured row's height with its call.
    getItemKey: (index: number) => rowKey(rows[index] as Row, index),
    // A row not laid out (jsdom) measures 0: it keeps its estimate rather than collapsing the list.
    measureElement: (element: Element) => element.getBoundingClientRect().height || LOG_ROW_HEIGHT,
  };
}

function RowsInElement<Row>(props: PlacedProps<Row> & { scroller: Element }) {
  const { scroller } = props;
  // The React Compiler does not build this code (webpack compiles with ts-loader), so nothing memoizes around the virtualiser.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<Element, HTMLTableRowElement>({ ...virtualizerOptions(props), getScrollElement: () => scroller });
  return <WindowedTable {...props} virtualizer={virtualizer} />;
}

function RowsInWindow<Row>(props: PlacedProps<Row>) {
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>(virtualizerOptions(props));
  return <WindowedTable {...props} virtualizer={virtualizer} />;
}

function WindowedTable<Row>({ virtualizer, focusIndex, scrollMargin, ...table }: PlacedProps<Row> & { virtualizer: RowVirtualizer }) {
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const rowWindow: RowWindow = {
    start: first?.index ?? 0,
    end: last?.index ?? -1,
    before: first ? first.start - scrollMargin : 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0,
    rowRef: (element) => virtualizer.measureElement(element),
  };

  // The keyboard's row, once it changes: scrolled to when it is not drawn, then focused when it is.
  const wrapper = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const drawn = focusIndex !== null && focusIndex >= rowWindow.start && focusIndex <= rowWindow.end;
  useLayoutEffect(() => {
    // Before the first rows are placed (end -1) there is nothing to scroll yet, nor a row the keyboard left.
    if (focusIndex === null || drawn || rowWindow.end < 0) return;
    pendingFocus.current = focusIndex;
    virtualizer.scrollToIndex(focusIndex, { align: 'auto' });
    // Only a change of the focus row scrolls; the rows drawn after the scroll are read on the next render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusIndex]);
  useLayoutEffect(() => {
    const index = pendingFocus.current;
    if (index === null || index !== focusIndex) return;
    const row = wrapper.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (!row) return;
    pendingFocus.current = null;
    row.focus({ preventScroll: true });
  });

  return (
    <div ref={wrapper}>
      <Table {...table} rowWindow={rowWindow} />
    </div>
  );
}
