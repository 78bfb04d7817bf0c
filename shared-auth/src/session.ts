/**
 * The session: who is signed in, their access token, and whether
 * the session is still being restored. The atoms are the only source of truth;
 * localStorage is a copy so a reload or another tab can pick the session up.
 *
 * Every function takes the jotai store explicitly: the shell creates one store
 * and passes it down, tests create a fresh one each, and nothing here keeps
 * module-level state that two bundles could disagree about.
 */
import type { AuthPayload, PublicUser } from '@callboard/contract';
import { atom } from 'jotai';
import type { createStore } from 'jotai';

export type Store = ReturnType<typeof createStore>;

/** The localStorage key of the token; the user is kept beside it. */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';

export const userAtom = atom<PublicUser | null>(null);
export const tokenAtom = atom<string | null>(null);
/** Authenticated means a token exists, nothing more. */
export const isAuthenticatedAtom = atom((get) => get(tokenAtom) !== null);
/** True until restoreSession has run, and while a login is pending. */
export const isLoadingAtom = atom(true);

/**
 * How far the server's clock is ahead of ours, in ms, learnt from the last
 * login/refresh (`exp` is server time, `expiresIn` is relative). Without it a
 * browser whose clock is off by minutes would refresh on every request or too late.
 */
export const clockSkewAtom = atom(0);

/** When the access token expires, on this browser's clock (ms since epoch), or null if unknown. */
export const tokenExpiresAtAtom = atom((get) => {
  const token = get(tokenAtom);
  const exp = token ? decodeTokenExpiry(token) : null;
  return exp === null ? null : exp - get(clockSkewAtom);
});

/**
 * The refresh in flight, shared by every caller of this store so concurrent
 * requests trigger one refresh (the refresh token rotates: a second concurrent
 * use of the same cookie would be rejected as a replay). Wrapped in an object
 * so jotai stores the promise as a plain value instead of treating it as async state.
 */
export const refreshInFlightAtom = atom<{ promise: Promise<boolean> } | null>(null);

/** The `exp` claim of a JWT in ms since epoch (server clock), or null when the token is not a readable JWT. */
export function decodeTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const binary = atob(base64);
    // Claims may hold non-ASCII text (a user's name); decode the bytes as UTF-8 where possible.
    const json =
      typeof TextDecoder === 'undefined'
        ? binary
        : new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** True when the token expires within `marginMs` (or already has). Unknown expiry counts as fresh: the server decides. */
export function isTokenExpiring(store: Store, marginMs: number, now = Date.now()): boolean {
  const expiresAt = store.get(tokenExpiresAtAtom);
  return expiresAt !== null && expiresAt - now <= marginMs;
}

/** The token another tab (or an earlier page load) left in storage. */
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * At start the token and user come back from storage if present;
 * anything unreadable clears the stored auth so the next start is clean.
 * Ends with isLoading false whatever happened.
 */
export function restoreSession(store: Store): void {
  try {
    const token = localStorage.getItem(TOKEN_STORAGE_KEY);
    const rawUser = localStorage.getItem(USER_STORAGE_KEY);
    if (token === null && rawUser === null) {
      setSignedOut(store);
    } else if (!adoptStoredSession(store)) {
      // Half a session (a token without its user or the reverse) is as unusable as bad JSON.
      throw new Error('Stored session is incomplete or unreadable');
    }
  } catch {
    removeStoredAuth();
    setSignedOut(store);
  }
  store.set(isLoadingAtom, false);
}

/**
 * Takes the session found in storage into the atoms, if it is complete and
 * readable; returns whether it did. Leaves isLoading and storage alone, so it
 * also serves to follow another tab's login or refresh.
 */
export function adoptStoredSession(store: Store): boolean {
  try {
    const token = localStorage.getItem(TOKEN_STORAGE_KEY);
    const rawUser = localStorage.getItem(USER_STORAGE_KEY);
    if (!token || rawUser === null) return false;
    const user: unknown = JSON.parse(rawUser);
    if (!isUserLike(user)) return false;
    store.set(userAtom, user);
    store.set(tokenAtom, token);
    return true;
  } catch {
    return false;
  }
}

/** Stores a fresh login/refresh result in the atoms and in localStorage. */
export function saveSession(store: Store, payload: Pick<AuthPayload, 'token' | 'user'> & { expiresIn?: number }): void {
  const { token, user, expiresIn } = payload;
  const exp = decodeTokenExpiry(token);
  if (exp !== null && typeof expiresIn === 'number' && Number.isFinite(expiresIn)) {
    store.set(clockSkewAtom, exp - (Date.now() + expiresIn * 1000));
  }
  store.set(userAtom, user);
  store.set(tokenAtom, token);
  try {
    // The user first: other tabs react to the token key and then read both.
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage full or disabled: the session still works in this tab, it just won't survive a reload.
  }
}

/**
 * After the signed-in person's own account changed (they renamed themselves),
 * the header and other tabs show the new details. Anyone else's account is ignored.
 */
export function updateSessionUser(store: Store, user: PublicUser): void {
  const current = store.get(userAtom);
  if (!current || current.id !== user.id) return;
  store.set(userAtom, user);
  try {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Storage unavailable: this tab still shows the new details.
  }
}

/** Logout: user and token cleared, and local and session storage cleared too. */
export function clearSession(store: Store): void {
  setSignedOut(store);
  store.set(isLoadingAtom, false);
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage unavailable: nothing was persisted there either.
  }
}

function setSignedOut(store: Store): void {
  store.set(tokenAtom, null);
  store.set(userAtom, null);
  // clockSkewAtom stays: it describes this machine's clock, not the person.
}

/** A failed restore only drops the auth keys: ui and filter preferences are not the session's to wipe. */
function removeStoredAuth(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}

function isUserLike(value: unknown): value is PublicUser {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
