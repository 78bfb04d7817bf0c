/**
 * The column widths people set by dragging a header's edge (column-resizer.tsx),
 * kept in localStorage per table, like the records' column choice
 * (record-columns-atom.ts): `{ [table]: { [column]: px } }`. A column nobody
 * resized keeps the width its table gives it, so a later default still
 * reaches everyone who never touched it.
 */
import { useAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { persistedAtom, storedRecord } from './persisted-atom';

export const COLUMN_WIDTHS_STORAGE_KEY = 'callboard.table.widths';
export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 800;

export type ColumnWidths = Record<string, Record<string, number>>;

/** A width a column may have: whole pixels from MIN_COLUMN_WIDTH to MAX_COLUMN_WIDTH. */
export function clampColumnWidth(px: number): number {
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(px)));
}

/** Whatever storage held, as widths in range for named tables and columns; anything else is dropped. */
export function sanitizeColumnWidths(stored: unknown): ColumnWidths {
  const widths: ColumnWidths = {};
  for (const [table, columns] of Object.entries(storedRecord(stored))) {
    const kept = Object.entries(storedRecord(columns)).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
    );
    if (kept.length > 0) widths[table] = Object.fromEntries(kept.map(([column, px]) => [column, clampColumnWidth(px)]));
  }
  return widths;
}

export const columnWidthsAtom = persistedAtom<ColumnWidths>(COLUMN_WIDTHS_STORAGE_KEY, sanitizeColumnWidths);

const NONE: Record<string, number> = {};

function withWidth(widths: Record<string, number>, column: string, px: number | null): Record<string, number> {
  const { [column]: _old, ...others } = widths;
  return px === null ? others : { ...others, [column]: clampColumnWidth(px) };
}

/**
 * One table's resized widths and a setter (`null` forgets a column's, back to
 * its default). A table without a name is resized for as long as it is shown.
 */
export function useColumnWidths(table: string | undefined): [Record<string, number>, (column: string, px: number | null) => void] {
  const [all, setAll] = useAtom(columnWidthsAtom);
  const [unnamed, setUnnamed] = useState<Record<string, number>>(NONE);
  const setWidth = useCallback(
    (column: string, px: number | null) => {
      if (table === undefined) setUnnamed((previous) => withWidth(previous, column, px));
      else setAll((previous) => ({ ...previous, [table]: withWidth(previous[table] ?? NONE, column, px) }));
    },
    [table, setAll],
  );
  return [table === undefined ? unnamed : (all[table] ?? NONE), setWidth];
}
