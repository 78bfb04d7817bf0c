/**
 * Which columns of Reporting's records table are shown, kept in localStorage.
 * Here rather than in the reporting remote because the shell's Views menu
 * reads it (a saved view keeps the visible columns) and sets it (opening a view
 * that has columns): both must hold the same atom, and the shell never imports
 * a remote.
 */
import { RECORD_COLUMNS, type RecordColumnKey } from '@callboard/contract';
import { choiceShowing, sanitizeColumnChoice, shownColumnKeys, type ColumnChoice } from './column-choice';
import { persistedAtom } from './persisted-atom';

/** One key per table (react-admin's habit), so another table's choice can never leak into this one. */
export const COLUMNS_STORAGE_KEY = 'callboard.reporting.records.columns';

/** The spec's columns the reader hid, and the ones off by default (money, connected, repeat) they turned on. */
export type ColumnSettings = ColumnChoice<RecordColumnKey>;

/** Whatever storage held, as settings naming only columns that exist. */
export function sanitizeColumnSettings(stored: unknown): ColumnSettings {
  return sanitizeColumnChoice(stored, RECORD_COLUMNS);
}

export const columnSettingsAtom = persistedAtom<ColumnSettings>(COLUMNS_STORAGE_KEY, sanitizeColumnSettings);

/** The shown columns' keys, in the table's order. */
export function visibleColumnKeys(settings: ColumnSettings): RecordColumnKey[] {
  return shownColumnKeys(settings, RECORD_COLUMNS);
}

/** Settings showing exactly `keys` (unknown keys are ignored): every other column is hidden. */
export function settingsShowing(keys: Iterable<string>): ColumnSettings {
  return choiceShowing(keys, RECORD_COLUMNS);
}
