import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database';
import { partnerScopeColumn } from '../partners/partner-scopes-repository';
import { USER_COLUMNS, type UserRow } from '../users/user-row';

/** A session lasts one shift at most; a refresh must come within the idle window, so a forgotten tab does not stay signed in for ever. */
export const SESSION_ABSOLUTE_HOURS = 12;
export const SESSION_IDLE_MINUTES = 30;
/** Live sessions one user may hold (a device each); signing in once more ends the oldest. */
export const MAX_LIVE_SESSIONS = 20;
/** An ended (revoked) session is kept this long, so the reuse warning in the log can still be looked up, then deleted. */
export const ENDED_SESSION_RETENTION_HOURS = 24;

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens are stored only as hashes: a copy of the table signs nobody in. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new session, and the sessions it ended to stay within MAX_LIVE_SESSIONS. */
export interface CreatedSession {
  id: string;
  endedSessionIds: string[];
}

/**
 * What a refresh token that swapped nothing was: unknown (never issued, or its
 * session is over), or spent (`reused`: the session is ended; `ended` says
 * whether this call ended it).
 */
export type SpentToken =
  | { kind: 'unknown' }
  | { kind: 'reused'; sessionId: string; userId: string; ended: boolean };

export const sessionsRepository = {
  /**
   * Opens a session, ending the user's oldest live ones beyond MAX_LIVE_SESSIONS - 1
   * first, in one transaction. The user's row is locked before counting, so two
   * sign-ins of one user at the same moment count one after the other. (FOR NO KEY
   * UPDATE: it does not hold up rows elsewhere that reference the user.)
   */
  async create(db: Database, userId: string, refreshToken: string): Promise<CreatedSession> {
    return db.transaction(async (tx) => {
      await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
      const ended = await tx.query<{ id: string }>(
        `UPDATE sessions SET revoked_at = now()
         WHERE id IN (
           SELECT id FROM sessions
           WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
           ORDER BY created_at DESC, id DESC
           OFFSET $2
         )
         RETURNING id`,
        [userId, MAX_LIVE_SESSIONS - 1],
      );
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO sessions (user_id, refresh_hash, expires_at)
         VALUES ($1, $2, now() + make_interval(hours => $3)) RETURNING id`,
        [userId, hashRefreshToken(refreshToken), SESSION_ABSOLUTE_HOURS],
      );
      return { id: (row as { id: string }).id, endedSessionIds: ended.map((r) => r.id) };
    });
  },
  /** The signed-in user behind a live session, or undefined if it ended or the user was deactivated. */
  async findLiveUser(db: Queryable, sessionId: string, userId: string): Promise<UserRow | undefined> {
    const [row] = await db.query<UserRow>(
      `SELECT ${USER_COLUMNS.split(', ').map((c) => `u.${c}`).join(', ')}, ${partnerScopeColumn('u')}
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.active`,
      [sessionId, userId],
    );
    return row;
  },

  /**
   * Swaps the refresh token for a new one in one statement, so a token works
   * once: a replayed or raced token finds no row. The old token's hash is
   * kept as spent, in the same statement, so a second use of it is recognised
   * (`classifySpent`).
   */
  async rotate(db: Queryable, oldToken: string, newToken: string): Promise<{ id: string; user_id: string } | undefined> {
    const [row] = await db.query<{ id: string; user_id: string }>(
      `WITH rotated AS (
         UPDATE sessions SET refresh_hash = $2, last_used_at = now()
         WHERE refresh_hash = $1 AND revoked_at IS NULL AND expires_at > now()
           AND last_used_at > now() - make_interval(mins => $3)
         RETURNING id, user_id
       ), spent AS (
         INSERT INTO spent_refresh_tokens (refresh_hash, session_id) SELECT $1, id FROM rotated
       )
       SELECT id, user_id FROM rotated`,
      [hashRefreshToken(oldToken), hashRefreshToken(newToken), SESSION_IDLE_MINUTES],
    );
    return row;
  },

  /**
   * For a refresh token `rotate` did not accept: was it one a live session
   * already rotated away? Then two parties hold the session's tokens, and the
   * session is ended here (its newer refresh token and its access tokens stop
   * working), however soon after the rotation it comes: a browser never sends a
   * spent cookie of its own (docs/decisions/0020-refresh-reuse-and-session-housekeeping.md).
   */
  async classifySpent(db: Queryable, token: string): Promise<SpentToken> {
    const [spent] = await db.query<{ session_id: string; user_id: string }>(
      `SELECT s.id AS session_id, s.user_id
       FROM spent_refresh_tokens t JOIN sessions s ON s.id = t.session_id
       WHERE t.refresh_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [hashRefreshToken(token)],
    );
    if (!spent) return { kind: 'unknown' };
    const ended = await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id', [
      spent.session_id,
    ]);
    return { kind: 'reused', sessionId: spent.session_id, userId: spent.user_id, ended: ended.length > 0 };
  },

  async revoke(db: Queryable, sessionId: string): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  },

  async revokeByRefreshToken(db: Queryable, token: string): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE refresh_hash = $1 AND revoked_at IS NULL', [
      hashRefreshToken(token),
    ]);
  },

  /** Ends every session of a user: an admin changing their password or role, deactivation. */
  async revokeAllForUser(db: Queryable, userId: string): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
  },

  /**
   * Deletes sessions past their expiry and those ended more than
   * ENDED_SESSION_RETENTION_HOURS ago (their spent tokens go with them).
   * Several instances may sweep at once: each skips the rows another is
   * deleting, so none waits for another or deadlocks with it.
   */
  async deleteEnded(db: Queryable): Promise<number> {
    const deleted = await db.query(
      `DELETE FROM sessions WHERE id IN (
         SELECT id FROM sessions
         WHERE expires_at <= now() OR revoked_at <= now() - make_interval(hours => $1)
         FOR UPDATE SKIP LOCKED
       )
       RETURNING id`,
      [ENDED_SESSION_RETENTION_HOURS],
    );
    return deleted.length;
  },

  /** Ends every session of a user but `keepSessionId`: they changed their own password from that one. */
  async revokeOthersForUser(db: Queryable, userId: string, keepSessionId: string): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [userId, keepSessionId]);
  },
};
