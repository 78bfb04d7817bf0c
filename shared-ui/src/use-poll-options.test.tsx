import { renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import type { ReactNode } from 'react';
import { autoRefreshAtom, refreshIntervalAtom } from '@callboard/shared-ui/ui-atoms';
import { usePollOptions } from './use-poll-options';

function optionsWith(autoRefresh: boolean, interval: number) {
  localStorage.clear();
  const store = createStore();
  store.set(autoRefreshAtom, autoRefresh);
  store.set(refreshIntervalAtom, interval);
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => usePollOptions(), { wrapper }).result.current;
}

test('no polling while Auto Refresh is off', () => {
  expect(optionsWith(false, 5000)).toEqual({ refreshInterval: 0 });
});

test('a 5 s or 15 s interval is not swallowed by the 30 s deduping window', () => {
  expect(optionsWith(true, 5000)).toEqual({ refreshInterval: 5000, dedupingInterval: 2500 });
  expect(optionsWith(true, 15_000)).toEqual({ refreshInterval: 15_000, dedupingInterval: 7500 });
  expect(optionsWith(true, 120_000)).toEqual({ refreshInterval: 120_000, dedupingInterval: 30_000 });
});
