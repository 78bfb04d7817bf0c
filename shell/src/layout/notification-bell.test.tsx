import { NOTIFICATIONS_PATH, NOTIFICATIONS_READ_PATH, type Notification } from '@callboard/contract/notifications';
import { liveStatusAtom, notificationPushedAtom } from '@callboard/shared-auth/live-status';
import type { FakeRequest } from '@callboard/shared-auth/testing/render-in-host';
import { notificationsAtom } from '@callboard/shared-ui/notification-atoms';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderDashboard } from './testing';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function makeNotification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: String(id),
    kind: 'alert.fired',
    title: `Alert ${id}`,
    body: `Voicemail share above 30% (${id})`,
    link: `/callLogs?publisher=${id}`,
    createdAt: ago(id * MINUTE),
    readAt: null,
    ...overrides,
  };
}

const READ_AT = '2026-11-28T12:00:00.000Z';

/** The fake server's notifications and what was asked of it. */
function fakeServer(notifications: Notification[]) {
  const reads: unknown[] = [];
  const api = (request: FakeRequest) => {
    if (request.path === NOTIFICATIONS_PATH) {
      return { body: { success: true, data: { notifications, unreadCount: notifications.filter((n) => n.readAt === null).length } } };
    }
    if (request.path === NOTIFICATIONS_READ_PATH) {
      reads.push(request.body);
      const body = request.body as { ids?: string[]; all?: true };
      const marked = notifications.filter((n) => n.readAt === null && (body.all || body.ids?.includes(n.id)));
      for (const n of marked) n.readAt = READ_AT;
      return { body: { success: true, data: { marked: marked.length, readAt: READ_AT, unreadCount: notifications.filter((n) => n.readAt === null).length } } };
    }
    return { body: { success: true, message: 'Logged out' } };
  };
  return { api, reads };
}

const bell = (name: string | RegExp) => within(screen.getByRole('banner')).getByRole('button', { name });

test('the bell shows the unread count from the server', async () => {
  const server = fakeServer([makeNotification(3), makeNotification(2, { readAt: ago(MINUTE) }), makeNotification(1)]);
  const { requests } = await renderDashboard({ api: server.api });
  expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toHaveTextContent('2');
  expect(requests(NOTIFICATIONS_PATH)[0]!.query.get('limit')).toBe('200');
});

test('with none unread the bell has no badge', async () => {
  const none = fakeServer([makeNotification(1, { readAt: ago(MINUTE) })]);
  const { store } = await renderDashboard({ api: none.api });
  await waitFor(() => expect(store.get(notificationsAtom)).toHaveLength(1));
  expect(bell('Notifications')).toHaveTextContent('');
});

test('past 99 unread the badge says 99+, and the label the real count', async () => {
  const server = fakeServer(Array.from({ length: 150 }, (_, i) => makeNotification(i + 1)));
  await renderDashboard({ api: server.api });
  expect(await screen.findByRole('button', { name: 'Notifications, 150 unread' })).toHaveTextContent('99+');
});

test('the panel lists them newest first, unread marked, with how long ago', async () => {
  const server = fakeServer([
    makeNotification(1, { kind: 'report.sent', title: 'Weekly report sent', body: '' }),
    makeNotification(30, { kind: 'dispute.decided', title: 'Dispute accepted: call c-9', readAt: ago(MINUTE), createdAt: ago(3 * 60 * MINUTE) }),
    makeNotification(12, { createdAt: ago(12 * MINUTE) }),
  ]);
  const { user } = await renderDashboard({ api: server.api });
  await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  const panel = screen.getByRole('dialog', { name: 'Notifications' });
  expect(bell(/Notifications/)).toHaveAttribute('aria-expanded', 'true');
  const links = within(panel).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
    'Dispute decided: Dispute accepted: call c-9. Voicemail share above 30% (30). 3 h ago.',
    'Unread. Alert fired: Alert 12. Voicemail share above 30% (12). 12 min ago.',
    'Unread. Report sent: Weekly report sent. 1 min ago.',
  ]);
  // Unread ones are drawn with a dot, the time under the text.
  expect(links.map((link) => link.querySelector('.notification-item__dot') !== null)).toEqual([false, true, true]);
  expect(within(links[1]!).getByText('12 min ago').tagName).toBe('TIME');
  expect(links[1]).toHaveAttribute('href', '/callLogs?publisher=12');
  // Focus moved into the panel, on its first control.
  expect(within(panel).getByRole('button', { name: 'Mark all read' })).toHaveFocus();
});

test('choosing one opens its view through the router and marks it read', async () => {
  const server = fakeServer([makeNotification(2), makeNotification(1)]);
  const { user, router } = await renderDashboard({ api: server.api });
  await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Notifications' })).getByRole('link', { name: /Alert 1/ }));

  expect(router.pathname).toBe('/callLogs');
  expect(router.search).toBe('?publisher=1');
  expect(router.action).toBe('PUSH');
  expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  expect(server.reads).toEqual([{ ids: ['1'] }]);
});

test('Mark all read marks every one, and the badge goes', async () => {
  const server = fakeServer([makeNotification(3), makeNotification(2), makeNotification(1)]);
  const { user, store } = await renderDashboard({ api: server.api });
  await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
  await user.click(screen.getByRole('button', { name: 'Mark all read' }));
  expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  expect(server.reads).toEqual([{ all: true }]);
  expect(store.get(notificationsAtom).map((n) => n.readAt)).toEqual([READ_AT, READ_AT, READ_AT]);
  expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});

test('Escape closes the panel and gives focus back to the bell', async () => {
  const server = fakeServer([]);
  const { user } = await renderDashboard({ api: server.api });
  await user.click(bell('Notifications'));
  expect(within(screen.getByRole('dialog', { name: 'Notifications' })).getByText('No notifications yet.')).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  expect(bell('Notifications')).toHaveFocus();
  expect(bell('Notifications')).toHaveAttribute('aria-expanded', 'false');
});

test('a press outside the panel closes it', async () => {
  const { user } = await renderDashboard({ api: fakeServer([]).api });
  await user.click(bell('Notifications'));
  await user.click(screen.getByRole('main'));
  expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
});

test('each live notification is added at once, two in one tick both, newest first', async () => {
  const server = fakeServer([makeNotification(1, { readAt: ago(MINUTE) })]);
  const { store, user } = await renderDashboard({ api: server.api });
  await waitFor(() => expect(store.get(notificationsAtom)).toHaveLength(1));
  act(() => {
    store.set(notificationPushedAtom, { seq: 1, notification: makeNotification(7, { title: 'Pushed first', createdAt: ago(0) }) });
    store.set(notificationPushedAtom, { seq: 2, notification: makeNotification(8, { title: 'Pushed second', createdAt: ago(0) }) });
  });
  await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  const titles = within(screen.getByRole('dialog', { name: 'Notifications' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('.notification-item__title')!.textContent);
  expect(titles).toEqual(['Pushed second', 'Pushed first', 'Alert 1']);
});

test('when the live stream comes back, the list is read again: what was made while it was down shows', async () => {
  const list = [makeNotification(1)];
  const server = fakeServer(list);
  const { store, requests } = await renderDashboard({ api: server.api });
  await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  // Made while the stream was down: no event told of it.
  list.unshift(makeNotification(2, { title: 'Made while the stream was down' }));
  act(() => store.set(liveStatusAtom, 'live'));
  expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  expect(requests(NOTIFICATIONS_PATH)).toHaveLength(2);
});

test('a View as session reads the partner’s notifications but marks none read', async () => {
  const server = fakeServer([makeNotification(2), makeNotification(1)]);
  const { user, router } = await renderDashboard({ api: server.api, account: { role: 'partner', viewAsBy: { id: 'admin-1', name: 'Ada Admin' } } });
  await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  const panel = screen.getByRole('dialog', { name: 'Notifications' });
  expect(within(panel).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  await user.click(within(panel).getByRole('link', { name: /Alert 2/ }));
  expect(router.search).toBe('?publisher=2');
  expect(server.reads).toEqual([]);
});

test('a list the server cannot give leaves the bell at 0, and the frame signed in', async () => {
  await renderDashboard({ api: (request) => (request.path === NOTIFICATIONS_PATH ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'x' } } : undefined) });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(bell('Notifications')).toBeInTheDocument();
});
