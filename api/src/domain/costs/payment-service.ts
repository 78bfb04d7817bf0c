import {
  DEFAULT_PAYMENT_CURRENCY,
  PAYMENT_MESSAGES,
  paymentAmountCents,
  parseNewYorkTime,
  paymentPublisherId,
  validatePayment,
  type Payment,
  type PaymentBody,
  type PaymentMethod,
} from '@callboard/contract';
import type { Database } from '../../db/database';
import { notFound, validationFailed } from '../../http/http-error';
import { paymentsRepository, type PaymentFields } from './payments-repository';

const PAYMENT_NOT_FOUND = 'Payment not found';

/** SQLSTATE 23503: the publisher went away between our check and the write. */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

const publisherMissing = () => validationFailed([{ field: 'publisherId', message: PAYMENT_MESSAGES.publisherNotFound }]);

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * When the payment was made. A date alone is that day in New York (where the
 * dashboard reads every day), as is a date and time without an offset; a
 * time with an offset is that instant.
 */
export function paymentInstant(paidAt: string): Date {
  const parsed = parseNewYorkTime(paidAt);
  if (!parsed.isValid) throw validationFailed([{ field: 'paidAt', message: PAYMENT_MESSAGES.paidAtInvalid }]);
  return parsed.toJSDate();
}

/** Checks a body with the form's own rules and converts it to what is stored (cents, an instant, trimmed text). */
function toFields(body: PaymentBody): PaymentFields {
  const input = body as unknown as Record<string, unknown>;
  const errors = validatePayment(input);
  if (errors.length > 0) throw validationFailed(errors);
  const amount = paymentAmountCents(input.amount);
  if (!('cents' in amount)) throw validationFailed([{ field: 'amount', message: amount.error }]);
  return {
    publisherId: paymentPublisherId(input.publisherId) as number,
    amountCents: amount.cents,
    currency: optionalText(input.currency) ?? DEFAULT_PAYMENT_CURRENCY,
    paidAt: paymentInstant(input.paidAt as string),
    method: input.method as PaymentMethod,
    reference: optionalText(input.reference),
    note: optionalText(input.note),
  };
}

/** Payments to publishers, apart from HTTP: validation, the publisher check, and 404s. */
export class PaymentService {
  constructor(private readonly db: Database) {}

  async create(actorId: string, body: PaymentBody): Promise<Payment> {
    const fields = toFields(body);
    return this.write(fields, () => paymentsRepository.insert(this.db, fields, actorId));
  }

  async update(id: string, body: PaymentBody): Promise<Payment> {
    const fields = toFields(body);
    const payment = await this.write(fields, () => paymentsRepository.update(this.db, id, fields));
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    return payment;
  }

  async delete(id: string): Promise<Payment> {
    const payment = await paymentsRepository.delete(this.db, id);
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    return payment;
  }

  private async write<T>(fields: PaymentFields, work: () => Promise<T>): Promise<T> {
    if (!(await paymentsRepository.publisherExists(this.db, fields.publisherId))) throw publisherMissing();
    try {
      return await work();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw publisherMissing();
      throw error;
    }
  }
}
