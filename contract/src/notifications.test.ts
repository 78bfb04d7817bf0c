import { NOTIFICATION_MESSAGES, NOTIFICATIONS_CAP, isNotificationLink, parseNotificationsReadBody, readNotification } from './notifications';

test.each(['/', '/reporting', '/reporting?publisher=3&datePreset=custom&startDate=2025-06-01T00:00', '/callLogs/calls/12'])('%s is a link of the app', (link) => {
  expect(isNotificationLink(link)).toBe(true);
});

test.each([
  ['a whole URL', 'https://evil.example/'],
  ['a protocol-relative URL', '//evil.example/'],
  ['a backslash host', '/\\evil.example'],
  ['a relative path', 'reporting'],
  ['a control character', '/reporting\n'],
  ['javascript:', 'javascript:alert(1)'],
  ['too long', `/${'a'.repeat(2000)}`],
  ['not text', 42],
])('%s is not', (_name, link) => {
  expect(isNotificationLink(link)).toBe(false);
});

test('the read body: ids (deduplicated) or all', () => {
  expect(parseNotificationsReadBody({ ids: ['3', '1', '3'] })).toEqual({ ids: ['3', '1'] });
  expect(parseNotificationsReadBody({ ids: [] })).toEqual({ ids: [] });
  expect(parseNotificationsReadBody({ all: true })).toEqual({ all: true });
});

test('anything else names its problem', () => {
  const body = [{ field: 'body', message: NOTIFICATION_MESSAGES.readBody }];
  expect(parseNotificationsReadBody(null)).toEqual(body);
  expect(parseNotificationsReadBody([])).toEqual(body);
  expect(parseNotificationsReadBody({ all: false })).toEqual(body);
  expect(parseNotificationsReadBody({ all: true, ids: [] })).toEqual(body);
  expect(parseNotificationsReadBody({ ids: 'x' })).toEqual(body);
  expect(parseNotificationsReadBody({ ids: ['01'] })).toEqual([{ field: 'ids', message: NOTIFICATION_MESSAGES.badId }]);
  expect(parseNotificationsReadBody({ ids: [5] })).toEqual([{ field: 'ids', message: NOTIFICATION_MESSAGES.badId }]);
  expect(parseNotificationsReadBody({ ids: Array.from({ length: NOTIFICATIONS_CAP + 1 }, (_, i) => String(i + 1)) })).toEqual([
    { field: 'ids', message: NOTIFICATION_MESSAGES.tooManyIds },
  ]);
});

test('readNotification takes a notification as the API gives it, and nothing else', () => {
  const notification = { id: '7', kind: 'report.sent', title: 'Weekly report', body: '', link: '/reporting', createdAt: '2026-11-28T12:00:00.000Z', readAt: null };
  expect(readNotification(notification)).toEqual(notification);
  expect(readNotification({ ...notification, readAt: '2026-11-28T13:00:00.000Z', extra: 1 })).toEqual({ ...notification, readAt: '2026-11-28T13:00:00.000Z' });
  for (const bad of [null, 'x', { ...notification, id: 7 }, { ...notification, kind: 'x' }, { ...notification, link: '//x' }, { ...notification, createdAt: 'soon' }, { ...notification, readAt: 'never' }, { ...notification, title: 3 }]) {
    expect(readNotification(bad)).toBeNull();
  }
});
