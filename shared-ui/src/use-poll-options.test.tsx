import { act, renderHook, waitFor } from '@testing-library/react';
import { callsChangedAtom, liveStatusAtom, type LiveStatus } from '@callboard/shared-auth/live-status';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { autoRefreshAtom, refreshIntervalAtom } from '@callboard/shared-ui/ui-atoms';
import { LIVE_REVALIDATE_MIN_GAP_MS, usePollOptions } from './use-poll-options';

function storeWith(autoRefresh: boolean, interval: number, live: LiveStatus = 'polling') {
  localStorage.clear();
  const store = createStore();
  store.set(autoRefreshAtom, autoRefresh);
  store.set(refreshIntervalAtom, interval);
  store.set(liveStatusAtom, live);
  return store;
}

function optionsWith(autoRefresh: boolean, interval: number, live: LiveStatus = 'polling') {
  const store = storeWith(autoRefresh, interval, live);
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { refreshInterval, dedupingInterval } = renderHook(() => usePollOptions(), { wrapper }).result.current;
  return dedupingInterval === undefined ? { refreshInterval } : { refreshInterval, dedupingInterval };
}

test('no polling while Auto Refresh is off', () => {
  expect(optionsWith(false, 5000)).toEqual({ refreshInterval: 0 });
});

test('a 5 s or 15 s interval is not swallowed by the 30 s deduping window', () => {
  expect(optionsWith(true, 5000)).toEqual({ refreshInterval: 5000, dedupingInterval: 2500 });
  expect(optionsWith(true, 15_000)).toEqual({ refreshInterval: 15_000, dedupingInterval: 7500 });
  expect(optionsWith(true, 120_000)).toEqual({ refreshInterval: 120_000, dedupingInterval: 30_000 });
});

test('no timer while the live stream is open', () => {
  expect(optionsWith(true, 5000, 'live')).toEqual({ refreshInterval: 0 });
});

function renderFollowing(autoRefresh: boolean, live: LiveStatus) {
  const store = storeWith(autoRefresh, 5000, live);
  let fetches = 0;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 30_000 }}>{children}</SWRConfig>
    </Provider>
  );
  renderHook(() => useSWR('stats', async () => ++fetches, usePollOptions()), { wrapper });
  const change = () =>
    act(() => {
      const seq = (store.get(callsChangedAtom)?.seq ?? 0) + 1;
      store.set(callsChangedAtom, { seq, change: { inserted: 1, updated: 0, newestCallTimestamp: null } });
    });
  return { store, change, fetches: () => fetches };
}

test('while live and on, a change to the calls refetches, at most once per gap', async () => {
  const view = renderFollowing(true, 'live');
  await waitFor(() => expect(view.fetches()).toBe(1));
  view.change();
  await waitFor(() => expect(view.fetches()).toBe(2));
  // Two more at once: one refetch when the gap is over, not two.
  view.change();
  view.change();
  await new Promise((r) => setTimeout(r, LIVE_REVALIDATE_MIN_GAP_MS + 200));
  expect(view.fetches()).toBe(3);
});

test('with Auto Refresh off, or the stream down, a change refetches nothing', async () => {
  for (const [autoRefresh, live] of [[false, 'live'], [true, 'polling']] as const) {
    const view = renderFollowing(autoRefresh, live);
    await waitFor(() => expect(view.fetches()).toBe(1));
    view.change();
    await new Promise((r) => setTimeout(r, 50));
    expect(view.fetches()).toBe(1);
  }
});
