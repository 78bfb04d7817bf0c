import {
  DEFAULT_PAYMENT_CURRENCY,
  PAYMENT_MESSAGES,
  paymentAmountCents,
  parseIdList,
  paymentPublisherId,
  validatePayment,
  type PartnerScope,
  type Payment,
  type PaymentBody,
  type PaymentMethod,
} from '@callboard/contract';
import { parseNewYorkTime } from '@callboard/contract/new-york-time';
import type { Database, Queryable } from '../../db/database';
import { notFound, validationFailed } from '../../http/http-error';
import type { IdempotencyStore } from './idempotency-store';
import { paymentPublishers, visiblePayment } from './partner-costs';
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

/** The `publisher` filter of the payment history: a comma-separated list of ids, like the call filters. */
function publisherIds(raw: string | undefined): number[] {
  const ids = parseIdList('publisher', raw);
  if (!Array.isArray(ids)) throw validationFailed([ids]);
  return ids;
}

/** The HTTP status a newly recorded payment answers with (and a replay repeats). */
export const PAYMENT_RECORDED_STATUS = 201;

/**
 * A recorded payment with the status it answers with, and whether it is the
 * first answer to an earlier request with the same idempotency key.
 */
export interface RecordedPayment {
  statusCode: number;
  payment: Payment;
  replayed: boolean;
}

/** Payments to publishers, apart from HTTP: validation, the publisher check, idempotent recording, and 404s. */
export class PaymentService {
  constructor(
    private readonly db: Database,
    /** Where the answers to requests with an Idempotency-Key are kept: shared by every instance on PostgreSQL. */
    private readonly recorded: IdempotencyStore,
  ) {}

  /**
   * The newest `limit` payments, to the publishers `publisher` lists (all when it is empty), as the reader
   * may read them: a publisher partner only its own publishers' (partner-costs.ts).
   */
  async list(limit: number, publisher: string | undefined, scope: PartnerScope | undefined): Promise<Payment[]> {
    const payments = await paymentsRepository.list(this.db, { limit, publisherIds: paymentPublishers(scope, publisherIds(publisher)) });
    return payments.map((payment) => visiblePayment(scope, payment));
  }

  /**
   * Records a payment. With an idempotency key, a retry of the same request
   * by the same user returns the first payment instead of recording another.
   */
  async record(actorId: string, body: PaymentBody, idempotencyKey: string | undefined): Promise<RecordedPayment> {
    if (idempotencyKey === undefined) {
      return { statusCode: PAYMENT_RECORDED_STATUS, payment: await this.create(actorId, body), replayed: false };
    }
    const { answer, replayed } = await this.recorded.run(actorId, idempotencyKey, body, async (db) => ({
      statusCode: PAYMENT_RECORDED_STATUS,
      body: await this.create(actorId, body, db),
    }));
    return { statusCode: answer.statusCode, payment: answer.body, replayed };
  }

  /** Records a payment through `db` (the service's database, or the transaction that claimed an idempotency key). */
  async create(actorId: string, body: PaymentBody, db: Queryable = this.db): Promise<Payment> {
    const fields = toFields(body);
    return this.write(db, fields, () => paymentsRepository.insert(db, fields, actorId));
  }

  async update(id: string, body: PaymentBody): Promise<Payment> {
    const fields = toFields(body);
    const payment = await this.write(this.db, fields, () => paymentsRepository.update(this.db, id, fields));
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    return payment;
  }

  async delete(id: string): Promise<Payment> {
    const payment = await paymentsRepository.delete(this.db, id);
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    return payment;
  }

  private async write<T>(db: Queryable, fields: PaymentFields, work: () => Promise<T>): Promise<T> {
    if (!(await paymentsRepository.publisherExists(db, fields.publisherId))) throw publisherMissing();
    try {
      return await work();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw publisherMissing();
      throw error;
    }
  }
}
