import { randomUUID } from 'node:crypto';
import { encodeNotificationNotices, NOTIFICATION_NOTICE_MAX_BYTES, parseNotificationNotice, type NoticeEntry } from './notification-notice';

const entry = (id: number): NoticeEntry => ({ userId: randomUUID(), id: String(id) });

test('a batch round-trips in one payload', () => {
  const entries = [entry(1), entry(22), entry(333)];
  const payloads = encodeNotificationNotices(entries);
  expect(payloads).toHaveLength(1);
  expect(parseNotificationNotice(payloads[0]!)).toEqual(entries);
});

test('a large batch is split into payloads under the limit, every entry kept in order', () => {
  const entries = Array.from({ length: 1000 }, (_, i) => entry(9_000_000_000 + i));
  const payloads = encodeNotificationNotices(entries);
  expect(payloads.length).toBeGreaterThan(1);
  for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTIFICATION_NOTICE_MAX_BYTES);
  expect(payloads.flatMap((payload) => parseNotificationNotice(payload)!)).toEqual(entries);
});

test('nothing to announce is no payload', () => {
  expect(encodeNotificationNotices([])).toEqual([]);
});

test.each([
  ['not json', 'x'],
  ['not a list', '{"a":1}'],
  ['an entry of the wrong shape', '[["a","1","2"]]'],
  ['a user that is not a uuid', '[["someone","1"]]'],
  ['an id that is not a positive whole number', `[["${randomUUID()}","-1"]]`],
  ['an id as a number', `[["${randomUUID()}",1]]`],
])('a payload that is not ours is refused: %s', (_name, payload) => {
  expect(parseNotificationNotice(payload)).toBeNull();
});

test('a user id is read in lower case, as the database writes it', () => {
  const id = randomUUID();
  expect(parseNotificationNotice(JSON.stringify([[id.toUpperCase(), '7']]))).toEqual([{ userId: id, id: '7' }]);
});
