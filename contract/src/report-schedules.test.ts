import { REPORT_SCHEDULE_MESSAGES as M, describeReportSchedule, parseTimeOfDay, reportPeriodLabel, reportScheduleErrors, reportSubject, type ReportScheduleBody } from './report-schedules';

const body = (fields: Partial<ReportScheduleBody> = {}): ReportScheduleBody => ({
  viewId: '00000000-0000-4000-8000-000000000001',
  frequency: 'weekly',
  dayOfWeek: 3,
  timeOfDay: '08:15',
  recipientIds: ['a'],
  ...fields,
});

describe("a schedule's fields", () => {
  test('a whole weekly, daily and monthly schedule pass', () => {
    expect(reportScheduleErrors(body())).toEqual([]);
    expect(reportScheduleErrors(body({ frequency: 'daily', dayOfWeek: null }))).toEqual([]);
    expect(reportScheduleErrors(body({ frequency: 'monthly', dayOfWeek: undefined, dayOfMonth: 28, attachment: 'xlsx' }))).toEqual([]);
  });

  test('the day must fit the frequency, both ways', () => {
    expect(reportScheduleErrors(body({ dayOfWeek: 0 }))).toEqual([{ field: 'dayOfWeek', message: M.dayOfWeekRequired }]);
    expect(reportScheduleErrors(body({ dayOfWeek: 2.5 }))).toEqual([{ field: 'dayOfWeek', message: M.dayOfWeekRequired }]);
    expect(reportScheduleErrors(body({ frequency: 'monthly', dayOfWeek: null }))).toEqual([{ field: 'dayOfMonth', message: M.dayOfMonthRequired }]);
    expect(reportScheduleErrors(body({ frequency: 'monthly', dayOfWeek: 1, dayOfMonth: 1 }))).toEqual([{ field: 'dayOfWeek', message: M.dayOfWeekOnlyWeekly }]);
  });

  test('a time of day is HH:MM on a 24-hour clock', () => {
    expect(parseTimeOfDay('00:00')).toEqual({ hour: 0, minute: 0 });
    expect(parseTimeOfDay('23:59')).toEqual({ hour: 23, minute: 59 });
    for (const bad of ['24:00', '7:30', '07:60', '07:30:00', ' 07:30']) expect(parseTimeOfDay(bad)).toBeNull();
    expect(reportScheduleErrors(body({ timeOfDay: '24:00' }))).toEqual([{ field: 'timeOfDay', message: M.timeOfDay }]);
  });

  test('recipients: at least one, at most fifty, none twice', () => {
    expect(reportScheduleErrors(body({ recipientIds: [] }))).toEqual([{ field: 'recipientIds', message: M.recipientsRequired }]);
    expect(reportScheduleErrors(body({ recipientIds: Array.from({ length: 51 }, (_, i) => `r${i}`) }))).toEqual([{ field: 'recipientIds', message: M.recipientsTooMany }]);
    expect(reportScheduleErrors(body({ recipientIds: ['a', 'b', 'a'] }))).toEqual([{ field: 'recipientIds', message: M.recipientsRepeated }]);
  });
});

describe('a schedule and a period in words', () => {
  test('when it goes', () => {
    expect(describeReportSchedule({ frequency: 'weekly', dayOfWeek: 7, dayOfMonth: null, timeOfDay: '18:00' })).toBe('Weekly on Sunday at 18:00 (New York time)');
    expect(describeReportSchedule({ frequency: 'monthly', dayOfWeek: null, dayOfMonth: 1, timeOfDay: '06:00' })).toBe('Monthly on day 1 at 06:00 (New York time)');
  });

  test('a day, a week (its last day is the day before the next one starts) and a month, on the New York clock', () => {
    expect(reportPeriodLabel('daily', { from: '2026-03-08T05:00:00Z', to: '2026-03-09T04:00:00Z' })).toBe('Sun, Mar 8, 2026');
    expect(reportPeriodLabel('weekly', { from: '2026-03-02T05:00:00Z', to: '2026-03-09T04:00:00Z' })).toBe('Mar 2 – Mar 8, 2026');
    expect(reportPeriodLabel('weekly', { from: '2025-12-29T05:00:00Z', to: '2026-01-05T05:00:00Z' })).toBe('Dec 29, 2025 – Jan 4, 2026');
    expect(reportPeriodLabel('monthly', { from: '2026-02-01T05:00:00Z', to: '2026-03-01T05:00:00Z' })).toBe('February 2026');
    expect(reportSubject('Sales desk', 'monthly', { from: '2026-02-01T05:00:00Z', to: '2026-03-01T05:00:00Z' })).toBe('Sales desk — February 2026');
  });
});
