import type { SavedView, ViewArea } from '@callboard/contract';
import type { Queryable } from '../../db/database';

/** A `saved_views` row joined to its owner's name, as every read selects it. */
interface ViewRow {
  id: string;
  owner_id: string;
  owner_name: string;
  name: string;
  area: ViewArea;
  query: string;
  columns: string[] | null;
  shared: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface ViewFields {
  name: string;
  area: ViewArea;
  query: string;
  columns: string[] | null;
  shared: boolean;
}

// The owner's name, else their email: an account may have no name, and the menu must still say whose view it is.
const SELECT_VIEW = `
  SELECT v.id, v.owner_id, coalesce(nullif(btrim(u.name), ''), u.email) AS owner_name,
         v.name, v.area, v.query, v.columns, v.shared, v.created_at, v.updated_at
    FROM saved_views v JOIN users u ON u.id = v.owner_id`;

/**
 * Who a reader is to the views: the network's people see each other's shared views; a partner account
 * sees only its own. A partner's view is never the team's, even one shared before the account became a
 * partner's (`u` is the view's owner in SELECT_VIEW).
 */
export type ViewAudience = 'team' | 'own';

/** The condition under which the reader `$n` sees the view `v` of owner `u`. */
function visibleTo(audience: ViewAudience, reader: string): string {
  return audience === 'own' ? `v.owner_id = ${reader}` : `(v.owner_id = ${reader} OR (v.shared AND u.role <> 'partner'))`;
}

function toSavedView(row: ViewRow): SavedView {
  return {
    id: row.id,
    name: row.name,
    area: row.area,
    query: row.query,
    columns: row.columns,
    shared: row.shared,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Everything the app reads from or writes to `saved_views`; callers pass a transaction when they need one. */
export const viewsRepository = {
  /**
   * `userId`'s own views (all of them: VIEWS_PER_OWNER_MAX bounds those) and the `sharedLimit` shared
   * ones others saved last; own first, then by name whatever its case.
   */
  async listVisible(db: Queryable, userId: string, sharedLimit: number, audience: ViewAudience): Promise<SavedView[]> {
    const rows = await db.query<ViewRow>(
      `SELECT * FROM (
         (${SELECT_VIEW} WHERE v.owner_id = $1)
         UNION ALL
         (${SELECT_VIEW} WHERE v.shared AND v.owner_id <> $1 AND u.role <> 'partner' AND $3 ORDER BY v.updated_at DESC, v.id DESC LIMIT $2)
       ) AS visible
       ORDER BY owner_id <> $1, lower(name), id`,
      [userId, sharedLimit, audience === 'team'],
    );
    return rows.map(toSavedView);
  },

  /** The view `id` if `userId` may see it (theirs, or the team's shared one), locked for a change when `forUpdate`. */
  async findVisible(db: Queryable, id: string, userId: string, audience: ViewAudience, forUpdate = false): Promise<SavedView | undefined> {
    const [row] = await db.query<ViewRow>(
      `${SELECT_VIEW} WHERE v.id = $1 AND ${visibleTo(audience, '$2')}${forUpdate ? ' FOR UPDATE OF v' : ''}`,
      [id, userId],
    );
    return row ? toSavedView(row) : undefined;
  },

  async countByOwner(db: Queryable, ownerId: string): Promise<number> {
    const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM saved_views WHERE owner_id = $1', [ownerId]);
    return row?.count ?? 0;
  },

  async insert(db: Queryable, ownerId: string, fields: ViewFields): Promise<string> {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO saved_views (owner_id, name, area, query, columns, shared)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [ownerId, fields.name, fields.area, fields.query, fields.columns, fields.shared],
    );
    return row!.id;
  },

  async update(db: Queryable, id: string, fields: ViewFields): Promise<void> {
    await db.query(
      `UPDATE saved_views SET name = $2, area = $3, query = $4, columns = $5, shared = $6, updated_at = now() WHERE id = $1`,
      [id, fields.name, fields.area, fields.query, fields.columns, fields.shared],
    );
  },

  async delete(db: Queryable, id: string): Promise<void> {
    await db.query('DELETE FROM saved_views WHERE id = $1', [id]);
  },

  /** `userId`'s default view of each area that has one, joined under the rule of findVisible and in the default's own area. */
  async listDefaults(db: Queryable, userId: string, audience: ViewAudience): Promise<SavedView[]> {
    const rows = await db.query<ViewRow>(
      `${SELECT_VIEW} JOIN view_defaults d ON d.view_id = v.id AND d.area = v.area
        WHERE d.user_id = $1 AND ${visibleTo(audience, '$1')}`,
      [userId],
    );
    return rows.map(toSavedView);
  },

  async setDefault(db: Queryable, userId: string, area: ViewArea, viewId: string): Promise<void> {
    await db.query(
      `INSERT INTO view_defaults (user_id, area, view_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, area) DO UPDATE SET view_id = excluded.view_id`,
      [userId, area, viewId],
    );
  },

  async clearDefault(db: Queryable, userId: string, area: ViewArea): Promise<void> {
    await db.query('DELETE FROM view_defaults WHERE user_id = $1 AND area = $2', [userId, area]);
  },

  /** Clears the defaults `view` no longer fits: another area's, and everyone else's once it is not shared. */
  async clearDefaultsLost(db: Queryable, view: { id: string; area: ViewArea; shared: boolean; ownerId: string }): Promise<void> {
    await db.query(
      'DELETE FROM view_defaults WHERE view_id = $1 AND (area <> $2 OR (NOT $3 AND user_id <> $4))',
      [view.id, view.area, view.shared, view.ownerId],
    );
  },
};
