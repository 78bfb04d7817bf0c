/**
 * The rules for a payment to a publisher, shared by the payment
 * form and the server so both say exactly the same words. Whether the
 * publisher exists is the one thing only the server can tell; it reports it
 * under `publisherId` with `PAYMENT_MESSAGES.publisherNotFound`.
 */
import type { FieldError } from './api-envelope';
import { PAYMENT_METHODS } from './costs';
import { isIdText } from './id-list';

export const PAYMENT_MAX_AMOUNT = 10_000_000;
export const PAYMENT_REFERENCE_MAX_LENGTH = 100;
export const PAYMENT_NOTE_MAX_LENGTH = 1000;
export const DEFAULT_PAYMENT_CURRENCY = 'USD';

export const PAYMENT_MESSAGES = {
  publisherRequired: 'Publisher is required',
  publisherNotFound: 'Publisher not found',
  amountRequired: 'Amount is required',
  amountInvalid: 'Amount must be a number',
  amountNotPositive: 'Amount must be greater than 0',
  amountTooLarge: 'Amount must be at most 10,000,000',
  amountDecimals: 'Amount can have at most 2 decimals',
  paidAtRequired: 'Payment date is required',
  paidAtInvalid: 'Payment date must be a valid date, e.g. 2026-01-31 or 2026-01-31T14:30',
  methodRequired: 'Method is required',
  methodInvalid: `Method must be one of ${PAYMENT_METHODS.join(', ')}`,
  currencyInvalid: 'Currency must be 3 uppercase letters, e.g. USD',
  referenceInvalid: 'Reference must be text',
  referenceTooLong: `Reference must be at most ${PAYMENT_REFERENCE_MAX_LENGTH} characters`,
  noteInvalid: 'Note must be text',
  noteTooLong: `Note must be at most ${PAYMENT_NOTE_MAX_LENGTH} characters`,
} as const;

type Input = Record<string, unknown>;

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?$/;
const CURRENCY = /^[A-Z]{3}$/;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A publisher id as the form or the API sends it (a number, or its digits); undefined when it cannot be one. */
export function paymentPublisherId(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return isIdText(text) ? Number(text) : undefined;
}

/**
 * An amount in dollars (a number or numeric text) as integer cents, computed
 * from its digits, never by multiplying a float; or the message saying why not.
 */
export function paymentAmountCents(value: unknown): { cents: number } | { error: string } {
  if (isBlank(value)) return { error: PAYMENT_MESSAGES.amountRequired };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { error: PAYMENT_MESSAGES.amountInvalid };
    if (value <= 0) return { error: PAYMENT_MESSAGES.amountNotPositive };
    if (value > PAYMENT_MAX_AMOUNT) return { error: PAYMENT_MESSAGES.amountTooLarge };
    // Between 0 and 10^7, JavaScript writes a number in exponent form only below 10^-6: too many decimals.
    const text = String(value);
    return text.includes('e') ? { error: PAYMENT_MESSAGES.amountDecimals } : centsOfText(text);
  }
  if (typeof value !== 'string') return { error: PAYMENT_MESSAGES.amountInvalid };
  let text = value.trim();
  const negative = text.startsWith('-');
  if (negative || text.startsWith('+')) text = text.slice(1);
  const match = DECIMAL.exec(text);
  if (!match || (match[1] === '' && !match[2])) return { error: PAYMENT_MESSAGES.amountInvalid };
  const number = Number(text);
  if (negative || number <= 0) return { error: PAYMENT_MESSAGES.amountNotPositive };
  if (number > PAYMENT_MAX_AMOUNT) return { error: PAYMENT_MESSAGES.amountTooLarge };
  return centsOfText(text);
}

/** `text` is digits with an optional fraction, greater than 0 and at most the maximum. */
function centsOfText(text: string): { cents: number } | { error: string } {
  const [whole = '', fraction = ''] = text.split('.');
  const decimals = fraction.replace(/0+$/, '');
  if (decimals.length > 2) return { error: PAYMENT_MESSAGES.amountDecimals };
  return { cents: Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0')) };
}

function daysInMonth(year: number, month: number): number {
  return [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/**
 * Whether `value` is an ISO 8601 date (`2026-01-31`) or date and time
 * (`2026-01-31T14:30`, with seconds, fraction and offset optional) that
 * exists on the calendar, between the years 2000 and 2100.
 */
export function isPaymentDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  const match = ISO_DATE.exec(text) ?? ISO_DATE_TIME.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (match[4] === undefined) return true;
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6] ?? '0')];
  const [offsetHour, offsetMinute] = [Number(match[8] ?? '0'), Number(match[9] ?? '0')];
  return hour < 24 && minute < 60 && second < 60 && offsetHour < 24 && offsetMinute < 60;
}

function checkOptionalText(input: Input, field: string, max: number, invalid: string, tooLong: string, errors: FieldError[]) {
  const value = input[field];
  if (value === undefined || value === null) return;
  if (typeof value !== 'string') errors.push({ field, message: invalid });
  else if (value.trim().length > max) errors.push({ field, message: tooLong });
}

/** Every problem with a payment, at most one per field, in the order the form shows the fields. */
export function validatePayment(input: Input): FieldError[] {
  const errors: FieldError[] = [];

  if (isBlank(input.publisherId)) errors.push({ field: 'publisherId', message: PAYMENT_MESSAGES.publisherRequired });
  else if (paymentPublisherId(input.publisherId) === undefined) errors.push({ field: 'publisherId', message: PAYMENT_MESSAGES.publisherNotFound });

  const amount = paymentAmountCents(input.amount);
  if ('error' in amount) errors.push({ field: 'amount', message: amount.error });

  if (isBlank(input.paidAt)) errors.push({ field: 'paidAt', message: PAYMENT_MESSAGES.paidAtRequired });
  else if (!isPaymentDate(input.paidAt)) errors.push({ field: 'paidAt', message: PAYMENT_MESSAGES.paidAtInvalid });

  if (isBlank(input.method)) errors.push({ field: 'method', message: PAYMENT_MESSAGES.methodRequired });
  else if (!(PAYMENT_METHODS as readonly unknown[]).includes(input.method)) errors.push({ field: 'method', message: PAYMENT_MESSAGES.methodInvalid });

  const currency = input.currency;
  if (!isBlank(currency) && (typeof currency !== 'string' || !CURRENCY.test(currency))) {
    errors.push({ field: 'currency', message: PAYMENT_MESSAGES.currencyInvalid });
  }

  checkOptionalText(input, 'reference', PAYMENT_REFERENCE_MAX_LENGTH, PAYMENT_MESSAGES.referenceInvalid, PAYMENT_MESSAGES.referenceTooLong, errors);
  checkOptionalText(input, 'note', PAYMENT_NOTE_MAX_LENGTH, PAYMENT_MESSAGES.noteInvalid, PAYMENT_MESSAGES.noteTooLong, errors);
  return errors;
}
