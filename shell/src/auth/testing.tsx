/**
 * Renders the auth screens the way the app does: a fresh jotai store, a
 * memory router holding /login and /register behind RedirectIfSignedIn (as in
 * app/routes.tsx), a toaster, and a fetch mock answering the API calls.
 * Every other path renders an empty landing page; routerPosition() says
 * where the router is and whether it got there by replacing history.
 */
import { isLoadingAtom, saveSession, type Store } from '@callboard/shared-auth/session';
import { installFetchMock, makeToken, makeUser, type FetchMock } from '@callboard/shared-auth/testing/fetch-mock';
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from '@callboard/shared-router';
import { paths } from '../app/paths';
import { LoginPage } from './login-page';
import { RedirectIfSignedIn } from './redirect-if-signed-in';
import { RegisterPage } from './register-page';

/** Where the session stands when the screen first renders. */
export type SessionSeed = 'signed-out' | 'signed-in' | 'restoring';

export interface RenderAuthOptions {
  /** The starting location, e.g. paths.login. */
  path: string;
  /** Location state at the start (the guard's `{ from }`, registration's `{ email }`). */
  state?: unknown;
  session?: SessionSeed;
}

export interface RenderAuthResult extends RenderResult {
  store: Store;
  fetchMock: FetchMock;
  user: UserEvent;
}

export function renderAuth({ path, state, session = 'signed-out' }: RenderAuthOptions): RenderAuthResult {
  // Toasts live in react-hot-toast's module state and a login is saved to localStorage: start each test clean.
  toast.remove();
  localStorage.clear();
  const fetchMock = installFetchMock();
  const store = createStore();
  seedSession(store, session);
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Toaster />
        <Routes>
          <Route path={paths.login} element={<RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn>} />
          <Route path={paths.register} element={<RedirectIfSignedIn><RegisterPage /></RedirectIfSignedIn>} />
          <Route path="*" element={<LandingPage />} />
        </Routes>
        <RouterState />
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store, fetchMock, user };
}

function seedSession(store: Store, session: SessionSeed): void {
  if (session === 'restoring') return; // isLoading starts true: the restore has not run yet.
  if (session === 'signed-in') saveSession(store, { token: makeToken(900), user: makeUser() });
  store.set(isLoadingAtom, false);
}

/** Stands in for every page outside the auth screens. */
function LandingPage() {
  return <main aria-label="Landed" />;
}

/** Where the router is and how it got there (push or replace), for tests to read; never shown. */
function RouterState() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <div
      hidden
      data-testid="router-state"
      data-path={`${location.pathname}${location.search}${location.hash}`}
      data-navigation-type={navigationType}
    />
  );
}

export interface RouterPosition {
  path: string;
  /** POP for the first entry, PUSH or REPLACE after a navigation. */
  navigationType: string;
}

export function routerPosition(): RouterPosition {
  const state = screen.getByTestId('router-state');
  return { path: state.dataset.path ?? '', navigationType: state.dataset.navigationType ?? '' };
}

/** Waits until navigation has left the auth screens, then says where it ended up. */
export async function landedOn(): Promise<RouterPosition> {
  await screen.findByRole('main', { name: 'Landed' });
  return routerPosition();
}

/** The request bodies the API received at `path`, parsed. */
export function sentTo(fetchMock: FetchMock, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body));
}

