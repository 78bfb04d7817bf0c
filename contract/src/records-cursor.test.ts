import { formatRecordsCursor, parseRecordsCursor, RECORDS_CURSOR_MESSAGES } from './records-cursor';

test('a cursor names a call time to the microsecond and an id, and reads back as it was written', () => {
  const key = { callMicros: '1773079200123456', id: '999999999999999999' };
  expect(formatRecordsCursor(key)).toBe('1773079200123456.999999999999999999');
  expect(parseRecordsCursor(formatRecordsCursor(key))).toEqual(key);
  expect(parseRecordsCursor('0.1')).toEqual({ callMicros: '0', id: '1' });
});

test.each([
  '',
  '1773079200123456',
  '1773079200123456.',
  '.12',
  '01773079200123456.12',
  '1773079200123456.012',
  '1773079200123456.0',
  '-1773079200123456.12',
  '1773079200123456.12.3',
  '2026-03-09T18:00:00.000Z,12',
  '177307920012345600.12',
  '1773079200123456.1234567890123456789',
  ' 1773079200123456.12',
])('%j is refused, naming the cursor field', (raw) => {
  expect(parseRecordsCursor(raw)).toEqual({ field: 'cursor', message: RECORDS_CURSOR_MESSAGES.invalid });
});
