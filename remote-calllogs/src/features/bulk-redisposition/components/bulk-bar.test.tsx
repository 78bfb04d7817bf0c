import { screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@callboard/contract';
import { fakeCallsApi, makeCall, makeCalls, renderCallLogs } from '../../../testing/call-logs';

const checkbox = (id: number) => screen.getByRole('checkbox', { name: (name) => name.startsWith(`Select call from ${makeCall(id).callerId} at`) });
const bulkBar = () => screen.getByRole('region', { name: 'Bulk actions' });

async function renderWithCalls(role: Role = 'admin') {
  const api = fakeCallsApi(makeCalls(1, 6));
  const view = renderCallLogs({ api, account: { role } });
  await screen.findByText('6 of 6 calls loaded');
  return view;
}

test('the bar appears only with a selection; shift-click selects a run', async () => {
  const { user } = await renderWithCalls();
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();

  await user.click(checkbox(6));
  expect(bulkBar()).toHaveTextContent('1 selected');

  // Rows show newest first: 6, 5, 4, 3 … shift-click on 3 selects 6 through 3.
  await user.keyboard('{Shift>}');
  await user.click(checkbox(3));
  await user.keyboard('{/Shift}');
  expect(bulkBar()).toHaveTextContent('4 selected');
  for (const id of [6, 5, 4, 3]) expect(checkbox(id)).toBeChecked();
  expect(checkbox(2)).not.toBeChecked();
  expect(checkbox(6).closest('tr')).toHaveClass('calllogs__row--selected');

  // A shift-click on a selected row unselects the run from the last click (3) to it.
  await user.keyboard('{Shift>}');
  await user.click(checkbox(5));
  await user.keyboard('{/Shift}');
  expect(bulkBar()).toHaveTextContent('1 selected');
  expect(checkbox(6)).toBeChecked();
  for (const id of [5, 4, 3]) expect(checkbox(id)).not.toBeChecked();

  await user.click(within(bulkBar()).getByRole('button', { name: 'Clear selection' }));
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
});

test('select all takes every loaded call, and again clears them', async () => {
  const { user } = await renderWithCalls();
  await user.click(screen.getByRole('checkbox', { name: 'Select all loaded calls' }));
  expect(bulkBar()).toHaveTextContent('6 selected');
  await user.click(screen.getByRole('checkbox', { name: 'Select all loaded calls' }));
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
});

test.each(['admin', 'reviewer'] as const)('%s re-dispositions after confirming: the request, the toast, and the log refetched', async (role) => {
  const { user, api, recordsRequests } = await renderWithCalls(role);
  await user.click(checkbox(6));
  await user.click(checkbox(5));
  await user.click(checkbox(4));

  const bar = bulkBar();
  const apply = within(bar).getByRole('button', { name: 'Apply' });
  expect(apply).toBeDisabled();
  await user.selectOptions(within(bar).getByRole('combobox', { name: 'Disposition' }), 'DNC');
  await user.type(within(bar).getByRole('textbox', { name: 'Reason' }), 'Asked not to be called');
  await user.click(apply);

  const dialog = screen.getByRole('dialog', { name: 'Set 3 calls to DNC?' });
  expect(dialog).toHaveTextContent('Asked not to be called');
  expect(api.bulkBodies).toHaveLength(0);
  const before = recordsRequests().length;
  await user.click(within(dialog).getByRole('button', { name: 'Update 3 calls' }));

  expect(await screen.findByText('3 calls updated')).toBeInTheDocument();
  expect(api.bulkBodies).toEqual([{ ids: ['6', '5', '4'], set: { status: 'DNC', sub_disposition: null, reason: 'Asked not to be called' } }]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  // The log asks for its pages again and shows the new statuses.
  await waitFor(() => expect(recordsRequests().length).toBeGreaterThan(before));
  await waitFor(() => expect(within(checkbox(6).closest('tr')!).getByText('DNC')).toBeInTheDocument());
  expect(within(checkbox(6).closest('tr')!).getByRole('img', { name: 'Set by a person' })).toBeInTheDocument();
});

test('the bulk update’s toast offers Undo: it posts the change set’s undo and the calls are back', async () => {
  const { user, api } = await renderWithCalls();
  await user.click(checkbox(6));
  await user.click(checkbox(5));
  await user.selectOptions(within(bulkBar()).getByRole('combobox', { name: 'Disposition' }), 'Voicemail');
  await user.click(within(bulkBar()).getByRole('button', { name: 'Apply' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update 2 calls' }));
  const toast = (await screen.findByText('2 calls updated')).closest('.cb-undo-toast') as HTMLElement;
  await waitFor(() => expect(within(checkbox(6).closest('tr')!).getByText('Voicemail')).toBeInTheDocument());

  await user.click(within(toast).getByRole('button', { name: 'Undo' }));
  expect(api.undoRequests).toEqual(['c1']);
  expect(await screen.findByText('Change undone')).toBeInTheDocument();
  await waitFor(() => expect(within(checkbox(6).closest('tr')!).getByText('Sales')).toBeInTheDocument());
  expect(within(checkbox(5).closest('tr')!).getByText('Sales')).toBeInTheDocument();
});

test('calls that already had the status are not counted as updated', async () => {
  const api = fakeCallsApi([makeCall(1, { status: 'DNC' }), makeCall(2)]);
  const { user } = renderCallLogs({ api });
  await screen.findByText('2 of 2 calls loaded');
  await user.click(screen.getByRole('checkbox', { name: 'Select all loaded calls' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Disposition' }), 'DNC');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await user.click(screen.getByRole('button', { name: 'Update 2 calls' }));
  expect(await screen.findByText('1 call updated (1 already had it)')).toBeInTheDocument();
});

test('Cancel sends nothing and keeps the selection', async () => {
  const { user, api } = await renderWithCalls();
  await user.click(checkbox(2));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Disposition' }), 'Voicemail');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Set 1 call to Voicemail?' })).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.bulkBodies).toHaveLength(0);
  expect(bulkBar()).toHaveTextContent('1 selected');
});

test('a refused update is a toast, and the selection stays for another try', async () => {
  const { user, api } = await renderWithCalls();
  api.failNext('bulk', 403, 'Only a reviewer or an admin can change a call’s disposition');
  await user.click(checkbox(2));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Disposition' }), 'Sales');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await user.click(screen.getByRole('button', { name: 'Update 1 call' }));
  expect(await screen.findByText('Only a reviewer or an admin can change a call’s disposition')).toBeInTheDocument();
  expect(bulkBar()).toHaveTextContent('1 selected');
});

test('a user (neither reviewer nor admin) can select but is told only reviewers and admins can re-disposition', async () => {
  const { user } = await renderWithCalls('user');
  await user.click(checkbox(3));
  const bar = bulkBar();
  expect(bar).toHaveTextContent('1 selected');
  expect(bar).toHaveTextContent('Only reviewers and admins can re-disposition calls.');
  expect(within(bar).queryByRole('combobox')).not.toBeInTheDocument();
  expect(within(bar).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
});
