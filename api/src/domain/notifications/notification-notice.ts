/**
 * What one NOTIFY on the notifications channel carries between the instances: which notifications were just
 * made, and for whom. Not the notifications themselves: a title and body may be long (and any language's
 * characters), and a payload is limited to 8000 bytes; ids fit by the hundred. The instance that holds the
 * recipient's open stream reads the rows by id (domain/notifications/notification-feed.ts), and the row's own
 * owner decides whose stream gets it, so a payload made up by anyone else connected to the database can at most
 * make a notification reach its own owner again.
 */

/** The NOTIFY channel every instance on one database publishes notifications to and listens on. */
export const NOTIFICATIONS_CHANNEL = 'callboard_notifications';

/** One notification as a notice carries it: its recipient and its id. */
export interface NoticeEntry {
  userId: string;
  id: string;
}

/** Under PostgreSQL's (and PGlite's) 8000-byte payload limit, with room to spare. */
export const NOTIFICATION_NOTICE_MAX_BYTES = 7_600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^[1-9]\d{0,18}$/;

/** On the wire: `[[userId, id], …]`, positional to fit more in a payload. */
type WireEntry = [string, string];

/** The payloads that announce these notifications: as many entries in each as fit (one payload for any ordinary batch). */
export function encodeNotificationNotices(entries: readonly NoticeEntry[]): string[] {
  const payloads: string[] = [];
  let current: WireEntry[] = [];
  let size = 2;
  for (const entry of entries) {
    const wire: WireEntry = [entry.userId, entry.id];
    const added = JSON.stringify(wire).length + 1;
    if (size + added > NOTIFICATION_NOTICE_MAX_BYTES && current.length > 0) {
      payloads.push(JSON.stringify(current));
      current = [];
      size = 2;
    }
    current.push(wire);
    size += added;
  }
  if (current.length > 0) payloads.push(JSON.stringify(current));
  return payloads;
}

/** A payload's entries, when it is one of ours; null otherwise. */
export function parseNotificationNotice(payload: string): NoticeEntry[] | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const entries: NoticeEntry[] = [];
  for (const item of value as unknown[]) {
    if (!Array.isArray(item) || item.length !== 2) return null;
    const [userId, id] = item as unknown[];
    if (typeof userId !== 'string' || !UUID.test(userId) || typeof id !== 'string' || !ID.test(id)) return null;
    entries.push({ userId: userId.toLowerCase(), id });
  }
  return entries;
}
