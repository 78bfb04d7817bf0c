import { PAYMENT_MESSAGES } from '@callboard/contract';
import { ApiError } from '@callboard/shared-auth/api-error';
import { payment } from '../../../testing/costs';
import {
  emptyPaymentForm,
  paymentBodyFrom,
  paymentFormFrom,
  serverFieldErrors,
  validatePaymentForm,
  type PaymentFormValues,
} from './payment-form';

const valid: PaymentFormValues = {
  publisherId: '1',
  amount: '250.75',
  paidAt: '2026-01-31T14:30',
  method: 'ach',
  reference: '',
  note: '',
};

test('a complete form has no problems', () => {
  expect(validatePaymentForm(valid)).toEqual({});
});

test('an empty form names every required field, in the contract’s words', () => {
  expect(validatePaymentForm({ ...emptyPaymentForm(), paidAt: '' })).toEqual({
    publisherId: PAYMENT_MESSAGES.publisherRequired,
    amount: PAYMENT_MESSAGES.amountRequired,
    paidAt: PAYMENT_MESSAGES.paidAtRequired,
    method: PAYMENT_MESSAGES.methodRequired,
  });
});

test.each([
  ['0', 'Amount must be greater than 0'],
  ['-5', 'Amount must be greater than 0'],
  ['12.345', 'Amount can have at most 2 decimals'],
  ['abc', 'Amount must be a number'],
  ['1,000', 'Amount must be a number'],
  ['10000000.01', 'Amount must be at most 10,000,000'],
])('amount %p → %p', (amount, message) => {
  expect(validatePaymentForm({ ...valid, amount }).amount).toBe(message);
});

test.each(['0.01', '12.5', '12.50', '12.500', '10000000'])('amount %p is accepted', (amount) => {
  expect(validatePaymentForm({ ...valid, amount }).amount).toBeUndefined();
});

test('a date that does not exist is refused', () => {
  expect(validatePaymentForm({ ...valid, paidAt: '2026-02-30T10:00' }).paidAt).toBe(PAYMENT_MESSAGES.paidAtInvalid);
});

test('the new form defaults to now, in New York', () => {
  // 03:30 UTC on 1 Feb is 22:30 on 31 Jan in New York (EST, UTC−5).
  expect(emptyPaymentForm(new Date('2026-02-01T03:30:00Z')).paidAt).toBe('2026-01-31T22:30');
});

test('an existing payment fills the form: cents kept, time in New York', () => {
  expect(paymentFormFrom(payment({ amount: 1200.5, paidAt: '2026-07-04T16:05:00.000Z', note: null }))).toEqual({
    publisherId: '1',
    amount: '1200.50',
    paidAt: '2026-07-04T12:05', // EDT, UTC−4
    method: 'wire',
    reference: 'WIRE-001',
    note: '',
  });
});

test('the body sends dollars as a number and blank optional text as null', () => {
  expect(paymentBodyFrom({ ...valid, amount: ' 250.75 ', reference: '  REF-9 ', note: '   ' })).toEqual({
    publisherId: '1',
    amount: 250.75,
    paidAt: '2026-01-31T14:30',
    method: 'ach',
    reference: 'REF-9',
    note: null,
  });
});

test('a 400’s field errors go under their fields; others are kept apart', () => {
  const error = new ApiError({
    kind: 'HTTP_ERROR',
    status: 400,
    body: {
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Publisher not found',
      errors: [
        { field: 'publisherId', message: 'Publisher not found' },
        { field: 'currency', message: 'Currency must be 3 uppercase letters, e.g. USD' },
      ],
    },
  });
  expect(serverFieldErrors(error)).toEqual({
    fields: { publisherId: 'Publisher not found' },
    other: ['Currency must be 3 uppercase letters, e.g. USD'],
  });
  expect(serverFieldErrors(new Error('offline'))).toEqual({ fields: {}, other: [] });
});
