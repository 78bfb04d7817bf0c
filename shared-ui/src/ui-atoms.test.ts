import { createStore } from 'jotai';
import {
  DEFAULT_UI_STATE,
  NOTIFICATIONS_CAP,
  UI_STORAGE_KEY,
  addNotificationAtom,
  autoRefreshAtom,
  clearNotificationsAtom,
  markNotificationsReadAtom,
  notificationsAtom,
  pollIntervalAtom,
  refreshIntervalAtom,
  sidebarOpenAtom,
  themeAtom,
  toggleSidebarAtom,
  toggleThemeAtom,
  unreadNotificationCountAtom,
  type Theme,
} from './ui-atoms';

let store: ReturnType<typeof createStore>;

beforeEach(() => {
  localStorage.clear();
  store = createStore();
});

const stored = () => JSON.parse(localStorage.getItem(UI_STORAGE_KEY) ?? 'null');

test('defaults of spec §3: sidebar open, dark, auto refresh off, 15000 ms, no notifications', () => {
  expect(store.get(sidebarOpenAtom)).toBe(true);
  expect(store.get(themeAtom)).toBe('dark');
  expect(store.get(autoRefreshAtom)).toBe(false);
  expect(store.get(refreshIntervalAtom)).toBe(15000);
  expect(store.get(notificationsAtom)).toEqual([]);
  expect(store.get(pollIntervalAtom)).toBe(0);
});

describe('refresh interval', () => {
  test.each([[Number.NaN], [''], ['abc'], ['12abc'], [0], [-5000], [Number.POSITIVE_INFINITY], [null as unknown as number]])(
    'ignores %j and keeps the old value',
    (value) => {
      store.set(refreshIntervalAtom, 30000);
      store.set(refreshIntervalAtom, value);
      expect(store.get(refreshIntervalAtom)).toBe(30000);
    },
  );

  test('takes numbers and numeric text', () => {
    store.set(refreshIntervalAtom, '60000');
    expect(store.get(refreshIntervalAtom)).toBe(60000);
    store.set(refreshIntervalAtom, 5000);
    expect(store.get(refreshIntervalAtom)).toBe(5000);
  });

  test('polls at the interval only while auto refresh is on', () => {
    store.set(refreshIntervalAtom, 20000);
    store.set(autoRefreshAtom, true);
    expect(store.get(pollIntervalAtom)).toBe(20000);
    store.set(autoRefreshAtom, (on) => !on);
    expect(store.get(pollIntervalAtom)).toBe(0);
  });
});

describe('notifications', () => {
  test('newest first, capped at 200 with the oldest dropped', () => {
    for (let i = 1; i <= NOTIFICATIONS_CAP + 5; i += 1) store.set(addNotificationAtom, { message: `n${i}`, type: 'success' });
    const list = store.get(notificationsAtom);
    expect(NOTIFICATIONS_CAP).toBe(200);
    expect(list).toHaveLength(200);
    expect(list[0]?.message).toBe('n205');
    expect(list[199]?.message).toBe('n6');
    expect(list.some((n) => n.message === 'n5')).toBe(false);
    expect(new Set(list.map((n) => n.id)).size).toBe(200);
  });

  test('unread count, mark read, clear', () => {
    store.set(addNotificationAtom, { message: 'Filters applied' });
    store.set(addNotificationAtom, { message: 'Row copied!', type: 'success' });
    expect(store.get(notificationsAtom)[1]).toMatchObject({ message: 'Filters applied', type: 'info', read: false });
    expect(store.get(unreadNotificationCountAtom)).toBe(2);
    store.set(markNotificationsReadAtom);
    expect(store.get(unreadNotificationCountAtom)).toBe(0);
    store.set(clearNotificationsAtom);
    expect(store.get(notificationsAtom)).toEqual([]);
  });
});

describe('sidebar and theme', () => {
  test('toggles', () => {
    store.set(toggleSidebarAtom);
    expect(store.get(sidebarOpenAtom)).toBe(false);
    store.set(toggleThemeAtom);
    expect(store.get(themeAtom)).toBe('light');
    store.set(themeAtom, 'sepia' as Theme);
    expect(store.get(themeAtom)).toBe('light');
  });
});

describe('persistence', () => {
  test('every change is written to localStorage as one object and read back by a new store', () => {
    expect(localStorage.getItem(UI_STORAGE_KEY)).toBeNull();
    store.set(themeAtom, 'light');
    store.set(sidebarOpenAtom, false);
    store.set(autoRefreshAtom, true);
    store.set(refreshIntervalAtom, 30000);
    store.set(addNotificationAtom, { message: 'Filters reset' });
    expect(stored()).toMatchObject({ theme: 'light', sidebarOpen: false, autoRefresh: true, refreshInterval: 30000 });
    expect(stored().notifications).toHaveLength(1);
    const next = createStore();
    expect(next.get(themeAtom)).toBe('light');
    expect(next.get(sidebarOpenAtom)).toBe(false);
    expect(next.get(refreshIntervalAtom)).toBe(30000);
    expect(next.get(notificationsAtom)[0]?.message).toBe('Filters reset');
  });

  test('unreadable stored fields fall back to defaults', () => {
    localStorage.setItem(UI_STORAGE_KEY, JSON.stringify({ theme: 'neon', sidebarOpen: 'yes', refreshInterval: 'fast', autoRefresh: true, notifications: [{ bogus: 1 }] }));
    expect(createStore().get(themeAtom)).toBe(DEFAULT_UI_STATE.theme);
    const next = createStore();
    expect(next.get(sidebarOpenAtom)).toBe(true);
    expect(next.get(refreshIntervalAtom)).toBe(15000);
    expect(next.get(autoRefreshAtom)).toBe(true);
    expect(next.get(notificationsAtom)).toEqual([]);
  });

  test('a change made in another tab arrives through the storage event', () => {
    const unsubscribe = store.sub(themeAtom, () => {});
    localStorage.setItem(UI_STORAGE_KEY, JSON.stringify({ ...DEFAULT_UI_STATE, theme: 'light' }));
    window.dispatchEvent(new StorageEvent('storage', { key: UI_STORAGE_KEY, storageArea: localStorage }));
    expect(store.get(themeAtom)).toBe('light');
    unsubscribe();
  });
});
