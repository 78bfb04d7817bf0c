import { DEFAULT_REFRESH_INTERVAL_MS, UI_STORAGE_KEY, autoRefreshAtom, pollIntervalAtom, refreshIntervalAtom } from '@callboard/shared-ui/ui-atoms';
import { liveStatusAtom } from '@callboard/shared-auth/live-status';
import { act, screen } from '@testing-library/react';
import { intervalOptions } from './auto-refresh-control';
import { renderDashboard } from './testing';

const storedUi = () => JSON.parse(localStorage.getItem(UI_STORAGE_KEY) ?? '{}') as Record<string, unknown>;

test('Auto Refresh is an off switch by default and flips the persisted atom', async () => {
  const { user, store } = await renderDashboard();
  const toggle = screen.getByRole('switch', { name: 'Auto Refresh' });
  expect(toggle).toHaveAttribute('aria-checked', 'false');

  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect(store.get(autoRefreshAtom)).toBe(true);
  expect(storedUi()).toMatchObject({ autoRefresh: true });

  await user.click(toggle);
  expect(store.get(autoRefreshAtom)).toBe(false);
  expect(storedUi()).toMatchObject({ autoRefresh: false });
});

test('the interval starts at 15 s and is disabled while auto refresh is off', async () => {
  await renderDashboard();
  const interval = screen.getByRole('combobox', { name: 'Refresh interval' });
  expect(interval).toHaveValue(String(DEFAULT_REFRESH_INTERVAL_MS));
  expect(interval).toBeDisabled();
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5 s', '15 s', '30 s', '60 s']);
});

test('with auto refresh on, choosing an interval updates refreshInterval and the polling', async () => {
  const { user, store } = await renderDashboard();
  await user.click(screen.getByRole('switch', { name: 'Auto Refresh' }));
  const interval = screen.getByRole('combobox', { name: 'Refresh interval' });
  expect(interval).toBeEnabled();

  await user.selectOptions(interval, '30 s');
  expect(store.get(refreshIntervalAtom)).toBe(30_000);
  expect(store.get(pollIntervalAtom)).toBe(30_000);
  expect(storedUi()).toMatchObject({ refreshInterval: 30_000 });

  // Off again: the choice is kept, only greyed out.
  await user.click(screen.getByRole('switch', { name: 'Auto Refresh' }));
  expect(interval).toBeDisabled();
  expect(interval).toHaveValue('30000');
});

test('an interval outside the choices is still listed, so the select shows the truth', () => {
  expect(intervalOptions(15_000).map((o) => o.label)).toEqual(['5 s', '15 s', '30 s', '60 s']);
  expect(intervalOptions(20_000)).toContainEqual({ value: '20000', label: '20 s' });
});

test('while Auto Refresh is on, beside it: Live while the stream is open, Polling while it is down', async () => {
  const { user, store } = await renderDashboard();
  expect(screen.queryByText('Polling')).toBeNull();
  await user.click(screen.getByRole('switch', { name: 'Auto Refresh' }));
  expect(screen.getByText('Polling')).toHaveAttribute('role', 'status');
  act(() => store.set(liveStatusAtom, 'live'));
  expect(screen.getByText('Live')).toHaveAttribute('title', 'Refreshing as new calls arrive');
});
