import type { Migration } from './index';

/**
 * notifications: what the app tells one person (the bell's panel; contract/src/notifications.ts), written by
 * notify() (domain/notifications/notifications.ts), which keeps each person's newest 200 (NOTIFICATIONS_CAP) and
 * drops the rest.
 *
 * - `id` grows with every notification, so "newest first" is `id DESC` and the index below serves both the
 *   list and the cut at 200 (the 201st newest is 201 index entries in).
 * - The kind is not held to a list here: the contract's kinds grow with the features that notify, and notify()
 *   accepts only those; the lengths are, so no producer can store an unbounded text.
 * - A partner account is a recipient too (a scheduled report, a decided dispute). Its requests run as
 *   callboard_partner (db/partner-wall.ts), which reads and marks read only the rows of the account named by the
 *   transaction's `callboard.user_id` setting (set by the repository that reads a person's own rows, as the
 *   wall sets the scope); with no setting it reads none. It may not insert or delete: only the network notifies.
 */
export const notifications: Migration = {
  version: '0033-notifications',
  statements: [
    `CREATE TABLE notifications (
      id bigserial PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 50),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      body text NOT NULL CHECK (length(body) <= 1000),
      link text NOT NULL CHECK (length(link) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    )`,
    'CREATE INDEX notifications_user_newest_idx ON notifications (user_id, id DESC)',
    // The account a transaction reads its own rows for; no setting (or an empty one) is nobody.
    `CREATE FUNCTION callboard_user_id() RETURNS uuid LANGUAGE sql STABLE AS
      $$ SELECT NULLIF(current_setting('callboard.user_id', true), '')::uuid $$`,
    'REVOKE ALL ON notifications FROM callboard_partner',
    'REVOKE ALL ON SEQUENCE notifications_id_seq FROM callboard_partner',
    'GRANT SELECT, UPDATE (read_at) ON notifications TO callboard_partner',
    'ALTER TABLE notifications ENABLE ROW LEVEL SECURITY',
    'CREATE POLICY own_rows ON notifications FOR SELECT TO callboard_partner USING (user_id = callboard_user_id())',
    `CREATE POLICY own_rows_marked_read ON notifications FOR UPDATE TO callboard_partner
      USING (user_id = callboard_user_id()) WITH CHECK (user_id = callboard_user_id())`,
  ],
};
