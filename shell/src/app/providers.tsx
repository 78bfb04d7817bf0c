import { swrFetcher } from '@callboard/shared-auth/api-fetch';
import { useSessionKeeper } from '@callboard/shared-auth/use-session-keeper';
import { tokenAtom } from '@callboard/shared-auth/session';
import { Provider, useAtomValue } from 'jotai';
import type { createStore } from 'jotai/vanilla';
import { useEffect, type ReactNode } from 'react';
import { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';

type Store = ReturnType<typeof createStore>;

/**
 * Spec §7's cache rules as SWR options: data older than 30 s is refetched on
 * mount or when its arguments change; within 30 s the cached answer is reused.
 * Remotes render inside these providers, so they share the store and the cache.
 */
export function swrOptions(store: Store): SWRConfiguration {
  return {
    fetcher: swrFetcher(store),
    dedupingInterval: 30_000,
    revalidateOnFocus: false,
    // A failed request is reported by the screen that made it; SWR retrying a 4xx only repeats the error.
    shouldRetryOnError: false,
    keepPreviousData: true,
  };
}

export function AppProviders({ store, children }: { store: Store; children: ReactNode }) {
  return (
    <Provider store={store}>
      <SWRConfig value={swrOptions(store)}>
        <SessionKeeper />
        <ForgetDataOnSignOut />
        {children}
      </SWRConfig>
    </Provider>
  );
}

/**
 * Drops every cached answer when the session ends (logout, a 401, another tab),
 * so the next person to sign in on this tab never sees the previous one's data.
 */
function ForgetDataOnSignOut() {
  const token = useAtomValue(tokenAtom);
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (token === null) void mutate(() => true, undefined, { revalidate: false });
  }, [token, mutate]);
  return null;
}

/** Refreshes the access token ahead of its expiry, so a working person is never signed out. */
function SessionKeeper() {
  useSessionKeeper();
  return null;
}
