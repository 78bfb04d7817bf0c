import { makeDispute } from '@callboard/shared-auth/testing/call-records';
import { makePartner } from '@callboard/shared-auth/testing/fetch-mock';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeCallsApi, makeCall, renderCallLogs } from '../../../testing/call-logs';

function queue() {
  const api = fakeCallsApi([makeCall(7), makeCall(8)]);
  api.disputes = [
    makeDispute('d2', '8', { openedAt: '2026-03-11T10:00:00.000Z', reason: 'bot_or_spam', note: 'A robot' }),
    makeDispute('d1', '7'),
    makeDispute('d0', '7', { status: 'rejected', decision: { decision: 'reject', note: 'Fine call', decidedBy: { id: 'u2', name: 'Rita' }, decidedAt: '2026-03-11T12:00:00.000Z', credited: 0, clawedBack: 0, changeId: 'old' } }),
  ];
  return api;
}

const disputesRequests = (requests: (path?: string) => Array<{ query: URLSearchParams }>) => requests('/api/disputes').map((r) => Object.fromEntries(r.query));

test('a reviewer works the open disputes with the keyboard: j moves, Enter opens the evidence, p decides in part with a partial claw-back, Undo reopens it', async () => {
  const api = queue();
  const { user, location, requests } = renderCallLogs({ api, path: '/disputes', account: { role: 'reviewer' } });

  const table = await screen.findByRole('table', { name: 'Disputes' });
  await within(table).findByText('Bot or spam');
  // Open disputes by default: the queue to work; the decided one is not listed.
  expect(disputesRequests(requests)[0]).toMatchObject({ status: 'open', page: '1' });
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(screen.getByRole('link', { name: 'Disputes' })).toHaveAttribute('aria-current', 'page');

  await user.keyboard('j');
  await user.keyboard('j');
  await user.keyboard('{Enter}');
  const pane = await screen.findByTestId('dispute-pane');
  expect(location.search).toBe('?open=d1');
  expect(within(pane).getByRole('group', { name: 'Evidence at opening' })).toHaveTextContent('Transcript excerpt (2 selected lines)');
  expect(within(pane).getByText('The caller hung up after five seconds')).toBeInTheDocument();

  await user.keyboard('p');
  const dialog = screen.getByRole('dialog', { name: 'Decide the dispute' });
  expect(within(dialog).getByLabelText(/Partial/)).toBeChecked();
  await user.type(within(dialog).getByLabelText('Amount credited ($)'), '15');
  await user.click(within(dialog).getByLabelText('Claw back part of it'));
  await user.type(within(dialog).getByLabelText('Amount clawed back ($)'), '5');
  await user.type(within(dialog).getByLabelText(/Note/), 'Short call');
  await user.click(within(dialog).getByRole('button', { name: 'Decide' }));

  await waitFor(() => expect(api.decisionBodies).toEqual([{ id: 'd1', body: { decision: 'partial', note: 'Short call', amount: 15, clawBack: 'partial', clawBackAmount: 5 } }]));
  const toast = await screen.findByText('Dispute of call SC-7 partially accepted');
  await waitFor(() => expect(within(table).queryByText('The caller hung up after five seconds')).not.toBeInTheDocument());
  await user.click(within(toast.closest('.cb-undo-toast') as HTMLElement).getByRole('button', { name: 'Undo' }));
  await waitFor(() => expect(api.undoRequests).toHaveLength(1));
  await waitFor(() => expect(api.disputes.find((d) => d.id === 'd1')?.status).toBe('open'));
  expect(await screen.findByText('Change undone')).toBeInTheDocument();
});

test('a dispute decided by someone else first: the 409 says so and the queue reads it again', async () => {
  const api = queue();
  const { user, requests } = renderCallLogs({ api, path: '/disputes', search: '?open=d1', account: { role: 'admin' } });
  const pane = await screen.findByTestId('dispute-pane');
  // Meanwhile another reviewer rejects it.
  api.disputes = api.disputes.map((d) => (d.id === 'd1' ? { ...d, status: 'rejected' } : d));
  await user.click(within(pane).getByRole('button', { name: 'Reject' }));
  const dialog = screen.getByRole('dialog', { name: 'Decide the dispute' });
  await user.type(within(dialog).getByLabelText(/Note/), 'Qualified');
  const before = requests('/api/disputes').length;
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByText('This dispute is no longer open: it was decided or withdrawn meanwhile')).toBeInTheDocument();
  await waitFor(() => expect(requests('/api/disputes').length).toBeGreaterThan(before));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the filters live in the address: a status, reason and date preset are read from it, sent, and a change is written back', async () => {
  const api = queue();
  const { user, location, requests } = renderCallLogs({ api, path: '/disputes', search: '?status=decided&reason=hung_up_immediately&datePreset=last_7_days' });
  await screen.findByRole('table', { name: 'Disputes' });
  expect(disputesRequests(requests)[0]).toMatchObject({ status: 'accepted,partial,rejected', reason: 'hung_up_immediately', datePreset: 'last_7_days' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Every status');
  await waitFor(() => expect(location.search).toBe('?status=all&reason=hung_up_immediately&datePreset=last_7_days'));
  await waitFor(() => expect(disputesRequests(requests).at(-1)).not.toHaveProperty('status'));
});

test('the list exports to CSV with the same filters', async () => {
  const api = queue();
  const { user, requests } = renderCallLogs({ api, path: '/disputes', search: '?reason=bot_or_spam' });
  await screen.findByRole('table', { name: 'Disputes' });
  URL.createObjectURL = jest.fn(() => 'blob:disputes');
  URL.revokeObjectURL = jest.fn();
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(requests('/api/disputes/export')).toHaveLength(1));
  expect(Object.fromEntries(requests('/api/disputes/export')[0]!.query)).toEqual({ status: 'open', reason: 'bot_or_spam', fmt: 'csv' });
});

test('a buyer partner reads every dispute of its own, withdraws an open one it opened, and decides nothing', async () => {
  const api = queue();
  const { user } = renderCallLogs({ api, path: '/disputes', account: makePartner('buyer', { ids: [3] }) });
  const table = await screen.findByRole('table', { name: 'Disputes' });
  expect(within(table).getAllByRole('row')).toHaveLength(4);
  expect(within(table).queryByRole('columnheader', { name: 'Publisher' })).not.toBeInTheDocument();
  expect(within(table).queryByRole('columnheader', { name: 'Clawed back' })).not.toBeInTheDocument();
  expect(within(table).getByRole('columnheader', { name: 'Credited' })).toBeInTheDocument();
  await user.click(within(table).getByText('Bot or spam'));
  const pane = await screen.findByTestId('dispute-pane');
  expect(within(pane).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  await user.keyboard('a');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await user.click(within(pane).getByRole('button', { name: 'Withdraw dispute' }));
  await waitFor(() => expect(api.disputes.find((d) => d.id === 'd2')?.status).toBe('withdrawn'));
});

test('a publisher partner reads the decided disputes of its calls with what was clawed back, and no revenue', async () => {
  const api = queue();
  api.disputes = api.disputes.map((d) => ({ ...d, revenue: undefined }));
  renderCallLogs({ api, path: '/disputes', account: makePartner('publisher') });
  const table = await screen.findByRole('table', { name: 'Disputes' });
  expect(within(table).getAllByRole('row')).toHaveLength(2);
  expect(within(table).getByRole('columnheader', { name: 'Clawed back' })).toBeInTheDocument();
  expect(within(table).queryByRole('columnheader', { name: 'Revenue' })).not.toBeInTheDocument();
  expect(within(table).queryByRole('columnheader', { name: 'Buyer' })).not.toBeInTheDocument();
});

test('a user has no Disputes tab: the address leads back to the log', async () => {
  const { location } = renderCallLogs({ api: queue(), path: '/disputes', account: { role: 'user' } });
  await waitFor(() => expect(location.pathname).toBe('/'));
  expect(screen.queryByRole('link', { name: 'Disputes' })).not.toBeInTheDocument();
});
