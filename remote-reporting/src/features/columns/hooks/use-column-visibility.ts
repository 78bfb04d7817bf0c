import { RECORD_COLUMNS, type RecordColumn, type RecordColumnKey } from '@callboard/contract';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { columnSettingsAtom, settingsShowing, visibleColumnKeys } from '@callboard/shared-ui/record-columns-atom';
import { useAtom } from 'jotai';
import { useCallback, useMemo } from 'react';

export interface ColumnVisibility {
  /** Every column of the records table the person may see, in order, `visible` set from the saved choice. */
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
 * A column the person may not see (a partner's money, counterparty, caller id or texts: screen-access.ts)
 * is neither offered nor shown, whatever the saved choice or an opened view says.
 */
export function useColumnVisibility(): ColumnVisibility {
  const [settings, setSettings] = useAtom(columnSettingsAtom);
  const { seesField } = useScreenAccess();

  const columns = useMemo(() => {
    const shown = new Set(visibleColumnKeys(settings));
    return RECORD_COLUMNS.filter((column) => seesField(column.key)).map((column) => ({ ...column, visible: shown.has(column.key) }));
  }, [settings, seesField]);
  const visibleColumns = useMemo(() => columns.filter((column) => column.visible), [columns]);

  const isVisible = useCallback((key: RecordColumnKey) => seesField(key) && visibleColumnKeys(settings).includes(key), [settings, seesField]);

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
