import { CUSTOM_RANGE_MAX_DAYS, DATE_PRESETS, isPresetInProgress, type DatePreset } from '@callboard/contract';
import { DateRangeError, isNewYorkMidnight, newYorkDate, resolveCustom, resolvePreset, type ResolvedDateRange } from './date-range';

type Preset = Exclude<DatePreset, 'custom'>;
const PRESETS = DATE_PRESETS.filter((p): p is Preset => p !== 'custom');

const iso = (d: Date) => d.toISOString();
const shape = (r: ResolvedDateRange) => ({ from: iso(r.from), to: iso(r.to), previous: { from: iso(r.previous.from), to: iso(r.previous.to) } });
const window = (from: string, to: string, prevFrom: string, prevTo: string) => ({ from, to, previous: { from: prevFrom, to: prevTo } });

/**
 * An oracle for New York days that shares nothing with the code under test
 * (no luxon): Intl for the wall clock, plain UTC arithmetic for the calendar.
 */
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
function nyParts(instant: Date) {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), min: Number(parts.minute), s: Number(parts.second) };
}
/** A calendar day as a number of days since 1970-01-01, and back. */
const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;
const civil = (n: number) => {
  const date = new Date(n * 86_400_000);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
};
/** The instant of New York midnight starting calendar day `n`: it is 04:00 or 05:00 UTC, whichever reads 00:00 in New York. */
const midnights = new Map<number, Date>();
function nyMidnight(n: number): Date {
  const known = midnights.get(n);
  if (known) return known;
  const { y, m, d } = civil(n);
  for (const hour of [4, 5]) {
    const candidate = new Date(Date.UTC(y, m - 1, d, hour));
    const p = nyParts(candidate);
    if (p.h === 0 && p.min === 0 && p.d === d) {
      midnights.set(n, candidate);
      return candidate;
    }
  }
  throw new Error(`no New York midnight found for ${y}-${m}-${d}`);
}
const monthsBack = (y: number, m: number, d: number, back: number) => {
  const index = y * 12 + (m - 1) - back;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  const last = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  return dayNumber(ty, tm, Math.min(d, last));
};

/**
 * What each preset should be, as [first day, day after the last) in day
 * numbers, and its previous period: its first day, and for a finished period
 * its last day, for one in progress the day whose same wall-clock time it
 * runs until (`untilDay`).
 */
function expectedDays(preset: Preset, wall: { y: number; m: number; d: number }): { start: number; end: number; prevStart: number; prevEnd?: number; untilDay?: number } {
  const { y, m, d } = wall;
  const today = dayNumber(y, m, d);
  const monday = today - ((new Date(today * 86_400_000).getUTCDay() + 6) % 7);
  const firstOfMonth = dayNumber(y, m, 1);
  const done = (start: number, end: number) => ({ start, end, prevStart: start - (end - start), prevEnd: start });
  const running = (start: number, end: number) => ({ start, end, prevStart: start - (end - start), untilDay: today - (end - start) });
  switch (preset) {
    case 'today':
      return running(today, today + 1);
    case 'yesterday':
      return done(today - 1, today);
    case 'last_2_days':
      return running(today - 1, today + 1);
    case 'last_7_days':
      return running(today - 6, today + 1);
    case 'this_week':
      return { start: monday, end: today + 1, prevStart: monday - 7, untilDay: today - 7 };
    case 'last_week':
      return done(monday - 7, monday);
    case 'last_30_days':
      return running(today - 29, today + 1);
    case 'this_month':
      return { start: firstOfMonth, end: today + 1, prevStart: monthsBack(y, m, 1, 1), untilDay: monthsBack(y, m, d, 1) };
    case 'last_month': {
      const start = monthsBack(y, m, 1, 1);
      return { start, end: firstOfMonth, prevStart: monthsBack(y, m, 1, 2), prevEnd: start };
    }
    case 'last_6_months':
      return running(monthsBack(y, m, d, 6) + 1, today + 1);
    case 'this_year':
      return { start: dayNumber(y, 1, 1), end: today + 1, prevStart: dayNumber(y - 1, 1, 1), untilDay: monthsBack(y, m, d, 12) };
  }
}

/**
 * The instants a New York wall clock reads h:min on day `n`: two in the hour
 * repeated when the clocks go back (either will do), none in the hour skipped
 * when they go forward, which is then read as standard time (an hour later on
 * the wall, as luxon and PostgreSQL read it).
 */
function nyWallInstants(n: number, h: number, min: number): number[] {
  const { y, m, d } = civil(n);
  const found = [4, 5]
    .map((offset) => Date.UTC(y, m - 1, d, h + offset, min))
    .filter((t) => {
      const p = nyParts(new Date(t));
      return p.d === d && p.h === h && p.min === min;
    });
  return found.length > 0 ? found : [Date.UTC(y, m - 1, d, h + 5, min)];
}

describe('resolvePreset at fixed instants (America/New_York)', () => {
  // Sunday 2026-03-08 is the 23-hour day: clocks jump from 02:00 EST to 03:00 EDT.
  const springDay = new Date('2026-03-08T12:00:00-04:00');
  test.each<[Preset, ReturnType<typeof window>]>([
    // Periods in progress are compared with the one before until the same moment: 12:00 (EDT) today, 12:00 (EST) yesterday.
    ['today', window('2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2026-03-07T05:00:00.000Z', '2026-03-07T17:00:00.000Z')],
    ['yesterday', window('2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-06T05:00:00.000Z', '2026-03-07T05:00:00.000Z')],
    ['last_2_days', window('2026-03-07T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2026-03-05T05:00:00.000Z', '2026-03-06T17:00:00.000Z')],
    ['last_7_days', window('2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2026-02-23T05:00:00.000Z', '2026-03-01T17:00:00.000Z')],
    // A Sunday belongs to the week that started on the Monday before; last week is taken until its Sunday noon.
    ['this_week', window('2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2026-02-23T05:00:00.000Z', '2026-03-01T17:00:00.000Z')],
    ['last_week', window('2026-02-23T05:00:00.000Z', '2026-03-02T05:00:00.000Z', '2026-02-16T05:00:00.000Z', '2026-02-23T05:00:00.000Z')],
    ['last_30_days', window('2026-02-07T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2026-01-08T05:00:00.000Z', '2026-02-06T17:00:00.000Z')],
    // This month against last month from its 1st until the same date and time.
    ['this_month', window('2026-03-01T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2026-02-01T05:00:00.000Z', '2026-02-08T17:00:00.000Z')],
    ['last_month', window('2026-02-01T05:00:00.000Z', '2026-03-01T05:00:00.000Z', '2026-01-01T05:00:00.000Z', '2026-02-01T05:00:00.000Z')],
    // 2025-09-09 (EDT) to 2026-03-09: 181 days; the previous 181 days start on 2025-03-12 (EDT) and are taken until 2025-09-08 12:00 (EDT).
    ['last_6_months', window('2025-09-09T04:00:00.000Z', '2026-03-09T04:00:00.000Z', '2025-03-12T04:00:00.000Z', '2025-09-08T16:00:00.000Z')],
    // Last year from January 1st until the same date and time.
    ['this_year', window('2026-01-01T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2025-01-01T05:00:00.000Z', '2025-03-08T17:00:00.000Z')],
  ])('on the spring-forward day: %s', (preset, expected) => {
    const range = resolvePreset(preset, springDay);
    expect(range.preset).toBe(preset);
    expect(shape(range)).toEqual(expected);
  });

  // Sunday 2026-11-01 is the 25-hour day: clocks fall back from 02:00 EDT to 01:00 EST.
  const fallDay = new Date('2026-11-01T01:30:00-05:00'); // the second 01:30, in EST
  test.each<[Preset, ReturnType<typeof window>]>([
    // 01:30 on the wall, a day (a week, a month) back, is 01:30 EDT.
    ['today', window('2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z', '2026-10-31T04:00:00.000Z', '2026-10-31T05:30:00.000Z')],
    ['yesterday', window('2026-10-31T04:00:00.000Z', '2026-11-01T04:00:00.000Z', '2026-10-30T04:00:00.000Z', '2026-10-31T04:00:00.000Z')],
    ['last_2_days', window('2026-10-31T04:00:00.000Z', '2026-11-02T05:00:00.000Z', '2026-10-29T04:00:00.000Z', '2026-10-30T05:30:00.000Z')],
    ['this_week', window('2026-10-26T04:00:00.000Z', '2026-11-02T05:00:00.000Z', '2026-10-19T04:00:00.000Z', '2026-10-25T05:30:00.000Z')],
    ['this_month', window('2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z', '2026-10-01T04:00:00.000Z', '2026-10-01T05:30:00.000Z')],
    ['last_month', window('2026-10-01T04:00:00.000Z', '2026-11-01T04:00:00.000Z', '2026-09-01T04:00:00.000Z', '2026-10-01T04:00:00.000Z')],
  ])('on the fall-back day: %s', (preset, expected) => {
    expect(shape(resolvePreset(preset, fallDay))).toEqual(expected);
  });

  test('the day after a DST change compares with the short or long day before it', () => {
    expect(shape(resolvePreset('yesterday', new Date('2026-03-09T10:00:00-04:00')))).toEqual(
      window('2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z'),
    );
    // At midnight nothing of today has passed: nothing of yesterday is compared.
    expect(shape(resolvePreset('today', new Date('2026-11-02T00:00:00-05:00')))).toEqual(
      window('2026-11-02T05:00:00.000Z', '2026-11-03T05:00:00.000Z', '2026-11-01T04:00:00.000Z', '2026-11-01T04:00:00.000Z'),
    );
    // last_7_days spanning the fall-back: 7 days of 24 h plus one hour; the 7 days before until 12:00 (EDT) a week ago.
    const week = resolvePreset('last_7_days', new Date('2026-11-04T12:00:00-05:00'));
    expect(shape(week)).toEqual(window('2026-10-29T04:00:00.000Z', '2026-11-05T05:00:00.000Z', '2026-10-22T04:00:00.000Z', '2026-10-28T16:00:00.000Z'));
    expect(week.to.getTime() - week.from.getTime()).toBe((7 * 24 + 1) * 3_600_000);
  });

  test('the New York day, not the UTC day, decides "today"', () => {
    // 23:30 in New York on Nov 21 is already Nov 22 in UTC.
    expect(iso(resolvePreset('today', new Date('2026-11-22T04:30:00Z')).from)).toBe('2026-11-21T05:00:00.000Z');
    // Midnight itself belongs to the day it starts; a millisecond before, to the day before.
    expect(iso(resolvePreset('today', new Date('2026-11-22T05:00:00.000Z')).from)).toBe('2026-11-22T05:00:00.000Z');
    expect(iso(resolvePreset('today', new Date('2026-11-22T04:59:59.999Z')).from)).toBe('2026-11-21T05:00:00.000Z');
  });

  test('weeks start on Monday: a Monday starts its own week, last week is the seven days before it', () => {
    const monday = new Date('2026-11-16T09:00:00-05:00');
    // This week so far against last week until Monday 09:00.
    expect(shape(resolvePreset('this_week', monday))).toEqual(
      window('2026-11-16T05:00:00.000Z', '2026-11-17T05:00:00.000Z', '2026-11-09T05:00:00.000Z', '2026-11-09T14:00:00.000Z'),
    );
    expect(shape(resolvePreset('last_week', monday))).toEqual(
      window('2026-11-09T05:00:00.000Z', '2026-11-16T05:00:00.000Z', '2026-11-02T05:00:00.000Z', '2026-11-09T05:00:00.000Z'),
    );
    // Wednesday 23:59:59: Monday to now, against last week's Monday to Wednesday 23:59 (to the minute).
    expect(shape(resolvePreset('this_week', new Date('2026-11-18T23:59:59-05:00')))).toEqual(
      window('2026-11-16T05:00:00.000Z', '2026-11-19T05:00:00.000Z', '2026-11-09T05:00:00.000Z', '2026-11-12T04:59:00.000Z'),
    );
  });

  test('month and year boundaries', () => {
    // New Year's Day at midnight: this_year is the one day, against nothing of last year yet; last_month is December, compared with November.
    const newYear = new Date('2027-01-01T00:00:00-05:00');
    expect(shape(resolvePreset('this_year', newYear))).toEqual(
      window('2027-01-01T05:00:00.000Z', '2027-01-02T05:00:00.000Z', '2026-01-01T05:00:00.000Z', '2026-01-01T05:00:00.000Z'),
    );
    expect(shape(resolvePreset('last_month', newYear))).toEqual(
      window('2026-12-01T05:00:00.000Z', '2027-01-01T05:00:00.000Z', '2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z'),
    );
    expect(shape(resolvePreset('yesterday', newYear))).toEqual(
      window('2026-12-31T05:00:00.000Z', '2027-01-01T05:00:00.000Z', '2026-12-30T05:00:00.000Z', '2026-12-31T05:00:00.000Z'),
    );
    // The last instant of a year still belongs to it.
    expect(iso(resolvePreset('this_year', new Date('2026-12-31T23:59:59.999-05:00')).from)).toBe('2026-01-01T05:00:00.000Z');
    // March: last month is February (28 days), compared with January (31 days), not with 28 days before.
    expect(shape(resolvePreset('last_month', new Date('2026-03-31T12:00:00-04:00')))).toEqual(
      window('2026-02-01T05:00:00.000Z', '2026-03-01T05:00:00.000Z', '2026-01-01T05:00:00.000Z', '2026-02-01T05:00:00.000Z'),
    );
    // A leap year's February.
    expect(shape(resolvePreset('last_month', new Date('2028-03-15T12:00:00-04:00')))).toEqual(
      window('2028-02-01T05:00:00.000Z', '2028-03-01T05:00:00.000Z', '2028-01-01T05:00:00.000Z', '2028-02-01T05:00:00.000Z'),
    );
    // last_30_days across a month end.
    expect(shape(resolvePreset('last_30_days', new Date('2026-12-05T08:00:00-05:00')))).toEqual(
      window('2026-11-06T05:00:00.000Z', '2026-12-06T05:00:00.000Z', '2026-10-07T04:00:00.000Z', '2026-11-05T13:00:00.000Z'),
    );
    // The 31st against a shorter month: last month until its last day, at the same time.
    expect(shape(resolvePreset('this_month', new Date('2026-03-31T07:30:00-04:00')))).toEqual(
      window('2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z', '2026-02-01T05:00:00.000Z', '2026-02-28T12:30:00.000Z'),
    );
    // A leap day against last year's February 28th.
    expect(shape(resolvePreset('this_year', new Date('2028-02-29T07:30:00-05:00')))).toEqual(
      window('2028-01-01T05:00:00.000Z', '2028-03-01T05:00:00.000Z', '2027-01-01T05:00:00.000Z', '2027-02-28T12:30:00.000Z'),
    );
  });

  test('last_6_months ends today and starts the day after the same date six months back', () => {
    expect(shape(resolvePreset('last_6_months', new Date('2026-11-22T12:00:00-05:00')))).toEqual(
      // 2026-05-23 .. 2026-11-23 is 184 days; the previous 184 days start on 2025-11-20, taken until 184 days before now.
      window('2026-05-23T04:00:00.000Z', '2026-11-23T05:00:00.000Z', '2025-11-20T05:00:00.000Z', '2026-05-22T16:00:00.000Z'),
    );
  });

  test('a kept answer is good until New York midnight, and each caller gets a copy of it', () => {
    const evening = resolvePreset('today', new Date('2026-03-10T03:59:59.999Z'));
    evening.from.setTime(0);
    expect(resolvePreset('today', new Date('2026-03-10T03:00:00Z')).from.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // 04:00Z is midnight in New York (EDT): the next day, and its own answer.
    expect(resolvePreset('today', new Date('2026-03-10T04:00:00Z')).from.toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(resolvePreset('today', new Date('2026-03-10T03:59:59.999Z')).from.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  test('the kept day does not keep the moment: the previous period of one in progress follows the clock, to the minute', () => {
    // 07:30:42 and 07:31:05 on the same day, one after the other: the days are the day's, the previous end is the minute's.
    const early = resolvePreset('today', new Date('2026-11-20T07:30:42-05:00'));
    const later = resolvePreset('today', new Date('2026-11-20T07:31:05-05:00'));
    expect(shape(early)).toEqual(window('2026-11-20T05:00:00.000Z', '2026-11-21T05:00:00.000Z', '2026-11-19T05:00:00.000Z', '2026-11-19T12:30:00.000Z'));
    expect(shape(later)).toEqual(window('2026-11-20T05:00:00.000Z', '2026-11-21T05:00:00.000Z', '2026-11-19T05:00:00.000Z', '2026-11-19T12:31:00.000Z'));
    // A finished period does not move.
    expect(shape(resolvePreset('yesterday', new Date('2026-11-20T07:30:42-05:00')))).toEqual(shape(resolvePreset('yesterday', new Date('2026-11-20T23:59:00-05:00'))));
    // Each caller gets its own copy of the previous period too.
    early.previous.to.setTime(0);
    expect(iso(resolvePreset('today', new Date('2026-11-20T07:30:59-05:00')).previous.to)).toBe('2026-11-19T12:30:00.000Z');
  });

  test('defaults to the current instant', () => {
    const before = resolvePreset('today', new Date());
    const range = resolvePreset('today');
    const after = resolvePreset('today', new Date());
    expect([iso(before.from), iso(after.from)]).toContain(iso(range.from));
  });

  // Every preset at an instant every 7 h 13 min over 15 months (every hour of the day, every weekday, month and year ends, three DST changes), against the independent oracle above.
  test('every preset at ~1,500 instants from 2025-12 to 2027-03 matches an independent computation', () => {
    const start = Date.parse('2025-12-20T00:00:00Z');
    const end = Date.parse('2027-03-20T00:00:00Z');
    const step = (7 * 60 + 13) * 60_000;
    let checked = 0;
    for (let t = start; t < end; t += step) {
      const now = new Date(t);
      const wall = nyParts(now);
      for (const preset of PRESETS) {
        const want = expectedDays(preset, wall);
        const got = resolvePreset(preset, now);
        // A period in progress: the previous one until the same wall-clock minute, never past its own start.
        const ends =
          want.untilDay === undefined
            ? [nyMidnight(want.prevEnd as number).getTime()]
            : nyWallInstants(want.untilDay, wall.h, wall.min).map((t) => Math.min(t, nyMidnight(want.start).getTime()));
        const prevEnd = ends.includes(got.previous.to.getTime()) ? got.previous.to.getTime() : (ends[0] as number);
        const expected = {
          from: iso(nyMidnight(want.start)),
          to: iso(nyMidnight(want.end)),
          previous: { from: iso(nyMidnight(want.prevStart)), to: iso(new Date(prevEnd)) },
        };
        if (JSON.stringify(shape(got)) !== JSON.stringify(expected)) {
          throw new Error(`${preset} at ${now.toISOString()}: got ${JSON.stringify(shape(got))}, expected ${JSON.stringify(expected)}`);
        }
        // Half-open ranges that hold now (or, for the past ones, end before it).
        const past = preset === 'yesterday' || preset === 'last_week' || preset === 'last_month';
        const holdsNow = got.from.getTime() <= t && t < got.to.getTime();
        if (past ? got.to.getTime() > t : !holdsNow) throw new Error(`${preset} at ${now.toISOString()} does not ${past ? 'end before' : 'hold'} now`);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(16_000);
  });
});

describe('resolveCustom', () => {
  test('datetime-local values without an offset are New York wall-clock time', () => {
    const range = resolveCustom('2026-11-20T09:00', '2026-11-20T17:30');
    expect(range.preset).toBe('custom');
    expect(shape(range)).toEqual(window('2026-11-20T14:00:00.000Z', '2026-11-20T22:30:00.000Z', '2026-11-20T05:30:00.000Z', '2026-11-20T14:00:00.000Z'));
    // Summer: EDT, four hours behind UTC; seconds are kept.
    expect(iso(resolveCustom('2026-07-04T09:15:30', '2026-07-04T10:00').from)).toBe('2026-07-04T13:15:30.000Z');
    // A date alone is that day's New York midnight.
    expect(shape(resolveCustom('2026-11-01', '2026-11-02'))).toEqual(
      window('2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z', '2026-10-31T03:00:00.000Z', '2026-11-01T04:00:00.000Z'),
    );
  });

  test('the previous period has the same duration, in real time, across DST', () => {
    // 22:00 EST to 04:00 EDT is five real hours, though six on the wall.
    const range = resolveCustom('2026-03-07T22:00', '2026-03-08T04:00');
    expect(shape(range)).toEqual(window('2026-03-08T03:00:00.000Z', '2026-03-08T08:00:00.000Z', '2026-03-07T22:00:00.000Z', '2026-03-08T03:00:00.000Z'));
    // The whole fall-back day is 25 hours.
    const long = resolveCustom('2026-11-01T00:00', '2026-11-02T00:00');
    expect(long.to.getTime() - long.from.getTime()).toBe(25 * 3_600_000);
    expect(long.previous.from.getTime()).toBe(long.from.getTime() - 25 * 3_600_000);
  });

  test('a range that holds now is compared with as long before it, only until as long before now (to the minute)', () => {
    const now = new Date('2026-11-20T07:30:42-05:00');
    expect(shape(resolveCustom('2026-11-20T00:00', '2026-11-21T00:00', now))).toEqual(
      window('2026-11-20T05:00:00.000Z', '2026-11-21T05:00:00.000Z', '2026-11-19T05:00:00.000Z', '2026-11-19T12:30:00.000Z'),
    );
    // Ended (31.5 hours, before now), or not begun: the whole of the period before.
    expect(shape(resolveCustom('2026-11-19T00:00', '2026-11-20T07:30', now)).previous).toEqual({ from: '2026-11-17T21:30:00.000Z', to: '2026-11-19T05:00:00.000Z' });
    expect(shape(resolveCustom('2026-11-20T08:00', '2026-11-20T09:00', now)).previous).toEqual({ from: '2026-11-20T12:00:00.000Z', to: '2026-11-20T13:00:00.000Z' });
    // Begun less than a minute ago (1 h 59 min 30 s long): nothing before it yet.
    expect(shape(resolveCustom('2026-11-20T07:30:30', '2026-11-20T09:30', now)).previous).toEqual({ from: '2026-11-20T10:31:00.000Z', to: '2026-11-20T10:31:00.000Z' });
  });

  test('ISO 8601 values with an offset or Z are taken as the instants they name', () => {
    expect(shape(resolveCustom('2026-11-20T09:00:00Z', '2026-11-20T10:30:00+01:00'))).toEqual(
      window('2026-11-20T09:00:00.000Z', '2026-11-20T09:30:00.000Z', '2026-11-20T08:30:00.000Z', '2026-11-20T09:00:00.000Z'),
    );
    expect(iso(resolveCustom('2026-11-20T09:00:00.250-08:00', '2026-11-21T00:00:00Z').from)).toBe('2026-11-20T17:00:00.250Z');
    // Surrounding spaces are ignored.
    expect(iso(resolveCustom('  2026-11-20T09:00Z ', '2026-11-20T10:00Z').from)).toBe('2026-11-20T09:00:00.000Z');
  });

  const failure = (start: string | undefined, end: string | undefined) => {
    try {
      resolveCustom(start, end);
    } catch (error) {
      expect(error).toBeInstanceOf(DateRangeError);
      return { field: (error as DateRangeError).field, message: (error as DateRangeError).message };
    }
    throw new Error(`resolveCustom(${start}, ${end}) did not fail`);
  };

  test('missing values', () => {
    expect(failure(undefined, '2026-11-20T10:00')).toEqual({ field: 'startDate', message: 'startDate is required when datePreset is custom' });
    expect(failure('', '2026-11-20T10:00')).toEqual({ field: 'startDate', message: 'startDate is required when datePreset is custom' });
    expect(failure('   ', '2026-11-20T10:00')).toEqual({ field: 'startDate', message: 'startDate is required when datePreset is custom' });
    expect(failure('2026-11-20T10:00', undefined)).toEqual({ field: 'endDate', message: 'endDate is required when datePreset is custom' });
    expect(failure(undefined, undefined).field).toBe('startDate');
  });

  test.each([
    ['yesterday'],
    ['2026-13-01T00:00'],
    ['2026-02-30T10:00'],
    ['2026-11-20T25:00'],
    ['20/11/2026 09:00'],
    ['1999-12-31T23:00'],
    ['2101-01-01T00:00'],
  ])('unparsable or out-of-range value %p', (value) => {
    expect(failure(value, '2026-11-21T00:00')).toEqual({ field: 'startDate', message: 'startDate must be an ISO 8601 date and time, e.g. 2026-11-20T09:00' });
    expect(failure('2026-11-19T00:00', value)).toEqual({ field: 'endDate', message: 'endDate must be an ISO 8601 date and time, e.g. 2026-11-20T09:00' });
  });

  test('the end must come after the start', () => {
    const message = { field: 'endDate', message: 'endDate must be after startDate' };
    expect(failure('2026-11-20T10:00', '2026-11-20T10:00')).toEqual(message);
    expect(failure('2026-11-20T10:00', '2026-11-20T09:59')).toEqual(message);
    // The same instant written two ways is still an empty range.
    expect(failure('2026-11-20T10:00', '2026-11-20T15:00:00Z')).toEqual(message);
    expect(shape(resolveCustom('2026-11-20T10:00:00.000', '2026-11-20T10:00:00.001'))).toEqual(
      window('2026-11-20T15:00:00.000Z', '2026-11-20T15:00:00.001Z', '2026-11-20T14:59:59.999Z', '2026-11-20T15:00:00.000Z'),
    );
  });

  test(`at most ${CUSTOM_RANGE_MAX_DAYS} days`, () => {
    expect(CUSTOM_RANGE_MAX_DAYS).toBe(366);
    const ok = resolveCustom('2026-01-01T00:00', '2027-01-02T00:00');
    expect(Math.round((ok.to.getTime() - ok.from.getTime()) / 86_400_000)).toBe(366);
    const message = { field: 'endDate', message: 'A custom range can span at most 366 days' };
    expect(failure('2026-01-01T00:00', '2027-01-03T00:00')).toEqual(message);
    expect(failure('2026-01-01T00:00', '2027-01-02T02:00')).toEqual(message);
    expect(failure('2025-01-01T00:00Z', '2026-11-20T00:00Z')).toEqual(message);
  });

  test(`${CUSTOM_RANGE_MAX_DAYS} days across a clock change, whichever offset each end is written in`, () => {
    // 366 days on the New York wall, 365 days and 23 hours of real time.
    expect(resolveCustom('2025-03-08T00:00', '2026-03-09T00:00').to.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // Both ends in standard time: the end is 01:00 daylight time, an hour past 366 days on the wall.
    expect(resolveCustom('2025-03-09T00:00-05:00', '2026-03-10T00:00-05:00').to.toISOString()).toBe('2026-03-10T05:00:00.000Z');
    expect(failure('2025-03-09T00:00-05:00', '2026-03-10T00:01-05:00')).toEqual({ field: 'endDate', message: 'A custom range can span at most 366 days' });
  });
});

describe('isNewYorkMidnight and newYorkDate', () => {
  test.each([
    ['2026-03-08T05:00:00.000Z', true], // 00:00 EST, the spring-forward day
    ['2026-03-08T04:00:00.000Z', false], // 23:00 EST the day before
    ['2026-03-09T04:00:00.000Z', true], // 00:00 EDT
    ['2026-03-09T05:00:00.000Z', false], // 01:00 EDT
    ['2026-11-01T04:00:00.000Z', true], // 00:00 EDT, the fall-back day
    ['2026-11-01T05:00:00.000Z', false], // the first 01:00
    ['2026-11-01T06:00:00.000Z', false], // the second 01:00
    ['2026-11-02T05:00:00.000Z', true], // 00:00 EST
    ['2026-11-02T05:00:00.001Z', false],
    ['2026-11-02T04:59:59.999Z', false],
    ['2026-11-22T00:00:00.000Z', false], // UTC midnight is 19:00 in New York
    ['2026-07-01T04:00:00.000Z', true],
  ])('%s → %s', (instant, expected) => {
    expect(isNewYorkMidnight(new Date(instant))).toBe(expected);
  });

  test('newYorkDate is the calendar date on a New York wall', () => {
    expect(newYorkDate(new Date('2026-11-22T04:59:59.999Z'))).toBe('2026-11-21');
    expect(newYorkDate(new Date('2026-11-22T05:00:00.000Z'))).toBe('2026-11-22');
    expect(newYorkDate(new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01');
    expect(newYorkDate(new Date('2026-03-08T04:59:00Z'))).toBe('2026-03-07');
  });

  test('every preset boundary is a New York midnight, but where the previous period of one in progress is cut', () => {
    for (const now of ['2026-03-08T07:30:00Z', '2026-11-01T05:30:00Z', '2026-12-31T23:00:00Z']) {
      for (const preset of PRESETS) {
        const r = resolvePreset(preset, new Date(now));
        for (const instant of [r.from, r.to, r.previous.from]) expect(isNewYorkMidnight(instant)).toBe(true);
        expect([preset, isNewYorkMidnight(r.previous.to)]).toEqual([preset, !isPresetInProgress(preset)]);
      }
    }
  });
});
