/**
 * The payment dialog's values and rules, apart from React. The rules are the
 * contract's validatePayment, the very function the server runs, so the form
 * and the API can never disagree about what is valid or how it is worded.
 */
import { messagesByField, validatePayment, type Payment, type PaymentBody, type PaymentMethod } from '@callboard/contract';
import { toNewYorkInput } from '@callboard/contract/new-york-time';
import { isApiError } from '@callboard/shared-auth/api-error';

/** What the inputs hold: text, as typed. */
export interface PaymentFormValues {
  publisherId: string;
  amount: string;
  /** `datetime-local`, New York wall-clock time. */
  paidAt: string;
  method: string;
  reference: string;
  note: string;
}

export type PaymentField = keyof PaymentFormValues;
export const PAYMENT_FIELDS: readonly PaymentField[] = ['publisherId', 'amount', 'paidAt', 'method', 'reference', 'note'];

export type PaymentFormErrors = Partial<Record<PaymentField, string>>;

/** A new payment: paid now, everything else to choose. */
export function emptyPaymentForm(now: Date = new Date()): PaymentFormValues {
  return { publisherId: '', amount: '', paidAt: toNewYorkInput(now), method: '', reference: '', note: '' };
}

/** An existing payment in the form's terms; the amount keeps its cents ("1200.50", not "1200.5"). */
export function paymentFormFrom(payment: Payment): PaymentFormValues {
  return {
    publisherId: payment.publisherId,
    amount: payment.amount.toFixed(2),
    paidAt: toNewYorkInput(payment.paidAt),
    method: payment.method,
    reference: payment.reference ?? '',
    note: payment.note ?? '',
  };
}

function isPaymentField(field: string): field is PaymentField {
  return (PAYMENT_FIELDS as readonly string[]).includes(field);
}

/** The form's problems, keyed by field; empty when it may be sent. */
export function validatePaymentForm(values: PaymentFormValues): PaymentFormErrors {
  return messagesByField(validatePayment({ ...values }), isPaymentField).fields;
}

/** The request body: the amount as a number of dollars, blank optional text as null. */
export function paymentBodyFrom(values: PaymentFormValues): PaymentBody {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    publisherId: values.publisherId,
    amount: Number(values.amount.trim()),
    paidAt: values.paidAt.trim(),
    method: values.method as PaymentMethod,
    reference: optional(values.reference),
    note: optional(values.note),
  };
}

/**
 * A failed save's field errors (a 400's `errors`), to show under the inputs;
 * `other` holds what no input can show (an unknown field, or no field at all).
 */
export function serverFieldErrors(error: unknown): { fields: PaymentFormErrors; other: string[] } {
  if (!isApiError(error) || !error.errors) return { fields: {}, other: [] };
  return messagesByField(error.errors, isPaymentField);
}
