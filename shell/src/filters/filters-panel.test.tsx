import { DATE_RANGE_MESSAGES } from '@callboard/contract/date-range';
import { DEFAULT_FILTERS } from '@callboard/shared-ui/filter-atoms';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { openPanelAtom } from '../app/open-panel-atom';
import { GlobalPanels } from './global-panels';
import { renderWithProviders, type RenderOptions } from './testing';

function openPanel(options: RenderOptions = {}) {
  const rendered = renderWithProviders(<GlobalPanels />, options);
  act(() => rendered.store.set(openPanelAtom, 'filters'));
  return rendered;
}

const panel = () => screen.getByRole('dialog', { name: 'Filters' });
const presetSelect = () => screen.getByRole('combobox', { name: 'Date Preset' });
const startInput = () => screen.getByLabelText('Start Date');
const endInput = () => screen.getByLabelText('End Date');

const SELECTED = {
  datePreset: 'last_7_days' as const,
  search: '5551234',
  campaigns: [{ value: 'c1', label: 'Solar Leads', count: 5 }],
  buyers: [{ value: 'b1', label: 'Big Buyer', count: 2 }],
  disposition: ['Sales'],
  page: 3,
};

test('offers the twelve presets, today by default, and the dates only for Custom Range', async () => {
  const { user } = openPanel();
  expect(panel()).toBeInTheDocument();
  expect(presetSelect()).toHaveValue('today');
  expect(presetSelect()).toHaveFocus();
  expect(within(presetSelect()).getAllByRole('option')).toHaveLength(12);
  expect(screen.queryByLabelText('Start Date')).not.toBeInTheDocument();

  await user.selectOptions(presetSelect(), 'Custom Range');
  expect(startInput()).toHaveAttribute('type', 'datetime-local');
  expect(endInput()).toHaveAttribute('type', 'datetime-local');

  await user.selectOptions(presetSelect(), 'Last 30 Days');
  expect(screen.queryByLabelText('Start Date')).not.toBeInTheDocument();
});

test('nothing changes until Apply; Apply writes the preset, goes back to page 1, toasts and closes', async () => {
  const { user, store, filters } = openPanel({ filters: { page: 5 } });
  expect(filters().page).toBe(5);
  await user.selectOptions(presetSelect(), 'Last 30 Days');
  expect(filters().datePreset).toBe('today');

  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(filters().datePreset).toBe('last_30_days');
  expect(filters().page).toBe(1);
  expect(await screen.findByText('Filters applied')).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
  expect(store.get(openPanelAtom)).toBeNull();
});

test('Apply writes a custom range', async () => {
  const { user, filters } = openPanel();
  await user.selectOptions(presetSelect(), 'Custom Range');
  fireEvent.change(startInput(), { target: { value: '2026-11-01T09:00' } });
  fireEvent.change(endInput(), { target: { value: '2026-11-20T17:30' } });
  await user.click(screen.getByRole('button', { name: 'Apply' }));

  expect(filters()).toMatchObject({ datePreset: 'custom', startDate: '2026-11-01T09:00', endDate: '2026-11-20T17:30' });
  expect(await screen.findByText('Filters applied')).toBeInTheDocument();
});

test('a custom range needs both dates, start before end, before it applies', async () => {
  const { user, filters } = openPanel();
  await user.selectOptions(presetSelect(), 'Custom Range');
  fireEvent.change(startInput(), { target: { value: '2026-11-20T09:00' } });
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(screen.getByRole('alert')).toHaveTextContent(DATE_RANGE_MESSAGES.endRequired);

  fireEvent.change(endInput(), { target: { value: '2026-11-19T09:00' } });
  // Editing clears the old complaint; the next Apply checks again.
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(screen.getByRole('alert')).toHaveTextContent(DATE_RANGE_MESSAGES.endNotAfterStart);

  expect(panel()).toBeInTheDocument();
  expect(filters().datePreset).toBe('today');
  expect(screen.queryByText('Filters applied')).not.toBeInTheDocument();
});

test('a calendar picks a custom range of whole days into the Start Date and End Date, checked as typed dates are', async () => {
  const { user, filters } = openPanel({ filters: { datePreset: 'custom', startDate: '2026-03-02T08:00', endDate: '2026-03-03T18:00' } });
  await user.click(screen.getByRole('button', { name: 'Pick dates on a calendar' }));
  // Its own chunk: it arrives after the click, on the month of the range in force.
  const day = async (name: RegExp) => within(await screen.findByRole('grid')).getByRole('button', { name });
  await user.click(await day(/March 10(th)?, 2026/));
  expect(startInput()).toHaveValue('2026-03-10T00:00');
  await user.click(await day(/March 12(th)?, 2026/));
  expect(startInput()).toHaveValue('2026-03-10T00:00');
  expect(endInput()).toHaveValue('2026-03-13T00:00');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(filters()).toMatchObject({ datePreset: 'custom', startDate: '2026-03-10T00:00', endDate: '2026-03-13T00:00' });
});

test('opening the calendar under a preset makes the range custom; the custom rules still hold on Apply', async () => {
  const { user, filters } = openPanel();
  await user.click(screen.getByRole('button', { name: 'Pick dates on a calendar' }));
  expect(presetSelect()).toHaveValue('custom');
  expect(await screen.findByRole('grid')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(screen.getByRole('alert')).toHaveTextContent(DATE_RANGE_MESSAGES.startRequired);
  expect(filters().datePreset).toBe('today');
  await user.click(screen.getByRole('button', { name: 'Hide calendar' }));
  expect(screen.queryByRole('grid')).not.toBeInTheDocument();
});

test('Reset goes back to today and clears the search and every selection', async () => {
  const { user, filters } = openPanel({ filters: SELECTED });
  expect(presetSelect()).toHaveValue('last_7_days');
  await user.click(screen.getByRole('button', { name: 'Reset' }));

  expect(filters()).toEqual(DEFAULT_FILTERS);
  expect(await screen.findByText('Filters reset')).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
});

test('shows what is filtered, and a removed chip is dropped on Apply', async () => {
  const { user, filters } = openPanel({ filters: SELECTED });
  expect(screen.getByRole('group', { name: 'Campaigns' })).toHaveTextContent('Solar Leads');
  expect(screen.getByRole('group', { name: 'Buyers' })).toHaveTextContent('Big Buyer');
  expect(screen.getByRole('group', { name: 'Dispositions' })).toHaveTextContent('Sales');
  expect(screen.getByRole('group', { name: 'Caller ID search' })).toHaveTextContent('5551234');

  await user.click(screen.getByRole('button', { name: 'Remove Solar Leads from Campaigns' }));
  expect(screen.queryByRole('group', { name: 'Campaigns' })).not.toBeInTheDocument();
  expect(filters().campaign).toEqual(['c1']);

  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(filters()).toMatchObject({ campaign: [], campaigns: [], buyer: ['b1'], search: '5551234', datePreset: 'last_7_days', page: 1 });
});

test('a transcript search shows as its own chip; its × empties q on Apply', async () => {
  const { user, filters } = openPanel({ filters: { q: '"cancel my order"' } });
  expect(screen.getByRole('group', { name: 'Transcript search' })).toHaveTextContent('"cancel my order"');
  expect(screen.queryByRole('group', { name: 'Caller ID search' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Remove transcript search "cancel my order"' }));
  expect(screen.queryByRole('group', { name: 'Transcript search' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(filters().q).toBe('');
});

test('with nothing selected it says so', () => {
  openPanel();
  expect(screen.getByText('No campaign, publisher, target, buyer or search filters.')).toBeInTheDocument();
});

test.each([
  ['Escape', async (user: ReturnType<typeof openPanel>['user']) => user.keyboard('{Escape}')],
  ['the close button', async (user: ReturnType<typeof openPanel>['user']) => user.click(screen.getByRole('button', { name: 'Close filters' }))],
  ['a click beside the panel', async (user: ReturnType<typeof openPanel>['user']) => user.click(screen.getByTestId('filters-backdrop'))],
])('%s closes the panel and drops the draft', async (_how, close) => {
  const { user, store, filters } = openPanel();
  await user.selectOptions(presetSelect(), 'Yesterday');
  await close(user);
  expect(store.get(openPanelAtom)).toBeNull();
  expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
  expect(filters().datePreset).toBe('today');
});

test('on a narrow screen the panel holds the pickers, with their counts (layout.css hides them on a wide one)', () => {
  openPanel({ filters: SELECTED });
  const selections = within(screen.getByRole('region', { name: 'Selections' }));
  expect(selections.getByRole('button', { name: 'Campaigns, 1 selected' })).toHaveTextContent(/^Campaigns1$/);
  expect(selections.getByRole('button', { name: 'Publishers' })).toHaveTextContent(/^Publishers$/);
  expect(selections.getByRole('button', { name: 'Targets' })).toBeInTheDocument();
  expect(selections.getByRole('button', { name: 'Buyers, 1 selected' })).toBeInTheDocument();
});

test('a picker chosen in the panel replaces it, and closing the picker gives focus back to what opened the panel', async () => {
  const rendered = renderWithProviders(
    <>
      <button type="button" onClick={() => rendered.store.set(openPanelAtom, 'filters')}>
        Open filters
      </button>
      <GlobalPanels />
    </>,
  );
  const { user, store } = rendered;
  await user.click(screen.getByRole('button', { name: 'Open filters' }));
  await user.click(within(screen.getByRole('region', { name: 'Selections' })).getByRole('button', { name: 'Targets' }));
  expect(store.get(openPanelAtom)).toBe('targets');
  expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
  expect(await screen.findByRole('dialog', { name: 'Targets' })).toBeInTheDocument();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open filters' })).toHaveFocus();
});

test('Repeat callers: all calls by default; Repeats only or First calls only is applied as repeat', async () => {
  const { user, filters } = openPanel();
  const calls = screen.getByLabelText('Calls');
  expect(calls).toHaveValue('');
  expect(within(calls).getAllByRole('option').map((o) => o.textContent)).toEqual(['All calls', 'Repeats only', 'First calls only']);
  await user.selectOptions(calls, 'Repeats only');
  expect(filters().repeat).toBe('');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(filters().repeat).toBe('true');
});
