import { ApiError } from '@callboard/shared-auth/api-fetch';
import { makeDispute } from '@callboard/shared-auth/testing/call-records';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DecideDisputeDialog, decisionBody, validateDecision, type DecideDisputeValues } from './decide-dispute-dialog';

// The fake answers go through SWR and the toaster: on a machine shared by many test workers that can take
// past testing-library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

const values = (overrides: Partial<DecideDisputeValues>): DecideDisputeValues => ({ decision: 'accept', amount: '', clawBack: 'full', clawBackAmount: '', note: 'Hung up', ...overrides });

test('a decision is checked by the server’s rules: a note, a partial amount up to the revenue, a partial claw-back up to the payout', () => {
  const dispute = { revenue: 40, payout: 20 };
  expect(validateDecision(values({ note: '  ' }), dispute)).toEqual({ note: 'Say why it was decided so' });
  expect(validateDecision(values({ decision: 'partial', amount: '0' }), dispute).amount).toMatch(/more than 0/);
  expect(validateDecision(values({ decision: 'partial', amount: '40.01' }), dispute).amount).toBe('At most the call’s revenue, $40.00');
  expect(validateDecision(values({ decision: 'partial', amount: '12.345' }), dispute).amount).toMatch(/in dollars/);
  expect(validateDecision(values({ clawBack: 'partial', clawBackAmount: '25' }), dispute).clawBackAmount).toBe('At most the call’s payout, $20.00');
  // A bound the reader does not see (a buyer partner never sees the payout) is the server's to check.
  expect(validateDecision(values({ clawBack: 'partial', clawBackAmount: '25' }), { revenue: 40 })).toEqual({});
  expect(validateDecision(values({ decision: 'reject', clawBack: 'partial' }), dispute)).toEqual({});
});

test('the body carries the amounts only where the decision and the claw-back take them', () => {
  expect(decisionBody(values({ decision: 'reject', amount: '5', clawBackAmount: '3' }))).toEqual({ decision: 'reject', note: 'Hung up' });
  expect(decisionBody(values({}))).toEqual({ decision: 'accept', note: 'Hung up', clawBack: 'full' });
  expect(decisionBody(values({ decision: 'partial', amount: '$12.50', clawBack: 'partial', clawBackAmount: '6.25' }))).toEqual({
    decision: 'partial',
    note: 'Hung up',
    amount: 12.5,
    clawBack: 'partial',
    clawBackAmount: 6.25,
  });
  expect(decisionBody(values({ clawBack: 'none', clawBackAmount: '6' }))).toEqual({ decision: 'accept', note: 'Hung up', clawBack: 'none' });
});

test('a partial decision with a partial claw-back is sent once valid; the answer goes to onDecided', async () => {
  const user = userEvent.setup();
  const dispute = makeDispute('d1');
  const result = { dispute: { ...dispute, status: 'partial' as const }, changeId: 'c1' };
  const onSubmit = jest.fn().mockResolvedValue(result);
  const onDecided = jest.fn();
  const onClose = jest.fn();
  render(<DecideDisputeDialog dispute={dispute} initialDecision="partial" onSubmit={onSubmit} onDecided={onDecided} onConflict={jest.fn()} onClose={onClose} />);
  await user.type(screen.getByLabelText('Amount credited ($)'), '50');
  await user.click(screen.getByLabelText('Claw back part of it'));
  await user.type(screen.getByLabelText('Amount clawed back ($)'), '5');
  await user.type(screen.getByLabelText(/Note/), 'Short call');
  await user.click(screen.getByRole('button', { name: 'Decide' }));
  expect(screen.getByText('At most the call’s revenue, $40.00')).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
  await user.clear(screen.getByLabelText('Amount credited ($)'));
  await user.type(screen.getByLabelText('Amount credited ($)'), '15');
  await user.click(screen.getByRole('button', { name: 'Decide' }));
  await waitFor(() => expect(onDecided).toHaveBeenCalledWith(result));
  expect(onSubmit).toHaveBeenCalledWith({ decision: 'partial', note: 'Short call', amount: 15, clawBack: 'partial', clawBackAmount: 5 });
  expect(onClose).toHaveBeenCalled();
});

test('a 409 (decided by someone else first) closes the dialog and asks the queue to read it again', async () => {
  const user = userEvent.setup();
  const conflict = new ApiError({ kind: 'HTTP_ERROR', status: 409, body: { success: false, code: 'CONFLICT', message: 'This dispute is no longer open: it was decided or withdrawn meanwhile' } });
  const onConflict = jest.fn();
  const onClose = jest.fn();
  render(<DecideDisputeDialog dispute={makeDispute('d1')} initialDecision="reject" onSubmit={jest.fn().mockRejectedValue(conflict)} onDecided={jest.fn()} onConflict={onConflict} onClose={onClose} />);
  expect(screen.queryByText('The publisher’s payout')).not.toBeInTheDocument();
  await user.type(screen.getByLabelText(/Note/), 'Caller was qualified');
  await user.click(screen.getByRole('button', { name: 'Reject' }));
  await waitFor(() => expect(onConflict).toHaveBeenCalled());
  expect(onClose).toHaveBeenCalled();
});
