import { screen, within } from '@testing-library/react';
import { renderDashboard } from './testing';

/*
 * The drawer's behaviour. jsdom applies no stylesheet, so the menu button is
 * there at every width here; that it shows only on a narrow screen, and the
 * drawer slides over the page, is checked in real Chromium (e2e/tests/phone.test.ts).
 */

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const menuButton = () => screen.getByRole('button', { name: /navigation$/ });
const isOpen = () => mainNav().hasAttribute('data-drawer-open');

async function openDrawer(path?: string) {
  const rendered = await renderDashboard({ path });
  await rendered.user.click(screen.getByRole('button', { name: 'Open navigation' }));
  return rendered;
}

test('the menu button controls the navigation and says whether it is open', async () => {
  const { user } = await renderDashboard();
  const button = screen.getByRole('button', { name: 'Open navigation' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveAttribute('aria-controls', mainNav().id);
  expect(isOpen()).toBe(false);

  await user.click(button);
  expect(menuButton()).toHaveAccessibleName('Close navigation');
  expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  expect(isOpen()).toBe(true);

  await user.click(menuButton());
  expect(menuButton()).toHaveAccessibleName('Open navigation');
  expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  expect(isOpen()).toBe(false);
});

test('opening moves focus to the current area, and Escape closes it with focus back on the button', async () => {
  const { user } = await openDrawer('/callLogs');
  expect(within(mainNav()).getByRole('link', { name: 'Call Logs' })).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(isOpen()).toBe(false);
  expect(menuButton()).toHaveFocus();
  expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
});

test('choosing a link goes there, closes the drawer and gives focus back to the button', async () => {
  const { user, router } = await openDrawer();
  await user.click(within(mainNav()).getByRole('link', { name: 'Users' }));
  expect(screen.getByRole('heading', { name: 'Users area' })).toBeInTheDocument();
  expect(router.pathname).toBe('/users');
  expect(isOpen()).toBe(false);
  expect(menuButton()).toHaveFocus();
});

test('a click on the backdrop closes the drawer with focus back on the button; a click inside does not', async () => {
  const { user } = await openDrawer();
  await user.click(within(mainNav()).getByRole('list'));
  expect(isOpen()).toBe(true);

  const backdrop = document.querySelector('.sidebar-backdrop');
  expect(backdrop).toHaveAttribute('data-open');
  await user.click(backdrop!);
  expect(isOpen()).toBe(false);
  expect(backdrop).not.toHaveAttribute('data-open');
  expect(menuButton()).toHaveFocus();
});

test('a click on the page behind closes the drawer too', async () => {
  const { user } = await openDrawer();
  await user.click(screen.getByRole('main'));
  expect(isOpen()).toBe(false);
});

test('a click on another control closes the drawer and leaves focus on that control', async () => {
  const { user } = await openDrawer();
  const themeToggle = screen.getByRole('button', { name: /^Switch to/ });
  await user.click(themeToggle);
  expect(isOpen()).toBe(false);
  expect(screen.getByRole('button', { name: /^Switch to/ })).toHaveFocus();
});

test('tabbing out of the drawer closes it and leaves focus where it went', async () => {
  const { user } = await openDrawer('/users');
  // Users is the last link; past it come Logout and then the page.
  await user.tab();
  expect(within(mainNav()).getByRole('button', { name: 'Logout' })).toHaveFocus();
  expect(isOpen()).toBe(true);
  await user.tab();
  expect(isOpen()).toBe(false);
  expect(mainNav()).not.toContainElement(document.activeElement as HTMLElement);
  expect(menuButton()).not.toHaveFocus();
});

test('the drawer does not change the sidebar kept for wide screens', async () => {
  const { user } = await openDrawer();
  expect(mainNav()).toHaveStyle({ width: '220px' });
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
  expect(mainNav()).toHaveStyle({ width: '80px' });
  expect(isOpen()).toBe(false);
});
