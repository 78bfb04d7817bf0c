import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../http/http-error';

/** What a request sent with an Idempotency-Key answered, kept to be answered again. */
export interface IdempotentAnswer<Body> {
  statusCode: number;
  body: Body;
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
 * `work` gets the handle to write through: on PostgreSQL the transaction
 * that claims the key, so the key and the payment commit together or not at all.
 */
export interface IdempotencyStore {
  run<Body>(
    scope: string,
    key: string,
    request: unknown,
    work: (db: Queryable) => Promise<IdempotentAnswer<Body>>,
  ): Promise<{ answer: IdempotentAnswer<Body>; replayed: boolean }>;
}

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export const idempotencyKeyReused = () =>
  new HttpError(422, 'UNPROCESSABLE', 'This Idempotency-Key was already used with a different request; use a new key for a new payment');

/**
 * The store in this process's memory, for the embedded engine (one process).
 * A request still in flight is awaited and its outcome shared.
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly cache = new IdempotencyCache<IdempotentAnswer<unknown>>();

  constructor(private readonly db: Queryable) {}

  async run<Body>(scope: string, key: string, request: unknown, work: (db: Queryable) => Promise<IdempotentAnswer<Body>>) {
    const { value, replayed } = await this.cache.run(scope, key, request, () => work(this.db));
    return { answer: value as IdempotentAnswer<Body>, replayed };
  }
}

/**
 * The in-memory remembering behind MemoryIdempotencyStore: outcomes per
 * (scope, key), each with the fingerprint of its request (a request still in
 * flight is awaited and its outcome shared, failure included). Entries expire
 * after `ttlMs`; beyond `maxEntries` the oldest are dropped.
 */
export class IdempotencyCache<T> {
  private readonly entries = new Map<string, { fingerprint: string; storedAt: number; outcome: Promise<T> }>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number } = { ttlMs: IDEMPOTENCY_TTL_MS, maxEntries: 10_000 },
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Runs `work` once per (scope, key, request); `replayed` says whether this answer is a remembered one. */
  async run(scope: string, key: string, request: unknown, work: () => Promise<T>): Promise<{ value: T; replayed: boolean }> {
    const now = this.now();
    this.evictExpired(now);
    const id = `${scope}\u0000${key}`;
    const fingerprint = fingerprintOf(request);
    const existing = this.entries.get(id);
    if (existing) {
      if (existing.fingerprint !== fingerprint) throw idempotencyKeyReused();
      return { value: await existing.outcome, replayed: true };
    }
    const outcome = work();
    this.entries.set(id, { fingerprint, storedAt: now, outcome });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    try {
      return { value: await outcome, replayed: false };
    } catch (error) {
      if (this.entries.get(id)?.outcome === outcome) this.entries.delete(id);
      throw error;
    }
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** Entries sit in insertion order, which is time order: expired ones are at the front. */
  private evictExpired(now: number): void {
    for (const [id, entry] of this.entries) {
      if (now - entry.storedAt < this.options.ttlMs) break;
      this.entries.delete(id);
    }
  }
}

/** A digest of a JSON value that ignores the order of object keys. */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An Idempotency-Key header: 1 to 255 visible ASCII characters (the IETF draft suggests a UUID). */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new HttpError(400, 'VALIDATION_ERROR', 'Idempotency-Key must be 1 to 255 visible characters', [
      { field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 visible characters' },
    ]);
  }
  return value;
}
