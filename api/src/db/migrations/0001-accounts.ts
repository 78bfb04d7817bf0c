import type { Migration } from './index';

export const accounts: Migration = {
  version: '0001-accounts',
  statements: [
    `CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL DEFAULT '',
      email text NOT NULL,
      password_hash text NOT NULL,
      role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
      active boolean NOT NULL DEFAULT true,
      avatar_url text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    // Emails are unique whatever their case.
    `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
    `CREATE INDEX users_created_at_idx ON users (created_at, id)`,
    // One row per signed-in device. The refresh token is stored only as a
    // hash; revoked_at ends the session for its access tokens at once.
    `CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      refresh_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`,
    `CREATE UNIQUE INDEX sessions_refresh_hash_key ON sessions (refresh_hash)`,
    `CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL`,
  ],
};
