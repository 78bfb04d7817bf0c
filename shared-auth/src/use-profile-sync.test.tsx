import { act, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import type { PublicUser } from '@callboard/contract';
import { AppProviders } from '@callboard/shared-auth/app-providers';
import { restoreSession, saveSession, tokenAtom, userAtom, USER_STORAGE_KEY, type Store } from '@callboard/shared-auth/session';
import { PROFILE_RECHECK_AFTER_AWAY_MS, ProfileSync } from '@callboard/shared-auth/use-profile-sync';
import { deferred, installFetchMock, jsonResponse, makeToken, makeUser, recordedCalls, type FetchMock } from '@callboard/shared-auth/testing/fetch-mock';

const ME = makeUser({ id: 'me', _id: 'me', name: 'Ada Lovelace' });

function mountSync(store: Store) {
  return render(
    <Provider store={store}>
      <ProfileSync />
    </Provider>,
  );
}

function signedIn(user: PublicUser = ME): Store {
  const store = createStore();
  restoreSession(store);
  saveSession(store, { token: makeToken(15 * 60), user });
  return store;
}

/** The fake API: GET /api/auth/profile answers whoever `current()` says the server has now. */
function profileApi(current: () => PublicUser | { status: number }): FetchMock {
  return installFetchMock(async (url) => {
    if (url !== '/api/auth/profile') return jsonResponse({ success: false, message: 'Not found' }, 404);
    const answer = current();
    if ('status' in answer) return jsonResponse({ success: false, code: 'UNAUTHENTICATED', message: 'Your session has ended; please sign in again' }, answer.status);
    return jsonResponse({ success: true, data: answer });
  });
}

const profileRequests = (fetch: FetchMock) => recordedCalls(fetch).filter((call) => call.url === '/api/auth/profile');

let visibility: DocumentVisibilityState = 'visible';

/** The tab hidden or shown, with the event the browser fires. */
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  visibility = 'visible';
});

afterEach(() => {
  jest.useRealTimers();
});

async function settle() {
  await act(() => jest.advanceTimersByTimeAsync(0));
}

describe('when a session starts', () => {
  it('asks once, and the session takes the server\'s user (storage too)', async () => {
    const fetch = profileApi(() => ({ ...ME, name: 'Ada Renamed', avatar: 'https://example.com/ada.png' }));
    const store = signedIn();
    mountSync(store);
    await settle();

    expect(profileRequests(fetch)).toHaveLength(1);
    expect(profileRequests(fetch)[0]).toMatchObject({ method: 'GET', headers: expect.objectContaining({ Authorization: expect.stringMatching(/^Bearer /) }) });
    expect(store.get(userAtom)).toMatchObject({ name: 'Ada Renamed', avatar: 'https://example.com/ada.png' });
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY)!)).toMatchObject({ name: 'Ada Renamed' });
  });

  it('asks nothing while signed out, then once at sign-in; a new token of the same session asks nothing more', async () => {
    const fetch = profileApi(() => ME);
    const store = createStore();
    restoreSession(store);
    const view = mountSync(store);
    await settle();
    expect(profileRequests(fetch)).toHaveLength(0);

    act(() => saveSession(store, { token: makeToken(15 * 60), user: ME }));
    await settle();
    expect(profileRequests(fetch)).toHaveLength(1);

    // A refresh (or another tab's) swaps the token; re-renders come and go: no request.
    act(() => saveSession(store, { token: makeToken(15 * 60, { jti: 'next' }), user: ME }));
    view.rerender(
      <Provider store={store}>
        <ProfileSync />
      </Provider>,
    );
    await settle();
    expect(profileRequests(fetch)).toHaveLength(1);
  });

  it('a deactivated or deleted account\'s 401 signs out', async () => {
    profileApi(() => ({ status: 401 }));
    const store = signedIn();
    mountSync(store);
    await settle();
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
  });

  it('a server error leaves the session as it was', async () => {
    profileApi(() => ({ status: 503 }));
    const store = signedIn();
    mountSync(store);
    await settle();
    expect(store.get(tokenAtom)).not.toBeNull();
    expect(store.get(userAtom)).toEqual(ME);
  });

  it('an answer overtaken by a fresher change of the user (a profile save) is dropped', async () => {
    const pending = deferred<Response>();
    installFetchMock(() => pending.promise);
    const store = signedIn();
    mountSync(store);
    await settle();

    const saved = { ...ME, name: 'Saved Meanwhile' };
    act(() => store.set(userAtom, saved));
    pending.resolve(jsonResponse({ success: true, data: { ...ME, name: 'Older Answer' } }));
    await settle();
    expect(store.get(userAtom)).toEqual(saved);
  });
});

describe('coming back after an absence', () => {
  it(`asks again after ${PROFILE_RECHECK_AFTER_AWAY_MS / 60_000} minutes hidden, once for visibilitychange and focus together`, async () => {
    let server: PublicUser = ME;
    const fetch = profileApi(() => server);
    const store = signedIn();
    mountSync(store);
    await settle();
    expect(profileRequests(fetch)).toHaveLength(1);

    act(() => {
      setVisibility('hidden');
      window.dispatchEvent(new Event('blur'));
    });
    server = { ...ME, name: 'Renamed By An Admin', role: 'admin' };
    await act(() => jest.advanceTimersByTimeAsync(PROFILE_RECHECK_AFTER_AWAY_MS));
    act(() => {
      setVisibility('visible');
      window.dispatchEvent(new Event('focus'));
    });
    await settle();

    expect(profileRequests(fetch)).toHaveLength(2);
    expect(store.get(userAtom)).toMatchObject({ name: 'Renamed By An Admin', role: 'admin' });
  });

  it('a window out of focus that long counts too', async () => {
    const fetch = profileApi(() => ME);
    mountSync(signedIn());
    await settle();

    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    await act(() => jest.advanceTimersByTimeAsync(PROFILE_RECHECK_AFTER_AWAY_MS + 1_000));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await settle();
    expect(profileRequests(fetch)).toHaveLength(2);
  });

  it('a shorter absence asks nothing, and neither does the next return without leaving', async () => {
    const fetch = profileApi(() => ME);
    mountSync(signedIn());
    await settle();

    act(() => setVisibility('hidden'));
    await act(() => jest.advanceTimersByTimeAsync(PROFILE_RECHECK_AFTER_AWAY_MS - 1_000));
    act(() => setVisibility('visible'));
    await settle();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await act(() => jest.advanceTimersByTimeAsync(PROFILE_RECHECK_AFTER_AWAY_MS));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await settle();
    expect(profileRequests(fetch)).toHaveLength(1);
  });

  it('signed out meanwhile: no request', async () => {
    const fetch = profileApi(() => ME);
    const store = signedIn();
    mountSync(store);
    await settle();

    act(() => setVisibility('hidden'));
    act(() => store.set(tokenAtom, null));
    await act(() => jest.advanceTimersByTimeAsync(PROFILE_RECHECK_AFTER_AWAY_MS * 2));
    act(() => setVisibility('visible'));
    await settle();
    expect(profileRequests(fetch)).toHaveLength(1);
  });
});

describe('in the host', () => {
  it('AppProviders mounts it unless told not to (test hosts)', async () => {
    const fetch = profileApi(() => ME);
    const view = render(<AppProviders store={signedIn()} live={false} />);
    await settle();
    expect(profileRequests(fetch)).toHaveLength(1);
    view.unmount();

    const quiet = profileApi(() => ME);
    render(<AppProviders store={signedIn()} live={false} profileSync={false} />);
    await settle();
    expect(profileRequests(quiet)).toHaveLength(0);
  });
});
