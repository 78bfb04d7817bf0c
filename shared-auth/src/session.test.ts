import { createStore } from 'jotai/vanilla';
import {
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  clearSession,
  decodeTokenExpiry,
  isAuthenticatedAtom,
  isLoadingAtom,
  isTokenExpiring,
  restoreSession,
  saveSession,
  tokenAtom,
  tokenExpiresAtAtom,
  updateSessionUser,
  userAtom,
} from '@callboard/shared-auth/session';
import { makeToken, makeUser } from '@callboard/shared-auth/testing/fetch-mock';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('restoreSession', () => {
  it('starts loading and signed out before anything is restored', () => {
    const store = createStore();
    expect(store.get(isLoadingAtom)).toBe(true);
    expect(store.get(isAuthenticatedAtom)).toBe(false);
  });

  it('takes a stored token and user back into the atoms', () => {
    const user = makeUser({ name: 'Grace' });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    const store = createStore();

    restoreSession(store);

    expect(store.get(tokenAtom)).toBe('stored-token');
    expect(store.get(userAtom)).toEqual(user);
    expect(store.get(isAuthenticatedAtom)).toBe(true);
    expect(store.get(isLoadingAtom)).toBe(false);
  });

  it('leaves a visitor signed out when nothing is stored', () => {
    const store = createStore();
    restoreSession(store);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    expect(store.get(isLoadingAtom)).toBe(false);
  });

  it('clears the stored auth (and only it) when the user is not readable JSON', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
    localStorage.setItem(USER_STORAGE_KEY, '{not json');
    localStorage.setItem('ui', '{"theme":"light"}');
    const store = createStore();

    restoreSession(store);

    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('ui')).toBe('{"theme":"light"}');
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    expect(store.get(isLoadingAtom)).toBe(false);
  });

  it('treats half a session (token without user) as corrupt', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
    const store = createStore();
    restoreSession(store);
    expect(store.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('saveSession and clearSession', () => {
  it('saves the session in the atoms and in localStorage', () => {
    const store = createStore();
    const user = makeUser();
    saveSession(store, { token: 'new-token', user });
    expect(store.get(tokenAtom)).toBe('new-token');
    expect(store.get(userAtom)).toEqual(user);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(user);
  });

  it('clears the atoms and both local and session storage', () => {
    const store = createStore();
    saveSession(store, { token: 'new-token', user: makeUser() });
    localStorage.setItem('filters', '{}');
    sessionStorage.setItem('draft', 'x');

    clearSession(store);

    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    expect(store.get(isLoadingAtom)).toBe(false);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});

describe('token expiry', () => {
  it('reads the exp claim of a base64url JWT payload, in ms', () => {
    const token = makeToken(600, { name: 'Zoë ✓' });
    const exp = decodeTokenExpiry(token);
    expect(exp).toBe((Math.floor(Date.now() / 1000) + 600) * 1000);
  });

  it('returns null for tokens that are not JWTs or carry no exp', () => {
    expect(decodeTokenExpiry('opaque')).toBeNull();
    expect(decodeTokenExpiry('a.!!!.c')).toBeNull();
    expect(decodeTokenExpiry(`x.${btoa('{"sub":"u1"}')}.y`)).toBeNull();
  });

  it('corrects for the server clock using expiresIn', () => {
    const store = createStore();
    // The server's clock is 10 minutes ahead: exp is 25 min away by ours, but the token lives 15 min.
    const token = makeToken(25 * 60);
    const before = Date.now();
    saveSession(store, { token, user: makeUser(), expiresIn: 15 * 60 });
    const expiresAt = store.get(tokenExpiresAtAtom) ?? 0;
    expect(Math.abs(expiresAt - (before + 15 * 60_000))).toBeLessThan(2_000);
    expect(isTokenExpiring(store, 30_000)).toBe(false);
    expect(isTokenExpiring(store, 16 * 60_000)).toBe(true);
  });

  it('counts an unknown expiry as fresh and a past one as expiring', () => {
    const store = createStore();
    store.set(tokenAtom, 'opaque');
    expect(isTokenExpiring(store, 30_000)).toBe(false);
    store.set(tokenAtom, makeToken(-5));
    expect(isTokenExpiring(store, 30_000)).toBe(true);
  });
});

describe('updateSessionUser', () => {
  const me = { _id: 'u1', id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' as const, active: true, avatar: null, createdAt: '2026-01-01T00:00:00.000Z' };

  test('the signed-in person renamed: atom and storage follow', () => {
    const store = createStore();
    store.set(userAtom, me);
    updateSessionUser(store, { ...me, name: 'Ada L.' });
    expect(store.get(userAtom)?.name).toBe('Ada L.');
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Ada L.');
  });

  test("someone else's account leaves the session alone", () => {
    const store = createStore();
    store.set(userAtom, me);
    localStorage.removeItem('user');
    updateSessionUser(store, { ...me, id: 'u2', _id: 'u2', name: 'Bob' });
    expect(store.get(userAtom)?.name).toBe('Ada');
    expect(localStorage.getItem('user')).toBeNull();
  });
});
