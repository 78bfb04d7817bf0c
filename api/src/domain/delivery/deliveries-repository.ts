/**
 * deliveries and delivery_attempts (migration 0034): the log every outbound message is a row of, and the
 * worker's reads and writes of it. What may be sent now is said once, in CLAIMABLE, for the worker's claim and
 * for the pick of what is due.
 */
import type {
  DeliveriesParams,
  Delivery,
  DeliveryAttempt,
  DeliveryChannel,
  DeliveryDetail,
  DeliverySourceKind,
  DeliveryStatus,
} from '@callboard/contract/delivery';
import type { Queryable } from '../../db/database';
import type { AttemptOutcome } from './attempt-outcome';

export interface DeliveryRow {
  id: string;
  channel: DeliveryChannel;
  endpoint_id: string | null;
  endpoint_name: string | null;
  recipient_user_id: string | null;
  address: string | null;
  source_kind: DeliverySourceKind;
  source_id: string;
  subject: string;
  message_id: string;
  ordering_key: string | null;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  sent_at: Date | null;
  replay_of: string | null;
}

/** A row as the worker sends it: with what goes on the wire. */
export interface ClaimedDelivery extends DeliveryRow {
  payload: string;
}

export interface NewDelivery {
  id: string;
  channel: DeliveryChannel;
  endpointId: string | null;
  recipientUserId: string | null;
  address: string | null;
  source: { kind: DeliverySourceKind; id: string };
  subject: string;
  payload: string;
  messageId: string;
  orderingKey: string | null;
  replayOf?: string;
  /** When it is first due: now, by this process's clock, which the worker's claims compare with. */
  dueAt: Date;
}

/** A delivery still to send, and the time it is (or was) due: its next_attempt_at. */
export interface DueDelivery {
  id: string;
  dueAt: Date;
}

const toDue = (row: { id: string; next_attempt_at: Date }): DueDelivery => ({ id: row.id, dueAt: new Date(row.next_attempt_at) });

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  channel: row.channel,
  endpoint: row.endpoint_id ? { id: row.endpoint_id, name: row.endpoint_name ?? '' } : null,
  address: row.address,
  source: { kind: row.source_kind, id: row.source_id },
  subject: row.subject,
  messageId: row.message_id,
  orderingKey: row.ordering_key,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  lastError: row.last_error,
  nextAttemptAt: iso(row.next_attempt_at),
  createdAt: iso(row.created_at)!,
  sentAt: iso(row.sent_at),
  replayOf: row.replay_of,
});

const COLUMNS = `d.id, d.channel, d.endpoint_id, e.name AS endpoint_name, d.recipient_user_id, d.address, d.source_kind, d.source_id,
  d.subject, d.message_id, d.ordering_key, d.status, d.attempts, d.last_status_code, d.last_error, d.next_attempt_at,
  d.created_at, d.sent_at, d.replay_of`;
const FROM = 'FROM deliveries d LEFT JOIN delivery_endpoints e ON e.id = d.endpoint_id';

/**
 * A delivery (alias d) may be sent at `$now` (the parameter named): still to send and due, not held by another
 * worker's lease, its endpoint not paused, and no earlier delivery with its ordering key to its endpoint still
 * to send (a key orders one endpoint's deliveries; without a key, or to an email address, nothing waits).
 */
const claimable = (now: string) => `d.status IN ('pending', 'retrying') AND d.next_attempt_at <= ${now}
  AND (d.claimed_until IS NULL OR d.claimed_until < ${now})
  AND NOT EXISTS (SELECT 1 FROM delivery_endpoints pe WHERE pe.id = d.endpoint_id AND pe.paused_at IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM deliveries p WHERE p.endpoint_id = d.endpoint_id AND p.ordering_key = d.ordering_key
    AND p.seq < d.seq AND p.status IN ('pending', 'retrying'))`;

export const deliveriesRepository = {
  async insert(db: Queryable, row: NewDelivery): Promise<void> {
    await db.query(
      `INSERT INTO deliveries (id, channel, endpoint_id, recipient_user_id, address, source_kind, source_id, subject, payload, message_id, ordering_key, replay_of, next_attempt_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [row.id, row.channel, row.endpointId, row.recipientUserId, row.address, row.source.kind, row.source.id, row.subject, row.payload, row.messageId, row.orderingKey, row.replayOf ?? null, row.dueAt],
    );
  },

  /**
   * Takes the delivery for one attempt when it may be sent now: a lease until `leaseUntil`, so no other worker
   * sends it meanwhile (the row lock makes a second claimer wait, then find the lease). `missing`: no such row
   * (yet: a caller's transaction that wrote it may not have committed); `not-now`: sent, failed, not due,
   * paused or waiting behind an earlier one.
   */
  async claim(db: Queryable, id: string, now: Date, leaseUntil: Date): Promise<ClaimedDelivery | 'missing' | 'not-now'> {
    const [row] = await db.query<ClaimedDelivery>(
      `UPDATE deliveries d SET claimed_until = $3 WHERE d.id = $1 AND ${claimable('$2')}
        RETURNING d.id, d.channel, d.endpoint_id, d.address, d.source_kind, d.source_id, d.subject, d.payload, d.message_id,
          d.ordering_key, d.status, d.attempts, d.created_at`,
      [id, now, leaseUntil],
    );
    if (row) return row;
    const [exists] = await db.query('SELECT 1 FROM deliveries WHERE id = $1', [id]);
    return exists ? 'not-now' : 'missing';
  },

  /** Whether the lease a claim took (until `leaseUntil`) still holds the delivery; its row is locked to the transaction's end. */
  async stillHeld(db: Queryable, id: string, leaseUntil: Date): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM deliveries WHERE id = $1 AND claimed_until = $2 FOR UPDATE', [id, leaseUntil]);
    return rows.length > 0;
  },

  /** Ids of deliveries that may be sent at `now`, oldest first (all of one endpoint's, when given). */
  async due(db: Queryable, now: Date, limit: number, endpointId?: string): Promise<string[]> {
    return (await deliveriesRepository.dueWithTimes(db, now, limit, endpointId)).map((row) => row.id);
  },

  /** The same, each with when it fell due (the sweep's jobs are keyed by it: delivery-worker.ts). */
  async dueWithTimes(db: Queryable, now: Date, limit: number, endpointId?: string): Promise<DueDelivery[]> {
    const rows = await db.query<{ id: string; next_attempt_at: Date }>(
      `SELECT d.id, d.next_attempt_at FROM deliveries d WHERE ${claimable('$1')} AND ($3::uuid IS NULL OR d.endpoint_id = $3) ORDER BY d.next_attempt_at, d.seq LIMIT $2`,
      [now, limit, endpointId ?? null],
    );
    return rows.map(toDue);
  },

  /** The first delivery of one endpoint and key still to send: the one whose turn comes when the one before it ends. */
  async nextInOrder(db: Queryable, endpointId: string, orderingKey: string): Promise<DueDelivery | undefined> {
    const [row] = await db.query<{ id: string; next_attempt_at: Date }>(
      `SELECT id, next_attempt_at FROM deliveries WHERE endpoint_id = $1 AND ordering_key = $2 AND status IN ('pending', 'retrying') ORDER BY seq LIMIT 1`,
      [endpointId, orderingKey],
    );
    return row && toDue(row);
  },

  /** An attempt's row, and the delivery's new state: sent, retried at `nextAttemptAt`, or finally failed. */
  async recordAttempt(
    db: Queryable,
    id: string,
    attempt: AttemptOutcome & { attemptedAt: Date; durationMs: number },
    next: { status: 'sent' | 'failed' } | { status: 'retrying'; nextAttemptAt: Date },
  ): Promise<void> {
    await db.query(
      'INSERT INTO delivery_attempts (delivery_id, attempted_at, outcome, status_code, error, duration_ms) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, attempt.attemptedAt, attempt.sent ? 'sent' : 'failed', attempt.statusCode, attempt.error, Math.round(attempt.durationMs)],
    );
    await db.query(
      `UPDATE deliveries SET status = $2, attempts = attempts + 1, last_status_code = $3, last_error = $4, claimed_until = NULL,
          next_attempt_at = $5, sent_at = CASE WHEN $2 = 'sent' THEN $6::timestamptz ELSE sent_at END
        WHERE id = $1`,
      [id, next.status, attempt.statusCode, attempt.error, next.status === 'retrying' ? next.nextAttemptAt : null, attempt.attemptedAt],
    );
  },

  /** A delivery that cannot be tried at all (its endpoint is gone): failed without an attempt. */
  async failWithoutAttempt(db: Queryable, id: string, error: string): Promise<void> {
    await db.query(`UPDATE deliveries SET status = 'failed', next_attempt_at = NULL, claimed_until = NULL, last_error = $2 WHERE id = $1`, [id, error]);
  },

  /** Makes every delivery of an endpoint that is still to send due at `now` (a resumed endpoint sends what waited). */
  async makeDue(db: Queryable, endpointId: string, now: Date): Promise<void> {
    await db.query(`UPDATE deliveries SET next_attempt_at = $2 WHERE endpoint_id = $1 AND status IN ('pending', 'retrying')`, [endpointId, now]);
  },

  /** Whether an email's recipient is still an active account at that address (a replay goes to no one else). */
  async recipientStillAt(db: Queryable, userId: string | null, address: string | null): Promise<boolean> {
    if (userId === null || address === null) return false;
    const rows = await db.query('SELECT 1 FROM users WHERE id = $1 AND active AND lower(email) = lower($2)', [userId, address]);
    return rows.length > 0;
  },

  /** The stored delivery with what went on the wire, for a replay. */
  async findForReplay(db: Queryable, id: string): Promise<(ClaimedDelivery & { recipient_user_id: string | null }) | undefined> {
    const [row] = await db.query<ClaimedDelivery>(`SELECT d.*, NULL AS endpoint_name FROM deliveries d WHERE d.id = $1`, [id]);
    return row;
  },

  async find(db: Queryable, id: string): Promise<DeliveryDetail | undefined> {
    const [row] = await db.query<DeliveryRow>(`SELECT ${COLUMNS} ${FROM} WHERE d.id = $1`, [id]);
    if (!row) return undefined;
    const attempts = await db.query<{ attempted_at: Date; outcome: 'sent' | 'failed'; status_code: number | null; error: string | null; duration_ms: number }>(
      'SELECT attempted_at, outcome, status_code, error, duration_ms FROM delivery_attempts WHERE delivery_id = $1 ORDER BY id',
      [id],
    );
    const attemptLog: DeliveryAttempt[] = attempts.map((a) => ({
      attemptedAt: iso(a.attempted_at)!,
      outcome: a.outcome,
      statusCode: a.status_code,
      error: a.error,
      durationMs: a.duration_ms,
    }));
    return { ...toDelivery(row), attemptLog };
  },

  /** One page of the log, newest first, and how many match. */
  async list(db: Queryable, params: DeliveriesParams & { page: number; limit: number }): Promise<{ rows: Delivery[]; total: number }> {
    const where: string[] = [];
    const values: unknown[] = [];
    const add = (sql: (placeholder: string) => string, value: unknown) => {
      values.push(value);
      where.push(sql(`$${values.length}`));
    };
    if (params.status) add((p) => `d.status = ${p}`, params.status);
    if (params.channel) add((p) => `d.channel = ${p}`, params.channel);
    if (params.endpoint) add((p) => `d.endpoint_id = ${p}`, params.endpoint);
    if (params.source) add((p) => `d.source_kind = ${p}`, params.source);
    if (params.sourceId) add((p) => `d.source_id = ${p}`, params.sourceId);
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total } = { total: 0 }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM deliveries d ${filter}`, values);
    const rows = await db.query<DeliveryRow>(
      `SELECT ${COLUMNS} ${FROM} ${filter} ORDER BY d.created_at DESC, d.seq DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, params.limit, (params.page - 1) * params.limit],
    );
    return { rows: rows.map(toDelivery), total };
  },
};
