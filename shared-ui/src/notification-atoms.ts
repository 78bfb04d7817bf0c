/**
 * The spec's "notification list" (UI state, beside ui-atoms.ts): the signed-in
 * person's notifications as the server keeps them (GET /api/notifications, and
 * each live `notification` event), newest first, at most NOTIFICATIONS_CAP: the
 * oldest are dropped. In memory only: the server is the record, and a shared
 * browser's storage must not keep one person's list for the next. A module of
 * its own because only the signed-in frame reads it (the shell's bell), and
 * /login, which loads ui-atoms.ts, has no room for it (docs/decisions/0011-bundle-budgets.md);
 * shared like every shared-ui module, so the shell and every remote read one list.
 */
import { NOTIFICATIONS_CAP } from '@callboard/contract';
import type { Notification } from '@callboard/contract/notifications';
import { atom } from 'jotai';

/**
 * Whether notification `a` is newer than `b`: ids are decimal strings that grow
 * with every notification (longer is larger; equal lengths compare as text).
 */
function newer(a: Notification, b: Notification): number {
  return b.id.length - a.id.length || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * The list, newest first. One for the shell and every remote (the tab's one
 * store); filled by the shell's header (shell/src/layout/use-notifications.ts).
 * Change it only through the write atoms below, which keep its order and cap.
 */
export const notificationsAtom = atom<readonly Notification[]>([]);

/** How many of them are unread (the bell's count). */
export const unreadNotificationCountAtom = atom((get) => get(notificationsAtom).reduce((unread, n) => (n.readAt === null ? unread + 1 : unread), 0));

/**
 * Adds notifications (a live event, a page the server answered): one already
 * listed is replaced by the newer copy, except that once read it stays read
 * (a read is never undone, and a copy fetched before it was marked may say
 * unread); then newest first and cut to NOTIFICATIONS_CAP.
 */
export const addNotificationsAtom = atom(null, (get, set, incoming: readonly Notification[]) => {
  if (incoming.length === 0) return;
  const byId = new Map(get(notificationsAtom).map((n) => [n.id, n]));
  for (const notification of incoming) {
    const known = byId.get(notification.id);
    byId.set(notification.id, known?.readAt && !notification.readAt ? { ...notification, readAt: known.readAt } : notification);
  }
  set(notificationsAtom, [...byId.values()].sort(newer).slice(0, NOTIFICATIONS_CAP));
});

/** Marks these notifications (or, without ids, every one) read at `readAt`, as the server did; those read already keep their time. */
export const markNotificationsReadAtom = atom(null, (get, set, { ids, readAt }: { ids?: readonly string[]; readAt: string }) => {
  const marked = ids === undefined ? undefined : new Set(ids);
  set(
    notificationsAtom,
    get(notificationsAtom).map((n) => (n.readAt === null && (marked === undefined || marked.has(n.id)) ? { ...n, readAt } : n)),
  );
});
