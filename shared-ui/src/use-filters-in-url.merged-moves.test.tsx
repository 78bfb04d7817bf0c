/**
 * The router renders each move of the address as a transition, and React may
 * render two of them at once: the address the filters just wrote and a Back
 * pressed right after it reach the hook in one render, the written one never
 * seen. The router here is held by the test, so it can do exactly that: it
 * takes the written address without rendering it, then renders the Back.
 */
import { act, renderHook } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import { filtersAtom, setSelectionAtom } from './filter-atoms';
import { useFiltersInUrl } from './use-filters-in-url';

const router = {
  location: { pathname: '/reporting', search: '?datePreset=last_30_days', hash: '', state: null, key: 'month' },
  written: [] as string[],
  /** Like the router's own, the same function on every render while the path stays. */
  navigate: (to: { search: string }) => void router.written.push(to.search),
};
jest.mock('@callboard/shared-router', () => ({
  useLocation: () => router.location,
  useNavigate: () => router.navigate,
}));

test('a Back that arrives in the same render as the address the filters wrote shows the view Back went to', () => {
  const store = createStore();
  renderHook(() => useFiltersInUrl('reporting'), {
    wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
  });
  expect(store.get(filtersAtom).datePreset).toBe('last_30_days');

  act(() => store.set(setSelectionAtom, { kind: 'publishers', options: [{ value: '4', label: 'Sun Leads', count: 62 }] }));
  expect(router.written).toEqual(['?datePreset=last_30_days&publisher=4']);

  // Back, before the written address was rendered: the router's next render names the address it had
  // rendered last, so nothing the hook reads from it changes; only the tab's popstate says that it moved.
  act(() => void window.dispatchEvent(new PopStateEvent('popstate')));
  expect(store.get(filtersAtom)).toMatchObject({ publisher: [], publishers: [], datePreset: 'last_30_days' });
  expect(router.written).toHaveLength(1);
});
