import type { Queryable } from '../../db/database';

export interface LoginThrottleOptions {
  maxFailures: number;
  windowMs: number;
  /**
   * A soft limit: once the window holds `maxFailures` attempts, one more still
   * gets through whenever this long has passed since the last one let through
   * (counted or taken back). Unset, none does until an attempt leaves the window.
   */
  slowIntervalMs?: number;
}

const WINDOW = `($2::float8 * interval '1 millisecond')`;
const SLOW_INTERVAL = `($4::float8 * interval '1 millisecond')`;

/**
 * Counts sign-in attempts per key in a sliding window. Per (address, email),
 * so that guessing one account's password from one address stops after a few
 * tries, while a person who mistypes once is not locked out and an attacker
 * cannot lock out a victim from elsewhere; and per account over every
 * address, softly (`slowIntervalMs`), so that guesses spread over many
 * addresses slow to a trickle without ever shutting the owner out
 * (sign-in-throttle.ts).
 *
 * An attempt is counted before its password is checked: so a burst of
 * parallel guesses gets no more password checks than the limit, however fast
 * it arrives.
 *
 * The counts are rows of login_throttle, on both engines: on PostgreSQL every
 * instance counts the same attempts; the embedded engine runs the same SQL
 * (docs/decisions/0034-one-sql-for-shared-state.md). One row per key holds
 * the attempts still in the window, oldest first, when the last was let
 * through, and when the row may be forgotten (migration 0014: keys of
 * different windows share the table). A reservation is one INSERT … ON
 * CONFLICT DO UPDATE: PostgreSQL locks the row and re-reads it, so two
 * instances reserving at once are counted one after the other and never both
 * take the last place. Times are the database's, so the instances' clocks
 * need not agree.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Queryable,
    private readonly options: LoginThrottleOptions,
  ) {}

  /**
   * Counts one attempt for `key` and returns 0, or, when the window is full
   * (and, with a soft limit, the last attempt was too recent), counts nothing
   * and returns the seconds to wait.
   */
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

  /** A successful sign-in from this address: the key starts afresh. */
  async clear(key: string): Promise<void> {
    await this.db.query('DELETE FROM login_throttle WHERE throttle_key = $1', [key]);
  }

  /**
   * Takes the newest attempt counted for `key` out of the count: one that was
   * not a failure (a right password, for the per-account count) or whose
   * password was never checked. The count is exact; the time taken out may be
   * that of an attempt that arrived while this one was checked, which moves
   * the moment the window frees a place by that much at most. Under a soft
   * limit the attempt still used its turn: the next one waits the interval
   * from it all the same, which is why last_attempt_at stays.
   */
  async release(key: string): Promise<void> {
    // Sorted, the newest last, and dropped.
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
