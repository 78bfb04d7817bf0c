import { checkCustomRange, DATE_RANGE_MESSAGES, datesWithoutCustomError, takesCustomDates } from './date-range';
import { CUSTOM_RANGE_MAX_DAYS, DATE_PRESETS } from './date-presets';

const problem = (start: string | undefined, end: string | undefined) => {
  const result = checkCustomRange(start, end);
  return 'field' in result ? result : null;
};

test('only the custom preset takes start and end dates', () => {
  expect(DATE_PRESETS.filter(takesCustomDates)).toEqual(['custom']);
});

test('dates beside another preset name the one sent', () => {
  const message = DATE_RANGE_MESSAGES.datesWithoutCustom;
  expect(datesWithoutCustomError(undefined, undefined)).toBeNull();
  expect(datesWithoutCustomError('2026-11-01', undefined)).toEqual({ field: 'startDate', message });
  expect(datesWithoutCustomError('2026-11-01', '2026-11-02')).toEqual({ field: 'startDate', message });
  expect(datesWithoutCustomError(undefined, '2026-11-02')).toEqual({ field: 'endDate', message });
});

test('a range is read as New York wall-clock time unless it carries an offset', () => {
  expect(checkCustomRange('2026-11-20T09:00', '2026-11-20T17:30')).toEqual({
    start: new Date('2026-11-20T14:00:00Z'),
    end: new Date('2026-11-20T22:30:00Z'),
  });
  expect(checkCustomRange('2026-07-01T00:00:00Z', '2026-07-02')).toEqual({
    start: new Date('2026-07-01T00:00:00Z'),
    end: new Date('2026-07-02T04:00:00Z'),
  });
});

test('the first problem wins: start, then end, then order, then length', () => {
  expect(problem(undefined, undefined)).toEqual({ field: 'startDate', message: DATE_RANGE_MESSAGES.startRequired });
  expect(problem(' ', 'soon')).toEqual({ field: 'startDate', message: DATE_RANGE_MESSAGES.startRequired });
  expect(problem('2026-11-20T09:00', '')).toEqual({ field: 'endDate', message: DATE_RANGE_MESSAGES.endRequired });
  expect(problem('soon', '')).toEqual({ field: 'startDate', message: DATE_RANGE_MESSAGES.startInvalid });
  expect(problem('2026-11-20T09:00', '2026-02-30T09:00')).toEqual({ field: 'endDate', message: DATE_RANGE_MESSAGES.endInvalid });
  expect(problem('1999-12-31T23:00', '2026-01-01T00:00')).toEqual({ field: 'startDate', message: DATE_RANGE_MESSAGES.startInvalid });
  expect(problem('2026-11-20T09:00', '2026-11-20T09:00')).toEqual({ field: 'endDate', message: DATE_RANGE_MESSAGES.endNotAfterStart });
  // The same instant written two ways is still an empty range.
  expect(problem('2026-11-20T10:00', '2026-11-20T15:00:00Z')).toEqual({ field: 'endDate', message: DATE_RANGE_MESSAGES.endNotAfterStart });
  expect(problem('2025-01-01T00:00', '2026-06-01T00:00')).toEqual({ field: 'endDate', message: DATE_RANGE_MESSAGES.tooLong });
});

test(`at most ${CUSTOM_RANGE_MAX_DAYS} New York days`, () => {
  expect(problem('2026-01-01T00:00', '2027-01-02T00:00')).toBeNull();
  expect(problem('2026-01-01T00:00', '2027-01-02T02:00')).toEqual({ field: 'endDate', message: DATE_RANGE_MESSAGES.tooLong });
  expect(problem('2026-01-01T00:00', '2027-01-03T00:00')).toEqual({ field: 'endDate', message: DATE_RANGE_MESSAGES.tooLong });
});

describe('ranges across a clock change', () => {
  test('the spring-forward and fall-back days are whole days, of 23 and 25 hours', () => {
    expect(checkCustomRange('2026-03-08T00:00', '2026-03-09T00:00')).toEqual({
      start: new Date('2026-03-08T05:00:00Z'),
      end: new Date('2026-03-09T04:00:00Z'),
    });
    expect(checkCustomRange('2026-11-01T00:00', '2026-11-02T00:00')).toEqual({
      start: new Date('2026-11-01T04:00:00Z'),
      end: new Date('2026-11-02T05:00:00Z'),
    });
  });

  test(`${CUSTOM_RANGE_MAX_DAYS} days counted on the wall, whichever offset each end is written in`, () => {
    // On the wall: 366 days, though 365 days and 23 hours pass.
    expect(problem('2025-03-08T00:00', '2026-03-09T00:00')).toBeNull();
    // Both ends in standard time: the end is 01:00 daylight time, 366 days and an hour on the wall.
    expect(problem('2025-03-09T00:00-05:00', '2026-03-10T00:00-05:00')).toBeNull();
    // Any more than the clock change's hour is too long.
    expect(problem('2025-03-09T00:00-05:00', '2026-03-10T00:01-05:00')).toEqual({ field: 'endDate', message: DATE_RANGE_MESSAGES.tooLong });
  });
});
