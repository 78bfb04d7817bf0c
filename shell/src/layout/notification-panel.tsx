import { NOTIFICATION_KIND_LABELS, type Notification, type NotificationKind } from '@callboard/contract/notifications';
import { userAtom } from '@callboard/shared-auth/session';
import { useFocusTrap } from '@callboard/shared-ui/focus-trap';
import {
  DollarIcon,
  InboxIcon,
  PauseIcon,
  SuccessIcon,
  UploadIcon,
  WarningIcon,
  type IconProps,
} from '@callboard/shared-ui/icons';
import { notificationsAtom, unreadNotificationCountAtom } from '@callboard/shared-ui/notification-atoms';
import { Link } from '@callboard/shared-router';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import toast from 'react-hot-toast';
import { timeAgo } from './notification-time';
import { useMarkNotificationsRead } from './use-notifications';

/** Each kind's icon, drawn beside the title (the item's label speaks the kind instead). */
const KIND_ICONS: Record<NotificationKind, ComponentType<IconProps>> = {
  'alert.fired': WarningIcon,
  'alert.resolved': SuccessIcon,
  'report.sent': InboxIcon,
  'endpoint.paused': PauseIcon,
  'dispute.decided': DollarIcon,
  'import.finished': UploadIcon,
};

export const NOTIFICATION_PANEL_ID = 'notification-panel';

export interface NotificationPanelProps {
  /** Closes the panel; focus goes back to the bell. */
  onClose: () => void;
  /** The bell: a press on it is its own (it toggles the panel), not a press outside. */
  anchorRef: RefObject<HTMLElement | null>;
}

/**
 * The bell's panel: the person's notifications, newest first, each with its kind's icon, title, body, how long
 * ago, and whether it is unread; each is a link to the view it is about, followed through the router (no
 * reload), which also marks it read and closes the panel. "Mark all read" at the top. A dialog: focus moves in
 * and Tab stays inside; Escape, the bell or a press outside closes it, and focus goes back to the bell.
 */
export function NotificationPanel({ onClose, anchorRef }: NotificationPanelProps) {
  const notifications = useAtomValue(notificationsAtom);
  const unread = useAtomValue(unreadNotificationCountAtom);
  const viewAs = useAtomValue(userAtom)?.viewAsBy !== undefined;
  const markRead = useMarkNotificationsRead();
  const [marking, setMarking] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const onKeyDown = useFocusTrap(panelRef, { onEscape: onClose });
  // "2 min ago" is read when the panel opens: it is open for moments, not minutes.
  const [now] = useState(() => Date.now());

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !anchorRef.current?.contains(target)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose, anchorRef]);

  const markAll = () => {
    setMarking(true);
    markRead({ all: true }).then(
      () => setMarking(false),
      (error: unknown) => {
        setMarking(false);
        toast.error(error instanceof Error && error.message ? error.message : 'Could not mark the notifications read');
      },
    );
  };

  const opened = (notification: Notification) => {
    // Read in the background: the view opens at once, and a failure leaves it unread for another try.
    if (notification.readAt === null) markRead({ ids: [notification.id] }).catch(() => {});
    onClose();
  };

  return (
    <div
      ref={panelRef}
      id={NOTIFICATION_PANEL_ID}
      className="notification-panel"
      role="dialog"
      aria-labelledby="notification-panel-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="notification-panel__header">
        <h2 id="notification-panel-title" className="notification-panel__title">
          Notifications
        </h2>
        {viewAs ? null : (
          <button type="button" className="notification-panel__mark-all" disabled={unread === 0 || marking} onClick={markAll}>
            Mark all read
          </button>
        )}
      </div>
      {notifications.length === 0 ? (
        <p className="notification-panel__empty">No notifications yet.</p>
      ) : (
        <ul className="notification-panel__list">
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} now={now} onOpen={opened} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** What a screen reader says for one notification: whether unread, its kind, title, body and when, as sentences. */
export function notificationLabel(notification: Notification, when: string): string {
  const parts = [`${NOTIFICATION_KIND_LABELS[notification.kind]}: ${notification.title}`, notification.body, when].filter((part) => part !== '');
  return `${notification.readAt === null ? 'Unread. ' : ''}${parts.map((part) => part.replace(/[.!?]?$/, (end) => end || '.')).join(' ')}`;
}

function NotificationItem({ notification, now, onOpen }: { notification: Notification; now: number; onOpen: (n: Notification) => void }) {
  const Icon = KIND_ICONS[notification.kind];
  const unread = notification.readAt === null;
  const when = timeAgo(notification.createdAt, now);
  return (
    <li>
      <Link
        to={notification.link}
        className={unread ? 'notification-item notification-item--unread' : 'notification-item'}
        aria-label={notificationLabel(notification, when)}
        onClick={() => onOpen(notification)}
      >
        <span className={`notification-item__icon notification-item__icon--${notification.kind.replace('.', '-')}`}>
          <Icon size={16} />
        </span>
        <span className="notification-item__text">
          <span className="notification-item__title">{notification.title}</span>
          {notification.body ? <span className="notification-item__body">{notification.body}</span> : null}
          <time className="notification-item__time" dateTime={notification.createdAt}>
            {when}
          </time>
        </span>
        {unread ? <span className="notification-item__dot" aria-hidden="true" /> : null}
      </Link>
    </li>
  );
}
