import { screen, within } from '@testing-library/react';
import { renderDashboard } from './testing';

test('the frame holds the header, the sidebar, the top bar, the routed area in <main>, and the global panels', async () => {
  await renderDashboard({ path: '/callLogs' });
  const banner = screen.getByRole('banner');
  expect(within(banner).getByRole('link', { name: 'Callboard' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Selections' })).toBeInTheDocument();

  const main = screen.getByRole('main');
  expect(within(main).getByRole('heading', { name: 'Call Logs area' })).toBeInTheDocument();
  // The frame itself puts nothing else in the main area.
  expect(main.children).toHaveLength(1);
  expect(screen.getByTestId('open-panel')).toHaveTextContent('none');
});

test('a skip link leads keyboard users past the frame to the main area', async () => {
  await renderDashboard();
  const skip = screen.getByRole('link', { name: 'Skip to content' });
  expect(skip).toHaveAttribute('href', `#${screen.getByRole('main').id}`);
});

test('? opens the keyboard shortcuts of the screen over the frame, and Esc closes them', async () => {
  const { user } = await renderDashboard({ path: '/users' });
  expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  await user.keyboard('?');
  const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(within(dialog).getByRole('region', { name: 'Everywhere' })).toHaveTextContent('?Show the keyboard shortcuts');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
});
