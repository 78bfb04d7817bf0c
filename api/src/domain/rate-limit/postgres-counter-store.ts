import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Queryable } from '../../db/database';
import { sliceOf, sliceSize, takePlace, type Slice } from './budget-slices';

/**
 * Claims the next `$3` places of a key's window, in one statement: a new key starts a window of `$2` ms
 * with them; a key whose window has passed starts a new one; otherwise they are added to the count.
 * The row lock the upsert takes makes concurrent claims for one key (from any instance) take turns,
 * so no two get the same places. The database's clock decides the window, so instances whose clocks
 * differ still agree.
 */
const CLAIM_PLACES = `
INSERT INTO rate_limit_counters AS c (key, count, expires_at)
VALUES ($1, $3, now() + $2 * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN c.expires_at <= now() THEN $3 ELSE c.count + $3 END,
  expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
RETURNING count, ceil(extract(epoch FROM expires_at - now()) * 1000)::integer AS ttl_ms`;

const DELETE_EXPIRED = 'DELETE FROM rate_limit_counters WHERE expires_at < now()';

/** How often expired rows are deleted: they are harmless (the next request resets them) but would pile up. */
export const SWEEP_INTERVAL_MS = 60_000;

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** What one instance holds of the shared counters: its unused places per key, and the requests waiting for a claim. */
class Holdings {
  readonly slices = new Map<string, Slice>();
  readonly waiting = new Map<string, IncrCallback[]>();

  /** Drops the slices whose window has ended (a new window starts with a new claim anyway). */
  forgetEnded(now: number): void {
    for (const [key, slice] of this.slices) if (now >= slice.endsAt) this.slices.delete(key);
  }
}

/**
 * @fastify/rate-limit's counters in PostgreSQL (the UNLOGGED table of migration 0007), so that every
 * instance on one database spends from the same budgets. A request is counted from a slice of its
 * budget this instance has claimed (budget-slices.ts): the database is asked once per slice, not once
 * per request, and still no more than the budget passes in a window across all instances. `onError`
 * hears each failure before it is passed on; what a failure means for the request is the plugin's choice.
 */
export class PostgresCounterStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void,
    /** Routes with their own limit (sign-in, register, refresh) count apart from the shared budget. */
    private readonly namespace = '',
    private readonly holdings = new Holdings(),
    private readonly now: () => number = Date.now,
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max = 1): void {
    const counterKey = this.namespace + key;
    const taken = takePlace(this.holdings.slices.get(counterKey), this.now());
    if (taken) {
      callback(null, { current: taken.place, ttl: taken.ttlMs });
      return;
    }
    // One claim per key at a time: a request arriving meanwhile takes its place from that claim's slice.
    const waiting = this.holdings.waiting.get(counterKey);
    if (waiting) {
      waiting.push(callback);
      return;
    }
    this.holdings.waiting.set(counterKey, [callback]);
    this.claim(counterKey, timeWindow, max);
  }

  private claim(counterKey: string, timeWindow: number, max: number): void {
    const size = sliceSize(max);
    this.db.query<{ count: number; ttl_ms: number }>(CLAIM_PLACES, [counterKey, timeWindow, size]).then(
      ([row]) => {
        const count = row?.count ?? 0;
        const ttl = Math.max(0, row?.ttl_ms ?? 0);
        const now = this.now();
        const waiting = this.holdings.waiting.get(counterKey) ?? [];
        const slice = sliceOf(count, size, max, ttl, now);
        if (slice === undefined) {
          // The budget was spent before this claim: everyone waiting on it is over, as each would have been alone.
          this.holdings.slices.delete(counterKey);
          this.holdings.waiting.delete(counterKey);
          for (const callback of waiting) callback(null, { current: count, ttl });
          return;
        }
        this.holdings.slices.set(counterKey, slice);
        while (waiting.length > 0) {
          const taken = takePlace(slice, now);
          if (!taken) break;
          (waiting.shift() as IncrCallback)(null, { current: taken.place, ttl: taken.ttlMs });
        }
        if (waiting.length === 0) this.holdings.waiting.delete(counterKey);
        else this.claim(counterKey, timeWindow, max);
      },
      (error: unknown) => {
        this.onError(error);
        const waiting = this.holdings.waiting.get(counterKey) ?? [];
        this.holdings.waiting.delete(counterKey);
        const failure = error instanceof Error ? error : new Error(String(error));
        for (const callback of waiting) callback(failure);
      },
    );
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    // At run time the plugin passes the route's merged limit settings, with the route under `routeInfo`
    // (its own RedisStore reads it there too); the declared type says otherwise.
    const { method, url } = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
    const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
    return new PostgresCounterStore(this.db, this.onError, `${methods} ${url ?? ''}|`, this.holdings, this.now);
  }

  /** Lets go of the slices of windows that have ended, so keys seen once do not stay in memory. */
  forgetEndedWindows(): void {
    this.holdings.forgetEnded(this.now());
  }
}

/** Deletes the counters whose window has passed; returns how many. */
export async function deleteExpiredCounters(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(`WITH gone AS (${DELETE_EXPIRED} RETURNING 1) SELECT count(*)::integer AS n FROM gone`);
  return rows[0]?.n ?? 0;
}
