import { parseCallFilter } from './call-filter';
import type { TimeRange } from './date-range';
import { splitByMonth, splitByMonthLess } from './month-split';
import { pickerFilter } from './filter-options';
import { planDimensionCounts, planDimensionStatus, planDimensionSums, planSeries, planStatusTotals, planTimeline, ROLLUPS } from './rollup-planner';
import { RawCallsPart } from './rollups/raw-calls';
import { QUESTIONS } from './rollups/rollup-part';

const HOUR = 3_600_000;
const NOW = new Date('2026-11-20T15:00:00Z');
const filter = (params: Record<string, string> = {}) => parseCallFilter({ datePreset: 'last_30_days', ...params }, NOW);
const sources = (plan: { parts: Array<{ source: string }> }) => plan.parts.map((part) => part.source);

// A custom range on neither whole days nor whole hours: 09:17 one day to 14:41 three days later (New York).
const ragged: TimeRange = { from: new Date('2026-11-10T14:17:00Z'), to: new Date('2026-11-13T19:41:00Z') };

describe('planStatusTotals', () => {
  test('a preset is whole days: the monthly and daily rollups', () => {
    const f = filter();
    expect(planStatusTotals(f, f.range)).toEqual({ rollup: true, parts: [{ source: 'days', split: expect.any(Object) }] });
    expect(planStatusTotals(filter({ status: 'Sale' }), f.range).rollup).toBe(true);
  });

  test('one picker over whole days: the per-dimension, per-status rollup', () => {
    const f = filter({ publisher: '3,4', status: 'Sale' });
    expect(planStatusTotals(f, f.range).parts).toEqual([
      { source: 'dimension-status-days', dim: 2, ids: [3, 4], fromDay: '2026-10-22', toDay: '2026-11-21' },
    ]);
  });

  test('connected: the rollups answer its counts (they keep not_connected per status), the calls its money', () => {
    const f = filter({ connected: 'false', publisher: '3' });
    expect(sources(planStatusTotals(f, f.range, 'counts'))).toEqual(['dimension-status-days']);
    expect(sources(planStatusTotals(filter({ connected: 'true' }), ragged, 'counts'))).toEqual(['days', 'hours', 'calls', 'hours', 'calls']);
    expect(planStatusTotals(f, f.range, 'money')).toEqual({ rollup: false, parts: [{ source: 'calls', range: f.range }] });
    expect(planDimensionSums(filter({ connected: 'true' }), f.range, 'publishers').rollup).toBe(false);
  });

  test('repeat: the rollups answer its counts (they keep repeats per status), the calls its money, and it with connected', () => {
    const f = filter({ repeat: 'true', publisher: '3' });
    expect(sources(planStatusTotals(f, f.range, 'counts'))).toEqual(['dimension-status-days']);
    expect(sources(planStatusTotals(filter({ repeat: 'false' }), ragged, 'counts'))).toEqual(['days', 'hours', 'calls', 'hours', 'calls']);
    expect(planStatusTotals(f, f.range, 'money')).toEqual({ rollup: false, parts: [{ source: 'calls', range: f.range }] });
    const both = filter({ repeat: 'true', connected: 'false' });
    expect(planStatusTotals(both, both.range, 'counts')).toEqual({ rollup: false, parts: [{ source: 'calls', range: both.range }] });
    expect(planSeries(both, both.range, 'day')).toEqual([{ source: 'calls', range: both.range }]);
    expect(planDimensionSums(filter({ repeat: 'true' }), f.range, 'publishers').rollup).toBe(false);
    // A picker under repeat=… alone: the per-dimension rows keep repeats; with connected, the calls.
    expect(sources(planDimensionCounts(filter({ repeat: 'false' }), f.range, 'publishers'))).toEqual(['dimension-split']);
    expect(planDimensionCounts(both, both.range, 'publishers').rollup).toBe(false);
  });

  test('two pickers, a caller id, or a picker within one day: the calls alone', () => {
    const f = filter({ publisher: '3', campaign: '1' });
    expect(planStatusTotals(f, f.range)).toEqual({ rollup: false, parts: [{ source: 'calls', range: f.range }] });
    expect(planStatusTotals(filter({ search: '555' }), f.range).rollup).toBe(false);
    expect(planStatusTotals(filter({ q: 'cancel' }), f.range).rollup).toBe(false);
    expect(planStatusTotals(filter({ q: 'cancel', publisher: '3' }), f.range).rollup).toBe(false);
    const withinADay = { from: new Date('2026-11-10T14:17:00Z'), to: new Date('2026-11-10T19:41:00Z') };
    expect(planStatusTotals(filter({ publisher: '3' }), withinADay)).toEqual({ rollup: false, parts: [{ source: 'calls', range: withinADay }] });
    // One picker and the connection: that rollup keeps no money per connection.
    expect(planStatusTotals(filter({ publisher: '3', connected: 'true' }), f.range)).toEqual({ rollup: false, parts: [{ source: 'calls', range: f.range }] });
  });

  test('a custom range (or a previous period cut at the same moment): whole days from the daily rollup, whole hours of the partial days from the hourly one, partial hours from the calls', () => {
    expect(planStatusTotals(filter(), ragged)).toEqual({
      rollup: true,
      parts: [
        { source: 'days', split: { days: [{ from: '2026-11-11', to: '2026-11-13' }] } },
        { source: 'hours', range: { from: new Date('2026-11-10T15:00:00Z'), to: new Date('2026-11-11T05:00:00Z') } },
        { source: 'calls', range: { from: ragged.from, to: new Date('2026-11-10T15:00:00Z') } },
        { source: 'hours', range: { from: new Date('2026-11-13T05:00:00Z'), to: new Date('2026-11-13T19:00:00Z') } },
        { source: 'calls', range: { from: new Date('2026-11-13T19:00:00Z'), to: ragged.to } },
      ],
    });
    const withinAnHour = { from: new Date(NOW.getTime() + 60_000), to: new Date(NOW.getTime() + HOUR - 60_000) };
    expect(planStatusTotals(filter(), withinAnHour)).toEqual({ rollup: true, parts: [{ source: 'calls', range: withinAnHour }] });
    // This year's previous period at 07:30: last year's whole days from the rollups, and the day it is cut on by the hour.
    const cut = { from: new Date('2025-01-01T05:00:00Z'), to: new Date('2025-11-20T12:30:00Z') };
    expect(sources(planStatusTotals(filter(), cut))).toEqual(['days', 'hours', 'calls']);
  });

  test('one picker over a range that is not whole days: the per-dimension rollup for its whole days, the calls for the partial days', () => {
    expect(planStatusTotals(filter({ publisher: '3' }), ragged)).toEqual({
      rollup: true,
      parts: [
        { source: 'dimension-status-days', dim: 2, ids: [3], fromDay: '2026-11-11', toDay: '2026-11-13' },
        { source: 'calls', range: { from: ragged.from, to: new Date('2026-11-11T05:00:00Z') } },
        { source: 'calls', range: { from: new Date('2026-11-13T05:00:00Z'), to: ragged.to } },
      ],
    });
  });
});

describe('planDimensionSums', () => {
  test('whole days inside from the rollups, the partial days at each end from the calls', () => {
    const base = filter();
    const f = { ...base, range: { ...base.range, ...ragged, previous: ragged } };
    expect(planDimensionSums(f, ragged, 'publishers').parts).toEqual([
      { source: 'dimension-split', dim: 2, ids: undefined, split: { days: [{ from: '2026-11-11', to: '2026-11-13' }] } },
      { source: 'calls', range: { from: ragged.from, to: new Date('2026-11-11T05:00:00Z') } },
      { source: 'calls', range: { from: new Date('2026-11-13T05:00:00Z'), to: ragged.to } },
    ]);
  });

  test('its rollups keep no status: a status narrows to the calls', () => {
    const f = filter({ status: 'Sale' });
    expect(planDimensionSums(f, f.range, 'publishers').rollup).toBe(false);
  });
});

/** last_30_days on NOW (Oct 22 to Nov 21): October's ten days, and November as its month row less the ten days after the range. */
const THIRTY_DAYS_LESS = { months: { from: '2026-11-01', to: '2026-12-01' }, days: [{ from: '2026-10-22', to: '2026-11-01' }], lessDays: [{ from: '2026-11-21', to: '2026-12-01' }] };

describe('planDimensionCounts', () => {
  test('the time alone: the per-dimension rollups for whole days', () => {
    const f = filter();
    expect(planDimensionCounts(f, f.range, 'publishers')).toEqual({ rollup: true, parts: [{ source: 'dimension-split', dim: 2, ids: undefined, split: THIRTY_DAYS_LESS }] });
  });

  test('a disposition, Rejected / Unknown, the connection or repeats alone: the per-dimension month and day rows, which count them', () => {
    const cases: Array<Record<string, string>> = [{ status: 'Sales' }, { status: 'Sales,Rejected / Unknown' }, { connected: 'false' }, { repeat: 'true' }];
    for (const params of cases) {
      const f = filter(params);
      expect([params, planDimensionCounts(f, f.range, 'publishers')]).toEqual([params, { rollup: true, parts: [{ source: 'dimension-split', dim: 2, ids: undefined, split: THIRTY_DAYS_LESS }] }]);
    }
  });

  test('another status by its name, or a status with the connection or repeats: the per-dimension, per-status daily rollup', () => {
    const cases: Array<Record<string, string>> = [{ status: 'Odd status' }, { status: 'Sales,Odd status' }, { status: 'Sales,Rejected / Unknown', connected: 'true' }, { status: 'DNC', repeat: 'false' }];
    for (const params of cases) {
      const f = filter(params);
      expect([params, planDimensionCounts(f, f.range, 'publishers')]).toEqual([params, { rollup: true, parts: [{ source: 'dimension-status-days', dim: 2, ids: undefined, fromDay: '2026-10-22', toDay: '2026-11-21' }] }]);
    }
  });

  test('other pickers and nothing else: the combination rollups for whole days', () => {
    const cases: Array<Record<string, string>> = [{ campaign: '1' }, { campaign: '1', buyer: '2,3' }, { publisher: '4', target: '5' }];
    for (const params of cases) {
      const f = filter(params);
      expect([params, planDimensionCounts(f, f.range, 'publishers')]).toEqual([params, { rollup: true, parts: [{ source: 'combination-days', split: splitByMonth('2026-10-22', '2026-11-21') }] }]);
    }
    expect(planDimensionCounts(filter({ campaign: '1' }), ragged, 'publishers').parts).toEqual([
      { source: 'combination-days', split: { days: [{ from: '2026-11-11', to: '2026-11-13' }] } },
      { source: 'calls', range: { from: ragged.from, to: new Date('2026-11-11T05:00:00Z') } },
      { source: 'calls', range: { from: new Date('2026-11-13T05:00:00Z'), to: ragged.to } },
    ]);
  });

  test('another picker with a status, the connection or repeats, a caller id or a transcript search: the calls, exactly', () => {
    const cases: Array<Record<string, string>> = [{ campaign: '1', status: 'Sales' }, { publisher: '4', connected: 'true' }, { buyer: '2', repeat: 'true' }, { search: '555' }, { q: 'cancel' }, { q: 'cancel', status: 'Sales' }];
    for (const params of cases) {
      const f = filter(params);
      expect([params, planDimensionCounts(f, f.range, 'publishers')]).toEqual([params, { rollup: false, parts: [{ source: 'calls', range: f.range }] }]);
    }
  });

  test('a custom range: the rollup for its whole days, the calls for the partial days at either end', () => {
    // 09:17 on Nov 10 to 14:41 on Nov 13, New York: Nov 11 and 12 are whole.
    expect(planDimensionCounts(filter(), ragged, 'publishers')).toEqual({
      rollup: true,
      parts: [
        { source: 'dimension-split', dim: 2, ids: undefined, split: { days: [{ from: '2026-11-11', to: '2026-11-13' }] } },
        { source: 'calls', range: { from: ragged.from, to: new Date('2026-11-11T05:00:00Z') } },
        { source: 'calls', range: { from: new Date('2026-11-13T05:00:00Z'), to: ragged.to } },
      ],
    });
    expect(sources(planDimensionCounts(filter({ status: 'Odd status' }), ragged, 'publishers'))).toEqual(['dimension-status-days', 'calls', 'calls']);
    // Inside one day: the calls alone.
    const morning = { from: new Date('2026-11-10T14:17:00Z'), to: new Date('2026-11-10T19:41:00Z') };
    expect(sources(planDimensionCounts(filter({ publisher: '3' }), morning, 'publishers'))).toEqual(['calls']);
  });

  test('a caller id left in the filter: the calls, since no rollup keeps one', () => {
    const f = filter({ search: '5551', campaign: '1' });
    expect(planDimensionCounts(f, f.range, 'publishers')).toEqual({ rollup: false, parts: [{ source: 'calls', range: f.range }] });
    expect(planDimensionCounts(filter({ callerId: '5551234' }), f.range, 'publishers').rollup).toBe(false);
  });
});

describe('the dispute filter', () => {
  test('no rollup keeps a call’s dispute state: every question under dispute= is read from the calls', () => {
    const cases: Array<Record<string, string>> = [{ dispute: 'open' }, { dispute: 'none', publisher: '3' }, { dispute: 'accepted', status: 'Sales' }];
    for (const params of cases) {
      const f = filter(params);
      expect(planStatusTotals(f, f.range)).toEqual({ rollup: false, parts: [{ source: 'calls', range: f.range }] });
      expect(planDimensionCounts(f, f.range, 'publishers').rollup).toBe(false);
      expect(planDimensionSums(f, f.range, 'publishers').rollup).toBe(false);
      expect(planDimensionStatus(f, f.range, 'publishers').rollup).toBe(false);
      expect(planSeries(f, f.range, 'day')).toEqual([{ source: 'calls', range: f.range }]);
    }
  });
});

test('splitByMonth: whole months for the monthly rollup, the days at either end for the daily one', () => {
  expect(splitByMonth('2026-01-15', '2026-04-03')).toEqual({
    months: { from: '2026-02-01', to: '2026-04-01' },
    days: [{ from: '2026-01-15', to: '2026-02-01' }, { from: '2026-04-01', to: '2026-04-03' }],
  });
  expect(splitByMonth('2026-01-15', '2026-01-31')).toEqual({ days: [{ from: '2026-01-15', to: '2026-01-31' }] });
});

test('splitByMonthLess reads a month covered mostly as its row less the days outside, a month covered little as its days', () => {
  expect(splitByMonthLess('2026-10-22', '2026-11-21')).toEqual(THIRTY_DAYS_LESS);
  // Whole months stay months, ends covered little stay days: as splitByMonth.
  expect(splitByMonthLess('2026-01-29', '2026-04-03')).toEqual(splitByMonth('2026-01-29', '2026-04-03'));
  // Inside one month: both ends subtracted, or the days alone.
  expect(splitByMonthLess('2026-01-02', '2026-01-31')).toEqual({
    months: { from: '2026-01-01', to: '2026-02-01' },
    days: [],
    lessDays: [{ from: '2026-01-01', to: '2026-01-02' }, { from: '2026-01-31', to: '2026-02-01' }],
  });
  expect(splitByMonthLess('2026-01-10', '2026-01-20')).toEqual({ days: [{ from: '2026-01-10', to: '2026-01-20' }] });
  // A year to date: late in a month, the months less the rest of the last; early in one, its days.
  expect(splitByMonthLess('2026-01-01', '2026-12-25')).toEqual({ months: { from: '2026-01-01', to: '2027-01-01' }, days: [], lessDays: [{ from: '2026-12-25', to: '2027-01-01' }] });
  expect(splitByMonthLess('2026-01-01', '2026-12-05')).toEqual(splitByMonth('2026-01-01', '2026-12-05'));
});

describe('planSeries', () => {
  // 09:17 on Nov 10 to 14:41 on Nov 13, New York (EST, UTC-5).
  const ends = [
    { source: 'hours', range: { from: new Date('2026-11-10T15:00:00Z'), to: new Date('2026-11-11T05:00:00Z') } },
    { source: 'calls', range: { from: ragged.from, to: new Date('2026-11-10T15:00:00Z') } },
    { source: 'hours', range: { from: new Date('2026-11-13T05:00:00Z'), to: new Date('2026-11-13T19:00:00Z') } },
    { source: 'calls', range: { from: new Date('2026-11-13T19:00:00Z'), to: ragged.to } },
  ];

  test('day and week buckets: whole days from the daily rollup, the partial days by the hour, their partial hours from the calls', () => {
    for (const bucket of ['day', 'week'] as const) {
      expect(planSeries(filter(), ragged, bucket)).toEqual([{ source: 'days', split: { days: [{ from: '2026-11-11', to: '2026-11-13' }] } }, ...ends]);
    }
  });

  test('month buckets read whole months from the monthly rollup, week buckets whole weeks (from Monday) from the weekly one', () => {
    const range = { from: new Date('2026-01-15T05:00:00Z'), to: new Date('2026-04-03T04:00:00Z') };
    expect(planSeries(filter(), range, 'month')).toEqual([{ source: 'days', split: splitByMonth('2026-01-15', '2026-04-03') }]);
    expect(planSeries(filter(), range, 'week')).toEqual([
      { source: 'weeks', from: '2026-01-19', to: '2026-03-30' },
      { source: 'days', split: { days: [{ from: '2026-01-15', to: '2026-01-19' }, { from: '2026-03-30', to: '2026-04-03' }] } },
    ]);
    // Monday to Monday: weeks alone; within a week: the days.
    const weeks = { from: new Date('2026-01-19T05:00:00Z'), to: new Date('2026-02-02T05:00:00Z') };
    expect(planSeries(filter(), weeks, 'week')).toEqual([{ source: 'weeks', from: '2026-01-19', to: '2026-02-02' }]);
    const days = { from: new Date('2026-01-20T05:00:00Z'), to: new Date('2026-01-24T05:00:00Z') };
    expect(planSeries(filter(), days, 'week')).toEqual([{ source: 'days', split: { days: [{ from: '2026-01-20', to: '2026-01-24' }] } }]);
    expect(planSeries(filter(), range, 'day')).toEqual([{ source: 'days', split: { days: [{ from: '2026-01-15', to: '2026-04-03' }] } }]);
  });

  test('hour buckets: the hourly rollup and the calls for the partial hours', () => {
    expect(sources({ parts: planSeries(filter(), ragged, 'hour') })).toEqual(['hours', 'calls', 'calls']);
  });

  test('one picker: whole days from the per-dimension rollups, the rest from the calls; several, or a caller id: the calls', () => {
    expect(planSeries(filter({ publisher: '3' }), ragged, 'day')).toEqual([
      { source: 'dimension-split', dim: 2, ids: [3], split: { days: [{ from: '2026-11-11', to: '2026-11-13' }] } },
      { source: 'calls', range: { from: ragged.from, to: new Date('2026-11-11T05:00:00Z') } },
      { source: 'calls', range: { from: new Date('2026-11-13T05:00:00Z'), to: ragged.to } },
    ]);
    expect(planSeries(filter({ publisher: '3', campaign: '1' }), ragged, 'day')).toEqual([{ source: 'calls', range: ragged }]);
    expect(planSeries(filter({ search: '555' }), ragged, 'week')).toEqual([{ source: 'calls', range: ragged }]);
    expect(planSeries(filter({ q: 'cancel', publisher: '3' }), ragged, 'day')).toEqual([{ source: 'calls', range: ragged }]);
  });

  test("one picker's per-dimension rows: a count per disposition in a row a value and day, months for month buckets; what they keep no count of, the per-status rows", () => {
    const range = { from: new Date('2026-01-15T05:00:00Z'), to: new Date('2026-04-03T04:00:00Z') };
    const selection = { dim: 2, ids: [3] };
    expect(planSeries(filter({ publisher: '3' }), range, 'month')).toEqual([{ source: 'dimension-split', ...selection, split: splitByMonth('2026-01-15', '2026-04-03') }]);
    expect(planSeries(filter({ publisher: '3', status: 'Sales,Rejected / Unknown' }), range, 'week')).toEqual([
      { source: 'dimension-split', ...selection, split: { days: [{ from: '2026-01-15', to: '2026-04-03' }] } },
    ]);
    const perStatus = [{ source: 'dimension-status-days', ...selection, fromDay: '2026-01-15', toDay: '2026-04-03' }];
    // A status by a name no column keeps, the connection, repeats: the per-status rollup keeps them per status.
    expect(planSeries(filter({ publisher: '3', status: 'Sale' }), range, 'week')).toEqual(perStatus);
    expect(planSeries(filter({ publisher: '3', connected: 'false' }), range, 'month')).toEqual(perStatus);
    expect(planSeries(filter({ publisher: '3', repeat: 'true' }), range, 'day')).toEqual(perStatus);
  });

  test('connected and statuses stay on the rollups', () => {
    expect(sources({ parts: planSeries(filter({ connected: 'false', status: 'Rejected / Unknown' }), ragged, 'day') })).toEqual(['days', 'hours', 'calls', 'hours', 'calls']);
  });
});

describe('planDimensionStatus (the scorecard)', () => {
  test('whole days of every value, or of a selection in the grouped dimension: the per-dimension month and day rows', () => {
    const f = filter();
    expect(planDimensionStatus(f, f.range, 'publishers')).toEqual({
      rollup: true,
      parts: [{ source: 'dimension-split', dim: 2, ids: undefined, split: THIRTY_DAYS_LESS }],
    });
    const chosen = filter({ buyer: '7,8' });
    expect(planDimensionStatus(chosen, chosen.range, 'buyers').parts).toEqual([
      { source: 'dimension-split', dim: 4, ids: [7, 8], split: THIRTY_DAYS_LESS },
    ]);
  });

  test('with a status, whose money those rows do not keep apart: the per-dimension, per-status rollup', () => {
    const f = filter({ status: 'Sales' });
    expect(planDimensionStatus(f, f.range, 'publishers')).toEqual({
      rollup: true,
      parts: [{ source: 'dimension-status-days', dim: 2, ids: undefined, fromDay: '2026-10-22', toDay: '2026-11-21' }],
    });
  });

  test('a custom range: its whole days from the rollup, the partial days at either end from the calls', () => {
    expect(planDimensionStatus(filter(), ragged, 'campaigns').parts).toEqual([
      { source: 'dimension-split', dim: 1, ids: undefined, split: { days: [{ from: '2026-11-11', to: '2026-11-13' }] } },
      { source: 'calls', range: { from: ragged.from, to: new Date('2026-11-11T05:00:00Z') } },
      { source: 'calls', range: { from: new Date('2026-11-13T05:00:00Z'), to: ragged.to } },
    ]);
  });

  test('what the rollup does not keep (another dimension, a caller id, the connection): the calls alone', () => {
    const f = filter({ campaign: '1' });
    expect(planDimensionStatus(f, f.range, 'publishers')).toEqual({ rollup: false, parts: [{ source: 'calls', range: f.range }] });
    expect(planDimensionStatus(filter({ search: '555' }), f.range, 'publishers').rollup).toBe(false);
    expect(planDimensionStatus(filter({ connected: 'true' }), f.range, 'publishers').rollup).toBe(false);
  });
});

describe('planTimeline', () => {
  test("both periods planned alike, the parts read from the calls that follow one another joined into one, after the others", () => {
    const previous = { from: new Date('2026-11-07T14:17:00Z'), to: ragged.from };
    const parts = planTimeline(filter({ publisher: '3' }), [previous, ragged], 'day');
    expect(parts).toEqual([
      { source: 'dimension-split', dim: 2, ids: [3], split: { days: [{ from: '2026-11-08', to: '2026-11-10' }] } },
      { source: 'dimension-split', dim: 2, ids: [3], split: { days: [{ from: '2026-11-11', to: '2026-11-13' }] } },
      { source: 'calls', range: { from: previous.from, to: new Date('2026-11-08T05:00:00Z') } },
      // The previous period's last partial day and the range's first one: one read.
      { source: 'calls', range: { from: new Date('2026-11-10T05:00:00Z'), to: new Date('2026-11-11T05:00:00Z') } },
      { source: 'calls', range: { from: new Date('2026-11-13T05:00:00Z'), to: ragged.to } },
    ]);
    expect(planTimeline(filter({ search: '555' }), [previous, ragged], 'hour')).toEqual([{ source: 'calls', range: { from: previous.from, to: ragged.to } }]);
  });
});

/**
 * The new shape's own way to go wrong: a planner choosing a rollup for a
 * question under a filter that rollup does not say it answers (its `answers`,
 * which rollup-capabilities.test.ts holds to its SQL on both engines).
 */
describe('every part planned is of a rollup that answers its question under the filter', () => {
  const rollupOf = (part: object) => {
    const rollups = ROLLUPS.filter((rollup) => Object.getPrototypeOf(part) === rollup.prototype);
    expect(rollups).toHaveLength(1);
    return rollups[0] as (typeof ROLLUPS)[number];
  };
  const PARAMS: Array<Record<string, string>> = [
    {},
    { status: 'Sales' },
    { status: 'Sales,Rejected / Unknown' },
    { status: 'Odd status' },
    { connected: 'false' },
    { repeat: 'true' },
    { connected: 'true', repeat: 'false' },
    { status: 'DNC', connected: 'true' },
    { publisher: '3' },
    { publisher: '3,4', status: 'Sales' },
    { publisher: '3', status: 'Odd status' },
    { buyer: '7', connected: 'false' },
    { campaign: '1', target: '5' },
    { campaign: '1', repeat: 'true' },
    { search: '555' },
    { callerId: '5551234', publisher: '3' },
    { q: 'refund' },
  ];
  const RANGES: TimeRange[] = [
    filter().range,
    filter().range.previous,
    ragged,
    { from: new Date('2026-11-10T14:17:00Z'), to: new Date('2026-11-10T19:41:00Z') },
    { from: new Date('2026-01-15T05:00:00Z'), to: new Date('2026-04-03T04:00:00Z') },
  ];
  const DIMENSIONS = ['campaigns', 'publishers', 'targets', 'buyers'] as const;

  test.each(PARAMS)('%o', (params) => {
    const f = filter(params);
    let parts = 0;
    for (const range of RANGES) {
      for (const measures of ['counts', 'money'] as const) {
        for (const part of planStatusTotals(f, range, measures).parts) expect([params, measures, part, rollupOf(part).answers.totals?.(f, measures)]).toEqual([params, measures, part, true]);
      }
      for (const bucket of ['hour', 'day', 'week', 'month'] as const) {
        for (const part of planSeries(f, range, bucket)) expect([params, bucket, part, rollupOf(part).answers.series?.(f)]).toEqual([params, bucket, part, true]);
      }
      for (const dimension of DIMENSIONS) {
        const picker = pickerFilter(f, dimension);
        for (const part of planDimensionCounts(picker, range, dimension).parts) expect([params, dimension, part, rollupOf(part).answers.options?.(picker)]).toEqual([params, dimension, part, true]);
        for (const part of planDimensionStatus(f, range, dimension).parts) expect([params, dimension, part, rollupOf(part).answers.scorecard?.(f, dimension)]).toEqual([params, dimension, part, true]);
        for (const part of planDimensionSums(f, range, dimension).parts) expect([params, dimension, part, rollupOf(part).answers.cost?.(f)]).toEqual([params, dimension, part, true]);
        parts += 1;
      }
    }
    expect(parts).toBeGreaterThan(0);
  });

  test('each rollup answers exactly the questions it has SQL for: `answers.x` beside a method `xSql`', () => {
    for (const rollup of ROLLUPS) {
      const methods = QUESTIONS.filter((question) => typeof (rollup.prototype as Record<string, unknown>)[`${question}Sql`] === 'function');
      const declared = QUESTIONS.filter((question) => rollup.answers[question] !== undefined);
      expect([rollup.tables, declared]).toEqual([rollup.tables, methods]);
    }
    // Every table a figure is read from has its module, one each.
    expect(ROLLUPS.flatMap((rollup) => rollup.tables).sort()).toEqual(
      [
        'call_combos',
        'calls',
        'calls_daily',
        'calls_daily_combo',
        'calls_daily_dim',
        'calls_daily_dim_status',
        'calls_hourly',
        'calls_monthly',
        'calls_monthly_combo',
        'calls_monthly_dim',
        'calls_weekly',
      ].sort(),
    );
  });

  test('no rollup but the calls keeps a caller id or a call\'s words', () => {
    const narrowing: Array<Record<string, string>> = [{ search: '555' }, { callerId: '5551234' }, { q: 'refund' }, { q: 'refund', publisher: '3' }];
    for (const params of narrowing) {
      const f = filter(params);
      for (const rollup of ROLLUPS.filter((r) => r !== RawCallsPart)) {
        const answered = [
          rollup.answers.totals?.(f, 'counts'),
          rollup.answers.series?.(f),
          rollup.answers.options?.(f),
          rollup.answers.scorecard?.(f, 'publishers'),
          rollup.answers.cost?.(f),
        ].filter((answers) => answers === true);
        expect([params, rollup.tables, answered]).toEqual([params, rollup.tables, []]);
      }
    }
  });
});
