import type { CallDisputes as CallDisputesData, Dispute, OpenDisputeBody } from '@callboard/contract/disputes';
import { makeCallRecord, makeDispute } from '@callboard/shared-auth/testing/call-records';
import { makePartner, makeUser } from '@callboard/shared-auth/testing/fetch-mock';
import { renderInHost, type FakeRequest } from '@callboard/shared-auth/testing/render-in-host';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { CallDisputes } from './call-disputes';

// The fake answers go through SWR and the toaster: on a machine shared by many test workers that can take
// past testing-library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

const call = makeCallRecord({ id: '7', systemCallId: 'SC-7', transcript: 'Agent: Hello.\nCaller: Hi.\nCaller: Bye.' });

/** A fake of the call's disputes routes: the list with its eligibility, opening (the body kept) and withdrawing. */
function fakeApi(initial: CallDisputesData) {
  const state = { data: initial, opened: [] as OpenDisputeBody[], withdrawn: [] as string[] };
  const api = (request: FakeRequest) => {
    if (request.path === '/api/calls/7/disputes' && request.method === 'GET') return { body: { success: true, data: state.data } };
    if (request.path === '/api/calls/7/disputes' && request.method === 'POST') {
      const body = request.body as OpenDisputeBody;
      state.opened.push(body);
      const dispute = makeDispute('d9', '7', { reason: body.reason, note: body.note });
      state.data = { disputes: [dispute, ...state.data.disputes], eligibility: { ...state.data.eligibility, allowed: false, refusal: 'This call already has an open dispute' } };
      return { status: 201, body: { success: true, data: { dispute, changeId: null } } };
    }
    const withdraw = /^\/api\/disputes\/([^/]+)\/withdraw$/.exec(request.path);
    if (withdraw && request.method === 'POST') {
      state.withdrawn.push(withdraw[1]!);
      state.data = { ...state.data, disputes: state.data.disputes.map((d): Dispute => (d.id === withdraw[1] ? { ...d, status: 'withdrawn', withdrawnAt: '2026-03-12T10:00:00.000Z' } : d)) };
      return { body: { success: true, data: { dispute: state.data.disputes[0], changeId: null } } };
    }
    return undefined;
  };
  return { state, api };
}

const allowed = { allowed: true, windowDays: 7, windowEndsAt: '2026-03-17T14:00:00.000Z' };

test('a buyer partner disputes its call: reason, note and the transcript lines it ticks; the dispute joins the history', async () => {
  const { state, api } = fakeApi({ disputes: [], eligibility: allowed });
  const { user } = renderInHost(<CallDisputes call={call} />, { session: makePartner('buyer', { transcripts: true }), api });

  expect(await screen.findByText('This call has never been disputed.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Dispute this call' }));
  const dialog = screen.getByRole('dialog', { name: 'Dispute this call' });

  // Nothing chosen: the form says what is missing under each field and sends nothing.
  await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
  expect(within(dialog).getByText('Choose why the call is disputed')).toBeInTheDocument();
  expect(within(dialog).getByText('Say what is wrong with the call')).toBeInTheDocument();
  expect(state.opened).toHaveLength(0);

  await user.selectOptions(within(dialog).getByLabelText(/Reason/), 'Hung up immediately');
  await user.type(within(dialog).getByLabelText(/Note/), ' Hung up at once ');
  expect(within(dialog).getByText('None ticked: the whole transcript is attached.')).toBeInTheDocument();
  await user.click(within(dialog).getByLabelText(/Caller: Bye\./));
  await user.click(within(dialog).getByLabelText(/Agent: Hello\./));
  expect(within(dialog).getByText('2 of 3 lines ticked.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));

  await waitFor(() => expect(state.opened).toEqual([{ reason: 'hung_up_immediately', note: 'Hung up at once', transcriptLines: [0, 2] }]));
  const history = await screen.findByRole('list', { name: 'Dispute history' });
  expect(within(history).getByText('Hung up immediately')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(await screen.findByTestId('dispute-refusal')).toHaveTextContent('This call already has an open dispute');
});

test('the server’s field errors land under the fields; another refusal above the form', async () => {
  const api = (request: FakeRequest) => {
    if (request.method === 'GET') return { body: { success: true, data: { disputes: [], eligibility: allowed } } };
    return { status: 400, body: { success: false, code: 'VALIDATION_ERROR', message: 'Invalid request', errors: [{ field: 'transcriptLines', message: 'transcriptLines: line 9 is not in the transcript' }] } };
  };
  const { user } = renderInHost(<CallDisputes call={call} />, { session: { role: 'reviewer' }, api });
  await user.click(await screen.findByRole('button', { name: 'Dispute this call' }));
  const dialog = screen.getByRole('dialog', { name: 'Dispute this call' });
  await user.selectOptions(within(dialog).getByLabelText(/Reason/), 'Other');
  await user.type(within(dialog).getByLabelText(/Note/), 'Not a real lead');
  await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
  expect(await within(dialog).findByText('transcriptLines: line 9 is not in the transcript')).toBeInTheDocument();
});

test('a publisher partner reads the history and the outcome, and is offered neither opening nor withdrawing', async () => {
  const decided = makeDispute('d1', '7', {
    status: 'partial',
    revenue: undefined,
    decision: { decision: 'partial', note: 'Short call, half credited', decidedBy: { id: null, name: null }, decidedAt: '2026-03-12T10:00:00.000Z', clawedBack: 5, changeId: 'c1' },
  });
  const { api } = fakeApi({ disputes: [decided], eligibility: { allowed: false, refusal: 'A publisher partner cannot dispute calls; only the buyer can', windowDays: 7, windowEndsAt: null } });
  renderInHost(<CallDisputes call={call} />, { session: makePartner('publisher'), api });
  const card = await screen.findByTestId('dispute-card');
  expect(card).toHaveTextContent('Partially accepted');
  expect(card).toHaveTextContent('Clawed back from the payout$5.00');
  expect(card).not.toHaveTextContent('Credited to the buyer');
  expect(screen.queryByRole('button', { name: 'Dispute this call' })).not.toBeInTheDocument();
  expect(screen.queryByTestId('dispute-refusal')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Withdraw dispute' })).not.toBeInTheDocument();
});

test('a buyer partner of the dispute’s buyer withdraws it, whoever opened it; another buyer’s partner and a user only read', async () => {
  const refused = { allowed: false, refusal: 'This call already has an open dispute', windowDays: 7, windowEndsAt: null };
  const { unmount: unmountOther } = renderInHost(<CallDisputes call={call} />, { session: makePartner('buyer'), api: fakeApi({ disputes: [makeDispute('d0', '7', { buyerId: 3 })], eligibility: refused }).api });
  expect(await screen.findByTestId('dispute-card')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Withdraw dispute' })).not.toBeInTheDocument();
  unmountOther();

  // Opened by a reviewer on the buyer's behalf: the buyer's partner (scope ids [7]) may still withdraw it.
  const { state, api } = fakeApi({ disputes: [makeDispute('d1', '7', { buyerId: 7, openedBy: { id: 'r1', name: 'Rita Reviewer' } })], eligibility: refused });
  const { user, unmount } = renderInHost(<CallDisputes call={call} />, { session: makePartner('buyer'), api });
  await user.click(await screen.findByRole('button', { name: 'Withdraw dispute' }));
  await waitFor(() => expect(state.withdrawn).toEqual(['d1']));
  expect(await screen.findByText('Withdrawn', { selector: '[data-dispute-status]' })).toBeInTheDocument();
  unmount();

  renderInHost(<CallDisputes call={call} />, { session: makeUser({ role: 'user' }), api: fakeApi({ disputes: [makeDispute('d2')], eligibility: allowed }).api });
  expect(await screen.findByTestId('dispute-card')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Withdraw dispute' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Dispute this call' })).not.toBeInTheDocument();
});
