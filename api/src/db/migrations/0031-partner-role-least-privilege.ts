import type { Migration } from './index';

/**
 * The partner role reads no one's secrets (found in review): migration 0025 granted it every table beside the
 * walled ones, so a statement run for a partner that forgot its WHERE clause could read every account's
 * password hash, every session, every ingest key. A partner's request never needs them: its own session and
 * user are read by authentication before the request takes the role, its password change runs as the network
 * (routes/api/auth), and sign-in, refresh and sign-out never take the role.
 *
 * - `users`: only the columns a person is named and shown from (`id`, `name`, `email`, which names a person
 *   without a name, `role`, `active`, `avatar_url`, `created_at`); never `password_hash`, and no row locks or
 *   writes (the saves that counted under a lock of the owner's row take an advisory lock instead).
 * - Secrets and the network's own bookkeeping: no access at all.
 *
 * Tables a partner's request does write stay granted: its saved views and defaults, its API keys, the export
 * leases of its exports.
 */
const NO_ACCESS = ['app_secrets', 'sessions', 'spent_refresh_tokens', 'ingest_keys', 'login_throttle', 'idempotency_keys', 'schema_migrations'];

export const partnerRoleLeastPrivilege: Migration = {
  version: '0031-partner-role-least-privilege',
  statements: [
    'REVOKE ALL ON users FROM callboard_partner',
    'GRANT SELECT (id, name, email, role, active, avatar_url, created_at) ON users TO callboard_partner',
    ...NO_ACCESS.map((table) => `REVOKE ALL ON ${table} FROM callboard_partner`),
  ],
};
