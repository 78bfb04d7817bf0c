import type { Queryable } from '../../db/database';

/**
 * How far the change log may be read now without passing a change still to commit (migration 0037's
 * call_changes_horizon: no transaction at or below it is still running). Asked in a statement of its own,
 * before the read it bounds: that read's snapshot, taken later, then holds every change up to it that will
 * ever exist.
 */
export async function changeHorizon(db: Queryable): Promise<number> {
  const [row] = await db.query<{ horizon: string }>('SELECT call_changes_horizon()::text AS horizon');
  return Number(row?.horizon ?? 0);
}
