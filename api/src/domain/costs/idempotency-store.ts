import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http/http-error';
import { fingerprintOf } from './idempotency-key';

/** What a request sent with an Idempotency-Key answered, kept to be answered again. */
export interface IdempotentAnswer<Body> {
  statusCode: number;
  body: Body;
}

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export const idempotencyKeyReused = () =>
  new HttpError(422, 'UNPROCESSABLE', 'This Idempotency-Key was already used with a different request; use a new key for a new payment');

/**
 * How long a request waits for another one with the same key, still in flight
 * (on this instance or another), to commit or fail. Recording a payment takes
 * milliseconds; this stays below the 5 s statement limit of postgres-database.ts.
 */
export const IN_FLIGHT_WAIT_MS = 3000;

/** SQLSTATE 55P03: lock_timeout ran out. */
const isLockTimeout = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55P03';

export const stillInFlight = () =>
  new HttpError(409, 'CONFLICT', 'A request with this Idempotency-Key is still being processed; retry it in a moment', undefined, { 'retry-after': '1' });

interface StoredRow {
  fingerprint: string;
  status_code: number | null;
  response: unknown;
}

/**
 * Remembers the answer to a POST sent with an `Idempotency-Key` header, so a
 * client that retries after a lost response gets the first answer again
 * instead of recording a second payment:
 *
 * - same scope + key + same request: the first answer, `replayed`;
 * - same scope + key + a different request: 422 UNPROCESSABLE;
 * - a request that failed is forgotten, so it can be retried with its key;
 * - concurrent duplicates run `work` once.
 *
 * The keys are rows of idempotency_keys, on both engines: on PostgreSQL a
 * retry that reaches another instance gets the first answer; the embedded
 * engine runs the same SQL (docs/decisions/0034-one-sql-for-shared-state.md).
 * Each request runs in one transaction:
 *
 * 1. it claims the key with INSERT … ON CONFLICT DO NOTHING (an expired row
 *    for the key is deleted first);
 * 2. claimed: `work` writes through the same transaction, the answer is
 *    stored beside the claim, and all of it commits together; a failure rolls
 *    the claim back with the write, so the key is free to be retried;
 * 3. not claimed: the stored answer is replayed (or 422 for another request).
 *
 * A duplicate arriving while the first is still in flight finds the claim
 * uncommitted: PostgreSQL makes its INSERT wait until the first commits or
 * rolls back, so it then replays the answer or claims the key itself. That
 * wait is bounded by IN_FLIGHT_WAIT_MS; past it the answer is 409 with
 * Retry-After. On the embedded engine's one connection the duplicate's
 * transaction starts only once the first has ended, so it never waits on the
 * claim. `work` must write through the handle it is given, never the
 * database itself: on the embedded engine that would wait for this very
 * transaction to end. Expired rows are also deleted in bulk by `sweep`.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Database,
    private readonly ttlMs: number = IDEMPOTENCY_TTL_MS,
  ) {}

  /** Runs `work` once per (scope, key, request); `replayed` says whether the answer is a remembered one. */
  async run<Body>(
    scope: string,
    key: string,
    request: unknown,
    work: (db: Queryable) => Promise<IdempotentAnswer<Body>>,
  ): Promise<{ answer: IdempotentAnswer<Body>; replayed: boolean }> {
    const fingerprint = fingerprintOf(request);
    try {
      // A second pass only when the row this request lost to expired and was deleted between two statements.
      const outcome = (await this.attempt(scope, key, fingerprint, work)) ?? (await this.attempt(scope, key, fingerprint, work));
      if (!outcome) throw stillInFlight();
      return outcome;
    } catch (error) {
      throw isLockTimeout(error) ? stillInFlight() : error;
    }
  }

  private attempt<Body>(scope: string, key: string, fingerprint: string, work: (db: Queryable) => Promise<IdempotentAnswer<Body>>) {
    return this.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL lock_timeout = ${IN_FLIGHT_WAIT_MS}`);
      const id = [scope, key];
      await tx.query('DELETE FROM idempotency_keys WHERE scope = $1 AND idempotency_key = $2 AND expires_at <= now()', id);
      const claimed = await tx.query(
        `INSERT INTO idempotency_keys (scope, idempotency_key, fingerprint, expires_at)
         VALUES ($1, $2, $3, now() + $4::float8 * interval '1 millisecond')
         ON CONFLICT DO NOTHING RETURNING 1`,
        [...id, fingerprint, this.ttlMs],
      );
      if (claimed.length > 0) {
        const answer = await work(tx);
        await tx.query('UPDATE idempotency_keys SET status_code = $3, response = $4::jsonb WHERE scope = $1 AND idempotency_key = $2', [
          ...id,
          answer.statusCode,
          JSON.stringify(answer.body),
        ]);
        return { answer, replayed: false };
      }
      const [stored] = await tx.query<StoredRow>(
        'SELECT fingerprint, status_code, response FROM idempotency_keys WHERE scope = $1 AND idempotency_key = $2',
        id,
      );
      if (!stored) return undefined;
      if (stored.fingerprint !== fingerprint) throw idempotencyKeyReused();
      // The claim and its answer commit together, so a committed row has its answer.
      if (stored.status_code === null) throw stillInFlight();
      return { answer: { statusCode: stored.status_code, body: stored.response as Body }, replayed: true };
    });
  }

  /** Deletes every expired key. */
  async sweep(): Promise<void> {
    await this.db.query('DELETE FROM idempotency_keys WHERE expires_at <= now()');
  }
}
