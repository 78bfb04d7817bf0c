/**
 * Renders a screen the way a host runs it: inside the app's real provider
 * stack (AppProviders: a fresh jotai store, the app's SWR options with a cache
 * of its own, the session keeper), a MemoryRouter and the app's toaster, with
 * `fetch` answered by a fake API. Every front-end package's tests render
 * through this; a package's own `testing` module adds its fixtures and fake
 * endpoints and calls it. Imported by tests only, never by app code.
 */
import type { PublicUser } from '@callboard/contract';
import { AppProviders } from '@callboard/shared-auth/app-providers';
import { AppToaster } from '@callboard/shared-auth/app-toaster';
import { isLoadingAtom, saveSession, type Store } from '@callboard/shared-auth/session';
import {
  fakeResponse,
  installFetchMock,
  makeUser,
  recordedCall,
  TEST_TOKEN,
  type FakeResponseInit,
  type FetchMock,
  type RecordedCall,
} from '@callboard/shared-auth/testing/fetch-mock';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from '@callboard/shared-router';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createStore } from 'jotai/vanilla';
import type { ReactElement } from 'react';
import toast from 'react-hot-toast';

/** A request as the fake API sees it: the URL parsed, the JSON body read. */
export interface FakeRequest extends RecordedCall {
  path: string;
  query: URLSearchParams;
}

/** A scripted answer (status, JSON body, headers) or a whole Response. */
export type FakeAnswer = FakeResponseInit | Response;

/**
 * Answers a request, or returns undefined for a 404 (an endpoint the test did
 * not expect). `init` is what fetch was given, for a test that needs its signal.
 */
export type FakeApi = (request: FakeRequest, init?: RequestInit) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

/** Who is signed in at the first render: an account (makeUser with these overrides), nobody, or a session still being restored. */
export type SessionSeed = Partial<PublicUser> | 'signed-out' | 'restoring';

export interface RenderInHostOptions {
  /** Where the router starts, with its query and hash ("/callLogs?call=7"); "/" by default. */
  path?: string;
  /** Location state at the start (e.g. the guard's `{ from }`). */
  state?: unknown;
  /** The route pattern the screen is mounted under, as the shell mounts an area ("/reporting/*"); without it the screen renders at any path. */
  route?: string;
  /** Signed in as makeUser() by default. */
  session?: SessionSeed;
  /** The signed-in session's token; TEST_TOKEN by default. */
  token?: string;
  /** Anything to set in the store before the first render (filters, UI atoms). */
  setup?: (store: Store) => void;
  /** The fake API; without it every request gets a 404. */
  api?: FakeApi;
  /** The test uses fake timers: user-event must advance them itself. */
  fakeTimers?: boolean;
  /** Keep localStorage from an earlier render (a reload); otherwise each render starts from empty storage. */
  keepStorage?: boolean;
  /** Mount the profile sync (GET /api/auth/profile at sign-in and after an absence); off unless a test is about it. */
  profileSync?: boolean;
}

/** Where the router is and how it got there, updated on every navigation. */
export interface HostLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** POP for the first entry, PUSH or REPLACE after a navigation. */
  action: string;
}

export interface RenderedInHost extends RenderResult {
  store: Store;
  user: UserEvent;
  fetchMock: FetchMock;
  location: HostLocation;
  /** The requests that left so far (to `path` only, if given), oldest first. */
  requests: (path?: string) => FakeRequest[];
}

const NOT_FOUND: FakeResponseInit = { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };

export function renderInHost(ui: ReactElement, options: RenderInHostOptions = {}): RenderedInHost {
  const { path = '/', state, route, session = {}, token = TEST_TOKEN, setup, api, fakeTimers = false, keepStorage = false, profileSync = false } = options;
  // The session, filters and UI choices persist in storage, toasts in react-hot-toast's module state.
  if (!keepStorage) {
    localStorage.clear();
    sessionStorage.clear();
  }
  toast.remove();

  const store = createStore();
  seedSession(store, session, token);
  setup?.(store);

  const fetchMock = installFetchMock(async (url, init) => {
    const answer = (await api?.(toFakeRequest(url, init), init)) ?? NOT_FOUND;
    return isResponse(answer) ? answer : fakeResponse(answer);
  });

  const start = new URL(path, 'http://localhost');
  const location: HostLocation = { pathname: start.pathname, search: start.search, hash: start.hash, state, action: 'POP' };
  const view = render(
    // No live connection: a test drives liveStatusAtom and callsChangedAtom through the store instead.
    <AppProviders store={store} live={false} profileSync={profileSync}>
      <MemoryRouter initialEntries={[{ pathname: start.pathname, search: start.search, hash: start.hash, state }]}>
        <AppToaster />
        {route === undefined ? (
          ui
        ) : (
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
        )}
        <LocationProbe into={location} />
      </MemoryRouter>
    </AppProviders>,
  );

  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  const requests = (target?: string) =>
    fetchMock.mock.calls.map(([url, init]) => toFakeRequest(url, init)).filter((request) => target === undefined || request.path === target);
  return { ...view, store, user, fetchMock, location, requests };
}

function seedSession(store: Store, session: SessionSeed, token: string): void {
  // isLoading starts true: a restoring session is one whose restore has not run yet.
  if (session === 'restoring') return;
  if (session !== 'signed-out') saveSession(store, { token, user: makeUser(session) });
  store.set(isLoadingAtom, false);
}

function toFakeRequest(url: string, init?: RequestInit): FakeRequest {
  const parsed = new URL(url, 'http://localhost');
  return { ...recordedCall(url, init), path: parsed.pathname, query: parsed.searchParams };
}

function isResponse(answer: FakeAnswer): answer is Response {
  return typeof (answer as Response).ok === 'boolean';
}

/** Copies the router's location into `into` on every render, for tests to read; draws nothing. */
function LocationProbe({ into }: { into: HostLocation }) {
  const current = useLocation();
  into.action = useNavigationType();
  into.pathname = current.pathname;
  into.search = current.search;
  into.hash = current.hash;
  into.state = current.state;
  return null;
}
