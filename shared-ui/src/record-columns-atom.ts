/**
 * Which columns of Reporting's records table are shown, kept in localStorage.
 * Here rather than in the reporting remote because the shell's Views menu
 * reads it (a saved view keeps the visible columns) and sets it (opening a view
 * that has columns): both must hold the same atom, and the shell never imports
 * a remote.
 */
import { RECORD_COLUMN_KEYS, type RecordColumnKey } from '@callboard/contract';
import { persistedAtom, storedRecord } from './persisted-atom';

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

/** The shown columns' keys, in the table's order. */
export function visibleColumnKeys(settings: ColumnSettings): RecordColumnKey[] {
  return RECORD_COLUMN_KEYS.filter((key) => !settings.hidden.includes(key));
}

/** Settings showing exactly `keys` (unknown keys are ignored): every other column is hidden. */
export function settingsShowing(keys: Iterable<string>): ColumnSettings {
  const shown = new Set(keys);
  return { hidden: RECORD_COLUMN_KEYS.filter((key) => !shown.has(key)) };
}
