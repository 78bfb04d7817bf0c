import { badgeText, timeAgo } from './notification-time';

const NOW = Date.parse('2026-11-28T17:00:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();

test.each([
  [0, 'just now'],
  [59_000, 'just now'],
  [-5 * 60_000, 'just now'],
  [60_000, '1 min ago'],
  [59 * 60_000, '59 min ago'],
  [60 * 60_000, '1 h ago'],
  [23 * 3_600_000 + 59 * 60_000, '23 h ago'],
  [24 * 3_600_000, '1 d ago'],
  [6 * 86_400_000, '6 d ago'],
])('%i ms ago reads %s', (ms, text) => {
  expect(timeAgo(before(ms), NOW)).toBe(text);
});

test('a week or more ago is the New York date and time', () => {
  expect(timeAgo('2026-11-20T17:00:00Z', NOW)).toBe('Nov 20, 2026 12:00 PM');
});

test('the badge caps at 99+', () => {
  expect([1, 99, 100, 150].map(badgeText)).toEqual(['1', '99', '99+', '99+']);
});
