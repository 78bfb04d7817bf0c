import { formatInNewYork, fromNewYorkWallClock, inNewYork, newYorkInputToIso, parseNewYorkTime, toNewYorkInput } from './new-york-time';

test('text without an offset is New York wall-clock time; with one, that instant', () => {
  expect(parseNewYorkTime('2026-01-31T14:30').toISO()).toBe('2026-01-31T14:30:00.000-05:00');
  expect(parseNewYorkTime(' 2026-07-04T12:05 ').toISO()).toBe('2026-07-04T12:05:00.000-04:00');
  expect(parseNewYorkTime('2026-07-04').toISO()).toBe('2026-07-04T00:00:00.000-04:00');
  expect(parseNewYorkTime('2026-07-04T16:05:00Z').toISO()).toBe('2026-07-04T12:05:00.000-04:00');
  expect(parseNewYorkTime('soon').isValid).toBe(false);
});

test('an instant of any kind on the New York clock', () => {
  const instant = new Date('2026-02-01T03:30:00Z');
  expect(inNewYork(instant).toISO()).toBe('2026-01-31T22:30:00.000-05:00');
  expect(inNewYork(instant.getTime()).toISO()).toBe('2026-01-31T22:30:00.000-05:00');
  expect(inNewYork('2026-02-01T03:30:00Z').toISO()).toBe('2026-01-31T22:30:00.000-05:00');
});

test('wall-clock fields the New York clock never shows are refused', () => {
  const iso = (time: ReturnType<typeof fromNewYorkWallClock>) => (typeof time === 'string' ? time : time.toISO());
  expect(iso(fromNewYorkWallClock({ year: 2026, month: 3, day: 8, hour: 1, minute: 59 }))).toBe('2026-03-08T01:59:00.000-05:00');
  expect(fromNewYorkWallClock({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 })).toBe('skipped');
  expect(fromNewYorkWallClock({ year: 2026, month: 2, day: 30, hour: 9, minute: 0 })).toBe('invalid');
  expect(fromNewYorkWallClock({ year: 2026, month: 2, day: 3, hour: 24, minute: 0 })).toBe('invalid');
  // The repeated hour of the fall-back night is read as standard time.
  expect(iso(fromNewYorkWallClock({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }))).toBe('2026-11-01T01:30:00.000-05:00');
});

test('formats in New York, in US English; null when unreadable', () => {
  expect(formatInNewYork('2025-07-04T18:30:05Z', 'MMM dd hh:mm:ss a')).toBe('Jul 04 02:30:05 PM');
  expect(formatInNewYork(new Date('2026-01-31T19:30:00Z'), 'MMM d, yyyy h:mm a')).toBe('Jan 31, 2026 2:30 PM');
  expect(formatInNewYork('not a time', 'MMM d')).toBeNull();
});

test('datetime-local values to and from instants', () => {
  expect(toNewYorkInput('2026-07-04T16:05:00.000Z')).toBe('2026-07-04T12:05');
  expect(toNewYorkInput(new Date('2026-02-01T03:30:00Z'))).toBe('2026-01-31T22:30');
  expect(toNewYorkInput('garbage')).toBe('');
  expect(newYorkInputToIso('2026-11-20T09:00')).toBe('2026-11-20T09:00:00-05:00');
  expect(newYorkInputToIso(' 2026-06-01T09:00 ')).toBe('2026-06-01T09:00:00-04:00');
  expect(newYorkInputToIso(' soon ')).toBe('soon');
});
