import type { Migration } from './index';

/**
 * Change sets: every change people make to calls (one call's disposition, a
 * bulk update, restoring the AI's verdict, an undo) writes its audit rows
 * under one `change_id`, so the change can be undone as a whole
 * (domain/calls/call-changes.ts).
 *
 * - `action` says what kind of change wrote the row: set, bulk, restore, undo.
 * - `from_overridden` / `to_overridden`: whether the call followed the bot
 *   before and after the row's change. An undo must put `status_overridden`
 *   back as well as the status, or a call a person never touched would stop
 *   following the bot after undoing a change to it.
 * - `undoes_change_id` on an undo's rows names the change it undid, so the
 *   same change is not undone twice.
 *
 * Rows written before this migration were all bulk updates. One bulk update
 * wrote all its rows in one transaction, so with the same author and the same
 * changed_at (the transaction's now()): each such group becomes one change
 * set, as it would have been had change ids existed. Every one of them set
 * status_overridden; before the row the call was overridden exactly when an
 * earlier row for it exists (nothing else set the flag).
 */
export const changeSets: Migration = {
  version: '0017-change-sets',
  statements: [
    `ALTER TABLE call_audit ADD COLUMN change_id uuid, ADD COLUMN action text,
       ADD COLUMN from_overridden boolean, ADD COLUMN to_overridden boolean, ADD COLUMN undoes_change_id uuid`,
    `UPDATE call_audit a SET change_id = g.change_id
     FROM (SELECT d.user_id, d.changed_at, gen_random_uuid() AS change_id
           FROM (SELECT DISTINCT user_id, changed_at FROM call_audit) d) g
     WHERE g.changed_at = a.changed_at AND g.user_id IS NOT DISTINCT FROM a.user_id`,
    `UPDATE call_audit a SET action = 'bulk', to_overridden = true,
       from_overridden = EXISTS (SELECT 1 FROM call_audit e WHERE e.call_id = a.call_id AND e.id < a.id)`,
    `ALTER TABLE call_audit ALTER COLUMN change_id SET NOT NULL, ALTER COLUMN action SET NOT NULL,
       ALTER COLUMN from_overridden SET NOT NULL, ALTER COLUMN to_overridden SET NOT NULL,
       ADD CONSTRAINT call_audit_action_check CHECK (action IN ('set', 'bulk', 'restore', 'undo'))`,
    'CREATE INDEX call_audit_change_idx ON call_audit (change_id)',
    'CREATE INDEX call_audit_undoes_idx ON call_audit (undoes_change_id) WHERE undoes_change_id IS NOT NULL',
  ],
};
