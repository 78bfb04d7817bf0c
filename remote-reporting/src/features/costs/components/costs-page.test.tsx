import { screen, within } from '@testing-library/react';
import { makePartner } from '@callboard/shared-auth/testing/fetch-mock';
import { ok, renderCosts, STATS } from '../../../testing/costs';
import { CostsPage } from './costs-page';

test('the page shows the figures, the breakdown and the payment history under the current filters', async () => {
  const { requests } = renderCosts(<CostsPage />, { filters: { datePreset: 'last_30_days' } });

  await within(screen.getByRole('group', { name: 'Profit' })).findByText('$8,499.50');
  expect(await screen.findByRole('table', { name: 'Costs by publisher' })).toBeInTheDocument();
  expect(await screen.findByRole('row', { name: /WIRE-001/ })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Breakdown' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Payment history' })).toBeInTheDocument();

  const paths = requests().map((r) => `${r.path}?${r.query.toString()}`);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/cost/stats?datePreset=last_30_days',
      '/api/cost/breakdown?datePreset=last_30_days&groupBy=publisher',
      '/api/cost/payments?limit=100',
    ]),
  );
  // The figures and the breakdown share one stats request for the currency.
  expect(requests().filter((r) => r.path === '/api/cost/stats')).toHaveLength(1);
});

test('a publisher partner reads its payout figures and its payments, read-only: no revenue, profit or margin, no breakdown, no payment actions', async () => {
  // The server leaves revenue, profit and margin out of a publisher partner's figures.
  const { revenue: _revenue, profit: _profit, margin: _margin, ...partnerStats } = STATS;
  const { requests } = renderCosts(<CostsPage />, {
    account: makePartner('publisher'),
    api: ({ url }) => (url.pathname === '/api/cost/stats' ? { body: ok(partnerStats) } : undefined),
  });

  await within(screen.getByRole('group', { name: 'Payout' })).findByText('$4,000.50');
  for (const card of ['Cost per Sale', 'Calls', 'Sales']) expect(screen.getByRole('group', { name: card })).toBeInTheDocument();
  for (const card of ['Revenue', 'Profit', 'Margin']) expect(screen.queryByRole('group', { name: card })).not.toBeInTheDocument();

  const payments = await screen.findByRole('table', { name: 'Payment history' });
  expect(await within(payments).findByRole('row', { name: /WIRE-001/ })).toBeInTheDocument();
  const headers = within(payments).getAllByRole('columnheader').map((th) => th.textContent);
  expect(headers).not.toContain('Created by');
  expect(headers).not.toContain('Note');
  expect(headers).not.toContain('Actions');
  expect(screen.queryByRole('button', { name: 'New payment' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit payment' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete payment' })).not.toBeInTheDocument();

  expect(screen.queryByRole('heading', { name: 'Breakdown' })).not.toBeInTheDocument();
  expect(requests().some((r) => r.path === '/api/cost/breakdown')).toBe(false);
});
