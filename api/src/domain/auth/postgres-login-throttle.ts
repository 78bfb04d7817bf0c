import type { Queryable } from '../../db/database';
import type { LoginThrottle, LoginThrottleOptions } from './login-throttle';

const WINDOW = `($2::float8 * interval '1 millisecond')`;
const SLOW_INTERVAL = `($4::float8 * interval '1 millisecond')`;

/**
 * The throttle in PostgreSQL, so every instance counts the same attempts.
 * One row per key holds the attempts still in the window, oldest first, when
 * the last was let through, and when the row may be forgotten (migration
 * 0014: keys of different windows share the table). A reservation is one INSERT … ON CONFLICT DO UPDATE:
 * PostgreSQL locks the row and re-reads it, so two instances reserving at
 * once are counted one after the other and never both take the last place.
 * Times are the database's, so the instances' clocks need not agree.
 */
export class PostgresLoginThrottle implements LoginThrottle {
  constructor(
    private readonly db: Queryable,
    private readonly options: LoginThrottleOptions,
  ) {}

  async reserveAttempt(key: string): Promise<number> {
    const params = [key, this.options.windowMs, this.options.maxFailures, this.options.slowIntervalMs ?? null];
    // Without a soft limit $4 is NULL, and so is the comparison that would let an attempt past a full window.
    const reserved = await this.db.query(
      `INSERT INTO login_throttle AS t (throttle_key, attempts, expires_at, last_attempt_at)
       VALUES ($1, ARRAY[now()], now() + ${WINDOW}, now())
       ON CONFLICT (throttle_key) DO UPDATE
         SET attempts = ARRAY(SELECT a FROM unnest(t.attempts) a WHERE a > now() - ${WINDOW} ORDER BY a) || now(),
             expires_at = now() + ${WINDOW},
             last_attempt_at = now()
         WHERE (SELECT count(*) FROM unnest(t.attempts) a WHERE a > now() - ${WINDOW}) < $3
            OR t.last_attempt_at <= now() - ${SLOW_INTERVAL}
       RETURNING 1`,
      params,
    );
    if (reserved.length > 0) return 0;
    // Refused: wait until enough attempts have left the window that one more fits, or (soft limit) until the last is old enough.
    const [row] = await this.db.query<{ until_place: number | null; until_turn: number | null }>(
      `SELECT
         (SELECT ceil(extract(epoch FROM a + ${WINDOW} - now()))::int
          FROM unnest(t.attempts) a WHERE a > now() - ${WINDOW}
          ORDER BY a DESC OFFSET $3 - 1 LIMIT 1) AS until_place,
         ceil(extract(epoch FROM t.last_attempt_at + ${SLOW_INTERVAL} - now()))::int AS until_turn
       FROM login_throttle t WHERE t.throttle_key = $1`,
      params,
    );
    const waits = [row?.until_place, row?.until_turn].filter((wait): wait is number => typeof wait === 'number');
    return Math.max(1, waits.length > 0 ? Math.min(...waits) : 1);
  }

  async clear(key: string): Promise<void> {
    await this.db.query('DELETE FROM login_throttle WHERE throttle_key = $1', [key]);
  }

  async release(key: string): Promise<void> {
    // Sorted, the newest last, and dropped; last_attempt_at stays (login-throttle.ts).
    await this.db.query(
      `UPDATE login_throttle t
       SET attempts = ARRAY(SELECT a FROM unnest(t.attempts) a ORDER BY a LIMIT cardinality(t.attempts) - 1)
       WHERE throttle_key = $1 AND cardinality(t.attempts) > 0`,
      [key],
    );
  }

  /** Forgets keys whose newest attempt has left their own window. */
  async sweep(): Promise<void> {
    await this.db.query('DELETE FROM login_throttle WHERE expires_at <= now()');
  }
}
