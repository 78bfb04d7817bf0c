import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { USER_COLUMNS, type UserRow } from '../users/user-row';

/** A session lasts one shift at most; a refresh must come within the idle window, so a forgotten tab does not stay signed in for ever. */
export const SESSION_ABSOLUTE_HOURS = 12;
export const SESSION_IDLE_MINUTES = 30;

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens are stored only as hashes: a copy of the table signs nobody in. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export const sessionsRepository = {
  async create(db: Queryable, userId: string, refreshToken: string): Promise<string> {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO sessions (user_id, refresh_hash, expires_at)
       VALUES ($1, $2, now() + make_interval(hours => $3)) RETURNING id`,
      [userId, hashRefreshToken(refreshToken), SESSION_ABSOLUTE_HOURS],
    );
    return (row as { id: string }).id;
  },

  /** The signed-in user behind a live session, or undefined if it ended or the user was deactivated. */
  async findLiveUser(db: Queryable, sessionId: string, userId: string): Promise<UserRow | undefined> {
    const [row] = await db.query<UserRow>(
      `SELECT ${USER_COLUMNS.split(', ').map((c) => `u.${c}`).join(', ')}
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.active`,
      [sessionId, userId],
    );
    return row;
  },

  /**
   * Swaps the refresh token for a new one in one statement, so a token works
   * once: a replayed or raced token finds no row.
   */
  async rotate(db: Queryable, oldToken: string, newToken: string): Promise<{ id: string; user_id: string } | undefined> {
    const [row] = await db.query<{ id: string; user_id: string }>(
      `UPDATE sessions SET refresh_hash = $2, last_used_at = now()
       WHERE refresh_hash = $1 AND revoked_at IS NULL AND expires_at > now()
         AND last_used_at > now() - make_interval(mins => $3)
       RETURNING id, user_id`,
      [hashRefreshToken(oldToken), hashRefreshToken(newToken), SESSION_IDLE_MINUTES],
    );
    return row;
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

  /** Ends every session of a user but `keepSessionId`: they changed their own password from that one. */
  async revokeOthersForUser(db: Queryable, userId: string, keepSessionId: string): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [userId, keepSessionId]);
  },
};
