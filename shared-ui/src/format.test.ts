import { DASH, cellText, formatCallTime, formatCount, formatCountOf, formatDateTime, formatFixedPercent, formatDuration, formatShortDateTime, formatMoney, formatPercent, truncate } from './format';

describe('formatCallTime (America/New_York, "MMM dd hh:mm:ss a")', () => {
  test('summer time (EDT, UTC-4) and winter time (EST, UTC-5)', () => {
    expect(formatCallTime('2025-07-04T18:30:05Z')).toBe('Jul 04 02:30:05 PM');
    expect(formatCallTime('2025-01-15T05:00:00Z')).toBe('Jan 15 12:00:00 AM');
    expect(formatCallTime('2025-07-04T14:30:05-04:00')).toBe('Jul 04 02:30:05 PM');
    expect(formatCallTime(new Date('2025-12-31T23:59:59Z'))).toBe('Dec 31 06:59:59 PM');
  });

  test('across the spring-forward change (2025-03-09, 2 AM EST → 3 AM EDT)', () => {
    expect(formatCallTime('2025-03-09T06:59:59Z')).toBe('Mar 09 01:59:59 AM');
    expect(formatCallTime('2025-03-09T07:00:00Z')).toBe('Mar 09 03:00:00 AM');
  });

  test('across the fall-back change (2025-11-02): the 1 AM hour happens twice', () => {
    expect(formatCallTime('2025-11-02T05:30:00Z')).toBe('Nov 02 01:30:00 AM');
    expect(formatCallTime('2025-11-02T06:30:00Z')).toBe('Nov 02 01:30:00 AM');
    expect(formatCallTime('2025-11-02T07:30:00Z')).toBe('Nov 02 02:30:00 AM');
  });

  test.each([[null], [undefined], [''], ['   '], ['not a date'], ['2025-13-45T00:00:00Z']])('%j shows the dash', (value) => {
    expect(formatCallTime(value)).toBe(DASH);
  });

  test('formatDateTime names the New York offset', () => {
    expect(formatDateTime('2025-07-04T18:30:05Z')).toBe('Jul 4, 2025, 2:30:05 PM EDT');
    expect(formatDateTime('nope')).toBe(DASH);
  });

  test('formatShortDateTime reads to the minute, in New York', () => {
    expect(formatShortDateTime('2026-01-31T19:30:00.000Z')).toBe('Jan 31, 2026 2:30 PM');
    expect(formatShortDateTime(new Date('2026-07-04T16:05:00Z'))).toBe('Jul 4, 2026 12:05 PM');
    expect(formatShortDateTime('nope')).toBe(DASH);
  });
});

describe('truncate', () => {
  test('cuts at 20 characters plus an ellipsis', () => {
    expect(truncate('The caller asked about solar panels')).toBe('The caller asked abo…');
    expect(truncate('abcdefghijklmnopqrstu')).toBe('abcdefghijklmnopqrst…');
  });

  test('leaves 20 characters or fewer alone', () => {
    expect(truncate('abcdefghijklmnopqrst')).toBe('abcdefghijklmnopqrst');
    expect(truncate('short')).toBe('short');
    expect(truncate('')).toBe('');
    expect(truncate(null)).toBe('');
  });

  test('counts characters, not UTF-16 units, and takes another length', () => {
    expect(truncate('😀'.repeat(21))).toBe(`${'😀'.repeat(20)}…`);
    expect(truncate('abcdef', 3)).toBe('abc…');
  });
});

describe('cellText', () => {
  test('the dash for null, undefined and blank text; the value otherwise', () => {
    expect(cellText(null)).toBe(DASH);
    expect(cellText(undefined)).toBe(DASH);
    expect(cellText('')).toBe(DASH);
    expect(cellText('  ')).toBe(DASH);
    expect(cellText(Number.NaN)).toBe(DASH);
    expect(cellText(0)).toBe('0');
    expect(cellText(false)).toBe('false');
    expect(cellText('Sales')).toBe('Sales');
  });
});

describe('numbers', () => {
  test('formatDuration', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration('42')).toBe('0:42');
    expect(formatDuration(-1)).toBe(DASH);
    expect(formatDuration(null)).toBe(DASH);
    expect(formatDuration('abc')).toBe(DASH);
  });

  test('formatMoney', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-20)).toBe('-$20.00');
    expect(formatMoney('0.1')).toBe('$0.10');
    expect(formatMoney(10, 'EUR')).toBe('€10.00');
    expect(formatMoney(10, 'NOT-A-CODE')).toBe('10.00 NOT-A-CODE');
    expect(formatMoney(undefined)).toBe(DASH);
  });

  test('formatCount', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe(DASH);
  });

  test('formatPercent (percent units, as the API sends them)', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(3.14159, 2)).toBe('3.14%');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe(DASH);
  });
});

describe('formatFixedPercent and formatCountOf', () => {
  test('a column of percentages keeps one number of decimals', () => {
    expect([5, 12.345, 0, 100, -2.25].map((p) => formatFixedPercent(p))).toEqual(['5.0%', '12.3%', '0.0%', '100.0%', '-2.3%']);
    expect(formatFixedPercent(3.75, 2)).toBe('3.75%');
    expect([null, undefined, '', 'x'].map((p) => formatFixedPercent(p))).toEqual(['—', '—', '—', '—']);
  });

  test('a count says its noun in the singular for one only', () => {
    expect([0, 1, 2, 1234].map((n) => formatCountOf(n, 'payment'))).toEqual(['0 payments', '1 payment', '2 payments', '1,234 payments']);
    expect(formatCountOf(1, 'person', 'people')).toBe('1 person');
    expect(formatCountOf(3, 'person', 'people')).toBe('3 people');
  });
});
