import type { CallAuditEntry, CallChangeResult, CallDetail, CallRecord } from '@callboard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { makeDetail, makeRecord, recordsBody, renderOverview } from '../../../testing/overview';

const BOT = { disposition: 'Callback', sub_disposition: 'Asked for later', reason: 'Busy now', summary: 'Call back tomorrow' };

const overridden = makeDetail({
  id: '77',
  systemCallId: 'SYS-CALL-77',
  status: 'DNC',
  sub_disposition: null,
  reason: 'Asked to be removed',
  statusOverridden: true,
  qc: BOT,
  audit: [
    {
      id: '9',
      changedAt: '2026-07-04T18:00:00.000Z',
      userId: 'u7',
      userName: 'Rita Reviewer',
      userEmail: 'rita@example.com',
      from: { status: 'Callback', sub_disposition: 'Asked for later', reason: 'Busy now' },
      to: { status: 'DNC', sub_disposition: null, reason: 'Asked to be removed' },
      changeId: 'ch-0',
      action: 'set',
    },
  ],
});

const restoreEntry: CallAuditEntry = {
  id: '10',
  changedAt: '2026-07-04T18:05:00.000Z',
  userId: 'u7',
  userName: 'Rita Reviewer',
  userEmail: 'rita@example.com',
  from: { status: 'DNC', sub_disposition: null, reason: 'Asked to be removed' },
  to: { status: 'Callback', sub_disposition: 'Asked for later', reason: 'Busy now' },
  changeId: 'ch-1',
  action: 'restore',
};

/** The call as the records list has it: without its history. */
function rowOf({ audit, ...row }: CallDetail): CallRecord {
  void audit;
  return makeRecord(row);
}

/** The call's endpoints over one call that restore, set and undo change. */
function fakeCall(start: CallDetail) {
  let call = start;
  const posts: { method: string; path: string; body?: unknown }[] = [];
  const respond = (url: URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/calls/records') return { body: recordsBody([rowOf(call)]) };
    if (url.pathname === '/api/calls/records/77') return { body: { success: true, data: call } };
    if (method === 'GET') return undefined;
    posts.push({ method, path: url.pathname, ...(init?.body ? { body: JSON.parse(init.body as string) as unknown } : {}) });
    if (url.pathname === '/api/calls/77/restore-verdict') {
      call = { ...call, status: 'Callback', sub_disposition: 'Asked for later', reason: 'Busy now', statusOverridden: false, audit: [restoreEntry, ...call.audit] };
      const data: CallChangeResult = { ...call, changeId: 'ch-1' };
      return { body: { success: true, data } };
    }
    if (url.pathname === '/api/calls/77/disposition') {
      call = { ...call, status: 'Sales', sub_disposition: null, reason: null, statusOverridden: true };
      const data: CallChangeResult = { ...call, changeId: 'ch-2' };
      return { body: { success: true, data } };
    }
    if (url.pathname === '/api/calls/changes/ch-1/undo') {
      call = start;
      return { body: { success: true, data: { changeId: 'ch-3', restored: 1, skipped: 0 } } };
    }
    return undefined;
  };
  return { respond, posts };
}

const dialog = () => screen.getByRole('dialog', { name: /Call Record Details/ });
const review = () => within(dialog()).getByRole('region', { name: 'Review' });

test('a reviewer restores the AI verdict from the detail, then undoes it from the toast', async () => {
  const api = fakeCall(overridden);
  const { user, requests } = renderOverview({ path: '/reporting/calls/77', respond: api.respond, account: { role: 'reviewer' } });
  await within(dialog()).findByRole('region', { name: 'Review' });
  await waitFor(() => expect(within(review()).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('by Rita Reviewer'));
  expect(within(review()).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('DNC');
  // The AI's verdict is the spec's QC Information section; the Review does not draw it a second time.
  expect(within(dialog()).getByRole('region', { name: 'QC Information' })).toHaveTextContent('Callback');
  expect(within(review()).queryByRole('group', { name: 'AI verdict' })).not.toBeInTheDocument();
  expect(within(review()).getByRole('list', { name: 'Change history' })).toHaveTextContent('Set');

  const recordsBefore = requests('/api/calls/records').length;
  await user.click(within(review()).getByRole('button', { name: 'Restore AI verdict' }));
  expect(api.posts).toEqual([{ method: 'POST', path: '/api/calls/77/restore-verdict' }]);
  expect(await screen.findByText('AI verdict restored: Callback')).toBeInTheDocument();
  expect(within(review()).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('None: the AI’s verdict (QC Information) counts.');
  expect(within(review()).queryByRole('button', { name: 'Restore AI verdict' })).not.toBeInTheDocument();
  expect(within(review()).getAllByRole('listitem')[0]).toHaveTextContent('Restored AI verdict');
  // The records behind the dialog are asked for again.
  await waitFor(() => expect(requests('/api/calls/records').length).toBeGreaterThan(recordsBefore));

  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(api.posts[1]).toEqual({ method: 'POST', path: '/api/calls/changes/ch-1/undo' });
  expect(await screen.findByText('Change undone')).toBeInTheDocument();
  await waitFor(() => expect(within(review()).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('DNC'));
});

test('a reviewer sets the status from the detail', async () => {
  const api = fakeCall(overridden);
  const { user } = renderOverview({ path: '/reporting/calls/77', respond: api.respond, account: { role: 'admin' } });
  const form = await within(await screen.findByRole('dialog')).findByRole('form', { name: 'Change disposition' });
  await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Reason' })).toHaveValue('Asked to be removed'));
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'Sales');
  await user.clear(within(form).getByRole('textbox', { name: 'Reason' }));
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(api.posts).toEqual([{ method: 'PUT', path: '/api/calls/77/disposition', body: { status: 'Sales', sub_disposition: null, reason: null } }]);
  expect(await screen.findByText('Call set to Sales')).toBeInTheDocument();
});

test('Restore AI verdict is not offered while the call follows the bot', async () => {
  const api = fakeCall(makeDetail({ id: '77', systemCallId: 'SYS-CALL-77', status: 'Callback', statusOverridden: false, qc: BOT }));
  renderOverview({ path: '/reporting/calls/77', respond: api.respond, account: { role: 'reviewer' } });
  await within(await screen.findByRole('dialog')).findByRole('form', { name: 'Change disposition' });
  expect(within(review()).queryByRole('button', { name: 'Restore AI verdict' })).not.toBeInTheDocument();
  expect(within(review()).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('None: the AI’s verdict (QC Information) counts.');
});

test('a user reads both verdicts and the history, with no controls', async () => {
  const api = fakeCall(overridden);
  renderOverview({ path: '/reporting/calls/77', respond: api.respond, account: { role: 'user' } });
  await within(await screen.findByRole('dialog')).findByRole('region', { name: 'Review' });
  await waitFor(() => expect(within(review()).getByRole('list', { name: 'Change history' })).toBeInTheDocument());
  expect(within(review()).getByRole('group', { name: 'Reviewer’s verdict' })).toHaveTextContent('DNC');
  // The AI's verdict is the spec's QC Information section; the Review does not draw it a second time.
  expect(within(dialog()).getByRole('region', { name: 'QC Information' })).toHaveTextContent('Callback');
  expect(within(review()).queryByRole('group', { name: 'AI verdict' })).not.toBeInTheDocument();
  expect(within(review()).queryByRole('form', { name: 'Change disposition' })).not.toBeInTheDocument();
  expect(within(review()).queryByRole('button', { name: 'Restore AI verdict' })).not.toBeInTheDocument();
});

test('a new status clears the sub disposition and reason of the old one, unless the reviewer types new ones', async () => {
  const sale = makeDetail({ id: '77', systemCallId: 'SYS-CALL-77', status: 'Sales', sub_disposition: 'Enrolled', reason: 'Bought the plan', statusOverridden: false, qc: BOT });
  const api = fakeCall(sale);
  const { user } = renderOverview({ path: '/reporting/calls/77', respond: api.respond, account: { role: 'reviewer' } });
  const form = await within(await screen.findByRole('dialog')).findByRole('form', { name: 'Change disposition' });
  const sub = () => within(form).getByRole('textbox', { name: 'Sub disposition' });
  const reason = () => within(form).getByRole('textbox', { name: 'Reason' });
  await waitFor(() => expect(sub()).toHaveValue('Enrolled'));

  const status = within(form).getByRole('combobox', { name: 'Status' });
  await user.selectOptions(status, 'Callback');
  expect(sub()).toHaveValue('');
  expect(reason()).toHaveValue('');
  // Back on the call's own status, its texts return.
  await user.selectOptions(status, 'Sales');
  expect(sub()).toHaveValue('Enrolled');
  // What the reviewer types stays, whichever status is chosen after.
  await user.clear(reason());
  await user.type(reason(), 'Asked for a call tomorrow');
  await user.selectOptions(status, 'Callback');
  expect(sub()).toHaveValue('');
  expect(reason()).toHaveValue('Asked for a call tomorrow');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(api.posts).toEqual([{ method: 'PUT', path: '/api/calls/77/disposition', body: { status: 'Callback', sub_disposition: null, reason: 'Asked for a call tomorrow' } }]);
});
