import { formatShortDateTime } from '@callboard/shared-ui/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago a notification came, as the bell's panel says it: "just now", "5 min ago", "3 h ago", "2 d ago";
 * a week or more ago, its New York date and time. A time in the future (another machine's clock ahead) is "just now".
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const elapsed = now - Date.parse(iso);
  if (Number.isNaN(elapsed) || elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} d ago`;
  return formatShortDateTime(iso);
}

/** The bell's badge: the count, or "99+" past 99 (the spoken label keeps the real count). */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
