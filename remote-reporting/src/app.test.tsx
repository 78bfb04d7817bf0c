/**
 * The Reporting area's route tree: which page each address shows, and that an address the area does not
 * know goes to / (replacing it), whether the area is mounted under /reporting as the shell mounts it or
 * runs on its own at / (its StandaloneHost). The pages are stood in for; their own tests cover them.
 */
import { Route, Routes } from '@callboard/shared-router';
import { makePartner } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost } from '@callboard/shared-auth/testing/render-in-host';
import { screen, waitFor } from '@testing-library/react';
import App from './app';

jest.mock('./features/overview/components/overview-page', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return { OverviewPage: () => createElement('h2', null, 'Overview page') };
});
jest.mock('./features/costs/components/costs-page', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return { CostsPage: () => createElement('h2', null, 'Costs page') };
});
jest.mock('./features/scorecard/components/scorecard-page', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return { ScorecardPage: () => createElement('h2', null, 'Scorecard page') };
});
jest.mock('./unfiltered-tabs', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return { AlertsPage: () => createElement('h2', null, 'Alerts page'), ReportsPage: () => createElement('h2', null, 'Reports page') };
});

/** The area under /reporting beside a start page at /, as in the shell (whose / then goes on to /reporting). */
const inShell = (
  <Routes>
    <Route path="/" element={<h1>Start page</h1>} />
    <Route path="/reporting/*" element={<App />} />
  </Routes>
);

test.each([
  ['/reporting', 'Overview page'],
  ['/reporting/calls/7', 'Overview page'],
  ['/reporting/costs', 'Costs page'],
  ['/reporting/scorecard', 'Scorecard page'],
  ['/reporting/alerts', 'Alerts page'],
  ['/reporting/reports', 'Reports page'],
])('%s shows the %s and stays there', async (path, page) => {
  const { location } = renderInHost(inShell, { path });
  expect(await screen.findByRole('heading', { name: page })).toBeInTheDocument();
  expect(location.pathname).toBe(path);
});

test.each(['/reporting/nope', '/reporting/calls', '/reporting/costs/extra'])('%s goes to /, replacing itself', async (path) => {
  const { location } = renderInHost(inShell, { path });
  expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
  expect(location.pathname).toBe('/');
  expect(location.action).toBe('REPLACE');
});

test('on its own, an unknown address goes to / and shows the overview', async () => {
  const { location } = renderInHost(<App />, { path: '/nope' });
  expect(await screen.findByRole('heading', { name: 'Overview page' })).toBeInTheDocument();
  await waitFor(() => expect(location.pathname).toBe('/'));
  expect(location.action).toBe('REPLACE');
});

/** The five tabs and the address each leads to, under the area's base ("/reporting" in the shell, "" on its own). */
const TABS = [
  ['Statistics & Records', '', 'Overview page'],
  ['Costs', '/costs', 'Costs page'],
  ['Scorecard', '/scorecard', 'Scorecard page'],
  ['Alerts', '/alerts', 'Alerts page'],
  ['Reports', '/reports', 'Reports page'],
] as const;
/** Every address a tab can be pressed from: each tab's own, and a call's details. */
const STARTS = ['', '/costs', '/scorecard', '/alerts', '/reports', '/calls/7'];

describe.each([
  ['in the shell', '/reporting', inShell],
  ['on its own dev page', '', <App key="standalone" />],
])('%s, every tab reaches every tab', (_where, base, tree) => {
  test.each(STARTS.flatMap((start) => TABS.map(([tab, to, page]) => [start, tab, to, page] as const)))(
    'from %p, %s',
    async (start, tab, to, page) => {
      const { location, user } = renderInHost(tree, { path: base + start || '/' });
      await screen.findByRole('heading', { level: 2 });
      await user.click(screen.getByRole('link', { name: tab }));
      expect(await screen.findByRole('heading', { name: page })).toBeInTheDocument();
      expect(location.pathname).toBe(base + to || '/');
      // The pressed tab is the marked one, and only it.
      expect(screen.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
      expect(screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1);
    },
  );
});

test('a call id the address encodes still leaves the tabs on the area', async () => {
  const { user, location } = renderInHost(inShell, { path: '/reporting/calls/a%20b' });
  await screen.findByRole('heading', { name: 'Overview page' });
  await user.click(screen.getByRole('link', { name: 'Costs' }));
  expect(await screen.findByRole('heading', { name: 'Costs page' })).toBeInTheDocument();
  expect(location.pathname).toBe('/reporting/costs');
});

test('a tab keeps the view: the address it leads to carries the query in force, not the person’s default view', async () => {
  const byDefault = { id: 'v1', name: 'Mine', area: 'reporting', query: 'datePreset=yesterday', columns: null, shared: false, ownerId: 'u1', ownerName: 'Me', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
  const api = (request: { path: string }) =>
    request.path === '/api/views/defaults' ? { body: { success: true, data: { reporting: byDefault, callLogs: null } } } : undefined;
  const { user, location } = renderInHost(inShell, { path: '/reporting?datePreset=last_7_days&status=Sales', api });
  await screen.findByRole('heading', { name: 'Overview page' });
  await user.click(screen.getByRole('link', { name: 'Scorecard' }));
  expect(await screen.findByRole('heading', { name: 'Scorecard page' })).toBeInTheDocument();
  expect(location.pathname).toBe('/reporting/scorecard');
  expect(new URLSearchParams(location.search).get('datePreset')).toBe('last_7_days');
  expect(new URLSearchParams(location.search).get('status')).toBe('Sales');
});

test('Alerts and Reports read no view: their tabs carry the view in force, and back on Statistics it is shown again', async () => {
  const byDefault = { id: 'v1', name: 'Mine', area: 'reporting', query: 'datePreset=yesterday', columns: null, shared: false, ownerId: 'u1', ownerName: 'Me', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
  const api = (request: { path: string }) =>
    request.path === '/api/views/defaults' ? { body: { success: true, data: { reporting: byDefault, callLogs: null } } } : undefined;
  const { user, location } = renderInHost(inShell, { path: '/reporting?datePreset=last_7_days&status=Sales', api });
  await screen.findByRole('heading', { name: 'Overview page' });
  await user.click(screen.getByRole('link', { name: 'Alerts' }));
  expect(await screen.findByRole('heading', { name: 'Alerts page' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Reports' }));
  expect(await screen.findByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
  expect(location.pathname).toBe('/reporting/reports');
  await user.click(screen.getByRole('link', { name: 'Statistics & Records' }));
  expect(await screen.findByRole('heading', { name: 'Overview page' })).toBeInTheDocument();
  expect(new URLSearchParams(location.search).get('datePreset')).toBe('last_7_days');
  expect(new URLSearchParams(location.search).get('status')).toBe('Sales');
});

test('Reports’ own query is left alone: a bare address there is not given the default view', async () => {
  const byDefault = { id: 'v1', name: 'Mine', area: 'reporting', query: 'datePreset=yesterday', columns: null, shared: false, ownerId: 'u1', ownerName: 'Me', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
  const api = (request: { path: string }) =>
    request.path === '/api/views/defaults' ? { body: { success: true, data: { reporting: byDefault, callLogs: null } } } : undefined;
  const { location } = renderInHost(inShell, { path: '/reporting/reports?view=v9&new=1', api });
  expect(await screen.findByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
  // Long enough for the default view to have been read and written, had the address been read as a view.
  await waitFor(() => expect(screen.getByRole('link', { name: 'Alerts' })).toBeInTheDocument());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(location.search).toBe('?view=v9&new=1');
});

describe('for a partner', () => {
  const tabNames = () => screen.getAllByRole('link').map((link) => link.textContent);

  test('a publisher partner has Statistics & Records and Costs, no Scorecard, whose address goes to /', async () => {
    const { location } = renderInHost(inShell, { path: '/reporting/scorecard', session: makePartner('publisher') });
    expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
    expect(location.pathname).toBe('/');
  });

  test.each([
    ['publisher', ['Statistics & Records', 'Costs']],
    ['buyer', ['Statistics & Records']],
  ] as const)('a %s partner’s tabs are %j', async (kind, tabs) => {
    renderInHost(inShell, { path: '/reporting', session: makePartner(kind) });
    await screen.findByRole('heading', { name: 'Overview page' });
    expect(tabNames()).toEqual(tabs);
  });

  test.each(['/reporting/alerts', '/reporting/reports'])('%s goes to /: alerts and scheduled reports are the network’s', async (path) => {
    const { location } = renderInHost(inShell, { path, session: makePartner('publisher') });
    expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
    expect(location.pathname).toBe('/');
  });

  test('a buyer partner’s Costs address goes to /: a buyer has no Costs', async () => {
    const { location } = renderInHost(inShell, { path: '/reporting/costs', session: makePartner('buyer') });
    expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
    expect(location.pathname).toBe('/');
  });
});
