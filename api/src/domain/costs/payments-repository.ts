import type { Payment, PaymentMethod } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { dollars } from './cost-figures';

/** A payment as the application stores it: money in integer cents. */
export interface PaymentFields {
  publisherId: number;
  amountCents: number;
  currency: string;
  paidAt: Date;
  method: PaymentMethod;
  reference: string | null;
  note: string | null;
}

interface PaymentRow {
  id: string;
  publisher_id: number;
  publisher_name: string;
  amount_cents: number | string;
  currency: string;
  paid_at: Date | string;
  method: PaymentMethod;
  reference: string | null;
  note: string | null;
  created_by_name: string | null;
  created_at: Date | string;
}

/** Wraps a statement that returns `payments` rows (aliased `p`) with the names the list shows. */
const withNames = (source: string) => `
  SELECT p.id, p.publisher_id, pub.name AS publisher_name, p.amount_cents, p.currency, p.paid_at, p.method,
         p.reference, p.note, coalesce(nullif(u.name, ''), u.email) AS created_by_name, p.created_at
  FROM ${source}
  JOIN publishers pub ON pub.id = p.publisher_id
  LEFT JOIN users u ON u.id = p.created_by`;

function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    publisherId: String(row.publisher_id),
    publisherName: row.publisher_name,
    amount: dollars(Number(row.amount_cents)),
    currency: row.currency,
    paidAt: new Date(row.paid_at).toISOString(),
    method: row.method,
    reference: row.reference,
    note: row.note,
    createdBy: row.created_by_name,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const fieldParams = (f: PaymentFields) => [f.publisherId, f.amountCents, f.currency, f.paidAt, f.method, f.reference, f.note];

/** Everything the app reads from or writes to `payments`; each write is one statement that also returns the names. */
export const paymentsRepository = {
  /** Newest payment first (paid, then recorded). */
  async list(db: Queryable, options: { limit: number; publisherIds: number[] }): Promise<Payment[]> {
    const params: unknown[] = [options.limit];
    let where = '';
    if (options.publisherIds.length > 0) {
      params.push(options.publisherIds);
      where = 'WHERE p.publisher_id = ANY($2::int[])';
    }
    const rows = await db.query<PaymentRow>(`${withNames('payments p')} ${where} ORDER BY p.paid_at DESC, p.created_at DESC, p.id LIMIT $1`, params);
    return rows.map(toPayment);
  },

  async findById(db: Queryable, id: string): Promise<Payment | undefined> {
    const [row] = await db.query<PaymentRow>(`${withNames('payments p')} WHERE p.id = $1`, [id]);
    return row && toPayment(row);
  },

  async publisherExists(db: Queryable, publisherId: number): Promise<boolean> {
    return (await db.query('SELECT 1 FROM publishers WHERE id = $1', [publisherId])).length > 0;
  },

  async insert(db: Queryable, fields: PaymentFields, createdBy: string): Promise<Payment> {
    const [row] = await db.query<PaymentRow>(
      `WITH p AS (
         INSERT INTO payments (publisher_id, amount_cents, currency, paid_at, method, reference, note, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *
       ) ${withNames('p')}`,
      [...fieldParams(fields), createdBy],
    );
    return toPayment(row as PaymentRow);
  },

  /** Replaces a payment's fields; undefined when there is no such payment. The recorder stays who first recorded it. */
  async update(db: Queryable, id: string, fields: PaymentFields): Promise<Payment | undefined> {
    const [row] = await db.query<PaymentRow>(
      `WITH p AS (
         UPDATE payments SET publisher_id = $1, amount_cents = $2, currency = $3, paid_at = $4, method = $5,
           reference = $6, note = $7, updated_at = now()
         WHERE id = $8 RETURNING *
       ) ${withNames('p')}`,
      [...fieldParams(fields), id],
    );
    return row && toPayment(row);
  },

  /** Deletes a payment and returns it as it was; undefined when there is no such payment. */
  async delete(db: Queryable, id: string): Promise<Payment | undefined> {
    const [row] = await db.query<PaymentRow>(`WITH p AS (DELETE FROM payments WHERE id = $1 RETURNING *) ${withNames('p')}`, [id]);
    return row && toPayment(row);
  },
};
