/**
 * Renders the signed-in frame the way the app does (one jotai store, a data
 * router) with a fresh store, a signed-in session and optional filters per
 * test. GlobalPanels is replaced by a probe that prints which overlay
 * openPanelAtom names: the layout's job is to say what to open, the filters
 * folder's tests cover drawing it.
 */
import type { PublicUser } from '@callboard/contract';
import { isLoadingAtom, saveSession } from '@callboard/shared-auth/session';
import { installFetchMock, jsonResponse, makeUser, type FetchMock } from '@callboard/shared-auth/testing/fetch-mock';
import { updateFiltersAtom, type FilterState } from '@callboard/shared-ui/filter-atoms';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { MemoryRouter, useLocation, useNavigationType, useRoutes, type RouteObject } from '@callboard/shared-router';
import { paths } from '../app/paths';
import DashboardLayout from './dashboard-layout';

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

// Persisted UI and filter state lives in localStorage: each test starts from nothing.
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

export const TEST_TOKEN = 'test-token';

/** Stand-ins for the remotes, mounted under `<area>/*` as in the app: a heading per area, so a test sees where it landed. */
const areaRoutes: RouteObject[] = [
  { path: `${paths.reporting}/*`, element: <h1>Reporting area</h1> },
  { path: `${paths.callLogs}/*`, element: <h1>Call Logs area</h1> },
  { path: `${paths.users}/*`, element: <h1>Users area</h1> },
];

export const testRoutes: RouteObject[] = [
  { path: paths.login, element: <h1>Login screen</h1> },
  { path: paths.root, element: <DashboardLayout />, children: areaRoutes },
];

/** Where the router is and how it got there (PUSH, REPLACE, POP), updated on every navigation. */
export interface RouterState {
  pathname: string;
  action: string;
}

/**
 * A MemoryRouter rather than a data router: jsdom has no fetch `Request`,
 * which a data router's navigations construct. The frame only uses the
 * hooks both kinds provide.
 */
function TestRoutes({ state }: { state: RouterState }) {
  const location = useLocation();
  state.pathname = location.pathname;
  state.action = useNavigationType();
  return useRoutes(testRoutes);
}

export interface RenderDashboardOptions {
  /** Where the router starts; /reporting by default. */
  path?: string;
  /** Overrides of the signed-in account (makeUser's Ada Lovelace otherwise). */
  account?: Partial<PublicUser>;
  /** Filter state to start from, applied through the same write atom the app uses. */
  filters?: Partial<FilterState>;
}

export function renderDashboard({ path = paths.reporting, account, filters }: RenderDashboardOptions = {}) {
  const store = createStore();
  saveSession(store, { token: TEST_TOKEN, user: makeUser(account) });
  store.set(isLoadingAtom, false);
  if (filters) store.set(updateFiltersAtom, filters);

  // Logout tells the server; jsdom has no fetch, so it answers here and tests can check the call.
  const fetchMock: FetchMock = installFetchMock(async () => jsonResponse({ success: true, message: 'Logged out' }));
  const router: RouterState = { pathname: path, action: 'POP' };
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <TestRoutes state={router} />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store, router, fetchMock, user: userEvent.setup() };
}
