import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Queryable } from '../../db/database';

/**
 * One request counted, in one statement: a new key starts a window of `timeWindow` ms at 1; a
 * key whose window has passed starts a new one; otherwise the count goes up by one. The row lock
 * the upsert takes makes concurrent requests for one key (from any instance) count one by one.
 * The database's clock decides the window, so instances whose clocks differ still agree.
 */
const COUNT_REQUEST = `
INSERT INTO rate_limit_counters AS c (key, count, expires_at)
VALUES ($1, 1, now() + $2 * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.count + 1 END,
  expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
RETURNING count, ceil(extract(epoch FROM expires_at - now()) * 1000)::integer AS ttl_ms`;

const DELETE_EXPIRED = 'DELETE FROM rate_limit_counters WHERE expires_at < now()';

/** How often expired rows are deleted: they are harmless (the next request resets them) but would pile up. */
export const SWEEP_INTERVAL_MS = 60_000;

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * @fastify/rate-limit's counters in PostgreSQL (the UNLOGGED table of migration 0007), so that
 * every instance on one database spends from the same budgets. `onError` hears each failure
 * before it is passed on; what a failure means for the request is the plugin's choice.
 */
export class PostgresCounterStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void,
    /** Routes with their own limit (register, refresh) count apart from the shared budget. */
    private readonly namespace = '',
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    this.db.query<{ count: number; ttl_ms: number }>(COUNT_REQUEST, [this.namespace + key, timeWindow]).then(
      ([row]) => callback(null, { current: row?.count ?? 0, ttl: Math.max(0, row?.ttl_ms ?? 0) }),
      (error: unknown) => {
        this.onError(error);
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    // At run time the plugin passes the route's merged limit settings, with the route under `routeInfo`
    // (its own RedisStore reads it there too); the declared type says otherwise.
    const { method, url } = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
    const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
    return new PostgresCounterStore(this.db, this.onError, `${methods} ${url ?? ''}|`);
  }
}

/** Deletes the counters whose window has passed; returns how many. */
export async function deleteExpiredCounters(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(`WITH gone AS (${DELETE_EXPIRED} RETURNING 1) SELECT count(*)::integer AS n FROM gone`);
  return rows[0]?.n ?? 0;
}
