import type { Migration } from './index';

/**
 * view_defaults: the saved view each person opens by default in an area (the
 * one a bare address of Reporting or Call Logs shows), one per person and area.
 *
 * - Deleting the view or the person clears it (ON DELETE CASCADE on both).
 * - A person may only choose a view they can see; when that stops (its owner
 *   unshares it, or moves it to another area) ViewService.update deletes the
 *   rows it no longer fits, in the same transaction. Reads join the view again
 *   under the same rule, so no answer can name a view its reader cannot see.
 * - view_defaults_view_idx: the rows of one view, for those deletions.
 */
export const viewDefaults: Migration = {
  version: '0024-view-defaults',
  statements: [
    `CREATE TABLE view_defaults (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      area text NOT NULL CHECK (area IN ('reporting', 'callLogs')),
      view_id uuid NOT NULL REFERENCES saved_views(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, area)
    )`,
    'CREATE INDEX view_defaults_view_idx ON view_defaults (view_id)',
  ],
};
