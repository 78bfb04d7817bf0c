import { DEFAULT_BUSINESS_HOURS } from '@callboard/contract/alerts';
import { hoursJudgeOf, readWindow } from './alert-reading';
import type { AlertSpec } from './alert-spec';

const spec = (changes: Partial<AlertSpec> = {}): AlertSpec => ({
  metric: 'Voicemail',
  scopeQuery: '',
  windowMinutes: 60,
  condition: 'above',
  threshold: 40,
  resetLevel: 40,
  minCalls: 20,
  pendingMinutes: 0,
  cooldownMinutes: 0,
  businessHours: null,
  ...changes,
});
const t = Date.parse('2026-11-25T15:00:00Z'); // a Wednesday, 10:00 in New York
const always = () => true;

test('a share is the percent of the window, two decimals, once the window has its minimum calls', () => {
  const { reading, figures } = readWindow(spec(), t, { calls: 30, marked: 13 }, null, always);
  expect(reading).toEqual({ judged: true, value: 43.33 });
  expect(figures).toEqual({ windowFrom: '2026-11-25T14:00:00.000Z', windowTo: '2026-11-25T15:00:00.000Z', calls: 30, value: 43.33 });
  expect(readWindow(spec(), t, { calls: 19, marked: 19 }, null, always)).toEqual({
    reading: { judged: false },
    figures: expect.objectContaining({ calls: 19, value: 100, noData: 'fewer than 20 calls in the window' }),
  });
});

test('a call volume level is judged on no calls at all: that is what a "no calls" rule watches for', () => {
  const noCalls = spec({ metric: 'volume', condition: 'below', threshold: 1, minCalls: 0 });
  expect(readWindow(noCalls, t, { calls: 0, marked: 0 }, null, always).reading).toEqual({ judged: true, value: 0 });
});

test('a change needs the week-earlier window to hold the minimum calls and a figure other than 0', () => {
  const up = spec({ condition: 'up', threshold: 50, minCalls: 10 });
  expect(readWindow(up, t, { calls: 20, marked: 10 }, { calls: 20, marked: 5 }, always)).toEqual({
    reading: { judged: true, value: 100 },
    figures: expect.objectContaining({ value: 50, baselineCalls: 20, baselineValue: 25, change: 100 }),
  });
  expect(readWindow(up, t, { calls: 20, marked: 10 }, { calls: 9, marked: 5 }, always).figures.noData).toBe('fewer than 10 calls in the same window a week earlier');
  expect(readWindow(up, t, { calls: 20, marked: 10 }, { calls: 20, marked: 0 }, always).figures.noData).toBe('the figure a week earlier was 0: there is no change to take');
  const volumeDown = spec({ metric: 'volume', condition: 'down', threshold: 50, minCalls: 1 });
  expect(readWindow(volumeDown, t, { calls: 3, marked: 0 }, { calls: 12, marked: 0 }, always).reading).toEqual({ judged: true, value: -75 });
});

test('business hours: judged only when the whole window lies in one New York business day', () => {
  const hours = spec({ metric: 'volume', condition: 'below', threshold: 1, minCalls: 0, businessHours: DEFAULT_BUSINESS_HOURS });
  const judged = (at: string) => readWindow(hours, Date.parse(at), { calls: 0, marked: 0 }, null, hoursJudgeOf(hours)).reading.judged;
  expect(judged('2026-11-25T15:00:00Z')).toBe(true); // 9:00-10:00 New York
  expect(judged('2026-11-25T14:59:00Z')).toBe(false); // 8:59-9:59: starts before 9
  expect(judged('2026-11-25T22:00:00Z')).toBe(true); // 16:00-17:00
  expect(judged('2026-11-25T22:01:00Z')).toBe(false); // past 17:00
  expect(judged('2026-11-28T16:00:00Z')).toBe(false); // a Saturday
  // Summer time: 9:00 New York is 13:00 UTC.
  expect(judged('2026-07-15T14:00:00Z')).toBe(true);
  expect(judged('2026-07-15T13:30:00Z')).toBe(false);
  expect(readWindow(hours, Date.parse('2026-11-28T16:00:00Z'), { calls: 0, marked: 0 }, null, hoursJudgeOf(hours)).figures.noData).toBe(
    'outside the rule’s business hours',
  );
  expect(readWindow(hours, t, { calls: 0, marked: 0 }, null, hoursJudgeOf(hours)).figures.windowTo).toBe(new Date(t).toISOString());
});
