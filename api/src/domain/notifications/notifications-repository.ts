import type { Notification, NotificationKind, NotificationList, NotificationsReadBody, NotificationsReadResult } from '@callboard/contract/notifications';
import type { Database, Queryable } from '../../db/database';

interface NotificationRow {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

// `id` is the text of the bigint: ORDER BY names `notifications.id`, or it would sort the text.
const COLUMNS = 'id::text AS id, user_id::text AS user_id, kind, title, body, link, created_at, read_at';
const iso = (value: Date | string) => new Date(value).toISOString();

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    // notify() writes only the contract's kinds.
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: iso(row.created_at),
    readAt: row.read_at === null ? null : iso(row.read_at),
  };
}

/** An account id as authentication hands it (a uuid); anything else would be a bug, not a request's mistake. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `work` in a transaction that names its reader (`callboard.user_id`, migration 0033): behind the partner
 * wall, row-level security then lets it read and mark only that account's notifications, and any other statement
 * of a partner's request none. The setting goes as the transaction's prelude (in BEGIN's message on PostgreSQL),
 * which takes no parameters: the id is checked to be a uuid first, so only hex digits and dashes reach the SQL.
 */
function asOwner<T>(db: Database, userId: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
  if (!UUID.test(userId)) throw new Error('a notification owner must be an account id');
  return db.transaction(work, { prelude: `SELECT set_config('callboard.user_id', '${userId}', true)` });
}

/** One person's own notifications: every statement names the owner, and runs as that owner (asOwner). */
export const notificationsRepository = {
  /** The owner's newest `limit` notifications, newest first, and their unread count among all they keep. */
  async list(db: Database, userId: string, limit: number): Promise<NotificationList> {
    const rows = await asOwner(db, userId, (tx) =>
      tx.query<NotificationRow & { unread: number }>(
        // One statement: the count, and the page joined to it (none: one row of nulls beside the count).
        `SELECT c.unread, n.* FROM
           (SELECT count(*)::int AS unread FROM notifications WHERE user_id = $1 AND read_at IS NULL) c
           LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY notifications.id DESC LIMIT $2) n ON true
         ORDER BY n.id::bigint DESC`,
        [userId, limit],
      ),
    );
    return {
      unreadCount: rows[0]?.unread ?? 0,
      notifications: rows.filter((row) => row.id !== null).map(toNotification),
    };
  },

  /**
   * Marks the owner's listed notifications (or all of them) read; those already read keep their time, and ids
   * that are not the owner's (another's, dropped past the cap, made up) change nothing.
   */
  async markRead(db: Database, userId: string, which: NotificationsReadBody): Promise<NotificationsReadResult> {
    const ids = 'ids' in which ? which.ids : null;
    const [row] = await asOwner(db, userId, (tx) =>
      tx.query<{ marked: number; read_at: Date | string; unread: number }>(
        // The outer SELECT reads the rows as they were before the UPDATE (one snapshot): unread is before less marked.
        `WITH marked AS (
           UPDATE notifications SET read_at = now()
           WHERE user_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY ($2::bigint[]))
           RETURNING id)
         SELECT (SELECT count(*) FROM marked)::int AS marked, now() AS read_at,
           ((SELECT count(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL) - (SELECT count(*) FROM marked))::int AS unread`,
        [userId, ids],
      ),
    );
    return { marked: row!.marked, readAt: iso(row!.read_at), unreadCount: row!.unread };
  },

  /** The network's read of notifications by id, with their owners (the live feed: notification-feed.ts). */
  async byIds(db: Queryable, ids: readonly string[]): Promise<Array<Notification & { userId: string }>> {
    if (ids.length === 0) return [];
    const rows = await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE id = ANY ($1::bigint[]) ORDER BY notifications.id`, [ids]);
    return rows.map((row) => ({ ...toNotification(row), userId: row.user_id }));
  },

  /** The network's read of these people's notifications made since `since`, oldest first (the live feed, after its connection dropped). */
  async madeSince(db: Queryable, userIds: readonly string[], since: Date): Promise<Array<Notification & { userId: string }>> {
    if (userIds.length === 0) return [];
    const rows = await db.query<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications WHERE user_id = ANY ($1::uuid[]) AND created_at >= $2 ORDER BY notifications.id`,
      [userIds, since],
    );
    return rows.map((row) => ({ ...toNotification(row), userId: row.user_id }));
  },
};
