/**
 * The provider stack every host mounts once, outside its router: the shell,
 * StandaloneHost (a remote on its own dev server) and the test harness
 * (`@callboard/shared-auth/testing/render-in-host`). Remotes render inside it,
 * so they share the jotai store, the SWR cache, the session keeper, the
 * profile sync and the tab's one live connection.
 */
import { swrFetcher } from '@callboard/shared-auth/api-fetch';
import { tokenAtom, type Store } from '@callboard/shared-auth/session';
import { LiveEventsKeeper } from '@callboard/shared-auth/use-live-events';
import { ProfileSync } from '@callboard/shared-auth/use-profile-sync';
import { SessionKeeper } from '@callboard/shared-auth/use-session-keeper';
import { Provider, useAtomValue } from 'jotai';
import { useEffect, useMemo, type ReactNode } from 'react';
import { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';

/**
 * The app's cache rules as SWR options: data older than 30 s is refetched on
 * mount or when its arguments change; within 30 s the cached answer is reused.
 * Each mount of the providers owns a cache of its own (`provider`), so a test
 * or a second host on the page never reads another's answers.
 */
export function appSwrOptions(store: Store): SWRConfiguration {
  return {
    fetcher: swrFetcher(store),
    provider: () => new Map(),
    dedupingInterval: 30_000,
    revalidateOnFocus: false,
    // A failed request is reported by the screen that made it; SWR retrying a 4xx only repeats the error.
    shouldRetryOnError: false,
    keepPreviousData: true,
  };
}

export interface AppProvidersProps {
  /** The one jotai store of this host, with the session already restored (or seeded, in tests). */
  store: Store;
  /** Default true: keep the tab's live connection (GET /api/events) open while signed in. Test hosts leave it off. */
  live?: boolean;
  /** Default true: ask the server for the signed-in user when a session starts and after a long absence. Test hosts leave it off. */
  profileSync?: boolean;
  children?: ReactNode;
}

export function AppProviders({ store, live = true, profileSync = true, children }: AppProvidersProps) {
  const swrOptions = useMemo(() => appSwrOptions(store), [store]);
  return (
    <Provider store={store}>
      <SWRConfig value={swrOptions}>
        <SessionKeeper />
        {live && <LiveEventsKeeper />}
        {profileSync && <ProfileSync />}
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
