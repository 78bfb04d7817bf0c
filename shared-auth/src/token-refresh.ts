/**
 * Swapping the refresh cookie for a new access token (access tokens are
 * short-lived; the refresh cookie, scoped to /api/auth, rotates on every use).
 *
 * The refresh token works once, so two uses of the same cookie race and the
 * loser is refused as a replay. Hence: one refresh in flight per store (shared
 * by every caller), one per browser across tabs (Web Locks where available),
 * and before giving up on a refused refresh we look for the token another tab
 * won, instead of signing everyone out.
 */
import { API_PATHS, viewAsPath, type ApiSuccess, type AuthPayload } from '@callboard/contract';
import { ApiError } from '@callboard/shared-auth/api-error';
import { sendRequest } from '@callboard/shared-auth/http-request';
import {
  adoptStoredSession,
  clearSession,
  isTokenExpiring,
  readStoredToken,
  refreshInFlightAtom,
  saveSession,
  tokenAtom,
  userAtom,
  type Store,
} from '@callboard/shared-auth/session';

/** A request about to leave with a token this close to expiry refreshes it first. */
export const REFRESH_BEFORE_SEND_MS = 30_000;
const CROSS_TAB_LOCK = 'callboard-auth-refresh';

/**
 * POST /api/auth/refresh and keep the new token. Concurrent callers share one
 * request. Resolves true when a usable token is in place afterwards; a 401
 * (the session has ended) signs the user out, any other failure leaves the
 * session as it was and resolves false.
 */
export function refreshAccessToken(store: Store): Promise<boolean> {
  const inFlight = store.get(refreshInFlightAtom);
  if (inFlight) return inFlight.promise;
  const entry = { promise: runRefresh(store) };
  store.set(refreshInFlightAtom, entry);
  const release = () => {
    if (store.get(refreshInFlightAtom) === entry) store.set(refreshInFlightAtom, null);
  };
  entry.promise.then(release, release);
  return entry.promise;
}

/** Refreshes first when the token is expired or about to be, so the request that follows is not refused. */
export async function ensureFreshToken(store: Store): Promise<void> {
  if (store.get(tokenAtom) !== null && isTokenExpiring(store, REFRESH_BEFORE_SEND_MS)) {
    await refreshAccessToken(store);
  }
}

async function runRefresh(store: Store): Promise<boolean> {
  const startedWith = store.get(tokenAtom);
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') {
    return locks.request(CROSS_TAB_LOCK, () => refreshOnce(store, startedWith));
  }
  return refreshOnce(store, startedWith);
}

async function refreshOnce(store: Store, startedWith: string | null): Promise<boolean> {
  // While we waited for the lock another tab may already have refreshed.
  if (tookNewerSession(store, startedWith)) return true;
  // An admin viewing as a partner: the refresh answers the admin's own token (contract/src/partners.ts).
  const viewingAs = store.get(userAtom)?.viewAsBy ? store.get(userAtom)?.id : undefined;
  try {
    const { data } = await sendRequest<ApiSuccess<AuthPayload> | null>(
      API_PATHS.refresh,
      { method: 'POST' },
      store.get(tokenAtom),
    );
    const payload = data?.data;
    if (!payload?.token || !payload.user) return false;
    saveSession(store, viewingAs === undefined ? payload : await reenterViewAs(viewingAs, payload));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (tookNewerSession(store, startedWith)) return true;
      // Sign out only the session that was refused, never one started meanwhile (a new login).
      const current = store.get(tokenAtom);
      if (current !== null && current === startedWith) clearSession(store);
    }
    return false;
  }
}

/**
 * The partner's view again, started with the admin's fresh token, so the screens (and the request waiting
 * on this refresh) go on reading as the partner. If it cannot be (the partner was deactivated meanwhile),
 * the admin's own session: the view-as banner goes with it.
 */
async function reenterViewAs(partnerId: string, own: AuthPayload): Promise<AuthPayload> {
  try {
    const { data } = await sendRequest<ApiSuccess<AuthPayload> | null>(viewAsPath(partnerId), { method: 'POST' }, own.token);
    const payload = data?.data;
    return payload?.token && payload.user?.viewAsBy ? payload : own;
  } catch {
    return own;
  }
}

/** True when a token other than `startedWith`, not about to expire, is now in the store or in storage (put there by another tab). */
function tookNewerSession(store: Store, startedWith: string | null): boolean {
  const fresh = () => !isTokenExpiring(store, REFRESH_BEFORE_SEND_MS);
  const current = store.get(tokenAtom);
  if (current !== null && current !== startedWith && fresh()) return true;
  const stored = readStoredToken();
  if (stored === null || stored === startedWith || stored === current) return false;
  return adoptStoredSession(store) && fresh();
}
