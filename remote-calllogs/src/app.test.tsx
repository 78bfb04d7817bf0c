/**
 * The Call Logs area's route tree: the log and a call's details show the log, and an address the area
 * does not know goes to / (replacing it), whether the area is mounted under /callLogs as the shell mounts
 * it or runs on its own at / (its StandaloneHost). The page is stood in for; its own tests cover it.
 */
import { Route, Routes } from '@callboard/shared-router';
import { renderInHost } from '@callboard/shared-auth/testing/render-in-host';
import { screen, waitFor } from '@testing-library/react';
import App from './app';

jest.mock('./features/call-log/components/call-log-page', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return { CallLogPage: () => createElement('h2', null, 'Call log page') };
});

/** The area under /callLogs beside a start page at /, as in the shell (whose / then goes on to /reporting). */
const inShell = (
  <Routes>
    <Route path="/" element={<h1>Start page</h1>} />
    <Route path="/callLogs/*" element={<App />} />
  </Routes>
);

test.each(['/callLogs', '/callLogs/calls/7'])('%s shows the log and stays there', async (path) => {
  const { location } = renderInHost(inShell, { path });
  expect(await screen.findByRole('heading', { name: 'Call log page' })).toBeInTheDocument();
  expect(location.pathname).toBe(path);
});

test.each(['/callLogs/x', '/callLogs/calls'])('%s goes to /, replacing itself', async (path) => {
  const { location } = renderInHost(inShell, { path });
  expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
  expect(location.pathname).toBe('/');
  expect(location.action).toBe('REPLACE');
});

test('on its own, an unknown address goes to / and shows the log', async () => {
  const { location } = renderInHost(<App />, { path: '/x' });
  expect(await screen.findByRole('heading', { name: 'Call log page' })).toBeInTheDocument();
  await waitFor(() => expect(location.pathname).toBe('/'));
  expect(location.action).toBe('REPLACE');
});
