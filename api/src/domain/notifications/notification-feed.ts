import type { Notification } from '@callboard/contract/notifications';
import type { Database } from '../../db/database';
import { outsideRequestScope } from '../partners/request-scope';
import { NOTIFICATIONS_CHANNEL, parseNotificationNotice } from './notification-notice';
import { notificationsRepository } from './notifications-repository';

export interface NotificationFeed {
  /** `listener` hears each new notification of `userId`, made by any instance on the database, until the returned function is called. */
  subscribe(userId: string, listener: (notification: Notification) => void): () => void;
  close(): Promise<void>;
}

export interface NotificationFeedLog {
  warn(details: object, message: string): void;
}

/**
 * Notifications take a moment to commit and be announced: after the listening connection drops, those made from
 * this long before the drop are read again, so none made around it is missed (a screen merges by id: one it
 * already has changes nothing).
 */
const RESUME_MARGIN_MS = 5_000;

/**
 * New notifications, through the database's LISTEN/NOTIFY on a channel of their own (notify() announces them as
 * it writes them): this instance's open event streams subscribe for their account, and each notice that names an
 * account with a stream here is read once, by id, and handed to that account's streams as the notification
 * itself, so a tab adds it to its list without asking the server again. A notice naming no one with a stream here
 * costs nothing but its parse.
 */
export async function openNotificationFeed(db: Database, log: NotificationFeedLog): Promise<NotificationFeed> {
  const byUser = new Map<string, Set<(notification: Notification) => void>>();
  let droppedAt: Date | null = null;

  const hand = (notifications: Array<Notification & { userId: string }>) => {
    for (const { userId, ...notification } of notifications) {
      for (const listener of byUser.get(userId) ?? []) listener(notification);
    }
  };
  // The network's own statements (the stream's request has long ended; the rows are read by their owner's id).
  const read = (work: () => Promise<Array<Notification & { userId: string }>>) =>
    outsideRequestScope(work).then(hand, (error: unknown) => log.warn({ err: error }, 'live events: could not read new notifications'));

  const unlisten = await db.listen(NOTIFICATIONS_CHANNEL, {
    message(payload) {
      const entries = parseNotificationNotice(payload);
      if (!entries) {
        log.warn({ channel: NOTIFICATIONS_CHANNEL }, 'ignored a notification that is not one of ours');
        return;
      }
      const ids = entries.filter((entry) => byUser.has(entry.userId)).map((entry) => entry.id);
      if (ids.length > 0) void read(() => notificationsRepository.byIds(db, ids));
    },
    resumed() {
      const since = new Date((droppedAt ?? new Date()).getTime() - RESUME_MARGIN_MS);
      droppedAt = null;
      const users = [...byUser.keys()];
      if (users.length > 0) void read(() => notificationsRepository.madeSince(db, users, since));
    },
    failed(error) {
      droppedAt ??= new Date();
      log.warn({ err: error }, 'live events: the notifications listener dropped; reconnecting');
    },
  });

  return {
    subscribe(userId, listener) {
      const key = userId.toLowerCase();
      const mine = byUser.get(key) ?? new Set();
      mine.add(listener);
      byUser.set(key, mine);
      return () => {
        mine.delete(listener);
        if (mine.size === 0 && byUser.get(key) === mine) byUser.delete(key);
      };
    },
    async close() {
      byUser.clear();
      await unlisten();
    },
  };
}
