import { atom, type WritableAtom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';

export type Sanitize<Value> = (stored: unknown) => Value;

type SetStateAction<Value> = Value | ((previous: Value) => Value);

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frame): the state then lives in memory only.
    return undefined;
  }
}

/** What is stored under `key`, passed through `sanitize`; whatever cannot be read gives `sanitize(undefined)`. */
export function readPersisted<Value>(key: string, sanitize: Sanitize<Value>): Value {
  let stored: unknown;
  try {
    const text = storage()?.getItem(key);
    stored = text == null ? undefined : JSON.parse(text);
  } catch {
    stored = undefined;
  }
  return sanitize(stored);
}

function writePersisted(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: keep working from memory.
  }
}

export interface PersistedAtomOptions<Value> {
  /** What is written for a value, when storage keeps more than the atom (e.g. lists derived from it). */
  toStored?: (value: Value) => unknown;
  /**
   * Whether another tab's write replaces this tab's value (true by default). Off, storage keeps the
   * last value any tab wrote (what a new tab starts from) while each open tab keeps its own.
   */
  followOtherTabs?: boolean;
}

/**
 * A JSON value kept in localStorage under `key`.
 *
 * Unlike jotai's atomWithStorage, the stored value is read when a store first
 * reads the atom (not when the module loads), so every store (one per test, the
 * app's one) starts from what storage holds at that moment; and it always goes
 * through `sanitize`, so a value written by an older version, or edited by hand,
 * can never put the app in a state its types do not allow. Another tab's change
 * arrives through the `storage` event while the atom is mounted, unless
 * `followOtherTabs` is false; storage cleared by another tab (its logout)
 * always brings the atom back to its default.
 */
export function persistedAtom<Value>(
  key: string,
  sanitize: Sanitize<Value>,
  options: PersistedAtomOptions<Value> = {},
): WritableAtom<Value, [SetStateAction<Value>], void> {
  const { toStored = (value: Value): unknown => value, followOtherTabs = true } = options;
  const valueAtom = atomWithLazy(() => readPersisted(key, sanitize));
  const persisted = atom(
    (get) => get(valueAtom),
    (get, set, action: SetStateAction<Value>) => {
      const next = typeof action === 'function' ? (action as (previous: Value) => Value)(get(valueAtom)) : action;
      if (Object.is(next, get(valueAtom))) return;
      set(valueAtom, next);
      writePersisted(key, toStored(next));
    },
  );
  valueAtom.onMount = (setValue) => {
    if (typeof window === 'undefined') return undefined;
    const onStorage = (event: StorageEvent) => {
      if (followOtherTabs && event.key === key && event.storageArea === storage()) setValue(readPersisted(key, sanitize));
      // localStorage.clear() (logout in another tab) reports key null.
      if (event.key === null && event.storageArea === storage()) setValue(sanitize(undefined));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  };
  return persisted;
}

/** A plain object read from storage, or an empty one: sanitizers read fields from it without type checks failing. */
export function storedRecord(stored: unknown): Record<string, unknown> {
  return stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
}
