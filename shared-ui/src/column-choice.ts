/**
 * Which columns of a table the reader shows, as kept in localStorage: the
 * columns that differ from the table's defaults. Reporting's records
 * (record-columns-atom.ts) and Call Logs keep their choice this way.
 */
import { storedRecord } from './persisted-atom';

/** A table's column as far as the choice goes: its key, and whether it is shown until the reader chooses. */
export interface ChoosableColumn<Key extends string> {
  key: Key;
  visible: boolean;
}

export interface ColumnChoice<Key extends string> {
  /**
   * Columns shown by default that the reader turned off. The hidden ones rather
   * than the visible ones: a default column added in a later version then shows up
   * for everybody instead of being hidden by old settings.
   */
  hidden: Key[];
  /** Columns off by default (money, connected, repeat) that the reader turned on; absent in settings older than them. */
  shown?: Key[];
}

function knownKeys<Key extends string>(value: unknown, known: ReadonlySet<string>): Key[] {
  return Array.isArray(value) ? [...new Set(value.filter((key): key is Key => typeof key === 'string' && known.has(key)))] : [];
}

/** Whatever storage held, as a choice naming only columns that exist, each once, on the side it can be on. */
export function sanitizeColumnChoice<Key extends string>(stored: unknown, columns: readonly ChoosableColumn<Key>[]): ColumnChoice<Key> {
  const { hidden, shown } = storedRecord(stored);
  return {
    hidden: knownKeys<Key>(hidden, new Set(columns.filter((c) => c.visible).map((c) => c.key))),
    shown: knownKeys<Key>(shown, new Set(columns.filter((c) => !c.visible).map((c) => c.key))),
  };
}

export function isColumnShown<Key extends string>(choice: ColumnChoice<Key>, column: ChoosableColumn<Key>): boolean {
  return column.visible ? !choice.hidden.includes(column.key) : (choice.shown ?? []).includes(column.key);
}

/** The shown columns' keys, in the table's order. */
export function shownColumnKeys<Key extends string>(choice: ColumnChoice<Key>, columns: readonly ChoosableColumn<Key>[]): Key[] {
  return columns.filter((column) => isColumnShown(choice, column)).map((column) => column.key);
}

/** The choice showing exactly `keys` (unknown keys are ignored): every other column is off. */
export function choiceShowing<Key extends string>(keys: Iterable<string>, columns: readonly ChoosableColumn<Key>[]): ColumnChoice<Key> {
  const wanted = new Set(keys);
  return {
    hidden: columns.filter((c) => c.visible && !wanted.has(c.key)).map((c) => c.key),
    shown: columns.filter((c) => !c.visible && wanted.has(c.key)).map((c) => c.key),
  };
}
