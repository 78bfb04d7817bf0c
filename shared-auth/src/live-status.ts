/**
 * What the tab's live connection (live-events.ts) tells the screens, as atoms
 * of the tab's one store: apart from the connection itself so that reading
 * them costs a screen next to nothing.
 */
import type { CallsChanged } from '@callboard/contract';
import type { Notification } from '@callboard/contract/notifications';
import { atom } from 'jotai';

/** 'live' while the stream is open; 'polling' while it is down and screens poll on their timers instead. */
export type LiveStatus = 'live' | 'polling';

export const liveStatusAtom = atom<LiveStatus>('polling');

/** The latest change the stream announced; `seq` grows by one with each, so an equal change is still news. */
export interface CallsChangeNotice {
  seq: number;
  change: CallsChanged;
}

export const callsChangedAtom = atom<CallsChangeNotice | null>(null);

/**
 * The latest notification the stream pushed (the signed-in person's own); `seq` grows by one with each. The
 * shell's header adds each to the notification list (shared-ui's notificationsAtom) as it is set, through a
 * store subscription, so two pushed in one tick are both added.
 */
export interface NotificationPush {
  seq: number;
  notification: Notification;
}

export const notificationPushedAtom = atom<NotificationPush | null>(null);
