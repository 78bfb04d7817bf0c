import { lastRunAtOrBefore, nextRunAfter, reportPeriodAt, type ReportTiming } from './report-timing';

const daily = (timeOfDay: string): ReportTiming => ({ frequency: 'daily', dayOfWeek: null, dayOfMonth: null, timeOfDay });
const weekly = (dayOfWeek: number, timeOfDay: string): ReportTiming => ({ frequency: 'weekly', dayOfWeek, dayOfMonth: null, timeOfDay });
const monthly = (dayOfMonth: number, timeOfDay: string): ReportTiming => ({ frequency: 'monthly', dayOfWeek: null, dayOfMonth, timeOfDay });
const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('when a schedule goes, on the New York clock', () => {
  test('daily: later today, or tomorrow once the time has passed (an instant at the time itself is past)', () => {
    // 2026-03-03 is in standard time (UTC-5): 07:00 in New York is 12:00Z.
    expect(iso(nextRunAfter(daily('07:00'), at('2026-03-03T11:59:00Z')))).toBe('2026-03-03T12:00:00.000Z');
    expect(iso(nextRunAfter(daily('07:00'), at('2026-03-03T12:00:00Z')))).toBe('2026-03-04T12:00:00.000Z');
    expect(iso(lastRunAtOrBefore(daily('07:00'), at('2026-03-03T12:00:00Z')))).toBe('2026-03-03T12:00:00.000Z');
    expect(iso(lastRunAtOrBefore(daily('07:00'), at('2026-03-03T11:59:59Z')))).toBe('2026-03-02T12:00:00.000Z');
  });

  test('a New York day, not a UTC one: 23:30 in New York is the next day in UTC', () => {
    expect(iso(nextRunAfter(daily('23:30'), at('2026-03-04T03:00:00Z')))).toBe('2026-03-04T04:30:00.000Z');
  });

  test('across the spring clock change 07:00 stays 07:00 on the wall: UTC-5 the day before, UTC-4 from the change on', () => {
    // The clocks go forward on Sunday 2026-03-08 at 02:00.
    expect(iso(nextRunAfter(daily('07:00'), at('2026-03-07T12:30:00Z')))).toBe('2026-03-08T11:00:00.000Z');
    expect(iso(nextRunAfter(daily('07:00'), at('2026-03-08T11:00:00Z')))).toBe('2026-03-09T11:00:00.000Z');
  });

  test('a time the spring change skips (02:30) goes when the clocks read 03:30 that day', () => {
    expect(iso(nextRunAfter(daily('02:30'), at('2026-03-08T05:00:00Z')))).toBe('2026-03-08T07:30:00.000Z');
  });

  test('across the autumn change: 07:00 is UTC-4 before it, UTC-5 after; 01:30, shown twice, goes the first time', () => {
    // The clocks go back on Sunday 2026-11-01 at 02:00.
    expect(iso(nextRunAfter(daily('07:00'), at('2026-10-31T12:00:00Z')))).toBe('2026-11-01T12:00:00.000Z');
    expect(iso(nextRunAfter(daily('01:30'), at('2026-11-01T04:00:00Z')))).toBe('2026-11-01T05:30:00.000Z');
  });

  test('weekly on a weekday (1 Monday … 7 Sunday)', () => {
    // Wednesday 2026-03-04; Monday 08:00 next is 2026-03-09 08:00 EDT (12:00Z).
    expect(iso(nextRunAfter(weekly(1, '08:00'), at('2026-03-04T15:00:00Z')))).toBe('2026-03-09T12:00:00.000Z');
    expect(iso(nextRunAfter(weekly(7, '18:00'), at('2026-03-04T15:00:00Z')))).toBe('2026-03-08T22:00:00.000Z');
    expect(iso(lastRunAtOrBefore(weekly(1, '08:00'), at('2026-03-04T15:00:00Z')))).toBe('2026-03-02T13:00:00.000Z');
  });

  test('monthly on a day of the month, into the next month (and year) once past', () => {
    expect(iso(nextRunAfter(monthly(1, '06:00'), at('2026-12-15T12:00:00Z')))).toBe('2027-01-01T11:00:00.000Z');
    expect(iso(nextRunAfter(monthly(28, '06:00'), at('2026-02-10T12:00:00Z')))).toBe('2026-02-28T11:00:00.000Z');
    expect(iso(lastRunAtOrBefore(monthly(28, '06:00'), at('2026-02-10T12:00:00Z')))).toBe('2026-01-28T11:00:00.000Z');
  });
});

describe('the period a report covers', () => {
  test('daily: the New York day before, compared with the day before it', () => {
    const range = reportPeriodAt('daily', at('2026-03-04T12:00:00Z'));
    expect([iso(range.from), iso(range.to)]).toEqual(['2026-03-03T05:00:00.000Z', '2026-03-04T05:00:00.000Z']);
    expect([iso(range.previous.from), iso(range.previous.to)]).toEqual(['2026-03-02T05:00:00.000Z', '2026-03-03T05:00:00.000Z']);
  });

  test('the 23-hour day of the spring change is a whole day, and the day before it another whole one', () => {
    const range = reportPeriodAt('daily', at('2026-03-09T11:00:00Z'));
    expect([iso(range.from), iso(range.to)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    expect([iso(range.previous.from), iso(range.previous.to)]).toEqual(['2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z']);
  });

  test('the 25-hour day of the autumn change', () => {
    const range = reportPeriodAt('daily', at('2026-11-02T12:00:00Z'));
    expect([iso(range.from), iso(range.to)]).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z']);
  });

  test('weekly: Monday to Monday before the run, the week holding the spring change one hour short', () => {
    const range = reportPeriodAt('weekly', at('2026-03-09T12:00:00Z'));
    expect([iso(range.from), iso(range.to)]).toEqual(['2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    expect([iso(range.previous.from), iso(range.previous.to)]).toEqual(['2026-02-23T05:00:00.000Z', '2026-03-02T05:00:00.000Z']);
  });

  test('monthly: the whole month before, compared with the whole month before that (not the same number of days)', () => {
    const range = reportPeriodAt('monthly', at('2026-04-01T12:00:00Z'));
    expect([iso(range.from), iso(range.to)]).toEqual(['2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z']);
    expect([iso(range.previous.from), iso(range.previous.to)]).toEqual(['2026-02-01T05:00:00.000Z', '2026-03-01T05:00:00.000Z']);
  });
});
