import { DateTime } from 'luxon';
import { autoBucket, bucketBounds, newYorkIso, nextBoundary } from './series-buckets';

const ny = (local: string) => DateTime.fromISO(local, { zone: 'America/New_York' }).toJSDate();
const range = (from: string, to: string) => ({ from: ny(from), to: ny(to) });
const isoBounds = (bounds: readonly Date[] | { tooMany: number }) => {
  if ('tooMany' in bounds) throw new Error(`too many: ${bounds.tooMany}`);
  return bounds.map(newYorkIso);
};

describe('series buckets', () => {
  test('hours on the 23-hour day: 23 buckets, 01:00 is followed by 03:00', () => {
    const bounds = isoBounds(bucketBounds(range('2026-03-08T00:00', '2026-03-09T00:00'), 'hour'));
    expect(bounds).toHaveLength(24);
    expect(bounds.slice(0, 4)).toEqual(['2026-03-08T00:00:00.000-05:00', '2026-03-08T01:00:00.000-05:00', '2026-03-08T03:00:00.000-04:00', '2026-03-08T04:00:00.000-04:00']);
    expect(bounds.at(-1)).toBe('2026-03-09T00:00:00.000-04:00');
  });

  test('hours on the 25-hour day: 25 buckets, the repeated 01:00 twice, told apart by its offset', () => {
    const bounds = isoBounds(bucketBounds(range('2026-11-01T00:00', '2026-11-02T00:00'), 'hour'));
    expect(bounds).toHaveLength(26);
    expect(bounds.slice(0, 4)).toEqual(['2026-11-01T00:00:00.000-04:00', '2026-11-01T01:00:00.000-04:00', '2026-11-01T01:00:00.000-05:00', '2026-11-01T02:00:00.000-05:00']);
  });

  test('days across both clock changes are whole New York days (23, 24 and 25 hours)', () => {
    const spring = bucketBounds(range('2026-03-07T00:00', '2026-03-10T00:00'), 'day') as readonly Date[];
    expect(spring.map(newYorkIso)).toEqual(['2026-03-07T00:00:00.000-05:00', '2026-03-08T00:00:00.000-05:00', '2026-03-09T00:00:00.000-04:00', '2026-03-10T00:00:00.000-04:00']);
    expect((spring[2]!.getTime() - spring[1]!.getTime()) / 3_600_000).toBe(23);
    const fall = bucketBounds(range('2026-11-01T00:00', '2026-11-02T00:00'), 'day') as readonly Date[];
    expect((fall[1]!.getTime() - fall[0]!.getTime()) / 3_600_000).toBe(25);
  });

  test('the first and last buckets are clipped to the range', () => {
    expect(isoBounds(bucketBounds(range('2026-06-10T09:30', '2026-06-10T12:15'), 'hour'))).toEqual([
      '2026-06-10T09:30:00.000-04:00',
      '2026-06-10T10:00:00.000-04:00',
      '2026-06-10T11:00:00.000-04:00',
      '2026-06-10T12:00:00.000-04:00',
      '2026-06-10T12:15:00.000-04:00',
    ]);
    expect(isoBounds(bucketBounds(range('2026-06-10T09:30', '2026-06-12T15:00'), 'day'))).toEqual([
      '2026-06-10T09:30:00.000-04:00',
      '2026-06-11T00:00:00.000-04:00',
      '2026-06-12T00:00:00.000-04:00',
      '2026-06-12T15:00:00.000-04:00',
    ]);
  });

  test('weeks start on Monday, months on the 1st', () => {
    // 2026-01-01 is a Thursday: the first week is clipped to Thursday-Sunday.
    expect(isoBounds(bucketBounds(range('2026-01-01T00:00', '2026-01-20T00:00'), 'week'))).toEqual([
      '2026-01-01T00:00:00.000-05:00',
      '2026-01-05T00:00:00.000-05:00',
      '2026-01-12T00:00:00.000-05:00',
      '2026-01-19T00:00:00.000-05:00',
      '2026-01-20T00:00:00.000-05:00',
    ]);
    expect(isoBounds(bucketBounds(range('2026-02-15T00:00', '2026-04-02T00:00'), 'month'))).toEqual([
      '2026-02-15T00:00:00.000-05:00',
      '2026-03-01T00:00:00.000-05:00',
      '2026-04-01T00:00:00.000-04:00',
      '2026-04-02T00:00:00.000-04:00',
    ]);
    // A week across the spring clock change is still Monday to Monday.
    expect(newYorkIso(nextBoundary(ny('2026-03-04T12:00'), 'week'))).toBe('2026-03-09T00:00:00.000-04:00');
  });

  test('a range that is one bucket exactly is one bucket', () => {
    expect(isoBounds(bucketBounds(range('2026-06-01T00:00', '2026-07-01T00:00'), 'month'))).toEqual(['2026-06-01T00:00:00.000-04:00', '2026-07-01T00:00:00.000-04:00']);
  });

  test('more buckets than allowed is refused with their count', () => {
    expect(bucketBounds(range('2025-01-01T00:00', '2026-01-01T00:00'), 'hour')).toEqual({ tooMany: 8760 });
    expect(bucketBounds(range('2026-06-10T09:30', '2026-06-10T12:15'), 'hour', 3)).toEqual({ tooMany: 4 });
    expect('tooMany' in bucketBounds(range('2026-01-01T00:00', '2026-03-24T00:00'), 'hour')).toBe(false); // 82 days: 1,967 hours
  });

  test('auto: hours up to 2 New York days, days up to 92, weeks beyond', () => {
    expect(autoBucket(range('2026-11-01T00:00', '2026-11-03T00:00'))).toBe('hour'); // 49 hours, 2 days
    expect(autoBucket(range('2026-11-01T00:00', '2026-11-03T00:01'))).toBe('day');
    expect(autoBucket(range('2026-01-01T00:00', '2026-04-03T00:00'))).toBe('day'); // 92 days
    expect(autoBucket(range('2026-01-01T00:00', '2026-04-04T00:00'))).toBe('week');
  });
});
