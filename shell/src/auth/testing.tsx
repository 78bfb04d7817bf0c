/**
 * Renders the auth screens inside the app's host (renderInHost): /login and
 * /register behind RedirectIfSignedIn, as in app/routes.tsx. Every other path
 * renders an empty landing page; routerPosition() says where the router is and
 * whether it got there by replacing history.
 */
import { API_PATHS } from '@callboard/contract';
import { recordedCalls, type FakeResponseInit, type FetchMock } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost, type HostLocation, type RenderedInHost } from '@callboard/shared-auth/testing/render-in-host';
import { screen } from '@testing-library/react';
import { Route, Routes } from '@callboard/shared-router';
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
  /** What GET /api/auth/registration answers: open (the default), open to a first account with the setup token, closed, or a 503. */
  registration?: 'open' | 'setup-token' | 'closed' | 'unavailable';
}

let current: HostLocation | undefined;

export function renderAuth({ path, state, session = 'signed-out', registration = 'open' }: RenderAuthOptions): RenderedInHost {
  const rendered = renderInHost(
    <Routes>
      <Route path={paths.login} element={<RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn>} />
      <Route path={paths.register} element={<RedirectIfSignedIn><RegisterPage /></RedirectIfSignedIn>} />
      <Route path="*" element={<LandingPage />} />
    </Routes>,
    {
      path,
      state,
      session: session === 'signed-in' ? {} : session,
      // Tests queue each answer (mockResolvedValueOnce); anything else but the registration status gets an empty success.
      api: (request) => (request.path === API_PATHS.registration ? registrationAnswer(registration) : { body: null }),
    },
  );
  current = rendered.location;
  return rendered;
}

function registrationAnswer(registration: RenderAuthOptions['registration']): FakeResponseInit {
  if (registration === 'unavailable') return { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'The database is not answering' } };
  return { body: { success: true, data: { open: registration !== 'closed', setupTokenRequired: registration === 'setup-token' } } };
}

/** Stands in for every page outside the auth screens. */
function LandingPage() {
  return <main aria-label="Landed" />;
}

export interface RouterPosition {
  path: string;
  /** POP for the first entry, PUSH or REPLACE after a navigation. */
  navigationType: string;
}

export function routerPosition(): RouterPosition {
  if (!current) throw new Error('routerPosition() needs renderAuth() first');
  return { path: `${current.pathname}${current.search}${current.hash}`, navigationType: current.action };
}

/** Waits until navigation has left the auth screens, then says where it ended up. */
export async function landedOn(): Promise<RouterPosition> {
  await screen.findByRole('main', { name: 'Landed' });
  return routerPosition();
}

/** The request bodies the API received at `path`, parsed. */
export function sentTo(fetchMock: FetchMock, path: string): unknown[] {
  return recordedCalls(fetchMock)
    .filter((call) => call.url === path)
    .map((call) => call.body);
}
