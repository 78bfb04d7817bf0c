import { BellIcon } from '@callboard/shared-ui/icons';
import { unreadNotificationCountAtom } from '@callboard/shared-ui/notification-atoms';
import { useAtomValue } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { badgeText } from './notification-time';
import { NOTIFICATION_PANEL_ID, NotificationPanel } from './notification-panel';
import { useNotificationsSync } from './use-notifications';
import './notifications.css';

/** What the bell is called: its unread count is spoken in full, whatever the badge shows. */
export function bellLabel(unread: number): string {
  return unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
}

/**
 * The header's bell: the unread count as a badge (none at 0, "99+" past 99), and the panel of notifications
 * it opens and closes. It also keeps the notification list filled (useNotificationsSync): the header is on
 * every signed-in page, and comes with the signed-in frame, so /login loads none of it.
 */
export function NotificationBell() {
  useNotificationsSync();
  const unread = useAtomValue(unreadNotificationCountAtom);
  const [open, setOpen] = useState(false);
  const bellRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const label = bellLabel(unread);
  return (
    <span className="notification-bell">
      <button
        ref={bellRef}
        type="button"
        className="app-header__icon-button notification-bell__button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? NOTIFICATION_PANEL_ID : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon size={16} />
        {unread > 0 ? (
          <span className="notification-bell__badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? <NotificationPanel onClose={close} anchorRef={bellRef} /> : null}
    </span>
  );
}
