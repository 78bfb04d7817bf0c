import { act, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import {
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  isAuthenticatedAtom,
  restoreSession,
  saveSession,
  tokenAtom,
  userAtom,
  type Store,
} from '@callboard/shared-auth/session';
import { REFRESH_RETRY_MS, SessionKeeper } from '@callboard/shared-auth/use-session-keeper';
import {
  authAnswer,
  installFetchMock,
  jsonResponse,
  makeToken,
  makeUser,
  recordedCalls,
} from '@callboard/shared-auth/testing/fetch-mock';

function mountKeeper(store: Store) {
  return render(
    <Provider store={store}>
      <SessionKeeper />
    </Provider>,
  );
}

function signedIn(token: string): Store {
  const store = createStore();
  restoreSession(store);
  saveSession(store, { token, user: makeUser() });
  return store;
}

const refreshes = (fetch: ReturnType<typeof installFetchMock>) =>
  recordedCalls(fetch).filter((call) => call.url === '/api/auth/refresh' && call.method === 'POST');

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('useSessionKeeper: refreshing ahead of expiry', () => {
  it('refreshes about a minute before the token expires, and again for each new token', async () => {
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(makeToken(15 * 60))));
    const store = signedIn(makeToken(5 * 60));
    mountKeeper(store);

    await act(() => jest.advanceTimersByTimeAsync(4 * 60_000 - 1_000));
    expect(refreshes(fetch)).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(refreshes(fetch)).toHaveLength(1);
    const second = store.get(tokenAtom);

    // The new token lives 15 minutes: the next refresh comes 14 minutes later.
    await act(() => jest.advanceTimersByTimeAsync(14 * 60_000 - 1_000));
    expect(refreshes(fetch)).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(refreshes(fetch)).toHaveLength(2);
    expect(store.get(tokenAtom)).not.toBe(second);
    expect(store.get(isAuthenticatedAtom)).toBe(true);
  });

  it('refreshes at once a restored token that has already expired', async () => {
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(makeToken(15 * 60))));
    mountKeeper(signedIn(makeToken(-120)));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(refreshes(fetch)).toHaveLength(1);
  });

  it('tries again shortly when a refresh fails without ending the session', async () => {
    let attempts = 0;
    const fetch = installFetchMock(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(authAnswer(makeToken(15 * 60)));
    });
    const store = signedIn(makeToken(30));
    mountKeeper(store);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(refreshes(fetch)).toHaveLength(1);
    expect(store.get(isAuthenticatedAtom)).toBe(true);
    await act(() => jest.advanceTimersByTimeAsync(REFRESH_RETRY_MS));
    expect(refreshes(fetch)).toHaveLength(2);
    expect(store.get(isAuthenticatedAtom)).toBe(true);
  });

  it('stops when signed out', async () => {
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(makeToken(15 * 60))));
    const store = signedIn(makeToken(5 * 60));
    mountKeeper(store);
    act(() => {
      store.set(tokenAtom, null);
      store.set(userAtom, null);
    });
    await act(() => jest.advanceTimersByTimeAsync(10 * 60_000));
    expect(refreshes(fetch)).toHaveLength(0);
  });

  it('refreshes on focus when the token is near expiry (timers slept through it)', async () => {
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(makeToken(15 * 60))));
    const store = signedIn(makeToken(10 * 60));
    mountKeeper(store);
    // The clock jumps (the laptop slept) without timers firing.
    jest.setSystemTime(Date.now() + 10 * 60_000);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await Promise.resolve();
    });
    expect(refreshes(fetch)).toHaveLength(1);
  });

  it('does not refresh on focus when the token is far from expiry', async () => {
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(makeToken(15 * 60))));
    mountKeeper(signedIn(makeToken(10 * 60)));
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      await Promise.resolve();
    });
    expect(refreshes(fetch)).toHaveLength(0);
  });
});

describe('useSessionKeeper: other tabs', () => {
  it('signs out here when another tab signs out (storage cleared)', () => {
    installFetchMock();
    const store = signedIn(makeToken(900));
    mountKeeper(store);
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    });
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(isAuthenticatedAtom)).toBe(false);
  });

  it('signs in here when another tab signs in', () => {
    installFetchMock();
    const store = createStore();
    restoreSession(store);
    mountKeeper(store);
    const token = makeToken(900);
    const user = makeUser({ name: 'Other tab' });
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY, newValue: token, storageArea: localStorage }));
    });
    expect(store.get(tokenAtom)).toBe(token);
    expect(store.get(userAtom)).toEqual(user);
  });

  it('ignores changes to other keys', () => {
    installFetchMock();
    const token = makeToken(900);
    const store = signedIn(token);
    mountKeeper(store);
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'ui', storageArea: localStorage }));
    });
    expect(store.get(tokenAtom)).toBe(token);
  });
});
