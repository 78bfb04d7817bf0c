import { deferred, fakeResponse } from '@callboard/shared-auth/testing/fetch-mock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, payment, PAYMENTS, renderCosts, type Responder } from '../../../testing/costs';
import { PaymentHistory } from './payment-history';

const FIRST = PAYMENTS[0]!;
const dialog = () => screen.getByRole('dialog');
const field = {
  publisher: () => within(dialog()).getByRole('combobox', { name: 'Publisher' }),
  amount: () => within(dialog()).getByRole('textbox', { name: 'Amount' }),
  paidAt: () => within(dialog()).getByLabelText(/^Paid at/),
  method: () => within(dialog()).getByRole('combobox', { name: 'Method' }),
  reference: () => within(dialog()).getByRole('textbox', { name: 'Reference' }),
  note: () => within(dialog()).getByRole('textbox', { name: 'Note' }),
};
const paymentRow = (text: RegExp) => screen.getByRole('row', { name: text });

/** Answers payment writes with `write`; everything else falls to the default API. */
function writes(write: Responder): Responder {
  return (request) => (request.method === 'GET' ? undefined : write(request));
}

test('lists the payments with every column, newest first, asking for at most 100', async () => {
  const { requests } = renderCosts(<PaymentHistory />);

  const row = await screen.findByRole('row', { name: /WIRE-001/ });
  for (const text of ['Jan 31, 2026 2:30 PM', 'Acme Media', '$1,200.50', 'Wire', 'WIRE-001', 'January payout', 'Ada Lovelace']) {
    expect(within(row).getByText(text)).toBeInTheDocument();
  }
  const second = paymentRow(/Beacon Leads/);
  expect(within(second).getByText('ACH')).toBeInTheDocument();
  expect(within(second).getAllByText('—')).toHaveLength(3); // reference, note, created by
  expect(screen.getByText('2 payments')).toBeInTheDocument();

  const list = requests().find((r) => r.path === '/api/cost/payments');
  expect(list?.query.get('limit')).toBe('100');
  expect(list?.query.has('publisher')).toBe(false);
});

test('one payment is counted in the singular', async () => {
  renderCosts(<PaymentHistory />, { api: ({ url }) => (url.pathname === '/api/cost/payments' ? { body: ok([FIRST]) } : undefined) });
  expect(await screen.findByText('1 payment')).toBeInTheDocument();
});

test('the history follows the publisher selection', async () => {
  const { requests } = renderCosts(<PaymentHistory />, { filters: { publisher: ['1', '3'] } });
  await screen.findByRole('row', { name: /WIRE-001/ });
  expect(requests().find((r) => r.path === '/api/cost/payments')?.query.get('publisher')).toBe('1,3');
  expect(screen.getByText('Selected publishers only')).toBeInTheDocument();
});

test('an empty history says how it fills, in words that fit the role', async () => {
  const empty: Responder = ({ url }) => (url.pathname === '/api/cost/payments' ? { body: ok([]) } : undefined);
  renderCosts(<PaymentHistory />, { api: empty });
  expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  expect(screen.getByText('Record a payment to a publisher and it appears here.')).toBeInTheDocument();
});

test('an empty history for a non-admin', async () => {
  renderCosts(<PaymentHistory />, { role: 'user', api: ({ url }) => (url.pathname === '/api/cost/payments' ? { body: ok([]) } : undefined) });
  expect(await screen.findByText('Payments recorded by admins appear here.')).toBeInTheDocument();
});

test('a failed list shows the server message with Retry', async () => {
  renderCosts(<PaymentHistory />, {
    api: ({ url }) =>
      url.pathname === '/api/cost/payments' ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Internal server error' } } : undefined,
  });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load payments.');
  expect(alert).toHaveTextContent('Internal server error');
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

test('the form shows each problem under its field, clears it on edit, and sends nothing until valid', async () => {
  const { user, requests } = renderCosts(<PaymentHistory />);
  await screen.findByRole('row', { name: /WIRE-001/ });

  await user.click(screen.getByRole('button', { name: 'New payment' }));
  expect(screen.getByRole('heading', { name: 'Record payment' })).toBeInTheDocument();
  await within(dialog()).findByRole('option', { name: 'Acme Media' });
  // Publishers by name.
  expect(within(field.publisher()).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Select a publisher',
    'Acme Media',
    'Beacon Leads',
    'Zenith Calls',
  ]);
  fireEvent.change(field.paidAt(), { target: { value: '' } });

  await user.click(within(dialog()).getByRole('button', { name: 'Record payment' }));
  expect(field.publisher()).toHaveAccessibleDescription('Publisher is required');
  expect(field.amount()).toHaveAccessibleDescription('Amount is required');
  expect(field.paidAt()).toHaveAccessibleDescription(/Payment date is required/);
  expect(field.method()).toHaveAccessibleDescription('Method is required');
  // The first field with a problem takes focus.
  expect(field.publisher()).toHaveFocus();

  await user.type(field.amount(), '0');
  expect(within(dialog()).queryByText('Amount is required')).not.toBeInTheDocument();
  await user.click(within(dialog()).getByRole('button', { name: 'Record payment' }));
  expect(field.amount()).toHaveAccessibleDescription('Amount must be greater than 0');

  await user.clear(field.amount());
  await user.type(field.amount(), '12.345');
  await user.click(within(dialog()).getByRole('button', { name: 'Record payment' }));
  expect(field.amount()).toHaveAccessibleDescription('Amount can have at most 2 decimals');

  await user.selectOptions(field.publisher(), 'Acme Media');
  expect(within(dialog()).queryByText('Publisher is required')).not.toBeInTheDocument();
  await user.selectOptions(field.method(), 'Wire');
  expect(within(dialog()).queryByText('Method is required')).not.toBeInTheDocument();
  fireEvent.change(field.paidAt(), { target: { value: '2026-01-31T14:30' } });
  expect(within(dialog()).queryByText('Payment date is required')).not.toBeInTheDocument();

  // Still one problem left: still nothing sent.
  await user.click(within(dialog()).getByRole('button', { name: 'Record payment' }));
  expect(requests().filter((r) => r.method !== 'GET')).toHaveLength(0);
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('an admin records a payment: the body, an Idempotency-Key, the toast, and the list refetched', async () => {
  const created = payment({ id: 'new-id', publisherId: '2', publisherName: 'Beacon Leads', amount: 250.75, method: 'ach', reference: 'REF-9' });
  const { user, requests } = renderCosts(<PaymentHistory />, {
    api: writes(() => ({ status: 201, body: ok(created, 'Payment recorded') })),
  });
  await screen.findByRole('row', { name: /WIRE-001/ });

  await user.click(screen.getByRole('button', { name: 'New payment' }));
  await within(dialog()).findByRole('option', { name: 'Beacon Leads' });
  await user.selectOptions(field.publisher(), 'Beacon Leads');
  await user.type(field.amount(), '250.75');
  fireEvent.change(field.paidAt(), { target: { value: '2026-02-01T09:15' } });
  await user.selectOptions(field.method(), 'ACH');
  await user.type(field.reference(), 'REF-9');
  await user.click(within(dialog()).getByRole('button', { name: 'Record payment' }));

  expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  const post = requests().find((r) => r.method === 'POST');
  expect(post?.path).toBe('/api/cost/payments');
  expect(post?.body).toEqual({ publisherId: '2', amount: 250.75, paidAt: '2026-02-01T09:15', method: 'ach', reference: 'REF-9', note: null });
  expect(post?.headers['Idempotency-Key']).toMatch(/^[\x21-\x7e]{1,255}$/);
  await waitFor(() => expect(requests().filter((r) => r.path === '/api/cost/payments' && r.method === 'GET')).toHaveLength(2));
});

test('a retry of the same failed payment reuses its Idempotency-Key; a changed payment gets a new one', async () => {
  const { user, requests } = renderCosts(<PaymentHistory />, {
    api: writes(() => ({ status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'Database unavailable' } })),
  });
  await screen.findByRole('row', { name: /WIRE-001/ });
  await user.click(screen.getByRole('button', { name: 'New payment' }));
  await within(dialog()).findByRole('option', { name: 'Acme Media' });
  await user.selectOptions(field.publisher(), 'Acme Media');
  await user.type(field.amount(), '10');
  await user.selectOptions(field.method(), 'Check');

  const submit = () => user.click(within(dialog()).getByRole('button', { name: 'Record payment' }));
  await submit();
  expect(await screen.findByText('Failed to record payment: Database unavailable')).toBeInTheDocument();
  await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Record payment' })).toBeEnabled());
  await submit();
  await waitFor(() => expect(requests().filter((r) => r.method === 'POST')).toHaveLength(2));
  await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Record payment' })).toBeEnabled());
  await user.type(field.amount(), '0');
  await submit();
  await waitFor(() => expect(requests().filter((r) => r.method === 'POST')).toHaveLength(3));

  const keys = requests()
    .filter((r) => r.method === 'POST')
    .map((r) => r.headers['Idempotency-Key']);
  expect(keys[0]).toBe(keys[1]);
  expect(keys[2]).not.toBe(keys[0]);
  // The dialog stays open with what was typed.
  expect(field.amount()).toHaveValue('100');
});

test('a 400 from the server lands under the field it names', async () => {
  const { user } = renderCosts(<PaymentHistory />, {
    api: writes(() => ({
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', message: 'Publisher not found', errors: [{ field: 'publisherId', message: 'Publisher not found' }] },
    })),
  });
  await screen.findByRole('row', { name: /WIRE-001/ });
  await user.click(screen.getByRole('button', { name: 'New payment' }));
  await within(dialog()).findByRole('option', { name: 'Zenith Calls' });
  await user.selectOptions(field.publisher(), 'Zenith Calls');
  await user.type(field.amount(), '99.99');
  await user.selectOptions(field.method(), 'PayPal');
  await user.click(within(dialog()).getByRole('button', { name: 'Record payment' }));

  await waitFor(() => expect(field.publisher()).toHaveAccessibleDescription('Publisher not found'));
  expect(screen.getByText('Failed to record payment: Publisher not found')).toBeInTheDocument();
  expect(field.publisher()).toHaveFocus();
  // Choosing again clears it.
  await user.selectOptions(field.publisher(), 'Acme Media');
  expect(within(dialog()).queryByText('Publisher not found')).not.toBeInTheDocument();
});

test('an admin edits a payment: the form starts filled, PUT sends the changes, then the toast', async () => {
  const { user, requests } = renderCosts(<PaymentHistory />, {
    api: writes(({ body }) => ({ body: ok({ ...FIRST, ...(body as object), amount: 1300 }, 'Payment updated') })),
  });
  const row = await screen.findByRole('row', { name: /WIRE-001/ });

  await user.click(within(row).getByRole('button', { name: 'Edit payment' }));
  expect(screen.getByRole('heading', { name: 'Edit payment' })).toBeInTheDocument();
  expect(within(dialog()).getByText('Paid to Acme Media')).toBeInTheDocument();
  await within(dialog()).findByRole('option', { name: 'Beacon Leads' });
  expect(field.publisher()).toHaveValue('1');
  expect(field.amount()).toHaveValue('1200.50');
  expect(field.paidAt()).toHaveValue('2026-01-31T14:30');
  expect(field.method()).toHaveValue('wire');
  expect(field.reference()).toHaveValue('WIRE-001');
  expect(field.note()).toHaveValue('January payout');

  await user.clear(field.amount());
  await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
  expect(field.amount()).toHaveAccessibleDescription('Amount is required');
  await user.type(field.amount(), '1300');
  expect(within(dialog()).queryByText('Amount is required')).not.toBeInTheDocument();
  await user.clear(field.note());
  await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));

  expect(await screen.findByText('Payment updated')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const put = requests().find((r) => r.method === 'PUT');
  expect(put?.path).toBe(`/api/cost/payments/${FIRST.id}`);
  expect(put?.body).toEqual({ publisherId: '1', amount: 1300, paidAt: '2026-01-31T14:30', method: 'wire', reference: 'WIRE-001', note: null });
  expect(put?.headers['Idempotency-Key']).toBeUndefined();
});

test('delete asks first; Cancel sends nothing; Delete sends DELETE, toasts and refetches', async () => {
  const { user, requests } = renderCosts(<PaymentHistory />, {
    api: writes(() => ({ body: ok(FIRST, 'Payment deleted') })),
  });
  const row = await screen.findByRole('row', { name: /WIRE-001/ });

  await user.click(within(row).getByRole('button', { name: 'Delete payment' }));
  expect(screen.getByRole('heading', { name: 'Delete payment' })).toBeInTheDocument();
  expect(dialog()).toHaveTextContent('Delete the payment of $1,200.50 to Acme Media');
  expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(requests().filter((r) => r.method === 'DELETE')).toHaveLength(0);

  await user.click(within(paymentRow(/WIRE-001/)).getByRole('button', { name: 'Delete payment' }));
  await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('Payment deleted')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requests().filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/cost/payments/${FIRST.id}`]);
  await waitFor(() => expect(requests().filter((r) => r.path === '/api/cost/payments' && r.method === 'GET')).toHaveLength(2));
});

test('a failed delete says why and keeps the confirmation open; the button is busy meanwhile', async () => {
  const answer = deferred<Response>();
  const { user } = renderCosts(<PaymentHistory />, { api: writes(() => answer.promise) });
  const row = await screen.findByRole('row', { name: /WIRE-001/ });
  await user.click(within(row).getByRole('button', { name: 'Delete payment' }));
  await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

  expect(within(dialog()).getByRole('button', { name: 'Delete' })).toBeDisabled();
  answer.resolve(fakeResponse({ status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Payment not found' } }));

  expect(await screen.findByText('Failed to delete payment: Payment not found')).toBeInTheDocument();
  await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Delete' })).toBeEnabled());
});

// A reviewer corrects calls but manages no payments (contract/src/permissions.ts).
test.each(['user', 'reviewer'] as const)('for a %s every write action is disabled and says why', async (role) => {
  const { user, requests } = renderCosts(<PaymentHistory />, { role });
  const row = await screen.findByRole('row', { name: /WIRE-001/ });

  const create = screen.getByRole('button', { name: 'New payment' });
  expect(create).toBeDisabled();
  expect(create).toHaveAccessibleDescription('Only admins can record payments');
  expect(create.parentElement).toHaveAttribute('title', 'Only admins can record payments');

  const edit = within(row).getByRole('button', { name: 'Edit payment' });
  const remove = within(row).getByRole('button', { name: 'Delete payment' });
  expect(edit).toBeDisabled();
  expect(edit).toHaveAccessibleDescription('Only admins can edit payments');
  expect(remove).toBeDisabled();
  expect(remove).toHaveAccessibleDescription('Only admins can delete payments');

  await user.click(create);
  await user.click(edit);
  await user.click(remove);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(requests().filter((r) => r.method !== 'GET')).toHaveLength(0);
});
