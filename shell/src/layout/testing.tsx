/**
 * Renders the signed-in frame through the shell's real route table
 * (AppRoutes) inside the app's host (renderInHost), with a signed-in session
 * and optional filters per test. What the frame only points at is stood in
 * for: each remote area draws a heading with its name, the login screen a
 * heading, and GlobalPanels a probe that prints which overlay openPanelAtom
 * names — the layout's job is to say what to open, the filters folder's tests
 * cover drawing it.
 */
import type { PublicUser } from '@callboard/contract';
import { renderInHost, type FakeApi, type RenderedInHost } from '@callboard/shared-auth/testing/render-in-host';
import { updateFiltersAtom, type FilterState } from '@callboard/shared-ui/filter-atoms';
import { screen } from '@testing-library/react';
import { AppRoutes } from '../app/routes';
import { paths } from '../app/paths';

jest.mock('../filters/global-panels', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const { useAtomValue } = jest.requireActual<typeof import('jotai')>('jotai');
  const { openPanelAtom } = jest.requireActual<typeof import('../app/open-panel-atom')>('../app/open-panel-atom');
  return {
    GlobalPanels: function GlobalPanelsProbe() {
      return createElement('output', { 'data-testid': 'open-panel' }, useAtomValue(openPanelAtom) ?? 'none');
    },
  };
});

jest.mock('../auth/login-page', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return { LoginPage: () => createElement('h1', null, 'Login screen') };
});

jest.mock('../federation/remote-area', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const { REMOTES } = jest.requireActual<typeof import('@callboard/contract')>('@callboard/contract');
  const labelOf = (remote: string) => REMOTES.find((entry) => entry.federationName === remote)?.label;
  return { RemoteArea: ({ remote }: { remote: string }) => createElement('h1', null, `${labelOf(remote)} area`) };
});

// Persisted UI and filter state lives in localStorage: each test starts from nothing (a test may render
// twice to play a reload, so the render itself keeps storage).
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

export interface RenderDashboardOptions {
  /** Where the router starts; /reporting by default. */
  path?: string;
  /** Overrides of the signed-in account (makeUser's Ada Lovelace otherwise). */
  account?: Partial<PublicUser>;
  /** Filter state to start from, applied through the same write atom the app uses. */
  filters?: Partial<FilterState>;
  /** The fake API; by default every request gets the logout answer. */
  api?: FakeApi;
}

export interface RenderedDashboard extends RenderedInHost {
  /** Where the router is (pathname) and how it got there (action: PUSH, REPLACE, POP). */
  router: RenderedInHost['location'];
}

/** Resolves once the frame has loaded (the shell loads it lazily, after sign-in). */
export async function renderDashboard({ path = paths.reporting, account = {}, filters, api }: RenderDashboardOptions = {}): Promise<RenderedDashboard> {
  const rendered = renderInHost(<AppRoutes />, {
    path,
    session: account,
    keepStorage: true,
    setup: (store) => {
      if (filters) store.set(updateFiltersAtom, filters);
    },
    // Logout tells the server; it answers here and tests can check the call.
    api: api ?? (() => ({ body: { success: true, message: 'Logged out' } })),
  });
  // The first render of a test file loads the frame's module; a busy machine can take seconds.
  await screen.findByRole('banner', {}, { timeout: 5000 });
  return { ...rendered, router: rendered.location };
}
