import type { Migration } from './index';

/**
 * login_throttle holds a second kind of key: per account over every address
 * (`account|email`, an hour's window, a soft limit), beside per address and
 * email (15 minutes). Two columns follow from it.
 *
 * - expires_at: when the row may be forgotten, written with each attempt (its
 *   newest attempt plus its own window). The sweep used to delete rows whose
 *   newest attempt had left the window of the throttle sweeping; with two
 *   windows, the shorter one's sweep would forget an account's attempts that
 *   still count. Now it deletes what has expired, whoever's row it is.
 * - last_attempt_at: when the last attempt was let through. Past the soft
 *   limit an attempt gets through once the interval has passed since then;
 *   an attempt taken out of the count (the owner's right password) still
 *   used its turn, so this is kept apart from the counted attempts.
 *
 * Rows from before are all per address; they get their newest attempt, plus
 * an hour (the longest window any key has) for expires_at: kept a little
 * longer than needed, never forgotten early. The defaults say the same for a
 * row inserted by an instance still running the previous version while the
 * others are upgraded, so its sign-ins keep working meanwhile.
 */
export const loginThrottleSoftLimit: Migration = {
  version: '0014-login-throttle-soft-limit',
  statements: [
    `ALTER TABLE login_throttle
       ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '1 hour',
       ADD COLUMN last_attempt_at timestamptz NOT NULL DEFAULT now()`,
    `UPDATE login_throttle SET
       last_attempt_at = coalesce((SELECT max(a) FROM unnest(attempts) a), now()),
       expires_at = coalesce((SELECT max(a) FROM unnest(attempts) a), now()) + interval '1 hour'`,
    'CREATE INDEX login_throttle_expires_at_idx ON login_throttle (expires_at)',
  ],
};
