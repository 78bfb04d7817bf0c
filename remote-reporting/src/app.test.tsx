/**
 * The Reporting area's route tree: which page each address shows, and that an address the area does not
 * know goes to / (replacing it), whether the area is mounted under /reporting as the shell mounts it or
 * runs on its own at / (its StandaloneHost). The pages are stood in for; their own tests cover them.
 */
import { Route, Routes } from '@callboard/shared-router';
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
