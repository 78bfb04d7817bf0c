import { screen, within } from '@testing-library/react';
import { fakeCallsApi, makeCall, renderCallLogs } from '../../../testing/call-logs';

const overridden = makeCall(7, {
  status: 'DNC',
  sub_disposition: 'Requested removal',
  reason: null,
  statusOverridden: true,
  qc: { disposition: 'Not Interested', sub_disposition: 'Price', reason: 'Too expensive', summary: null },
});

const panel = () => screen.getByRole('complementary', { name: 'Call details' });
const rowOf = (id: number) => screen.getByText(makeCall(id).callerId, { selector: 'td span' }).closest('tr')!;

async function openCall(id: number, role: 'reviewer' | 'user' | 'admin' = 'reviewer') {
  const api = fakeCallsApi([makeCall(6), overridden, makeCall(5)]);
  const view = renderCallLogs({ api, account: { role } });
  await view.user.click(await screen.findByText(id === 7 ? overridden.callerId : makeCall(id).callerId));
  // The history is in: the form starts from the call as the server has it.
  await within(panel()).findByRole('region', { name: 'History' });
  return view;
}

test('a reviewer sets a call’s disposition from the panel: the request, the verdicts, the history, the log', async () => {
  const { user, api } = await openCall(6);
  const form = within(panel()).getByRole('form', { name: 'Change disposition' });
  const save = within(form).getByRole('button', { name: 'Save' });
  // Nothing to save until something differs from the call.
  expect(save).toBeDisabled();
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'IVR');
  await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Menu only');
  await user.click(save);

  expect(api.changeRequests).toEqual([{ id: '6', kind: 'set', body: { status: 'IVR', sub_disposition: null, reason: 'Menu only' } }]);
  expect(await screen.findByText('Call set to IVR')).toBeInTheDocument();
  const reviewer = within(panel()).getByRole('group', { name: 'Reviewer’s verdict' });
  expect(reviewer).toHaveTextContent('IVR');
  expect(reviewer).toHaveTextContent('Menu only');
  expect(reviewer).toHaveTextContent('by Rita Reviewer');
  const history = within(panel()).getByRole('list', { name: 'Change history' });
  expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(/Set.*Changed from Sales→? to IVR/);
  // The log was refetched: the row shows the new status.
  expect(await within(rowOf(6)).findByText('IVR')).toBeInTheDocument();
});

test('the toast’s Undo posts the change’s undo and the call is back', async () => {
  const { user, api } = await openCall(6);
  const form = within(panel()).getByRole('form', { name: 'Change disposition' });
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'Callback');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  const toast = (await screen.findByText('Call set to Callback')).closest('.cb-undo-toast') as HTMLElement;

  await user.click(within(toast).getByRole('button', { name: 'Undo' }));
  expect(api.undoRequests).toEqual(['c1']);
  expect(await screen.findByText('Change undone')).toBeInTheDocument();
  expect(await within(panel()).findByText('None: the AI’s verdict counts.')).toBeInTheDocument();
  expect(await within(rowOf(6)).findByText('Sales')).toBeInTheDocument();
  expect(within(panel()).getAllByText('Undo', { selector: '.cb-audit__action' })).toHaveLength(1);
});

test('an undo refused because the calls changed since shows the server’s message', async () => {
  const { user, api } = await openCall(6);
  const form = within(panel()).getByRole('form', { name: 'Change disposition' });
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'DNC');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  await screen.findByText('Call set to DNC');
  api.failNext('undo', 409, '0 calls restored; 1 was changed since and kept');
  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('0 calls restored; 1 was changed since and kept')).toBeInTheDocument();
  expect(screen.queryByText('Change undone')).not.toBeInTheDocument();
});

test('Restore AI verdict is offered only once a person has overridden the bot, and restores it', async () => {
  const first = await openCall(6);
  expect(within(panel()).queryByRole('button', { name: 'Restore AI verdict' })).not.toBeInTheDocument();
  first.unmount();

  const { user, api } = await openCall(7);
  await user.click(within(panel()).getByRole('button', { name: 'Restore AI verdict' }));
  expect(api.changeRequests).toEqual([{ id: '7', kind: 'restore' }]);
  expect(await screen.findByText('AI verdict restored: Not Interested')).toBeInTheDocument();
  expect(within(panel()).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('None: the AI’s verdict counts.');
  expect(within(panel()).queryByRole('button', { name: 'Restore AI verdict' })).not.toBeInTheDocument();
  expect(within(panel()).getAllByRole('listitem')[0]).toHaveTextContent('Restored AI verdict');
});

test('a failed save is a toast and leaves the form as typed', async () => {
  const { user, api } = await openCall(6);
  api.failNext('change', 400, 'reason: at most 2000 characters');
  const form = within(panel()).getByRole('form', { name: 'Change disposition' });
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'Hungup');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('reason: at most 2000 characters')).toBeInTheDocument();
  expect(within(form).getByRole('combobox', { name: 'Status' })).toHaveValue('Hungup');
  expect(within(panel()).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('None');
});

test('a user sees both verdicts read only, with no form and no restore', async () => {
  await openCall(7, 'user');
  expect(within(panel()).getByRole('group', { name: 'AI verdict' })).toHaveTextContent('Not Interested');
  expect(within(panel()).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('DNC');
  expect(within(panel()).queryByRole('form', { name: 'Change disposition' })).not.toBeInTheDocument();
  expect(within(panel()).queryByRole('button', { name: 'Restore AI verdict' })).not.toBeInTheDocument();
  expect(within(panel()).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
});

test('the panel’s editor follows the dialog’s rule: a new status clears the old one’s sub disposition and reason', async () => {
  const { user, api } = await openCall(7);
  const form = within(panel()).getByRole('form', { name: 'Change disposition' });
  expect(within(form).getByRole('textbox', { name: 'Sub disposition' })).toHaveValue('Requested removal');
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'Callback');
  expect(within(form).getByRole('textbox', { name: 'Sub disposition' })).toHaveValue('');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(api.changeRequests).toEqual([{ id: '7', kind: 'set', body: { status: 'Callback', sub_disposition: null, reason: null } }]);
});
