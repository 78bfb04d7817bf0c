/**
 * The UI state of spec §3 (sidebar, theme, auto refresh, refresh interval,
 * notifications), persisted as one object in localStorage (DESIGN §5).
 * Each piece is its own atom so a component re-renders only for what it reads.
 */
import { atom } from 'jotai';
import { persistedAtom, storedRecord } from './persisted-atom';

export const UI_STORAGE_KEY = 'callboard.ui';
export const DEFAULT_REFRESH_INTERVAL_MS = 15_000;
export const NOTIFICATIONS_CAP = 200;

export type Theme = 'dark' | 'light';
export const THEMES: readonly Theme[] = ['dark', 'light'];

export type NotificationType = 'success' | 'error' | 'info' | 'warning';

export interface UiNotification {
  id: string;
  message: string;
  type: NotificationType;
  /** ISO 8601 instant. */
  createdAt: string;
  read: boolean;
}

export interface UiState {
  sidebarOpen: boolean;
  theme: Theme;
  autoRefresh: boolean;
  refreshInterval: number;
  /** Newest first; at most NOTIFICATIONS_CAP, the oldest dropped. */
  notifications: UiNotification[];
}

export const DEFAULT_UI_STATE: UiState = {
  sidebarOpen: true,
  theme: 'dark',
  autoRefresh: false,
  refreshInterval: DEFAULT_REFRESH_INTERVAL_MS,
  notifications: [],
};

const NOTIFICATION_TYPES: readonly NotificationType[] = ['success', 'error', 'info', 'warning'];

/** A positive whole number of milliseconds, from a number or numeric text; undefined for anything else. */
export function parseRefreshInterval(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const ms = Number(value);
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms) : undefined;
}

function isNotification(value: unknown): value is UiNotification {
  const n = storedRecord(value);
  return (
    typeof n.id === 'string' &&
    typeof n.message === 'string' &&
    NOTIFICATION_TYPES.includes(n.type as NotificationType) &&
    typeof n.createdAt === 'string' &&
    typeof n.read === 'boolean'
  );
}

/** Whatever storage held, as a valid UiState: each unreadable field falls back to its default. */
export function sanitizeUiState(stored: unknown): UiState {
  const s = storedRecord(stored);
  return {
    sidebarOpen: typeof s.sidebarOpen === 'boolean' ? s.sidebarOpen : DEFAULT_UI_STATE.sidebarOpen,
    theme: THEMES.includes(s.theme as Theme) ? (s.theme as Theme) : DEFAULT_UI_STATE.theme,
    autoRefresh: typeof s.autoRefresh === 'boolean' ? s.autoRefresh : DEFAULT_UI_STATE.autoRefresh,
    refreshInterval: parseRefreshInterval(s.refreshInterval) ?? DEFAULT_UI_STATE.refreshInterval,
    notifications: Array.isArray(s.notifications)
      ? s.notifications.filter(isNotification).slice(0, NOTIFICATIONS_CAP)
      : DEFAULT_UI_STATE.notifications,
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
 * Milliseconds between auto-refresh polls. Spec §4: a value that is not a
 * positive number (NaN, '', 'abc', 0, -5) is ignored and the old one kept.
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

export const notificationsAtom = atom((get) => get(uiStateAtom).notifications);

export const unreadNotificationCountAtom = atom((get) => get(notificationsAtom).filter((n) => !n.read).length);

export interface NewNotification {
  message: string;
  type?: NotificationType;
}

let sequence = 0;

function notificationId(): string {
  sequence += 1;
  return `${Date.now().toString(36)}-${sequence.toString(36)}`;
}

/** Adds a notification on top; past NOTIFICATIONS_CAP the oldest are dropped (spec §4). Returns the new one. */
export const addNotificationAtom = atom(null, (get, set, input: NewNotification): UiNotification => {
  const notification: UiNotification = {
    id: notificationId(),
    message: input.message,
    type: input.type ?? 'info',
    createdAt: new Date().toISOString(),
    read: false,
  };
  set(uiStateAtom, (ui) => ({ ...ui, notifications: [notification, ...ui.notifications].slice(0, NOTIFICATIONS_CAP) }));
  return notification;
});

export const markNotificationsReadAtom = atom(null, (get, set) => {
  set(uiStateAtom, (ui) =>
    ui.notifications.every((n) => n.read) ? ui : { ...ui, notifications: ui.notifications.map((n) => (n.read ? n : { ...n, read: true })) },
  );
});

export const removeNotificationAtom = atom(null, (get, set, id: string) => {
  set(uiStateAtom, (ui) => ({ ...ui, notifications: ui.notifications.filter((n) => n.id !== id) }));
});

export const clearNotificationsAtom = atom(null, (get, set) => {
  set(uiStateAtom, (ui) => (ui.notifications.length === 0 ? ui : { ...ui, notifications: [] }));
});
