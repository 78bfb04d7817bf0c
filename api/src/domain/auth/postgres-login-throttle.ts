import type { Queryable } from '../../db/database';
import type { LoginThrottle, LoginThrottleOptions } from './login-throttle';

const WINDOW = `($2::float8 * interval '1 millisecond')`;

/**
 * The throttle in PostgreSQL, so every instance counts the same attempts.
 * One row per key holds the attempts still in the window, oldest first. A
 * reservation is one INSERT … ON CONFLICT DO UPDATE: PostgreSQL locks the row
 * and re-reads it, so two instances reserving at once are counted one after
 * the other and never both take the last place. Times are the database's,
 * so the instances' clocks need not agree.
 */
export class PostgresLoginThrottle implements LoginThrottle {
  constructor(
    private readonly db: Queryable,
    private readonly options: LoginThrottleOptions,
  ) {}

  async reserveAttempt(key: string): Promise<number> {
    const params = [key, this.options.windowMs, this.options.maxFailures];
    const reserved = await this.db.query(
      `INSERT INTO login_throttle AS t (throttle_key, attempts) VALUES ($1, ARRAY[now()])
       ON CONFLICT (throttle_key) DO UPDATE
         SET attempts = ARRAY(SELECT a FROM unnest(t.attempts) a WHERE a > now() - ${WINDOW} ORDER BY a) || now()
         WHERE (SELECT count(*) FROM unnest(t.attempts) a WHERE a > now() - ${WINDOW}) < $3
       RETURNING 1`,
      params,
    );
    if (reserved.length > 0) return 0;
    // Refused: wait until enough attempts have left the window that one more fits.
    const [row] = await this.db.query<{ wait: number }>(
      `SELECT ceil(extract(epoch FROM a + ${WINDOW} - now()))::int AS wait
       FROM login_throttle t, unnest(t.attempts) a
       WHERE t.throttle_key = $1 AND a > now() - ${WINDOW}
       ORDER BY a DESC OFFSET $3 - 1 LIMIT 1`,
      params,
    );
    return Math.max(1, row?.wait ?? 1);
  }

  async clear(key: string): Promise<void> {
    await this.db.query('DELETE FROM login_throttle WHERE throttle_key = $1', [key]);
  }

  /** Forgets keys whose newest attempt has left the window. */
  async sweep(): Promise<void> {
    await this.db.query(`DELETE FROM login_throttle WHERE attempts[array_upper(attempts, 1)] <= now() - ($1::float8 * interval '1 millisecond')`, [
      this.options.windowMs,
    ]);
  }
}
