import { act, renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import type { ReactNode } from 'react';
import { restoreSession, saveSession, tokenAtom, type Store } from '@callboard/shared-auth/session';
import { useApiDownload, useApiFetch, useAuthActions, useSession } from '@callboard/shared-auth/use-session';
import { authAnswer, fakeResponse, installFetchMock, jsonResponse, makeToken, makeUser, recordedCalls } from '@callboard/shared-auth/testing/fetch-mock';

function wrapperFor(store: Store) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <Provider store={store}>{children}</Provider>;
  };
}

beforeEach(() => localStorage.clear());

describe('useSession', () => {
  it('reports loading before the restore, then the signed-in session', () => {
    const store = createStore();
    const { result } = renderHook(() => useSession(), { wrapper: wrapperFor(store) });
    expect(result.current).toEqual({ user: null, token: null, isAuthenticated: false, isLoading: true });

    const token = makeToken(900);
    const user = makeUser();
    act(() => {
      restoreSession(store);
      saveSession(store, { token, user });
    });
    expect(result.current).toEqual({ user, token, isAuthenticated: true, isLoading: false });
  });
});

describe('useAuthActions', () => {
  it('binds login and logout to the Provider store and stays stable across renders', async () => {
    const token = makeToken(900);
    installFetchMock(async (url) => jsonResponse(url === '/api/auth/login' ? authAnswer(token) : { success: true }));
    const store = createStore();
    restoreSession(store);
    const { result, rerender } = renderHook(() => ({ actions: useAuthActions(), session: useSession() }), { wrapper: wrapperFor(store) });
    const first = result.current.actions;

    let outcome: Awaited<ReturnType<typeof first.login>> | undefined;
    await act(async () => {
      outcome = await result.current.actions.login({ email: 'a@b.co', password: 'secret1' });
    });
    expect(outcome).toEqual({ ok: true, message: 'Login successful.' });
    expect(result.current.session.isAuthenticated).toBe(true);
    rerender();
    expect(result.current.actions).toBe(first);

    await act(() => result.current.actions.logout());
    expect(store.get(tokenAtom)).toBeNull();
  });
});

describe('useApiFetch and useApiDownload', () => {
  it('call the API with the Provider store token and keep their identity', async () => {
    const token = makeToken(900);
    const store = createStore();
    saveSession(store, { token, user: makeUser() });
    const fetch = installFetchMock(async (url) =>
      url.startsWith('/api/calls/export')
        ? fakeResponse({ blob: new Blob(['x']), headers: { 'content-disposition': 'attachment; filename="x.csv"' } })
        : jsonResponse({ success: true, data: 7 }),
    );
    const { result, rerender } = renderHook(() => ({ fetchApi: useApiFetch(), download: useApiDownload() }), {
      wrapper: wrapperFor(store),
    });
    const { fetchApi, download } = result.current;

    await expect(fetchApi<{ data: number }>('/api/stats', { query: { datePreset: 'today' } })).resolves.toEqual({ success: true, data: 7 });
    await expect(download('/api/calls/export', { query: { fmt: 'csv' } })).resolves.toMatchObject({ filename: 'x.csv' });
    expect(recordedCalls(fetch).map((call) => [call.url, call.headers.Authorization])).toEqual([
      ['/api/stats?datePreset=today', `Bearer ${token}`],
      ['/api/calls/export?fmt=csv', `Bearer ${token}`],
    ]);
    rerender();
    expect(result.current.fetchApi).toBe(fetchApi);
    expect(result.current.download).toBe(download);
  });
});
