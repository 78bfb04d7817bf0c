import { DATE_PRESET_LABELS } from '@callboard/contract';
import { screen, within } from '@testing-library/react';
import { openPanelAtom } from '../app/open-panel-atom';
import { renderDashboard } from './testing';

const openPanel = () => screen.getByTestId('open-panel');
const option = (value: string) => ({ value, label: value.toUpperCase(), count: 1 });

test.each([
  ['Campaigns', 'campaigns'],
  ['Publishers', 'publishers'],
  ['Targets', 'targets'],
  ['Buyers', 'buyers'],
] as const)('%s opens its picker', async (label, kind) => {
  const { user, store } = await renderDashboard();
  const button = screen.getByRole('button', { name: label });
  expect(button).toHaveAttribute('aria-expanded', 'false');

  await user.click(button);
  expect(store.get(openPanelAtom)).toBe(kind);
  expect(openPanel()).toHaveTextContent(kind);
  expect(button).toHaveAttribute('aria-expanded', 'true');
});

test('a picker with a selection shows its count; the others show none', async () => {
  await renderDashboard({ filters: { campaigns: [option('c1'), option('c2')], buyers: [option('b1')] } });
  const campaigns = screen.getByRole('button', { name: 'Campaigns, 2 selected' });
  expect(campaigns).toHaveTextContent(/^Campaigns2$/);
  expect(screen.getByRole('button', { name: 'Buyers, 1 selected' })).toHaveTextContent('1');
  expect(screen.getByRole('button', { name: 'Publishers' })).toHaveTextContent(/^Publishers$/);
});

test('Filters shows the number of active filters and opens the filters panel', async () => {
  const { user, store } = await renderDashboard({ filters: { datePreset: 'last_7_days', search: 'abc' } });
  const filters = screen.getByRole('button', { name: 'Filters, 2 active' });
  expect(filters).toHaveTextContent(/^Filters2$/);

  await user.click(filters);
  expect(store.get(openPanelAtom)).toBe('filters');
  expect(openPanel()).toHaveTextContent('filters');
});

test('Filters shows no badge when nothing narrows the data', async () => {
  await renderDashboard();
  expect(screen.getByRole('button', { name: 'Filters, 0 active' })).toHaveTextContent(/^Filters$/);
});

test('the date chip shows the preset in force and opens the filters panel', async () => {
  const { user, store } = await renderDashboard({ filters: { datePreset: 'last_30_days' } });
  const chip = screen.getByRole('button', { name: `Date range: ${DATE_PRESET_LABELS.last_30_days}` });
  expect(chip).toHaveTextContent('Last 30 Days');

  await user.click(chip);
  expect(store.get(openPanelAtom)).toBe('filters');
});

test('the date chip reads "Today" by default', async () => {
  await renderDashboard();
  expect(within(screen.getByRole('button', { name: /^Date range/ })).getByText('Today')).toBeInTheDocument();
});

test.each([
  ['/reporting', true],
  ['/callLogs', true],
  ['/users', false],
])('on %s the Views menu is shown: %s', async (path, shown) => {
  await renderDashboard({ path });
  expect(screen.queryByRole('button', { name: 'Views' }) !== null).toBe(shown);
  // The pickers are there either way: the frame has rendered.
  expect(screen.getByRole('button', { name: 'Campaigns' })).toBeInTheDocument();
});
