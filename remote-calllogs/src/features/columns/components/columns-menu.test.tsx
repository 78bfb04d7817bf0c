import { screen, within } from '@testing-library/react';
import { fakeCallsApi, makeCall, renderCallLogs } from '../../../testing/call-logs';
import { CALL_LOG_COLUMNS_STORAGE_KEY } from '../hooks/use-call-log-columns';

const table = () => screen.getByRole('table', { name: 'Call log' });
const headers = () => within(table()).getAllByRole('columnheader').slice(1).map((th) => th.textContent);
/** The first row's cell under each header. */
const cellUnder = (label: string) => within(within(table()).getAllByRole('row')[1]!).getAllByRole('cell')[headers().indexOf(label) + 1]?.textContent;

test('Columns chooses what the log shows: profit, connected and repeat off at first; revenue and payout can go', async () => {
  const api = fakeCallsApi([makeCall(3, { revenue: 35.5, payout: 12.25, connected: false, repeat: true, repeatOf: '1' })]);
  const { user } = renderCallLogs({ api });
  await screen.findByRole('table', { name: 'Call log' });
  expect(headers()).toEqual(['Time', 'Caller', 'Campaign', 'Publisher', 'Target', 'Buyer', 'Duration', 'Status', 'Revenue', 'Payout']);

  await user.click(screen.getByRole('button', { name: 'Columns' }));
  const choice = await screen.findByRole('group', { name: 'Columns shown' });
  expect(within(choice).getByRole('checkbox', { name: 'Profit' })).not.toBeChecked();
  for (const name of ['Profit', 'Connected', 'Repeat', 'Revenue']) await user.click(within(choice).getByRole('checkbox', { name }));

  expect(headers()).toEqual(['Time', 'Caller', 'Campaign', 'Publisher', 'Target', 'Buyer', 'Duration', 'Status', 'Payout', 'Profit', 'Connected', 'Repeat']);
  // Each cell ends with its figure (a phone's card may name the column before it).
  const figures = { Payout: '$12.25', Profit: '$23.25', Connected: 'No', Repeat: 'Yes' };
  for (const [label, figure] of Object.entries(figures)) expect(cellUnder(label)).toMatch(new RegExp(`(^|\\s)${figure.replace('$', '\\$')}$`));
  // Kept for the next visit, under the log's own key.
  expect(JSON.parse(localStorage.getItem(CALL_LOG_COLUMNS_STORAGE_KEY) ?? '{}')).toEqual({ hidden: ['revenue'], shown: ['profit', 'connected', 'repeat'] });
});
