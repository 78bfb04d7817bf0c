import {
  NOTIFICATION_BODY_MAX_LENGTH,
  NOTIFICATION_KINDS,
  NOTIFICATION_LINK_MAX_LENGTH,
  NOTIFICATION_TITLE_MAX_LENGTH,
  NOTIFICATIONS_CAP,
  isNotificationLink,
  type NotificationKind,
} from '@callboard/contract/notifications';
import type { Database, Queryable } from '../../db/database';
import { outsideRequestScope } from '../partners/request-scope';
import { encodeNotificationNotices, NOTIFICATIONS_CHANNEL } from './notification-notice';

export interface NewNotification {
  /** The recipient: any account, a partner's included. */
  userId: string;
  kind: NotificationKind;
  /** One line; cut at NOTIFICATION_TITLE_MAX_LENGTH characters. */
  title: string;
  /** Cut at NOTIFICATION_BODY_MAX_LENGTH characters; may be empty. */
  body: string;
  /** Path + query of the filtered view (and time range) it is about, e.g. '/reporting?publisher=3&from=..&to=..' */
  link: string;
}

/** `text` trimmed and, past `max` characters (code points, as PostgreSQL counts them), cut with an ellipsis. */
export function clipText(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * A link past NOTIFICATION_LINK_MAX_LENGTH keeps only its path: a saved view's filters may run to 8000
 * characters, and its notification then opens the right screen unfiltered, rather than failing the producer's
 * transaction (a scheduled report's run, an alert's firing) for as long as the view stays that long.
 */
function fittedLink(link: string): string {
  return link.length <= NOTIFICATION_LINK_MAX_LENGTH ? link : (link.split(/[?#]/)[0] ?? link);
}

/** A notification as it is stored; a producer's mistake (an unknown kind, no title, a link off the app) throws. */
function checked(notification: NewNotification): NewNotification {
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(notification.kind)) throw new Error(`unknown notification kind ${JSON.stringify(notification.kind)}`);
  const title = clipText(notification.title, NOTIFICATION_TITLE_MAX_LENGTH);
  if (title === '') throw new Error('a notification needs a title');
  const link = fittedLink(notification.link);
  if (!isNotificationLink(link)) throw new Error(`a notification links to a path of the app, not ${JSON.stringify(notification.link)}`);
  return { ...notification, title, body: clipText(notification.body, NOTIFICATION_BODY_MAX_LENGTH), link };
}

const isDatabase = (db: Queryable): db is Database => typeof (db as Partial<Database>).transaction === 'function';

/**
 * Writes the notifications, keeps each recipient's newest NOTIFICATIONS_CAP (older ones are deleted in the same
 * transaction), and announces them on the notifications channel, so every instance pushes each one to its
 * recipient's open event streams (notification-feed.ts, routes/api/events). Given a transaction, all of it happens
 * in that transaction (nothing is told of a notification that rolled back); given the database, in one of its own,
 * as the network (the partner role may not write notifications, and whoever's request it runs in, the recipient
 * may be someone else).
 *
 * The NOTIFY is sent inside the transaction, so it is delivered at commit and the row is readable by then.
 * Decision 0015 sends the calls' NOTIFY after commit instead because a notifying transaction takes a lock shared
 * by the whole database as it commits, which concurrent ingests would queue on; notifications are rare (an
 * alert, a report, a decision), so the lock costs nothing that matters here, and no notice can outlive a rollback.
 */
export async function notify(db: Queryable, notifications: readonly NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  const rows = notifications.map(checked);
  if (isDatabase(db)) {
    await outsideRequestScope(() => db.transaction((tx) => write(tx, rows)));
    return;
  }
  await write(db, rows);
}

async function write(tx: Queryable, rows: readonly NewNotification[]): Promise<void> {
  const owners = [...new Set(rows.map((row) => row.userId))].sort();
  // One notify() at a time per recipient (in a fixed order, so two cannot deadlock): the second then counts the
  // first's rows when it cuts to the cap, and no one is left with 201. Held until the transaction ends.
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('notifications:' || owner)) FROM unnest($1::text[]) AS owner", [owners]);
  const inserted = await tx.query<{ id: string; user_id: string }>(
    `INSERT INTO notifications (user_id, kind, title, body, link)
     SELECT n.user_id, n.kind, n.title, n.body, n.link
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS n(user_id, kind, title, body, link, at)
     ORDER BY n.at
     RETURNING id::text AS id, user_id::text AS user_id`,
    [rows.map((r) => r.userId), rows.map((r) => r.kind), rows.map((r) => r.title), rows.map((r) => r.body), rows.map((r) => r.link)],
  );
  const notices = encodeNotificationNotices(inserted.map((row) => ({ userId: row.user_id, id: row.id })));
  // Each owner's CAP+1-th newest row and every older one go; the index on (user_id, id DESC) finds it CAP rows in.
  await tx.query(
    `WITH dropped AS (
       DELETE FROM notifications n
       USING (SELECT owner, (SELECT k.id FROM notifications k WHERE k.user_id = owner ORDER BY k.id DESC OFFSET $2 LIMIT 1) AS newest_dropped
              FROM unnest($1::uuid[]) AS owner) cut
       WHERE n.user_id = cut.owner AND n.id <= cut.newest_dropped)
     SELECT pg_notify($3, payload) FROM unnest($4::text[]) AS payload`,
    [owners, NOTIFICATIONS_CAP, NOTIFICATIONS_CHANNEL, notices],
  );
}
