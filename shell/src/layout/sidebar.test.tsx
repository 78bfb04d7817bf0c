import { tokenAtom } from '@callboard/shared-auth/session';
import { UI_STORAGE_KEY, sidebarOpenAtom } from '@callboard/shared-ui/ui-atoms';
import { cleanup, screen, within } from '@testing-library/react';
import { renderDashboard } from './testing';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

test('the links go to their areas and mark the current one', async () => {
  const { user } = await renderDashboard({ path: '/reporting' });
  const nav = within(mainNav());
  expect(nav.getByRole('link', { name: 'Reporting' })).toHaveAttribute('aria-current', 'page');
  expect(nav.getByRole('link', { name: 'Call Logs' })).not.toHaveAttribute('aria-current');

  await user.click(nav.getByRole('link', { name: 'Call Logs' }));
  expect(screen.getByRole('heading', { name: 'Call Logs area' })).toBeInTheDocument();
  expect(nav.getByRole('link', { name: 'Call Logs' })).toHaveAttribute('aria-current', 'page');
  expect(nav.getByRole('link', { name: 'Reporting' })).not.toHaveAttribute('aria-current');

  await user.click(nav.getByRole('link', { name: 'Users' }));
  expect(screen.getByRole('heading', { name: 'Users area' })).toBeInTheDocument();
  expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
});

test('an area stays marked on its nested pages', async () => {
  await renderDashboard({ path: '/users/42' });
  expect(within(mainNav()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
});

test('Users is listed for a plain user, not only for admins', async () => {
  await renderDashboard({ account: { role: 'user' } });
  expect(within(mainNav()).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
});

test('collapsing takes the sidebar from 220 to 80 px, keeps the names, and is remembered', async () => {
  const { user, store } = await renderDashboard();
  expect(mainNav()).toHaveStyle({ width: '220px' });
  const collapse = screen.getByRole('button', { name: 'Collapse sidebar' });
  expect(collapse).toHaveAttribute('aria-expanded', 'true');

  await user.click(collapse);
  expect(mainNav()).toHaveStyle({ width: '80px' });
  expect(store.get(sidebarOpenAtom)).toBe(false);
  const expand = screen.getByRole('button', { name: 'Expand sidebar' });
  expect(expand).toHaveAttribute('aria-expanded', 'false');
  // Icons only, but every item keeps its accessible name and gets a tooltip.
  const reporting = within(mainNav()).getByRole('link', { name: 'Reporting' });
  expect(reporting).toHaveAttribute('title', 'Reporting');
  expect(within(mainNav()).getByRole('button', { name: 'Logout' })).toHaveAttribute('title', 'Logout');
  expect(JSON.parse(localStorage.getItem(UI_STORAGE_KEY) ?? '{}')).toMatchObject({ sidebarOpen: false });

  // A new page load (fresh store) starts collapsed.
  cleanup();
  const again = await renderDashboard();
  expect(mainNav()).toHaveStyle({ width: '80px' });

  await again.user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
  expect(mainNav()).toHaveStyle({ width: '220px' });
  expect(within(mainNav()).getByRole('link', { name: 'Reporting' })).not.toHaveAttribute('title');
});

test('Logout at the bottom of the sidebar signs out and goes to /login', async () => {
  const { user, store, router } = await renderDashboard({ path: '/callLogs' });
  await user.click(within(mainNav()).getByRole('button', { name: 'Logout' }));

  expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
  expect(router.action).toBe('REPLACE');
  expect(store.get(tokenAtom)).toBeNull();
  expect(localStorage.length).toBe(0);
});
