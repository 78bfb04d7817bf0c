import { deferred, fakeResponse } from '@callboard/shared-auth/testing/fetch-mock';
import { screen, waitFor, within } from '@testing-library/react';
import { ok, renderCosts, STATS } from '../../../testing/costs';
import { CostSummary } from './cost-summary';

const card = (name: string) => screen.getByRole('group', { name });

test('shows every figure for the current filters, formatted', async () => {
  const { requests } = renderCosts(<CostSummary />, { filters: { datePreset: 'last_30_days' } });

  await within(card('Revenue')).findByText('$12,500.00');
  expect(within(card('Payout')).getByText('$4,000.50')).toBeInTheDocument();
  expect(within(card('Profit')).getByText('$8,499.50')).toBeInTheDocument();
  expect(within(card('Margin')).getByText('68%')).toBeInTheDocument();
  expect(within(card('Cost per Sale')).getByText('$80.01')).toBeInTheDocument();
  expect(within(card('Calls')).getByText('1,250')).toBeInTheDocument();
  expect(within(card('Sales')).getByText('50')).toBeInTheDocument();
  expect(within(card('Sales')).getByText('4% of calls')).toBeInTheDocument();

  const [stats] = requests().filter((r) => r.path === '/api/cost/stats');
  expect(stats?.query.get('datePreset')).toBe('last_30_days');
});

test('a loss reads as one: negative profit and margin in the danger colour', async () => {
  renderCosts(<CostSummary />, {
    api: ({ url }) => (url.pathname === '/api/cost/stats' ? { body: ok({ ...STATS, profit: -250, margin: -2.5 }) } : undefined),
  });
  const profit = await within(card('Profit')).findByText('-$250.00');
  expect(profit).toHaveClass('costs-card__value--negative');
  expect(within(card('Margin')).getByText('-2.5%')).toHaveClass('costs-card__value--negative');
});

test('while the figures load, each card shows a spinner and the page says it is loading', async () => {
  const answer = deferred<Response>();
  renderCosts(<CostSummary />, { api: ({ url }) => (url.pathname === '/api/cost/stats' ? answer.promise : undefined) });

  expect(await screen.findByText('Loading costs...')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Cost summary' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.getAllByRole('group')).toHaveLength(7);
  expect(within(card('Revenue')).queryByText('$12,500.00')).not.toBeInTheDocument();

  answer.resolve(fakeResponse({ body: ok(STATS) }));
  await within(card('Revenue')).findByText('$12,500.00');
  expect(screen.queryByText('Loading costs...')).not.toBeInTheDocument();
});

test('a failure shows the server message, and Retry asks again', async () => {
  let fail = true;
  const { user, requests } = renderCosts(<CostSummary />, {
    api: ({ url }) =>
      url.pathname === '/api/cost/stats' && fail
        ? { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'Database unavailable' } }
        : undefined,
  });

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load cost figures.');
  expect(alert).toHaveTextContent('Database unavailable');
  expect(within(card('Revenue')).getByText('—')).toBeInTheDocument();

  fail = false;
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  await within(card('Revenue')).findByText('$12,500.00');
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  expect(requests().filter((r) => r.path === '/api/cost/stats')).toHaveLength(2);
});
