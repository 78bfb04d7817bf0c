/**
 * Keeps the session alive while the app is open (docs/decisions/0008-sessions-and-revocation.md): the access token
 * lives 15 minutes and the server ends a session whose refresh cookie goes
 * unused for 30, so a person working all day must never meet an expired token.
 * Also keeps tabs in step: a sign-out or sign-in in one tab happens in all.
 *
 * Mount once, in the host (the shell, or StandaloneHost), inside the jotai Provider.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import {
  TOKEN_STORAGE_KEY,
  clearSession,
  isTokenExpiring,
  readStoredToken,
  restoreSession,
  tokenAtom,
  tokenExpiresAtAtom,
} from '@callboard/shared-auth/session';
import { refreshAccessToken } from '@callboard/shared-auth/token-refresh';

/** Refresh this long before expiry: background tabs run timers late (Chrome aligns them to whole minutes). */
export const REFRESH_LEAD_MS = 60_000;
/** After a refresh that failed without ending the session (network down, 5xx), try again this soon. */
export const REFRESH_RETRY_MS = 15_000;
// setTimeout fires at once for delays past 2^31-1 ms; a token that far out is simply rechecked then.
const MAX_TIMER_MS = 2_147_483_647;

export function useSessionKeeper(): void {
  const store = useStore();
  const token = useAtomValue(tokenAtom, { store });
  const expiresAt = useAtomValue(tokenExpiresAtAtom, { store });

  // One timer per token: a new token (refresh, login, another tab) re-runs this and re-schedules.
  useEffect(() => {
    if (token === null || expiresAt === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = (delay: number) => {
      timer = setTimeout(() => void run(), Math.min(Math.max(delay, 0), MAX_TIMER_MS));
    };
    const run = async () => {
      const ok = await refreshAccessToken(store);
      if (!stopped && !ok && store.get(tokenAtom) === token) schedule(REFRESH_RETRY_MS);
    };
    schedule(expiresAt - REFRESH_LEAD_MS - Date.now());
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [store, token, expiresAt]);

  // A laptop waking up or a tab coming back: timers may have slept through the expiry.
  useEffect(() => {
    const refreshIfDue = () => {
      if (document.visibilityState === 'hidden') return;
      if (store.get(tokenAtom) !== null && isTokenExpiring(store, REFRESH_LEAD_MS)) void refreshAccessToken(store);
    };
    window.addEventListener('focus', refreshIfDue);
    document.addEventListener('visibilitychange', refreshIfDue);
    return () => {
      window.removeEventListener('focus', refreshIfDue);
      document.removeEventListener('visibilitychange', refreshIfDue);
    };
  }, [store]);

  // Other tabs: their saveSession writes the token key, their clearSession clears storage (key null).
  useEffect(() => {
    const followOtherTab = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
      if (event.storageArea !== null && event.storageArea !== localStorage) return;
      const stored = readStoredToken();
      if (stored === store.get(tokenAtom)) return;
      if (stored === null) clearSession(store);
      else restoreSession(store);
    };
    window.addEventListener('storage', followOtherTab);
    return () => window.removeEventListener('storage', followOtherTab);
  }, [store]);
}

/** The same, as an element for hosts that prefer `<SessionKeeper />` in their provider tree. */
export function SessionKeeper(): null {
  useSessionKeeper();
  return null;
}
