/**
 * What the stats cards' arrows and the timeline's previous line compare, at a
 * fixed clock, against brute force over the calls kept in memory: a period
 * still in progress is compared with the period before it only up to the same
 * moment (docs/decisions/0032-compare-like-with-like.md). The clock is
 * Wednesday 2026-03-11 07:30:42 (EDT), three days after the clocks went
 * forward, so last week's Wednesday 07:30 is in standard time: a step back by
 * elapsed milliseconds instead of by the wall clock would miss it by an hour.
 */
import { DATE_PRESETS, DISPOSITIONS, PRESETS_IN_PROGRESS, REJECTED_UNKNOWN, isDisposition, type DatePreset, type SeriesData, type StatsData } from '@callboard/contract';
import { INGEST_KEY, getOk, ingestAll, qs, seededRandom, type IngestCallInput } from './support/calls-fixtures';
import { dimensionIdsOf, idsOf, matches, randomCalls, type ModelCall, type ModelFilter } from './support/call-model';
import { buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

type Preset = Exclude<DatePreset, 'custom'>;

const CLOCK = new Date('2026-03-11T07:30:42.250-04:00');

/**
 * Each preset at CLOCK, worked out by hand: [from, to) and the previous period.
 * Those in progress are cut at 07:30 (the minute) of the same point of the period before.
 */
const EXPECTED: Record<Preset, { from: string; to: string; previous: { from: string; to: string } }> = {
  // Yesterday, Tuesday, until 07:30 EDT.
  today: { from: '2026-03-11T04:00:00.000Z', to: '2026-03-12T04:00:00.000Z', previous: { from: '2026-03-10T04:00:00.000Z', to: '2026-03-10T11:30:00.000Z' } },
  yesterday: { from: '2026-03-10T04:00:00.000Z', to: '2026-03-11T04:00:00.000Z', previous: { from: '2026-03-09T04:00:00.000Z', to: '2026-03-10T04:00:00.000Z' } },
  // Sunday 00:00 EST (the 23-hour day) to Monday 07:30 EDT.
  last_2_days: { from: '2026-03-10T04:00:00.000Z', to: '2026-03-12T04:00:00.000Z', previous: { from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T11:30:00.000Z' } },
  // The seven days before, until last Wednesday 07:30 EST.
  last_7_days: { from: '2026-03-05T05:00:00.000Z', to: '2026-03-12T04:00:00.000Z', previous: { from: '2026-02-26T05:00:00.000Z', to: '2026-03-04T12:30:00.000Z' } },
  // Last week from its Monday until its Wednesday 07:30 EST.
  this_week: { from: '2026-03-09T04:00:00.000Z', to: '2026-03-12T04:00:00.000Z', previous: { from: '2026-03-02T05:00:00.000Z', to: '2026-03-04T12:30:00.000Z' } },
  last_week: { from: '2026-03-02T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z', previous: { from: '2026-02-23T05:00:00.000Z', to: '2026-03-02T05:00:00.000Z' } },
  last_30_days: { from: '2026-02-10T05:00:00.000Z', to: '2026-03-12T04:00:00.000Z', previous: { from: '2026-01-11T05:00:00.000Z', to: '2026-02-09T12:30:00.000Z' } },
  // February from the 1st until the 11th, 07:30 EST.
  this_month: { from: '2026-03-01T05:00:00.000Z', to: '2026-03-12T04:00:00.000Z', previous: { from: '2026-02-01T05:00:00.000Z', to: '2026-02-11T12:30:00.000Z' } },
  last_month: { from: '2026-02-01T05:00:00.000Z', to: '2026-03-01T05:00:00.000Z', previous: { from: '2026-01-01T05:00:00.000Z', to: '2026-02-01T05:00:00.000Z' } },
  // 2025-09-12 to 2026-03-12 is 181 days; the 181 days before, until 2025-09-11 07:30 EDT.
  last_6_months: { from: '2025-09-12T04:00:00.000Z', to: '2026-03-12T04:00:00.000Z', previous: { from: '2025-03-15T04:00:00.000Z', to: '2025-09-11T11:30:00.000Z' } },
  // Last year until 2025-03-11 07:30, already EDT (the clocks went forward on 2025-03-09).
  this_year: { from: '2026-01-01T05:00:00.000Z', to: '2026-03-12T04:00:00.000Z', previous: { from: '2025-01-01T05:00:00.000Z', to: '2025-03-11T11:30:00.000Z' } },
};

const MINUTE = 60_000;

let t: TestApp;
let member: SignedIn;
let model: ModelCall[];
let filters: ModelFilter[];

/**
 * Calls over the two years before the clock, and around every moment a
 * previous period is cut at: a millisecond and a minute either side, and
 * through the rest of that day, where yesterday's afternoon used to weigh on
 * this morning. Some later today too, as a call arriving with a clock ahead.
 */
function edgeCalls(): { inputs: IngestCallInput[]; model: ModelCall[] } {
  const random = seededRandom(20_260_311);
  const cuts = [...new Set(Object.values(EXPECTED).map((e) => Date.parse(e.previous.to)))];
  const instants: number[] = [];
  for (const cut of cuts) {
    instants.push(cut - 1, cut, cut + 1, cut - MINUTE, cut + MINUTE, cut - 30 * MINUTE);
    for (let i = 0; i < 12; i += 1) instants.push(cut + random.int(1, 16 * 60) * MINUTE);
  }
  for (let i = 0; i < 5; i += 1) instants.push(CLOCK.getTime() + random.int(1, 15 * 60) * MINUTE);
  const seeded = randomCalls(20_260_312, instants.length, CLOCK.getTime());
  // The random calls' names and statuses, at these instants.
  return {
    inputs: seeded.inputs.map((input, i) => ({ ...input, systemCallId: `edge-${i}`, callTimestamp: new Date(instants[i] as number).toISOString() })),
    model: seeded.model.map((call, i) => ({ ...call, systemCallId: `edge-${i}`, ts: instants[i] as number })),
  };
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  // Signed in on the real clock: the session's expiry is judged by the database's own.
  member = await signUp(t.app, 'Clara Clock');
  const spread = randomCalls(20_260_311, 1200, CLOCK.getTime());
  const edges = edgeCalls();
  model = [...spread.model, ...edges.model];
  await ingestAll(t.app, [...spread.inputs, ...edges.inputs]);
  const dims = await dimensionIdsOf(t.db);
  filters = [
    { label: 'none', params: {} },
    { label: 'one publisher', params: { publisher: idsOf(dims.publishers, ['Publisher C']) }, publishers: ['Publisher C'] },
    { label: 'not connected', params: { connected: 'false' }, connected: false },
    { label: 'caller-id search', params: { search: '42' }, search: '42' },
  ];
}, 120_000);
afterAll(() => t.close());

/** Runs `read` with the server's clock (Date alone: timers stay real) at CLOCK. */
async function atClock<T>(read: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({
    now: CLOCK,
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
  try {
    return await read();
  } finally {
    jest.useRealTimers();
  }
}

/** The cards' counts by brute force: each disposition, Rejected / Unknown and Red No Connects. */
function bruteForce(range: { from: string; to: string }, f: ModelFilter) {
  const within = { from: new Date(range.from), to: new Date(range.to) };
  const calls = model.filter((c) => matches(c, within, f));
  const counts = Object.fromEntries(DISPOSITIONS.map((d) => [d, calls.filter((c) => c.status === d).length]));
  return {
    totalCalls: calls.length,
    counts,
    rejectedUnknown: calls.filter((c) => !isDisposition(c.status)).length,
    redNoConnect: calls.filter((c) => !c.connected).length,
  };
}

function countsOf(figures: Pick<StatsData, 'totalCalls' | 'dispositions' | 'flags'>) {
  return {
    totalCalls: figures.totalCalls,
    counts: Object.fromEntries(figures.dispositions.map((d) => [d.disposition, d.count])),
    rejectedUnknown: figures.flags.rejectedUnknownCount,
    redNoConnect: figures.flags.redNoConnectCount,
  };
}

const PRESETS = DATE_PRESETS.filter((p): p is Preset => p !== 'custom');

describe('the previous period at a fixed clock (Wednesday 07:30:42)', () => {
  test('the data reaches both sides of every cut', () => {
    for (const preset of PRESETS_IN_PROGRESS) {
      const cut = Date.parse(EXPECTED[preset].previous.to);
      const dayEnd = Date.parse(EXPECTED[preset].previous.to) + 16 * 60 * MINUTE;
      expect([preset, model.filter((c) => c.ts >= cut - MINUTE && c.ts < cut).length > 0]).toEqual([preset, true]);
      expect([preset, model.filter((c) => c.ts >= cut && c.ts < dayEnd).length > 5]).toEqual([preset, true]);
    }
    expect(model.filter((c) => c.ts > CLOCK.getTime() && c.ts < Date.parse(EXPECTED.today.to)).length).toBeGreaterThan(0);
  });

  test.each(PRESETS)('%s: the cards compare what brute force counts in the period and in the previous one', async (preset) => {
    const expected = EXPECTED[preset];
    for (const f of filters) {
      const where = `${preset} / ${f.label}`;
      const stats = (await atClock(() => getOk<{ data: StatsData }>(t.app, member.token, `/api/stats${qs({ datePreset: preset, ...f.params })}`))).data;
      expect([where, stats.range]).toEqual([where, { preset, from: expected.from, to: expected.to }]);
      expect([where, stats.previous.range]).toEqual([where, expected.previous]);
      expect([where, countsOf(stats)]).toEqual([where, bruteForce(expected, f)]);
      expect([`${where} (previous)`, countsOf(stats.previous)]).toEqual([`${where} (previous)`, bruteForce(expected.previous, f)]);
    }
  });

  test.each(PRESETS_IN_PROGRESS.map((preset) => [preset]))('%s: the timeline draws the previous period up to the same moment, cut into its own buckets', async (preset) => {
    const expected = EXPECTED[preset];
    for (const f of filters.slice(0, 2)) {
      const where = `${preset} / ${f.label}`;
      const series = (await atClock(() => getOk<{ data: SeriesData }>(t.app, member.token, `/api/stats/series${qs({ datePreset: preset, ...f.params })}`))).data;
      const previous = series.previous.buckets;
      expect([where, Date.parse(previous[0]!.from), Date.parse(previous.at(-1)!.to)]).toEqual([where, Date.parse(expected.previous.from), Date.parse(expected.previous.to)]);
      for (const b of previous) {
        expect([where, b.from, b.total]).toEqual([where, b.from, bruteForce(b, f).totalCalls]);
      }
      expect([where, previous.reduce((sum, b) => sum + b.total, 0)]).toEqual([where, bruteForce(expected.previous, f).totalCalls]);
    }
  });

  test('today by the hour: yesterday until 07:30 is eight buckets, the last one half an hour', async () => {
    const series = (await atClock(() => getOk<{ data: SeriesData }>(t.app, member.token, `/api/stats/series${qs({ datePreset: 'today' })}`))).data;
    expect(series.bucket).toBe('hour');
    expect(series.buckets).toHaveLength(24);
    expect(series.previous.buckets.map((b) => b.from.slice(11, 16))).toEqual(['00:00', '01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00']);
    expect(series.previous.buckets.at(-1)!.to).toBe('2026-03-10T07:30:00.000-04:00');
    expect(REJECTED_UNKNOWN in series.buckets[0]!.counts).toBe(true);
  });
});
