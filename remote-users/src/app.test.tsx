/**
 * The users area's route tree: the Users page at the area's index, the admin tabs each at its own address
 * (users-area-tabs.tsx), and an address the area does not know (or a tab the person is not offered) going to /
 * (replacing it), whether the area is mounted under /users as the shell mounts it or runs on its own at / (its
 * StandaloneHost). The pages are stood in for; their own tests cover them.
 */
import { Route, Routes } from '@callboard/shared-router';
import { makePartner, makeUser } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost } from '@callboard/shared-auth/testing/render-in-host';
import { screen, waitFor } from '@testing-library/react';
import App from './app';

jest.mock('./features/user-list/components/users-page', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return { UsersPage: () => createElement('h2', null, 'Users page') };
});

/** A lazily loaded tab's page, stood in for by its heading. */
function standIn(heading: string) {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return { __esModule: true, default: () => createElement('h2', null, heading) };
}
jest.mock('./features/deliveries/components/endpoints-page', () => standIn('Endpoints page'));
jest.mock('./features/deliveries/components/deliveries-page', () => standIn('Deliveries page'));
jest.mock('./features/deliveries/components/outbox-page', () => standIn('Outbox page'));
jest.mock('./features/event-subscriptions/components/subscriptions-page', () => standIn('Event subscriptions page'));
jest.mock('./features/connectors/components/connectors-page', () => standIn('Connectors page'));
jest.mock('./features/import/components/import-page', () => standIn('Import page'));

/** The area under /users beside a start page at /, as in the shell (whose / then goes on to /reporting). */
const inShell = (
  <Routes>
    <Route path="/" element={<h1>Start page</h1>} />
    <Route path="/users/*" element={<App />} />
  </Routes>
);

const ADMIN = makeUser({ role: 'admin' });
const TABS = [
  ['Users', '', 'Users page'],
  ['Delivery endpoints', '/endpoints', 'Endpoints page'],
  ['Deliveries', '/deliveries', 'Deliveries page'],
  ['Outbox', '/outbox', 'Outbox page'],
  ['Event subscriptions', '/event-subscriptions', 'Event subscriptions page'],
  ['Connectors', '/connectors', 'Connectors page'],
  ['Import', '/import', 'Import page'],
] as const;

const currentTabs = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

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

describe.each([
  ['in the shell', '/users', inShell],
  ['on its own dev page', '', <App key="standalone" />],
])('an admin %s: every tab reaches its page, and is the one marked', (_where, base, tree) => {
  test.each(TABS.map(([tab, to, page]) => [tab, to, page] as const))('%s', async (tab, to, page) => {
    const { user, location } = renderInHost(tree, { path: `${base}/outbox`, session: ADMIN });
    await screen.findByRole('heading', { name: 'Outbox page' });
    const nav = screen.getByRole('navigation', { name: 'User management views' });
    expect(Array.from(nav.querySelectorAll('a')).map((link) => link.textContent)).toEqual(TABS.map(([label]) => label));
    await user.click(screen.getByRole('link', { name: tab }));
    expect(await screen.findByRole('heading', { name: page })).toBeInTheDocument();
    expect(location.pathname).toBe(base + to || '/');
    expect(currentTabs()).toEqual([tab]);
  });
});

test('one connector has its own address, under the Connectors tab', async () => {
  renderInHost(inShell, { path: '/users/connectors/c1', session: ADMIN });
  expect(await screen.findByRole('heading', { name: 'Connectors page' })).toBeInTheDocument();
  expect(currentTabs()).toEqual(['Connectors']);
});

test('one import has its own address, under the Import tab', async () => {
  renderInHost(inShell, { path: '/users/import/i1', session: ADMIN });
  expect(await screen.findByRole('heading', { name: 'Import page' })).toBeInTheDocument();
  expect(currentTabs()).toEqual(['Import']);
});

test.each([
  ['a user', makeUser({ role: 'user' })],
  ['a reviewer', makeUser({ role: 'reviewer' })],
])('%s has the Users page without tabs, and an admin tab’s address goes to /', async (_who, session) => {
  const first = renderInHost(inShell, { path: '/users', session });
  expect(await screen.findByRole('heading', { name: 'Users page' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'User management views' })).toBeNull();
  first.unmount();

  const { location } = renderInHost(inShell, { path: '/users/endpoints', session });
  expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
  expect(location.pathname).toBe('/');
});

test('an admin viewing as a partner is not offered the admin tabs', async () => {
  const { location } = renderInHost(inShell, { path: '/users/connectors', session: makePartner('buyer', {}, { viewAsBy: { id: 'a1', name: 'Grace Admin' } }) });
  expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
  expect(location.pathname).toBe('/');
});
