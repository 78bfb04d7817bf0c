import { createStore } from 'jotai';
import {
  DEFAULT_UI_STATE,
  UI_STORAGE_KEY,
  autoRefreshAtom,
  pollIntervalAtom,
  refreshIntervalAtom,
  sidebarOpenAtom,
  themeAtom,
  toggleSidebarAtom,
  toggleThemeAtom,
  type Theme,
} from './ui-atoms';

let store: ReturnType<typeof createStore>;

beforeEach(() => {
  localStorage.clear();
  store = createStore();
});

const stored = () => JSON.parse(localStorage.getItem(UI_STORAGE_KEY) ?? 'null');

test('defaults: sidebar open, dark, auto refresh off, 15000 ms', () => {
  expect(store.get(sidebarOpenAtom)).toBe(true);
  expect(store.get(themeAtom)).toBe('dark');
  expect(store.get(autoRefreshAtom)).toBe(false);
  expect(store.get(refreshIntervalAtom)).toBe(15000);
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
    expect(stored()).toMatchObject({ theme: 'light', sidebarOpen: false, autoRefresh: true, refreshInterval: 30000 });
    const next = createStore();
    expect(next.get(themeAtom)).toBe('light');
    expect(next.get(sidebarOpenAtom)).toBe(false);
    expect(next.get(refreshIntervalAtom)).toBe(30000);
  });

  test('unreadable stored fields fall back to defaults', () => {
    localStorage.setItem(UI_STORAGE_KEY, JSON.stringify({ theme: 'neon', sidebarOpen: 'yes', refreshInterval: 'fast', autoRefresh: true, notifications: [{ bogus: 1 }] }));
    expect(createStore().get(themeAtom)).toBe(DEFAULT_UI_STATE.theme);
    const next = createStore();
    expect(next.get(sidebarOpenAtom)).toBe(true);
    expect(next.get(refreshIntervalAtom)).toBe(15000);
    expect(next.get(autoRefreshAtom)).toBe(true);
  });

  test('an object saved by an older version, with its notifications list, still loads', () => {
    const older = { sidebarOpen: false, theme: 'light', autoRefresh: true, refreshInterval: 30000, notifications: [{ id: 'a', message: 'Filters applied', type: 'info', createdAt: '2026-01-01T00:00:00.000Z', read: false }] };
    localStorage.setItem(UI_STORAGE_KEY, JSON.stringify(older));
    const next = createStore();
    expect(next.get(sidebarOpenAtom)).toBe(false);
    expect(next.get(themeAtom)).toBe('light');
    expect(next.get(pollIntervalAtom)).toBe(30000);
  });

  test('a change made in another tab arrives through the storage event', () => {
    const unsubscribe = store.sub(themeAtom, () => {});
    localStorage.setItem(UI_STORAGE_KEY, JSON.stringify({ ...DEFAULT_UI_STATE, theme: 'light' }));
    window.dispatchEvent(new StorageEvent('storage', { key: UI_STORAGE_KEY, storageArea: localStorage }));
    expect(store.get(themeAtom)).toBe('light');
    unsubscribe();
  });
});
