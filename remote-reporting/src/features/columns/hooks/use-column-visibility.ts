import { RECORD_COLUMNS, type RecordColumn, type RecordColumnKey } from '@callboard/contract';
import { columnSettingsAtom, settingsShowing, visibleColumnKeys } from '@callboard/shared-ui/record-columns-atom';
import { useAtom } from 'jotai';
import { useCallback, useMemo } from 'react';

export interface ColumnVisibility {
  /** Every column of the records table in order, `visible` set from the saved choice. */
  columns: RecordColumn[];
  visibleColumns: RecordColumn[];
  isVisible: (key: RecordColumnKey) => boolean;
  /** Saves exactly these columns as the visible ones. */
  setVisible: (keys: Iterable<RecordColumnKey>) => void;
  toggle: (key: RecordColumnKey) => void;
}

/**
 * Which records columns are shown, saved in localStorage so the choice
 * survives a reload. Headless: the Columns modal and the table both read it,
 * and so does Copy JSON (it copies the visible columns). The atom lives in
 * shared-ui, where the shell's Views menu reads and sets it too.
 */
export function useColumnVisibility(): ColumnVisibility {
  const [settings, setSettings] = useAtom(columnSettingsAtom);

  const columns = useMemo(() => {
    const shown = new Set(visibleColumnKeys(settings));
    return RECORD_COLUMNS.map((column) => ({ ...column, visible: shown.has(column.key) }));
  }, [settings]);
  const visibleColumns = useMemo(() => columns.filter((column) => column.visible), [columns]);

  const isVisible = useCallback((key: RecordColumnKey) => visibleColumnKeys(settings).includes(key), [settings]);

  const setVisible = useCallback(
    (keys: Iterable<RecordColumnKey>) => setSettings(settingsShowing(keys)),
    [setSettings],
  );

  const toggle = useCallback(
    (key: RecordColumnKey) => {
      setSettings((previous) => {
        const shown = visibleColumnKeys(previous);
        return settingsShowing(shown.includes(key) ? shown.filter((k) => k !== key) : [...shown, key]);
      });
    },
    [setSettings],
  );

  return { columns, visibleColumns, isVisible, setVisible, toggle };
}
