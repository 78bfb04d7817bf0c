/**
 * The users area's route tree: its one page, and an address the area does not know goes to / (replacing
 * it), whether the area is mounted under /users as the shell mounts it or runs on its own at / (its
 * StandaloneHost). The page is stood in for; its own tests cover it.
 */
import { Route, Routes } from '@callboard/shared-router';
import { renderInHost } from '@callboard/shared-auth/testing/render-in-host';
import { screen, waitFor } from '@testing-library/react';
import App from './app';

jest.mock('./features/user-list/components/users-page', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return { UsersPage: () => createElement('h2', null, 'Users page') };
});

/** The area under /users beside a start page at /, as in the shell (whose / then goes on to /reporting). */
const inShell = (
  <Routes>
    <Route path="/" element={<h1>Start page</h1>} />
    <Route path="/users/*" element={<App />} />
  </Routes>
);

test('/users shows the users page and stays there', async () => {
  const { location } = renderInHost(inShell, { path: '/users' });
  expect(await screen.findByRole('heading', { name: 'Users page' })).toBeInTheDocument();
  expect(location.pathname).toBe('/users');
});

test.each(['/users/nope', '/users/me/edit'])('%s goes to /, replacing itself', async (path) => {
  const { location } = renderInHost(inShell, { path });
  expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
  expect(location.pathname).toBe('/');
  expect(location.action).toBe('REPLACE');
});

test('on its own, an unknown address goes to / and shows the users page', async () => {
  const { location } = renderInHost(<App />, { path: '/nope' });
  expect(await screen.findByRole('heading', { name: 'Users page' })).toBeInTheDocument();
  await waitFor(() => expect(location.pathname).toBe('/'));
  expect(location.action).toBe('REPLACE');
});
