/**
 * Keeps the signed-in user (the header's name and avatar, the admin gate's role) as the server has it,
 * not as the sign-in answer or another tab's storage left it: GET /api/auth/profile once when a session
 * starts in this tab (a sign-in, a session restored at page load or taken from another tab), and once
 * when the person comes back after a long absence, when an admin may have renamed them meanwhile. An
 * account deactivated or deleted meanwhile answers 401, which signs out through apiFetch's 401 rule.
 *
 * Mounted once by AppProviders, inside the jotai Provider; test hosts leave it off unless a test is about it.
 */
import { API_PATHS, type ApiSuccess, type PublicUser } from '@callboard/contract';
import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { apiFetch } from '@callboard/shared-auth/api-fetch';
import { isAuthenticatedAtom, tokenAtom, updateSessionUser, userAtom, type Store } from '@callboard/shared-auth/session';

/**
 * How long the tab must have been hidden (or the window out of focus) before coming back asks again.
 * While the tab is in use the token refresh, every 14 minutes, brings the user back with it; what it can
 * miss is a change made while the person was away, and five minutes is long enough that glancing at
 * another tab costs no request, short enough that someone back from a meeting sees their current name.
 */
export const PROFILE_RECHECK_AFTER_AWAY_MS = 5 * 60_000;

/**
 * Asks the server who is signed in and puts the answer in the session. An answer is dropped when the
 * session's user changed while it was on its way (a token refresh, a profile save, another tab, a new
 * sign-in): that change is at least as fresh. Any failure but a 401 leaves the session as it was.
 */
export async function syncProfile(store: Store): Promise<void> {
  if (store.get(tokenAtom) === null) return;
  const before = store.get(userAtom);
  try {
    const answer = await apiFetch<Partial<ApiSuccess<PublicUser>> | null>(store, API_PATHS.profile);
    const user = answer?.data;
    if (store.get(userAtom) !== before || !user || typeof user !== 'object') return;
    updateSessionUser(store, user);
  } catch {
    // A 401 has already signed out (apiFetch); a network failure or a 5xx changes nothing, the next trigger asks again.
  }
}

export function useProfileSync(): void {
  const store = useStore();
  const signedIn = useAtomValue(isAuthenticatedAtom, { store });

  // Once per session start: a new token of the same session (a refresh, another tab's) is not one.
  useEffect(() => {
    if (signedIn) void syncProfile(store);
  }, [store, signedIn]);

  useEffect(() => {
    let awaySince: number | null = document.visibilityState === 'hidden' ? Date.now() : null;
    const leave = () => {
      awaySince ??= Date.now();
    };
    // Coming back fires both visibilitychange and focus: the first one asks, the second finds nothing to do.
    const comeBack = () => {
      if (awaySince === null) return;
      const away = Date.now() - awaySince;
      awaySince = null;
      if (away >= PROFILE_RECHECK_AFTER_AWAY_MS) void syncProfile(store);
    };
    const onVisibilityChange = () => (document.visibilityState === 'hidden' ? leave() : comeBack());
    window.addEventListener('blur', leave);
    window.addEventListener('focus', comeBack);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', comeBack);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [store]);
}

/** The same, as an element for AppProviders' tree. */
export function ProfileSync(): null {
  useProfileSync();
  return null;
}
