import { DEFAULT_DISPUTE_WINDOW_DAYS, type DisputeWindow } from '@callboard/contract/disputes';
import type { Queryable } from '../../db/database';
import { notFound } from '../../http/http-error';

/**
 * Each buyer's dispute window: how many days after a call the buyer may dispute it (migration 0028,
 * `dispute_windows`; no row: DEFAULT_DISPUTE_WINDOW_DAYS). Network-only: under the partner wall the table is
 * not readable, so these run for a partner only outside it (routes/api/calls/disputes.ts).
 */

const DAY_MS = 86_400_000;

/** Every buyer with its window, by name. */
export async function listDisputeWindows(db: Queryable): Promise<DisputeWindow[]> {
  const rows = await db.query<{ buyer_id: number; buyer_name: string; days: number | null }>(
    'SELECT b.id AS buyer_id, b.name AS buyer_name, w.days FROM buyers b LEFT JOIN dispute_windows w ON w.buyer_id = b.id ORDER BY b.name, b.id',
  );
  return rows.map((row) => ({ buyerId: row.buyer_id, buyerName: row.buyer_name, days: row.days ?? DEFAULT_DISPUTE_WINDOW_DAYS, isDefault: row.days === null }));
}

/** Sets one buyer's window; 404 for an unknown buyer. */
export async function setDisputeWindow(db: Queryable, buyerId: number, days: number, userId: string): Promise<DisputeWindow> {
  const [buyer] = await db.query<{ name: string }>('SELECT name FROM buyers WHERE id = $1', [buyerId]);
  if (!buyer) throw notFound('No buyer has this id');
  await db.query(
    `INSERT INTO dispute_windows (buyer_id, days, updated_by) VALUES ($1, $2, $3::uuid)
     ON CONFLICT (buyer_id) DO UPDATE SET days = excluded.days, updated_by = excluded.updated_by, updated_at = now()`,
    [buyerId, days, userId],
  );
  return { buyerId, buyerName: buyer.name, days, isDefault: false };
}

/** One buyer's window in days. */
export async function disputeWindowDays(db: Queryable, buyerId: number): Promise<number> {
  const [row] = await db.query<{ days: number }>('SELECT days FROM dispute_windows WHERE buyer_id = $1', [buyerId]);
  return row?.days ?? DEFAULT_DISPUTE_WINDOW_DAYS;
}

/** The last instant a call may be disputed: its time plus the window's days. */
export function windowEndsAt(callTs: Date, days: number): Date {
  return new Date(callTs.getTime() + days * DAY_MS);
}
