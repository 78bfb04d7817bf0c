import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from '@callboard/shared-router';
import { Provider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import { DEFAULT_FILTERS, FILTERS_STORAGE_KEY, filtersAtom, setPageAtom, setSelectionAtom, updateFiltersAtom } from './filter-atoms';
import { columnSettingsAtom, visibleColumnKeys } from './record-columns-atom';
import { useFiltersInUrl, type DefaultView } from './use-filters-in-url';

const SOLAR = { value: '7', label: 'Solar', count: 120 };

/** The hook under a router at `url`, reporting the address, how it was reached, and a navigate to step through history. */
function renderAt(url: string, area: 'reporting' | 'callLogs' = 'reporting', store = createStore(), defaultView: DefaultView = null) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </Provider>
  );
  const { result, rerender } = renderHook(
    ({ view }: { view: DefaultView }) => {
      const ready = useFiltersInUrl(area, view);
      const location = useLocation();
      return { ready, url: `${location.pathname}${location.search}`, type: useNavigationType(), navigate: useNavigate() };
    },
    { wrapper, initialProps: { view: defaultView } },
  );
  return { store, result, filters: () => store.get(filtersAtom), setDefaultView: (view: DefaultView) => rerender({ view }) };
}

beforeEach(() => localStorage.clear());

test('a URL naming a view shows exactly that view, and stays as it was given (no history step)', () => {
  const { result, filters } = renderAt('/reporting?datePreset=last_7_days&campaign=7&page=2&sortDir=asc');
  expect(filters()).toMatchObject({ datePreset: 'last_7_days', campaign: ['7'], page: 2, sortDir: 'asc' });
  expect(filters().campaigns).toEqual([{ value: '7', label: '7', count: 0 }]);
  expect(result.current.url).toBe('/reporting?datePreset=last_7_days&campaign=7&page=2&sortDir=asc');
  expect(result.current.type).toBe('POP');
  expect(result.current.ready).toBe(true);
});

test('not ready on the first render, while the filters are still the stored ones', () => {
  localStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify({ ...DEFAULT_FILTERS, datePreset: 'yesterday' }));
  const store = createStore();
  const seen: { ready: boolean; preset: string }[] = [];
  renderHook(() => seen.push({ ready: useFiltersInUrl('reporting'), preset: store.get(filtersAtom).datePreset }), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <Provider store={store}>
        <MemoryRouter initialEntries={['/reporting?datePreset=last_30_days']}>{children}</MemoryRouter>
      </Provider>
    ),
  });
  expect(seen[0]).toEqual({ ready: false, preset: 'yesterday' });
  expect(seen.at(-1)).toEqual({ ready: true, preset: 'last_30_days' });
  expect(seen.filter((render) => render.ready).every((render) => render.preset === 'last_30_days')).toBe(true);
});

test('a bare address restores the last used filters and writes them in with replace', () => {
  localStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify({ ...DEFAULT_FILTERS, datePreset: 'yesterday', search: '555' }));
  const { result, filters } = renderAt('/callLogs', 'callLogs');
  expect(filters()).toMatchObject({ datePreset: 'yesterday', search: '555' });
  expect(result.current.url).toBe('/callLogs?datePreset=yesterday&search=555');
  expect(result.current.type).toBe('REPLACE');
});

describe("the person's default view", () => {
  const DEFAULT_VIEW = { query: 'datePreset=last_30_days&status=Sales&sortBy=status', columns: ['callTimestamp', 'status'] };

  beforeEach(() => localStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify({ ...DEFAULT_FILTERS, datePreset: 'yesterday', search: '555' })));

  test('a bare address opens it instead of the last used filters, columns and all, and writes it in with replace', () => {
    const { result, filters, store } = renderAt('/reporting', 'reporting', createStore(), DEFAULT_VIEW);
    expect(filters()).toMatchObject({ datePreset: 'last_30_days', status: ['Sales'], sortBy: 'status', search: '' });
    expect(result.current).toMatchObject({ ready: true, url: '/reporting?datePreset=last_30_days&sortBy=status&status=Sales', type: 'REPLACE' });
    expect(visibleColumnKeys(store.get(columnSettingsAtom))).toEqual(['callTimestamp', 'status']);
  });

  test('a default with an empty query opens the default filters', () => {
    const { result, filters } = renderAt('/callLogs', 'callLogs', createStore(), { query: '', columns: null });
    expect(filters()).toMatchObject({ datePreset: 'today', search: '' });
    expect(result.current.url).toBe('/callLogs?datePreset=today');
  });

  test('until the server has said whether there is one, a bare address waits: not ready, the address untouched', () => {
    const { result, filters, setDefaultView } = renderAt('/reporting', 'reporting', createStore(), 'unknown');
    expect(result.current).toMatchObject({ ready: false, url: '/reporting' });
    setDefaultView(DEFAULT_VIEW);
    expect(filters()).toMatchObject({ datePreset: 'last_30_days', status: ['Sales'] });
    expect(result.current).toMatchObject({ ready: true, url: '/reporting?datePreset=last_30_days&sortBy=status&status=Sales' });
  });

  test('no default, or none known after a failed read, keeps the last used filters', () => {
    const { result, setDefaultView } = renderAt('/reporting', 'reporting', createStore(), 'unknown');
    setDefaultView(null);
    expect(result.current).toMatchObject({ ready: true, url: '/reporting?datePreset=yesterday&search=555' });
  });

  test('an address naming a view shows that view, not the default; nor does a later change of the default move it', () => {
    const { result, filters, setDefaultView } = renderAt('/reporting?datePreset=this_week', 'reporting', createStore(), 'unknown');
    expect(result.current).toMatchObject({ ready: true, url: '/reporting?datePreset=this_week' });
    setDefaultView(DEFAULT_VIEW);
    expect(filters()).toMatchObject({ datePreset: 'this_week', status: [] });
    expect(result.current.url).toBe('/reporting?datePreset=this_week');
  });

  test('arriving again at the bare address (the sidebar) opens it again', () => {
    const { result, filters } = renderAt('/reporting?datePreset=this_week', 'reporting', createStore(), DEFAULT_VIEW);
    act(() => void result.current.navigate('/reporting'));
    expect(filters()).toMatchObject({ datePreset: 'last_30_days', status: ['Sales'] });
    expect(result.current.url).toBe('/reporting?datePreset=last_30_days&sortBy=status&status=Sales');
  });
});

test('changing a filter, or the page, pushes a history entry; Back and Forward step through the views', () => {
  const { result, store, filters } = renderAt('/reporting?datePreset=today');
  act(() => store.set(setSelectionAtom, { kind: 'campaigns', options: [SOLAR] }));
  expect(result.current).toMatchObject({ url: '/reporting?campaign=7&datePreset=today', type: 'PUSH' });
  act(() => store.set(setPageAtom, 2));
  expect(result.current).toMatchObject({ url: '/reporting?campaign=7&datePreset=today&page=2', type: 'PUSH' });

  act(() => void result.current.navigate(-1));
  expect(result.current.url).toBe('/reporting?campaign=7&datePreset=today');
  expect(filters()).toMatchObject({ campaigns: [SOLAR], page: 1 });
  act(() => void result.current.navigate(-1));
  expect(result.current.url).toBe('/reporting?datePreset=today');
  expect(filters()).toEqual(DEFAULT_FILTERS);
  act(() => void result.current.navigate(1));
  // Forward again: the view comes back; its ids are labelled by themselves until the pickers name them.
  expect(result.current.url).toBe('/reporting?campaign=7&datePreset=today');
  expect(filters()).toMatchObject({ campaigns: [{ value: '7', label: '7', count: 0 }], campaign: ['7'], page: 1 });
});

test('a change outside the area\'s view (the page on Call Logs) leaves the address alone', () => {
  const { result, store } = renderAt('/callLogs?datePreset=today', 'callLogs');
  act(() => store.set(setPageAtom, 3));
  expect(result.current).toMatchObject({ url: '/callLogs?datePreset=today', type: 'POP' });
  act(() => store.set(updateFiltersAtom, { connected: 'false' }));
  expect(result.current).toMatchObject({ url: '/callLogs?connected=false&datePreset=today', type: 'PUSH' });
});

test('moving within the area keeps the view; arriving at a bare sub-page writes it in', () => {
  const { result, filters } = renderAt('/reporting?datePreset=yesterday');
  act(() => void result.current.navigate('/reporting/calls/12?datePreset=yesterday'));
  expect(filters().datePreset).toBe('yesterday');
  act(() => void result.current.navigate('/reporting/costs'));
  expect(result.current).toMatchObject({ url: '/reporting/costs?datePreset=yesterday', type: 'REPLACE' });
  expect(filters().datePreset).toBe('yesterday');
});
