import { screen, waitFor, within } from '@testing-library/react';
import { FakeDeliveryApi, makeDelivery, makeEndpoint, renderAdminArea } from '../../../testing/admin-area';

function withLog() {
  const api = new FakeDeliveryApi();
  api.endpoints = [makeEndpoint('e1', { name: 'QC webhook' }), makeEndpoint('e2', { name: 'Ops Slack', kind: 'slack' })];
  api.deliveries = [
    makeDelivery('d3', { subject: 'Voicemail % above 30 for Blue Lead Co', status: 'failed', attempts: 6, lastStatusCode: 500, lastError: 'Internal Server Error', sentAt: null }),
    makeDelivery('d2', { channel: 'email', endpoint: null, address: 'rita@example.com', source: { kind: 'report', id: 's1' }, subject: 'Daily QC report', lastStatusCode: 250 }),
    makeDelivery('d1', { channel: 'slack', endpoint: { id: 'e2', name: 'Ops Slack' }, subject: 'Rule resolved', status: 'retrying', attempts: 2, lastStatusCode: 502, nextAttemptAt: '2026-03-10T15:10:00.000Z', sentAt: null }),
  ];
  api.attempts = {
    d3: [
      { attemptedAt: '2026-03-10T14:00:00.000Z', outcome: 'failed', statusCode: 500, error: 'Internal Server Error', durationMs: 120 },
      { attemptedAt: '2026-03-10T14:00:30.000Z', outcome: 'failed', statusCode: null, error: 'connect ECONNREFUSED', durationMs: 3 },
    ],
  };
  return api;
}

const listQueries = (requests: (path?: string) => Array<{ query: URLSearchParams }>) => requests('/api/deliveries').map((request) => Object.fromEntries(request.query));
const rowOf = async (subject: string) => (await screen.findByRole('cell', { name: subject })).closest('tr') as HTMLElement;

test('the log lists each delivery: time, channel, where it went, source, subject, status, attempts and the last code', async () => {
  renderAdminArea({ path: '/users/deliveries', deliveries: withLog() });
  const table = await screen.findByRole('table', { name: 'Deliveries' });
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
    'Time',
    'Channel',
    'Endpoint or recipient',
    'Source',
    'Subject',
    'Status',
    'Attempts',
    'Last code',
  ]);
  const failed = await rowOf('Voicemail % above 30 for Blue Lead Co');
  expect(within(failed).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual(['Webhook', 'Endpoint e1', 'Alert', 'Voicemail % above 30 for Blue Lead Co', 'Failed', '6', '500']);
  expect(within(failed).getByText('Failed')).toHaveClass('cb-badge--danger');
  const email = await rowOf('Daily QC report');
  expect(within(email).getByText('rita@example.com')).toBeInTheDocument();
  expect(within(email).getByText('Scheduled report')).toBeInTheDocument();
  expect(within(await rowOf('Rule resolved')).getByText('Retrying')).toHaveClass('cb-badge--warning');
});

test('filters by status, channel and endpoint go to the server and into the address, a page at a time', async () => {
  const api = withLog();
  api.deliveries.push(...Array.from({ length: 30 }, (_, index) => makeDelivery(`old${index}`, { subject: `Old ${index}`, endpoint: { id: 'e1', name: 'QC webhook' } })));
  const { user, requests, location } = renderAdminArea({ path: '/users/deliveries', deliveries: api });
  await rowOf('Daily QC report');
  expect(listQueries(requests)[0]).toEqual({ page: '1', limit: '25' });

  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  await rowOf('Old 29');
  expect(location.search).toBe('?page=2');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
  await rowOf('Voicemail % above 30 for Blue Lead Co');
  expect(location.search).toBe('?status=failed');
  expect(listQueries(requests).at(-1)).toEqual({ page: '1', limit: '25', status: 'failed' });

  await user.selectOptions(screen.getByRole('combobox', { name: 'Endpoint' }), 'e2');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'slack');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'retrying');
  await rowOf('Rule resolved');
  expect(listQueries(requests).at(-1)).toEqual({ page: '1', limit: '25', status: 'retrying', channel: 'slack', endpoint: 'e2' });
  expect(screen.getAllByRole('row')).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(location.search).toBe(''));
});

test('a row opens its attempts (time, outcome, code, error, duration); Replay asks first and sends it again', async () => {
  const api = withLog();
  const { user, writes, location } = renderAdminArea({ path: '/users/deliveries', deliveries: api });
  await user.click(await rowOf('Voicemail % above 30 for Blue Lead Co'));
  const dialog = await screen.findByRole('dialog', { name: 'Voicemail % above 30 for Blue Lead Co' });
  expect(location.search).toBe('?open=d3');
  const attempts = await within(dialog).findByRole('table', { name: 'Attempts' });
  const rows = within(attempts).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(1))).toEqual([
    ['Failed', '500', 'Internal Server Error', '120 ms'],
    ['Failed', '—', 'connect ECONNREFUSED', '3 ms'],
  ]);

  await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
  const confirm = screen.getByRole('dialog', { name: 'Replay delivery' });
  expect(confirm).toHaveTextContent('the same webhook-id');
  await user.click(within(confirm).getByRole('button', { name: 'Replay' }));
  expect(await screen.findByText('Delivery queued again', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(writes()).toEqual(['POST /api/deliveries/d3/replay']);
  // The new delivery heads the log, a replay of the first.
  await waitFor(() => expect(api.deliveries[0]?.replayOf).toBe('d3'));
  await user.click(within(screen.getByRole('dialog', { name: 'Voicemail % above 30 for Blue Lead Co' })).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(location.search).toBe(''));
  expect(await screen.findAllByRole('cell', { name: 'Voicemail % above 30 for Blue Lead Co' })).toHaveLength(2);
});

test('a link opens a delivery that is not on the page on screen', async () => {
  const api = withLog();
  api.deliveries.push(makeDelivery('far', { subject: 'An old one' }));
  renderAdminArea({ path: '/users/deliveries?status=retrying&open=far', deliveries: api });
  const dialog = await screen.findByRole('dialog', { name: 'An old one' });
  expect(within(dialog).getByRole('button', { name: 'Replay' })).toBeEnabled();
  expect(await within(dialog).findByText('Not tried yet.')).toBeInTheDocument();
});

test('a row opens from the keyboard too; Replay waits while its delivery is still being tried', async () => {
  const { user } = renderAdminArea({ path: '/users/deliveries', deliveries: withLog() });
  (await rowOf('Rule resolved')).focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Rule resolved' });
  expect(within(dialog).getByRole('button', { name: 'Replay' })).toBeDisabled();
  expect(dialog).toHaveTextContent(/next try/);
});
