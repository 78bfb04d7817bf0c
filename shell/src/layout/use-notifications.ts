import { NOTIFICATIONS_CAP } from '@callboard/contract';
import {
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  readNotification,
  type Notification,
  type NotificationsReadBody,
  type NotificationsReadResult,
} from '@callboard/contract/notifications';
import { liveStatusAtom, notificationPushedAtom } from '@callboard/shared-auth/live-status';
import { userAtom } from '@callboard/shared-auth/session';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { addNotificationsAtom, markNotificationsReadAtom, notificationsAtom } from '@callboard/shared-ui/notification-atoms';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';

/** Coming back to the tab reads the list again (read elsewhere, or pushed while the stream was down), at most this often. */
export const NOTIFICATIONS_FOCUS_REFRESH_MS = 30_000;

/** The notifications of an answer of GET /api/notifications; an answer of another shape gives none. */
function notificationsOf(body: unknown): Notification[] {
  const list = (body as { data?: { notifications?: unknown } } | null)?.data?.notifications;
  return Array.isArray(list) ? list.map(readNotification).filter((n): n is Notification => n !== null) : [];
}

/**
 * Keeps the shared notification list (shared-ui's notificationsAtom) filled while the signed-in frame is up:
 * emptied and read from the server when a person signs in (or the account changes: a View as), each live
 * `notification` event added as it comes, and read again when the live stream comes back after a drop and when
 * the tab regains focus (at most every 30 s), so what was pushed while the stream was down, or marked read in
 * another tab, shows. Emptied when the frame goes (signing out), so the next person never sees it.
 */
export function useNotificationsSync(): void {
  const store = useStore();
  const apiFetch = useApiFetch();
  const userId = useAtomValue(userAtom)?.id;
  const live = useAtomValue(liveStatusAtom);
  const add = useSetAtom(addNotificationsAtom);
  const setList = useSetAtom(notificationsAtom);
  // Whose list is being read, and when it last was: an answer for an earlier account is dropped.
  const owner = useRef<string | undefined>(undefined);
  const lastLoadAt = useRef(0);

  const load = useCallback(() => {
    const asked = owner.current;
    lastLoadAt.current = Date.now();
    apiFetch(NOTIFICATIONS_PATH, { query: { limit: NOTIFICATIONS_CAP } }).then(
      (body) => {
        if (owner.current === asked) add(notificationsOf(body));
      },
      // The bell keeps what it has; the next focus or live reconnection asks again.
      () => {},
    );
  }, [apiFetch, add]);

  useEffect(() => {
    owner.current = userId;
    setList([]);
    if (userId !== undefined) load();
    return () => {
      owner.current = undefined;
      setList([]);
    };
  }, [userId, load, setList]);

  // A subscription, not an effect on the atom's value: two pushes in one tick are both added.
  useEffect(
    () =>
      store.sub(notificationPushedAtom, () => {
        const push = store.get(notificationPushedAtom);
        if (push && owner.current !== undefined) add([push.notification]);
      }),
    [store, add],
  );

  const wasLive = useRef(live);
  useEffect(() => {
    const cameBack = live === 'live' && wasLive.current !== 'live';
    wasLive.current = live;
    if (cameBack && owner.current !== undefined) load();
  }, [live, load]);

  useEffect(() => {
    const onFocus = () => {
      if (owner.current !== undefined && Date.now() - lastLoadAt.current >= NOTIFICATIONS_FOCUS_REFRESH_MS) load();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [load]);
}

/**
 * Marks notifications read on the server (these ids, or all) and then in the list, with the time the server
 * gave. Rejects with the API's error; a View as session never asks (the server keeps a partner's list as the
 * partner left it).
 */
export function useMarkNotificationsRead(): (which: NotificationsReadBody) => Promise<void> {
  const apiFetch = useApiFetch();
  const markRead = useSetAtom(markNotificationsReadAtom);
  const viewAs = useAtomValue(userAtom)?.viewAsBy !== undefined;
  return useCallback(
    async (which) => {
      if (viewAs) return;
      const body = await apiFetch<{ data: NotificationsReadResult }>(NOTIFICATIONS_READ_PATH, { method: 'POST', body: which });
      markRead({ ids: 'ids' in which ? which.ids : undefined, readAt: body.data.readAt });
    },
    [apiFetch, markRead, viewAs],
  );
}
