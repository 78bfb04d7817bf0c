/**
 * Headless row selection (after react-admin's useRecordSelection): the
 * selected ids and the ways to change them, with no markup. Shift ranges
 * follow the mail-client convention: a shift-toggle gives every row between
 * the previous toggle (the anchor) and this one the state the clicked row
 * takes, so one can select and unselect runs of rows alike.
 */
import { useCallback, useMemo, useRef, useState } from 'react';

export interface ToggleOptions {
  /** Apply to the whole run from the anchor (shift-click, shift+x). */
  range?: boolean;
}

export interface RowSelectionActions {
  /** Makes exactly these ids the selection (select all, select none). */
  select: (ids: readonly string[]) => void;
  toggle: (id: string, options?: ToggleOptions) => void;
  clear: () => void;
}

/**
 * `orderedIds` are the rows in the order shown; ranges are taken from it.
 * The selection keeps its own order (the order rows were picked).
 */
export function useRowSelection(orderedIds: readonly string[]): [string[], RowSelectionActions] {
  const [selected, setSelected] = useState<string[]>([]);
  const anchor = useRef<string | null>(null);
  // The toggle reads the latest rows without changing identity on every page load.
  const order = useRef(orderedIds);
  order.current = orderedIds;

  const select = useCallback((ids: readonly string[]) => {
    setSelected([...new Set(ids)]);
    anchor.current = null;
  }, []);

  const clear = useCallback(() => {
    setSelected([]);
    anchor.current = null;
  }, []);

  const toggle = useCallback((id: string, { range = false }: ToggleOptions = {}) => {
    const from = anchor.current;
    anchor.current = id;
    setSelected((current) => {
      const isSelected = current.includes(id);
      const run = range && from !== null ? idsBetween(order.current, from, id) : null;
      if (!run) return isSelected ? current.filter((x) => x !== id) : [...current, id];
      // The run takes the state the clicked row goes to.
      if (isSelected) {
        const leaving = new Set(run);
        return current.filter((x) => !leaving.has(x));
      }
      const have = new Set(current);
      return [...current, ...run.filter((x) => !have.has(x))];
    });
  }, []);

  const actions = useMemo(() => ({ select, toggle, clear }), [select, toggle, clear]);
  return [selected, actions];
}

/** The ids from `a` to `b` inclusive in `order`, whichever comes first; null when either is not there. */
export function idsBetween(order: readonly string[], a: string, b: string): string[] | null {
  const i = order.indexOf(a);
  const j = order.indexOf(b);
  if (i === -1 || j === -1) return null;
  return order.slice(Math.min(i, j), Math.max(i, j) + 1);
}
