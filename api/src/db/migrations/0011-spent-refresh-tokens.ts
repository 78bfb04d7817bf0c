import type { Migration } from './index';

/**
 * Refresh-token reuse detection (docs/decisions/0020-refresh-reuse-and-session-housekeeping.md).
 *
 * - spent_refresh_tokens: the hash of every refresh token a session has
 *   rotated away, with when. A spent token presented again means two parties
 *   hold the session's tokens, so the session ends. Every one is kept, not
 *   just the last: a thief who refreshes twice before the owner does would
 *   otherwise push the owner's token out of a short chain and go unnoticed.
 *   The rows go with their session (ON DELETE CASCADE), so the sweep that
 *   deletes ended sessions bounds the table; the session index keeps that
 *   cascade from reading the whole table.
 * - sessions_expires_at_idx: the sweep deletes sessions past their expiry.
 */
export const spentRefreshTokens: Migration = {
  version: '0011-spent-refresh-tokens',
  statements: [
    `CREATE TABLE spent_refresh_tokens (
      refresh_hash text PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      spent_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX spent_refresh_tokens_session_idx ON spent_refresh_tokens (session_id)',
    'CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)',
  ],
};
