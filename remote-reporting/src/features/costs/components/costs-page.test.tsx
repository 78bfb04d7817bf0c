import { screen, within } from '@testing-library/react';
import { renderCosts } from '../../../testing/costs';
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
