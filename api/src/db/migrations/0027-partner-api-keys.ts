import type { Migration } from './index';

/**
 * partner_api_keys: a partner's own read-only API keys (contract/src/partner-keys.ts), kept as ingest keys
 * are: only the key's SHA-256 hash and its first characters, never the key.
 *
 * - A key belongs to one partner account; deleting the account deletes its keys. Deactivating it, or changing
 *   its role, stops them at once: authentication joins the account on every request.
 * - Revoking sets revoked_at (the row stays, so a revoked key's later attempts can be told from a made-up one).
 * - partner_api_keys_user_live_idx: a partner's live keys, for the list and the cap on live keys.
 * - callboard_partner reads and writes the table through the default privileges migration 0025 set: a
 *   partner's own requests (list, create, revoke) run as that role.
 */
export const partnerApiKeys: Migration = {
  version: '0027-partner-api-keys',
  statements: [
    `CREATE TABLE partner_api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      key_hash text NOT NULL UNIQUE,
      key_prefix text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`,
    'CREATE INDEX partner_api_keys_user_live_idx ON partner_api_keys (user_id, created_at DESC) WHERE revoked_at IS NULL',
  ],
};
