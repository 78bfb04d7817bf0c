import { NOTIFICATIONS_CAP } from '@callboard/contract';
import type { Notification } from '@callboard/contract/notifications';
import { createStore } from 'jotai';
import { addNotificationsAtom, markNotificationsReadAtom, notificationsAtom, unreadNotificationCountAtom } from './notification-atoms';

const note = (id: number, readAt: string | null = null): Notification => ({
  id: String(id),
  kind: 'alert.fired',
  title: `Alert ${id}`,
  body: '',
  link: '/reporting',
  createdAt: '2026-11-28T12:00:00.000Z',
  readAt,
});
const ids = (store: ReturnType<typeof createStore>) => store.get(notificationsAtom).map((n) => n.id);

test('the list keeps the newest 200, newest first, and drops the oldest', () => {
  const store = createStore();
  store.set(addNotificationsAtom, Array.from({ length: 150 }, (_, i) => note(i + 1)));
  for (let id = 151; id <= 205; id += 1) store.set(addNotificationsAtom, [note(id)]);
  expect(store.get(notificationsAtom)).toHaveLength(NOTIFICATIONS_CAP);
  expect(ids(store)).toEqual(Array.from({ length: 200 }, (_, i) => String(205 - i)));
  // An older one arriving late (a page read before a push) does not push a newer one out.
  store.set(addNotificationsAtom, [note(3)]);
  expect(ids(store).at(-1)).toBe('6');
});

test('ids order as numbers, not as text', () => {
  const store = createStore();
  store.set(addNotificationsAtom, [note(9), note(10), note(100), note(99)]);
  expect(ids(store)).toEqual(['100', '99', '10', '9']);
});

test('one already listed is replaced, but once read stays read', () => {
  const store = createStore();
  store.set(addNotificationsAtom, [note(1, '2026-11-28T12:05:00.000Z'), note(2)]);
  store.set(addNotificationsAtom, [{ ...note(1), title: 'Again' }, note(2, '2026-11-28T12:06:00.000Z')]);
  expect(store.get(notificationsAtom)).toEqual([
    note(2, '2026-11-28T12:06:00.000Z'),
    { ...note(1, '2026-11-28T12:05:00.000Z'), title: 'Again' },
  ]);
});

test('the unread count, and marking some or all read', () => {
  const store = createStore();
  store.set(addNotificationsAtom, [note(1), note(2, '2026-11-28T12:00:00.000Z'), note(3), note(4)]);
  expect(store.get(unreadNotificationCountAtom)).toBe(3);
  store.set(markNotificationsReadAtom, { ids: ['3', '2'], readAt: '2026-11-28T13:00:00.000Z' });
  expect(store.get(notificationsAtom).map((n) => [n.id, n.readAt])).toEqual([
    ['4', null],
    ['3', '2026-11-28T13:00:00.000Z'],
    ['2', '2026-11-28T12:00:00.000Z'],
    ['1', null],
  ]);
  expect(store.get(unreadNotificationCountAtom)).toBe(2);
  store.set(markNotificationsReadAtom, { readAt: '2026-11-28T14:00:00.000Z' });
  expect(store.get(unreadNotificationCountAtom)).toBe(0);
  expect(store.get(notificationsAtom).find((n) => n.id === '3')?.readAt).toBe('2026-11-28T13:00:00.000Z');
});

test('the list is not persisted with the UI state', () => {
  const store = createStore();
  store.set(addNotificationsAtom, [note(1)]);
  expect(localStorage.getItem('callboard.ui') ?? '').not.toContain('Alert 1');
});
