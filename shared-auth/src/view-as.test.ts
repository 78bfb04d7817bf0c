/** View as partner on the session's side: entering, exiting, and a token refresh that keeps the view (contract/src/partners.ts). */
import { VIEW_AS_END_PATH, viewAsPath } from '@callboard/contract';
import { enterViewAs, exitViewAs, refreshAccessToken, VIEW_AS_EXIT_FAILED_MESSAGE } from '@callboard/shared-auth/auth-actions';
import { restoreSession, saveSession, tokenAtom, userAtom, type Store } from '@callboard/shared-auth/session';
import { authAnswer, installFetchMock, jsonResponse, makePartner, makeToken, makeUser, recordedCalls } from '@callboard/shared-auth/testing/fetch-mock';
import { createStore } from 'jotai/vanilla';

const admin = makeUser({ id: 'a1', _id: 'a1', name: 'Grace Admin', role: 'admin' });
const viewed = makePartner('publisher', {}, { viewAsBy: { id: 'a1', name: 'Grace Admin' } });

function signedIn(user = admin, token = makeToken(900, { sub: user.id })): Store {
  const store = createStore();
  restoreSession(store);
  saveSession(store, { token, user });
  return store;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('view as partner', () => {
  it('enters: posts for the partner with the admin’s token and takes the partner’s read-only session', async () => {
    const adminToken = makeToken(900, { sub: 'a1' });
    const viewToken = makeToken(900, { sub: 'a1', viewAs: 'p1' });
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(viewToken, viewed)));
    const store = signedIn(admin, adminToken);

    const result = await enterViewAs(store, 'p1');

    expect(result).toEqual({ ok: true, message: 'Viewing as Blue Lead Co' });
    expect(recordedCalls(fetch)[0]).toMatchObject({ url: viewAsPath('p1'), method: 'POST', headers: { Authorization: `Bearer ${adminToken}` } });
    expect(store.get(tokenAtom)).toBe(viewToken);
    expect(store.get(userAtom)?.viewAsBy).toEqual({ id: 'a1', name: 'Grace Admin' });
  });

  it('does not enter when the answer is not a view-as session, and says why on a refusal', async () => {
    installFetchMock(async () => jsonResponse(authAnswer(makeToken(900), admin)));
    const store = signedIn();
    expect((await enterViewAs(store, 'p1')).ok).toBe(false);
    expect(store.get(userAtom)?.id).toBe('a1');

    installFetchMock(async () => jsonResponse({ success: false, message: 'Only an active partner can be viewed as', code: 'VALIDATION' }, 400));
    expect(await enterViewAs(store, 'p1')).toEqual({ ok: false, message: 'Only an active partner can be viewed as' });
    expect(store.get(userAtom)?.role).toBe('admin');
  });

  it('exits: deletes the view-as with its token and takes back the admin’s own session', async () => {
    const viewToken = makeToken(900, { sub: 'a1', viewAs: 'p1' });
    const ownToken = makeToken(900, { sub: 'a1' });
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(ownToken, admin)));
    const store = signedIn(viewed, viewToken);

    expect((await exitViewAs(store)).ok).toBe(true);

    expect(recordedCalls(fetch)[0]).toMatchObject({ url: VIEW_AS_END_PATH, method: 'DELETE', headers: { Authorization: `Bearer ${viewToken}` } });
    expect(store.get(tokenAtom)).toBe(ownToken);
    expect(store.get(userAtom)).toEqual(admin);
  });

  it('an exit the server does not confirm leaves the view as it was', async () => {
    installFetchMock(async () => jsonResponse({ success: false, message: 'Server error', code: 'INTERNAL' }, 500));
    const viewToken = makeToken(900);
    const store = signedIn(viewed, viewToken);
    expect(await exitViewAs(store)).toEqual({ ok: false, message: 'Server error' });
    expect(store.get(tokenAtom)).toBe(viewToken);
    expect(store.get(userAtom)?.viewAsBy).toBeDefined();
    expect(VIEW_AS_EXIT_FAILED_MESSAGE).toMatch(/view/);
  });

  it('a refresh while viewing as a partner starts the view again with the admin’s fresh token', async () => {
    const ownToken = makeToken(900, { sub: 'a1', n: 2 });
    const viewToken = makeToken(900, { sub: 'a1', viewAs: 'p1', n: 2 });
    const fetch = installFetchMock(async (url) =>
      jsonResponse(url === viewAsPath('p1') ? authAnswer(viewToken, viewed) : authAnswer(ownToken, admin)),
    );
    const store = signedIn(viewed, makeToken(10));

    expect(await refreshAccessToken(store)).toBe(true);

    const calls = recordedCalls(fetch);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/auth/refresh', `POST ${viewAsPath('p1')}`]);
    expect(calls[1]?.headers.Authorization).toBe(`Bearer ${ownToken}`);
    expect(store.get(tokenAtom)).toBe(viewToken);
    expect(store.get(userAtom)?.viewAsBy?.id).toBe('a1');
  });

  it('a refresh whose view can no longer be started (the partner deactivated) leaves the admin as themselves', async () => {
    const ownToken = makeToken(900, { sub: 'a1', n: 3 });
    installFetchMock(async (url) =>
      url === viewAsPath('p1') ? jsonResponse({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404) : jsonResponse(authAnswer(ownToken, admin)),
    );
    const store = signedIn(viewed, makeToken(10));

    expect(await refreshAccessToken(store)).toBe(true);
    expect(store.get(tokenAtom)).toBe(ownToken);
    expect(store.get(userAtom)).toEqual(admin);
  });

  it('a refresh of anyone not viewing as a partner asks for nothing more', async () => {
    const fetch = installFetchMock(async () => jsonResponse(authAnswer(makeToken(900, { n: 4 }), admin)));
    const store = signedIn(admin, makeToken(10));
    expect(await refreshAccessToken(store)).toBe(true);
    expect(recordedCalls(fetch)).toHaveLength(1);
  });
});
