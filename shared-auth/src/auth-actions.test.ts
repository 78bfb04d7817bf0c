import { createStore } from 'jotai/vanilla';
import { login, logout, refreshAccessToken, register } from '@callboard/shared-auth/auth-actions';
import {
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  isAuthenticatedAtom,
  isLoadingAtom,
  restoreSession,
  saveSession,
  tokenAtom,
  userAtom,
  type Store,
} from '@callboard/shared-auth/session';
import {
  authAnswer,
  deferred,
  fakeResponse,
  installFetchMock,
  jsonResponse,
  makeToken,
  makeUser,
  recordedCalls,
} from '@callboard/shared-auth/testing/fetch-mock';

/** A store as the host has it after start: restored, not loading. */
function startedStore(): Store {
  const store = createStore();
  restoreSession(store);
  return store;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('login', () => {
  it('posts the credentials and keeps the token and user from the answer', async () => {
    const token = makeToken(900);
    const user = makeUser({ role: 'admin' });
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(token, user, 'Welcome!')));
    const store = startedStore();

    const result = await login(store, { email: 'ada@example.com', password: 'secret1' });

    expect(result).toEqual({ ok: true, message: 'Welcome!' });
    expect(recordedCalls(fetch)[0]).toMatchObject({
      url: '/api/auth/login',
      method: 'POST',
      credentials: 'include',
      body: { email: 'ada@example.com', password: 'secret1' },
    });
    expect(store.get(tokenAtom)).toBe(token);
    expect(store.get(userAtom)).toEqual(user);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(user);
  });

  it('says "Login successful." when the server gives no message', async () => {
    installFetchMock(async () => jsonResponse({ success: true, data: { token: makeToken(900), user: makeUser() } }));
    expect(await login(startedStore(), { email: 'a@b.co', password: 'secret1' })).toEqual({ ok: true, message: 'Login successful.' });
  });

  it('is loading while the request is pending and not after', async () => {
    const answer = deferred<Response>();
    installFetchMock(() => answer.promise);
    const store = startedStore();
    expect(store.get(isLoadingAtom)).toBe(false);

    const pending = login(store, { email: 'a@b.co', password: 'secret1' });
    expect(store.get(isLoadingAtom)).toBe(true);
    answer.resolve(jsonResponse({ success: false, message: 'Nope' }, 401));
    await pending;
    expect(store.get(isLoadingAtom)).toBe(false);
  });

  it('stops loading after a successful login too', async () => {
    installFetchMock(async () => jsonResponse(authAnswer(makeToken(900))));
    const store = startedStore();
    const pending = login(store, { email: 'a@b.co', password: 'secret1' });
    expect(store.get(isLoadingAtom)).toBe(true);
    await pending;
    expect(store.get(isLoadingAtom)).toBe(false);
  });

  it.each([
    ['no token', { success: true, message: 'Login successful.', data: { user: makeUser() } }],
    ['no user', { success: true, message: 'Login successful.', data: { token: makeToken(900) } }],
    ['no data', { success: true, message: 'Login successful.' }],
  ])('keeps no credentials when the answer has %s', async (_case, body) => {
    installFetchMock(async () => jsonResponse(body));
    const store = startedStore();
    const result = await login(store, { email: 'a@b.co', password: 'secret1' });
    expect(result).toEqual({ ok: false, message: 'Login failed' });
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('gives the server message, else "Login failed", when the answer says success false', async () => {
    installFetchMock(async () => jsonResponse({ success: false, message: 'Account locked' }));
    expect(await login(startedStore(), { email: 'a@b.co', password: 'secret1' })).toEqual({ ok: false, message: 'Account locked' });
    installFetchMock(async () => jsonResponse({ success: false }));
    expect(await login(startedStore(), { email: 'a@b.co', password: 'secret1' })).toEqual({ ok: false, message: 'Login failed' });
  });

  it('gives the error message on a failed request, and a wrong password does not sign anyone out', async () => {
    const token = makeToken(900);
    const store = startedStore();
    saveSession(store, { token, user: makeUser() });
    installFetchMock(async () => jsonResponse({ success: false, message: 'Invalid email or password', code: 'UNAUTHENTICATED' }, 401));

    const result = await login(store, { email: 'a@b.co', password: 'wrong-pass' });

    expect(result).toEqual({ ok: false, message: 'Invalid email or password' });
    expect(store.get(tokenAtom)).toBe(token);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('reports a network failure with its message', async () => {
    installFetchMock(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await login(startedStore(), { email: 'a@b.co', password: 'secret1' })).toEqual({ ok: false, message: 'Failed to fetch' });
  });
});

describe('register', () => {
  it('posts name, email and password and gives the server message', async () => {
    const fetch = installFetchMock(async () => jsonResponse({ success: true, message: 'Welcome aboard' }, 201));
    const result = await register(startedStore(), { name: 'Ada', email: 'ada@example.com', password: 'secret1' });
    expect(result).toEqual({ ok: true, message: 'Welcome aboard' });
    expect(recordedCalls(fetch)[0]).toMatchObject({
      url: '/api/auth/register',
      method: 'POST',
      body: { name: 'Ada', email: 'ada@example.com', password: 'secret1' },
    });
  });

  it('defaults to "Registered successfully! Please login."', async () => {
    installFetchMock(async () => fakeResponse({ status: 201, body: { success: true } }));
    expect(await register(startedStore(), { name: 'A', email: 'a@b.co', password: 'secret1' })).toEqual({
      ok: true,
      message: 'Registered successfully! Please login.',
    });
  });

  it('gives the server message, else "Registration failed", when the answer says success false', async () => {
    installFetchMock(async () => jsonResponse({ success: false, message: 'Closed today' }));
    expect(await register(startedStore(), { name: 'A', email: 'a@b.co', password: 'secret1' })).toEqual({ ok: false, message: 'Closed today' });
    installFetchMock(async () => jsonResponse({ success: false }));
    expect(await register(startedStore(), { name: 'A', email: 'a@b.co', password: 'secret1' })).toEqual({
      ok: false,
      message: 'Registration failed',
    });
  });

  it('gives the error message when the request fails', async () => {
    installFetchMock(async () => jsonResponse({ success: false, message: 'Email is already registered', code: 'CONFLICT' }, 409));
    expect(await register(startedStore(), { name: 'A', email: 'a@b.co', password: 'secret1' })).toEqual({
      ok: false,
      message: 'Email is already registered',
    });
  });

  it('does not change the session, signed in or not', async () => {
    installFetchMock(async () => jsonResponse({ success: true, message: 'ok', data: { token: makeToken(900), user: makeUser() } }, 201));
    const signedOut = startedStore();
    await register(signedOut, { name: 'A', email: 'a@b.co', password: 'secret1' });
    expect(signedOut.get(tokenAtom)).toBeNull();
    expect(signedOut.get(isLoadingAtom)).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    const token = makeToken(900);
    const signedIn = startedStore();
    saveSession(signedIn, { token, user: makeUser({ name: 'Grace' }) });
    await register(signedIn, { name: 'B', email: 'b@b.co', password: 'secret1' });
    expect(signedIn.get(tokenAtom)).toBe(token);
    expect(signedIn.get(userAtom)?.name).toBe('Grace');
  });
});

describe('fallback messages when an error carries no text', () => {
  // apiFetch always produces a message, so these fallbacks need a client that does not.
  function withSilentClient(run: (actions: typeof import('@callboard/shared-auth/auth-actions'), session: typeof import('@callboard/shared-auth/session')) => Promise<void>) {
    return new Promise<void>((resolve, reject) => {
      jest.isolateModules(() => {
        jest.doMock('@callboard/shared-auth/api-fetch', () => ({ apiFetch: jest.fn().mockRejectedValue(new Error('')) }));
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- isolateModules gives a fresh copy only to require()
        const actions = require('@callboard/shared-auth/auth-actions') as typeof import('@callboard/shared-auth/auth-actions');
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same isolated registry as the line above
        const session = require('@callboard/shared-auth/session') as typeof import('@callboard/shared-auth/session');
        run(actions, session).then(resolve, reject);
      });
    }).finally(() => jest.dontMock('@callboard/shared-auth/api-fetch'));
  }

  it('says "Login failed!" and "Registration error"', async () => {
    await withSilentClient(async (actions, session) => {
      const store = createStore();
      session.restoreSession(store);
      expect(await actions.login(store, { email: 'a@b.co', password: 'secret1' })).toEqual({ ok: false, message: 'Login failed!' });
      expect(await actions.register(store, { name: 'A', email: 'a@b.co', password: 'secret1' })).toEqual({
        ok: false,
        message: 'Registration error',
      });
    });
  });
});

describe('logout', () => {
  it('signs out at once, then tells the server with the old token', async () => {
    const token = makeToken(900);
    const store = startedStore();
    saveSession(store, { token, user: makeUser() });
    sessionStorage.setItem('draft', 'x');
    const answer = deferred<Response>();
    const fetch = installFetchMock(() => answer.promise);

    const pending = logout(store);

    // Nothing waits for the server.
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(recordedCalls(fetch)[0]).toMatchObject({
      url: '/api/auth/logout',
      method: 'POST',
      credentials: 'include',
      headers: { Authorization: `Bearer ${token}` },
    });
    answer.resolve(jsonResponse({ success: true, message: 'Logged out' }));
    await pending;
  });

  it('still signs out when the server call fails', async () => {
    const store = startedStore();
    saveSession(store, { token: makeToken(900), user: makeUser() });
    installFetchMock(async () => jsonResponse({ success: false, message: 'Internal' }, 500));
    await expect(logout(store)).resolves.toBeUndefined();
    installFetchMock(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(logout(store)).resolves.toBeUndefined();
    expect(store.get(isAuthenticatedAtom)).toBe(false);
  });
});

describe('refreshAccessToken', () => {
  it('keeps the new token and user and answers true', async () => {
    const next = makeToken(900, { sid: 'next' });
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(next, makeUser({ name: 'New name' }), 'Session refreshed')));
    const store = startedStore();
    saveSession(store, { token: makeToken(10), user: makeUser() });

    await expect(refreshAccessToken(store)).resolves.toBe(true);

    expect(recordedCalls(fetch)[0]).toMatchObject({ url: '/api/auth/refresh', method: 'POST', credentials: 'include' });
    expect(store.get(tokenAtom)).toBe(next);
    expect(store.get(userAtom)?.name).toBe('New name');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(next);
  });

  it('shares one request between concurrent callers', async () => {
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(makeToken(900))));
    const store = startedStore();
    saveSession(store, { token: makeToken(10), user: makeUser() });
    await expect(Promise.all([refreshAccessToken(store), refreshAccessToken(store), refreshAccessToken(store)])).resolves.toEqual([true, true, true]);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Once settled, the next refresh is a new request.
    await refreshAccessToken(store);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('signs out when the server refuses with a 401', async () => {
    installFetchMock(async () => jsonResponse({ success: false, message: 'Your session has ended; please sign in again' }, 401));
    const store = startedStore();
    saveSession(store, { token: makeToken(10), user: makeUser() });
    await expect(refreshAccessToken(store)).resolves.toBe(false);
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('adopts the token another tab won instead of signing out after a refused (raced) refresh', async () => {
    const mine = makeToken(10, { sid: 'mine' });
    const theirs = makeToken(900, { sid: 'theirs' });
    const store = startedStore();
    saveSession(store, { token: mine, user: makeUser() });
    installFetchMock(async () => {
      // The other tab rotated the cookie first and stored its token.
      localStorage.setItem(TOKEN_STORAGE_KEY, theirs);
      return jsonResponse({ success: false, message: 'Your session has ended; please sign in again' }, 401);
    });
    await expect(refreshAccessToken(store)).resolves.toBe(true);
    expect(store.get(tokenAtom)).toBe(theirs);
  });

  it('keeps the session and answers false on other failures', async () => {
    const token = makeToken(10);
    installFetchMock(async () => jsonResponse({ success: false, message: 'Too many requests', code: 'RATE_LIMITED' }, 429));
    const store = startedStore();
    saveSession(store, { token, user: makeUser() });
    await expect(refreshAccessToken(store)).resolves.toBe(false);
    expect(store.get(tokenAtom)).toBe(token);
  });
});
