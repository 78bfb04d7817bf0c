import type { Migration } from './index';

/**
 * saved_views: a person's named views of Reporting or Call Logs (a query
 * string, optionally the records columns), shared with the team or not.
 *
 * - The views go with their owner (ON DELETE CASCADE), shared ones too: a view
 *   is its owner's to change and nobody else may, so one left behind could
 *   never be renamed or tidied again; whoever relied on it saves it again.
 * - One name per owner whatever its case (saved_views_owner_name_key), so
 *   "Sales" and "sales" never sit side by side in one menu; the index also
 *   serves reading and counting one owner's views.
 * - saved_views_shared_idx: the team's shared views, read for every menu,
 *   without reading everyone's private ones.
 */
export const savedViews: Migration = {
  version: '0015-saved-views',
  statements: [
    `CREATE TABLE saved_views (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      area text NOT NULL CHECK (area IN ('reporting', 'callLogs')),
      query text NOT NULL,
      columns text[],
      shared boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE UNIQUE INDEX saved_views_owner_name_key ON saved_views (owner_id, lower(name))',
    'CREATE INDEX saved_views_shared_idx ON saved_views (owner_id) WHERE shared',
  ],
};
