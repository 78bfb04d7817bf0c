import { NOTIFICATIONS_PATH } from '@callboard/contract/notifications';
import { tokenAtom, userAtom } from '@callboard/shared-auth/session';
import { recordedCalls } from '@callboard/shared-auth/testing/fetch-mock';
import { themeAtom } from '@callboard/shared-ui/ui-atoms';
import { screen, within } from '@testing-library/react';
import { renderDashboard } from './testing';

test("the account button shows the user's name", async () => {
  await renderDashboard({ account: { name: 'Nora Newcomer' } });
  const header = screen.getByRole('banner');
  expect(within(header).getByRole('button', { name: 'Nora Newcomer' })).toBeInTheDocument();
});

test.each(['', '   '])('an account without a name (%j) reads "Profile"', async (name) => {
  await renderDashboard({ account: { name } });
  expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Profile' })).toBeInTheDocument();
});

test('the menu shows the e-mail as a disabled item, and choosing it does nothing', async () => {
  const { user, router } = await renderDashboard({ account: { email: 'nora@example.com' } });
  await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));

  const menu = screen.getByRole('menu', { name: 'Account' });
  const email = within(menu).getByRole('menuitem', { name: 'nora@example.com' });
  expect(email).toHaveAttribute('aria-disabled', 'true');
  expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();

  await user.click(email);
  expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
  expect(router.pathname).toBe('/reporting');
});

test('Logout clears the session and storage, tells the server, and replaces the page with /login', async () => {
  const { user, store, router, fetchMock } = await renderDashboard({ filters: { search: 'abc' } });
  expect(localStorage.length).toBeGreaterThan(0);

  await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
  await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

  expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
  expect(router.pathname).toBe('/login');
  expect(router.action).toBe('REPLACE');
  expect(store.get(tokenAtom)).toBeNull();
  expect(store.get(userAtom)).toBeNull();
  expect(localStorage.length).toBe(0);
  // Beside the bell's read of the notifications at sign-in (notification-bell.test.tsx), the one request is the logout.
  expect(recordedCalls(fetchMock).filter((call) => !call.url.startsWith(NOTIFICATIONS_PATH))).toEqual([
    expect.objectContaining({ url: '/api/auth/logout', method: 'POST' }),
  ]);
});

test('the theme toggle switches between dark and light', async () => {
  const { user, store } = await renderDashboard();
  expect(store.get(themeAtom)).toBe('dark');

  await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
  expect(store.get(themeAtom)).toBe('light');

  await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
  expect(store.get(themeAtom)).toBe('dark');
});

test('the logo links to Reporting without taking the name of its sidebar link', async () => {
  await renderDashboard({ path: '/users' });
  expect(screen.getByRole('link', { name: 'Callboard' })).toHaveAttribute('href', '/reporting');
  expect(screen.getAllByRole('link', { name: /Reporting/ })).toHaveLength(1);
});

test('a stored user without a usable name still gets a working menu', async () => {
  const { user } = await renderDashboard({ account: { name: null as unknown as string } });
  await user.click(screen.getByRole('button', { name: 'Profile' }));
  expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
});
