import { RECORD_COLUMN_KEYS, RECORD_COLUMNS, type RecordColumn, type RecordColumnKey } from '@callboard/contract';
import { persistedAtom, storedRecord } from '@callboard/shared-ui/persisted-atom';
import { useAtom } from 'jotai';
import { useCallback, useMemo } from 'react';

/** One key per table (react-admin's habit), so another table's choice can never leak into this one. */
export const COLUMNS_STORAGE_KEY = 'callboard.reporting.records.columns';

export interface ColumnSettings {
  /**
   * The hidden columns, not the visible ones: a column added in a later
   * version then shows up for everybody instead of being hidden by old settings.
   */
  hidden: RecordColumnKey[];
}

/** Whatever storage held, as settings naming only columns that exist. */
export function sanitizeColumnSettings(stored: unknown): ColumnSettings {
  const { hidden } = storedRecord(stored);
  const known = new Set<string>(RECORD_COLUMN_KEYS);
  return {
    hidden: Array.isArray(hidden) ? [...new Set(hidden.filter((key): key is RecordColumnKey => typeof key === 'string' && known.has(key)))] : [],
  };
}

export const columnSettingsAtom = persistedAtom<ColumnSettings>(COLUMNS_STORAGE_KEY, sanitizeColumnSettings);

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
 * and so does Copy JSON (it copies the visible columns).
 */
export function useColumnVisibility(): ColumnVisibility {
  const [settings, setSettings] = useAtom(columnSettingsAtom);

  const columns = useMemo(() => {
    const hidden = new Set(settings.hidden);
    return RECORD_COLUMNS.map((column) => ({ ...column, visible: !hidden.has(column.key) }));
  }, [settings]);
  const visibleColumns = useMemo(() => columns.filter((column) => column.visible), [columns]);

  const isVisible = useCallback((key: RecordColumnKey) => !settings.hidden.includes(key), [settings]);

  const setVisible = useCallback(
    (keys: Iterable<RecordColumnKey>) => {
      const shown = new Set(keys);
      setSettings({ hidden: RECORD_COLUMN_KEYS.filter((key) => !shown.has(key)) });
    },
    [setSettings],
  );

  const toggle = useCallback(
    (key: RecordColumnKey) => {
      setSettings((previous) => ({
        hidden: previous.hidden.includes(key) ? previous.hidden.filter((k) => k !== key) : [...previous.hidden, key],
      }));
    },
    [setSettings],
  );

  return { columns, visibleColumns, isVisible, setVisible, toggle };
}
