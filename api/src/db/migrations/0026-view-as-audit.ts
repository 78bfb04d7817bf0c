import type { Migration } from './index';

/**
 * view_as_log: every time an admin viewed the app as a partner (issue 34 item 5; domain/partners/view-as.ts).
 *
 * - One row per view-as token: who (`admin_id`, and `admin_email` kept in case the account goes), whom
 *   (`partner_id`, `partner_email` likewise), through which of the admin's sessions, when it started, when
 *   its token runs out, and when the admin ended it (null while open or when the token simply ran out).
 * - A view-as token works only while its row is open (`ended_at` null) and its session live, so ending it
 *   (or signing the admin out) stops the token at once on every instance.
 * - Deleting an account keeps the rows (SET NULL): the audit outlives the people in it.
 * - Not readable under the partner role (0025's callboard_partner).
 * - view_as_log_partner_idx: a partner's log, newest first (GET /api/users/{id}/view-as-log).
 */
export const viewAsAudit: Migration = {
  version: '0026-view-as-audit',
  statements: [
    `CREATE TABLE view_as_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      admin_id uuid REFERENCES users(id) ON DELETE SET NULL,
      admin_email text NOT NULL,
      partner_id uuid REFERENCES users(id) ON DELETE SET NULL,
      partner_email text NOT NULL,
      session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz
    )`,
    'CREATE INDEX view_as_log_partner_idx ON view_as_log (partner_id, started_at DESC)',
    // Made after 0025's default grants: a partner's request (or an admin's view as one) has no use for who
    // viewed whom; the API reads and writes it as itself, before a partner's scope applies.
    'REVOKE ALL ON view_as_log FROM callboard_partner',
  ],
};
