/**
 * The notification centre (issue 36; docs/api.md, "Notifications"): what the app tells one person, kept on the
 * server per person, newest first, at most NOTIFICATIONS_CAP of them (the oldest dropped), and pushed to their
 * open tabs as a `notification` event on GET /api/events. Its own entry (@callboard/contract/notifications):
 * the bell's panel loads with the signed-in frame, and the sign-in page has no room for it.
 */
import type { FieldError } from './api-envelope';
import { NOTIFICATIONS_CAP } from './limits';

export { NOTIFICATIONS_CAP };

/** GET: the signed-in person's notifications, newest first, and how many are unread. */
export const NOTIFICATIONS_PATH = '/api/notifications';
/** POST NotificationsReadBody: marks some, or all, of them read. */
export const NOTIFICATIONS_READ_PATH = `${NOTIFICATIONS_PATH}/read`;

/** The SSE `event:` name of a new notification on GET /api/events; its `data:` is the Notification as JSON. */
export const NOTIFICATION_EVENT = 'notification';

/** What a notification is about; each producer has its kind (the bell's panel draws an icon per kind). */
export const NOTIFICATION_KINDS = ['alert.fired', 'alert.resolved', 'report.sent', 'endpoint.paused', 'dispute.decided', 'import.finished'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'alert.fired': 'Alert fired',
  'alert.resolved': 'Alert resolved',
  'report.sent': 'Report sent',
  'endpoint.paused': 'Endpoint paused',
  'dispute.decided': 'Dispute decided',
  'import.finished': 'Import finished',
};

/** Longest texts a notification keeps: a title is one line, a body a few; longer ones are cut by notify(). */
export const NOTIFICATION_TITLE_MAX_LENGTH = 200;
export const NOTIFICATION_BODY_MAX_LENGTH = 1000;
/** A link is a path and query of this app (a filtered view and its time range), never a whole URL. */
export const NOTIFICATION_LINK_MAX_LENGTH = 2000;

export interface Notification {
  /** Grows with every notification the server makes: a newer notification has a larger id (a decimal string). */
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Path and query of the view it is about, e.g. `/reporting?publisher=3&datePreset=custom&…` (isNotificationLink). */
  link: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** When the person marked it read (ISO 8601, UTC); null while unread. */
  readAt: string | null;
}

/** `data` of GET /api/notifications. */
export interface NotificationList {
  /** Newest first. */
  notifications: Notification[];
  /** Unread among all the person's notifications (not only those listed under a smaller `limit`). */
  unreadCount: number;
}

/** Body of POST /api/notifications/read: these ids, or every one of the person's notifications. */
export type NotificationsReadBody = { ids: string[] } | { all: true };

/** `data` of POST /api/notifications/read. */
export interface NotificationsReadResult {
  /** How many were unread and are read now. */
  marked: number;
  /** The time they were marked (ISO 8601, UTC), for a screen to set on its own copies. */
  readAt: string;
  unreadCount: number;
}

/**
 * Whether `link` is a path of this app: it starts with one `/` (not `//` or `/\`, which a browser reads as
 * another host) and holds no control character. A screen follows only such a link, through its router.
 */
export function isNotificationLink(link: unknown): link is string {
  return (
    typeof link === 'string' &&
    link.length <= NOTIFICATION_LINK_MAX_LENGTH &&
    link.startsWith('/') &&
    !link.startsWith('//') &&
    !link.startsWith('/\\') &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(link)
  );
}

const NOTIFICATION_ID = /^[1-9]\d{0,18}$/;

const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/**
 * A notification as a screen received it (a live event's data, an item of the list), when it has the shape of
 * one; null otherwise. A screen adds nothing else to its list, and follows only a link that is the app's own.
 */
export function readNotification(value: unknown): Notification | null {
  if (typeof value !== 'object' || value === null) return null;
  const n = value as Partial<Record<keyof Notification, unknown>>;
  if (!isNotificationId(n.id) || !(NOTIFICATION_KINDS as readonly unknown[]).includes(n.kind)) return null;
  if (typeof n.title !== 'string' || typeof n.body !== 'string' || !isNotificationLink(n.link) || !isTime(n.createdAt)) return null;
  if (n.readAt !== null && !isTime(n.readAt)) return null;
  return { id: n.id, kind: n.kind as NotificationKind, title: n.title, body: n.body, link: n.link, createdAt: n.createdAt, readAt: n.readAt };
}

/** A notification id as the API takes it (a positive whole number as a decimal string). */
export function isNotificationId(id: unknown): id is string {
  return typeof id === 'string' && NOTIFICATION_ID.test(id);
}

export const NOTIFICATION_MESSAGES = {
  readBody: 'Send { "ids": [...] } with the notifications to mark read, or { "all": true }',
  badId: 'Each id must be a notification id (a positive whole number)',
  tooManyIds: `At most ${NOTIFICATIONS_CAP} ids at once`,
} as const;

/** The body of POST /api/notifications/read, checked; or its problems, each under its field. */
export function parseNotificationsReadBody(body: unknown): NotificationsReadBody | FieldError[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [{ field: 'body', message: NOTIFICATION_MESSAGES.readBody }];
  const { ids, all } = body as { ids?: unknown; all?: unknown };
  if (all === true && ids === undefined) return { all: true };
  if (all !== undefined || !Array.isArray(ids)) return [{ field: 'body', message: NOTIFICATION_MESSAGES.readBody }];
  if (ids.length > NOTIFICATIONS_CAP) return [{ field: 'ids', message: NOTIFICATION_MESSAGES.tooManyIds }];
  if (!ids.every(isNotificationId)) return [{ field: 'ids', message: NOTIFICATION_MESSAGES.badId }];
  return { ids: [...new Set(ids)] };
}
