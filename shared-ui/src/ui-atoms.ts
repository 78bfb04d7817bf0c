/**
 * The UI state (sidebar, theme, auto refresh, refresh interval), persisted as
 * one object in localStorage so it survives a reload and follows other tabs.
 * Each piece is its own atom so a component re-renders only for what it reads.
 * The spec's notification list is UI state too, but the server keeps it
 * (per person, GET /api/notifications), so it is held in memory only, beside
 * this module in notification-atoms.ts: only the signed-in frame reads it, and
 * /login (which loads this one) has no room for it.
 */
import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { persistedAtom, storedRecord } from './persisted-atom';

export const UI_STORAGE_KEY = 'callboard.ui';
export const DEFAULT_REFRESH_INTERVAL_MS = 15_000;

export type Theme = 'dark' | 'light';
export const THEMES: readonly Theme[] = ['dark', 'light'];

export interface UiState {
  sidebarOpen: boolean;
  theme: Theme;
  autoRefresh: boolean;
  refreshInterval: number;
}

export const DEFAULT_UI_STATE: UiState = {
  sidebarOpen: true,
  theme: 'dark',
  autoRefresh: false,
  refreshInterval: DEFAULT_REFRESH_INTERVAL_MS,
};

/** A positive whole number of milliseconds, from a number or numeric text; undefined for anything else. */
export function parseRefreshInterval(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const ms = Number(value);
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms) : undefined;
}

/**
 * Whatever storage held, as a valid UiState: each unreadable field falls back
 * to its default, and fields of older versions are dropped: among them a
 * notifications list, which is now the server's (notification-atoms.ts) and
 * must not stay in a shared browser's storage for the next person.
 */
export function sanitizeUiState(stored: unknown): UiState {
  const s = storedRecord(stored);
  return {
    sidebarOpen: typeof s.sidebarOpen === 'boolean' ? s.sidebarOpen : DEFAULT_UI_STATE.sidebarOpen,
    theme: THEMES.includes(s.theme as Theme) ? (s.theme as Theme) : DEFAULT_UI_STATE.theme,
    autoRefresh: typeof s.autoRefresh === 'boolean' ? s.autoRefresh : DEFAULT_UI_STATE.autoRefresh,
    refreshInterval: parseRefreshInterval(s.refreshInterval) ?? DEFAULT_UI_STATE.refreshInterval,
  };
}

/** The whole persisted UI object. Prefer the focused atoms below. */
export const uiStateAtom = persistedAtom<UiState>(UI_STORAGE_KEY, sanitizeUiState);

type Updater<T> = T | ((previous: T) => T);

function apply<T>(update: Updater<T>, previous: T): T {
  return typeof update === 'function' ? (update as (previous: T) => T)(previous) : update;
}

export const sidebarOpenAtom = atom(
  (get) => get(uiStateAtom).sidebarOpen,
  (get, set, update: Updater<boolean>) => {
    set(uiStateAtom, (ui) => ({ ...ui, sidebarOpen: apply(update, ui.sidebarOpen) }));
  },
);

export const toggleSidebarAtom = atom(null, (get, set) => {
  set(sidebarOpenAtom, (open) => !open);
});

/** Anything but 'dark' or 'light' is ignored. */
export const themeAtom = atom(
  (get) => get(uiStateAtom).theme,
  (get, set, theme: Theme) => {
    if (!THEMES.includes(theme)) return;
    set(uiStateAtom, (ui) => (ui.theme === theme ? ui : { ...ui, theme }));
  },
);

export const toggleThemeAtom = atom(null, (get, set) => {
  set(themeAtom, get(themeAtom) === 'dark' ? 'light' : 'dark');
});

export const autoRefreshAtom = atom(
  (get) => get(uiStateAtom).autoRefresh,
  (get, set, update: Updater<boolean>) => {
    set(uiStateAtom, (ui) => ({ ...ui, autoRefresh: apply(update, ui.autoRefresh) }));
  },
);

/**
 * Milliseconds between auto-refresh polls. A value that is not a positive
 * number (NaN, '', 'abc', 0, -5) is ignored and the old one kept.
 * Numeric text ('30000', from a <select>) is accepted.
 */
export const refreshIntervalAtom = atom(
  (get) => get(uiStateAtom).refreshInterval,
  (get, set, value: number | string) => {
    const ms = parseRefreshInterval(value);
    if (ms === undefined) return;
    set(uiStateAtom, (ui) => (ui.refreshInterval === ms ? ui : { ...ui, refreshInterval: ms }));
  },
);

/** SWR's refreshInterval: the interval while auto refresh is on, 0 (no polling) otherwise. */
export const pollIntervalAtom = atom((get) => (get(autoRefreshAtom) ? get(refreshIntervalAtom) : 0));

/** What one key does, as the keyboard shortcuts overlay (shortcuts-overlay.tsx) lists it. */
export interface ShortcutEntry {
  readonly description: string;
}

/**
 * A key map: each KeyboardEvent.key a component handles → what it does. The
 * component's key handler reads the same object it registers, so the overlay
 * cannot list a key the handler does not know, nor miss one it does.
 */
export type ShortcutMap = Readonly<Record<string, ShortcutEntry>>;

/**
 * The key maps of what is on the screen now, one entry per mounted component
 * that registered one (useScreenShortcuts). Kept here, beside the other UI
 * atoms, because every remote already imports this module: a new shared-ui
 * module would add to each remote's 10 KB remoteEntry.js (docs/decisions/0011-bundle-budgets.md).
 */
export const screenShortcutsAtom = atom<readonly { readonly keys: ShortcutMap }[]>([]);

/** Lists `keys` in the shortcuts overlay while the calling component is mounted. */
export function useScreenShortcuts(keys: ShortcutMap): void {
  const setShortcuts = useSetAtom(screenShortcutsAtom);
  useEffect(() => {
    // An entry of its own, so two mounts of one map are two registrations and each unmount removes its own.
    const entry = { keys };
    setShortcuts((all) => [...all, entry]);
    return () => setShortcuts((all) => all.filter((other) => other !== entry));
  }, [keys, setShortcuts]);
}
