import { createHash } from 'node:crypto';
import { HttpError } from '../../http/http-error';

/**
 * Remembers the outcome of a POST sent with an `Idempotency-Key` header, so a
 * client that retries after a lost response gets the first answer again
 * instead of recording a second payment.
 *
 * Per process, in memory: it covers retries that reach the same server
 * process within `ttlMs` (24 h by default). It is not shared between several
 * API processes and does not survive a restart; a deployment that runs more
 * than one process behind a load balancer needs a shared store for this.
 *
 * - same scope + key + same request: the first outcome (a request still in
 *   flight is awaited and its outcome shared, failure included, so
 *   concurrent duplicates produce one write);
 * - same scope + key + a different request: 422 UNPROCESSABLE;
 * - a request that failed is forgotten, so it can be retried with its key.
 * Entries expire after `ttlMs`; beyond `maxEntries` the oldest are dropped.
 */
export class IdempotencyCache<T> {
  private readonly entries = new Map<string, { fingerprint: string; storedAt: number; outcome: Promise<T> }>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number } = { ttlMs: 24 * 3_600_000, maxEntries: 10_000 },
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
      if (existing.fingerprint !== fingerprint) {
        throw new HttpError(422, 'UNPROCESSABLE', 'This Idempotency-Key was already used with a different request; use a new key for a new payment');
      }
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
