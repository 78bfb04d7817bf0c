/**
 * GET /api/scorecard against brute force over the calls kept in memory, for
 * every grouping and ranges and filters that take each path: the
 * per-dimension, per-status daily rollup (whole days, a selection in the
 * grouped dimension, a status), the calls for the partial days of a custom
 * range, and the calls alone (a selection in another dimension, a caller-id
 * search, the connection). Then sorting by every column both ways, the limit
 * and the 400s.
 */
import { DISPOSITIONS, REJECTED_UNKNOWN, isDisposition } from '@callboard/contract';
import {
  SCORECARD_DEFAULT_MIN_CALLS,
  SCORECARD_GROUP_BY,
  SCORECARD_MESSAGES,
  SCORECARD_SORT_COLUMNS,
  type ScorecardGroupBy,
  type ScorecardRow,
  type ScorecardSortColumn,
} from '@callboard/contract/scorecard';
import Papa from 'papaparse';
import { resolvePreset, type ResolvedDateRange, type TimeRange } from '../src/domain/calls/date-range';
import { DEFAULT_FLAG_THRESHOLDS } from '../src/domain/calls/stats';
import { INGEST_KEY, getOk, ingestAll, onStableNewYorkDay, qs } from './support/calls-fixtures';
import { dimensionIdsOf, idsOf, matches, randomCalls, type DimensionIds, type ModelCall, type ModelFilter, customRange, presetRange, type NamedRange } from './support/call-model';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let member: SignedIn;
let model: ModelCall[];
let dims: DimensionIds;
// Which calls the database holds as repeats (decided at write time, api/test/repeat-callers.test.ts holds that to brute force; read here, not assumed).
let repeats: Set<string>;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  await signUp(t.app, 'Ada Admin');
  member = await signUp(t.app, 'Sam Scorer');
  const calls = randomCalls(20_261_126, 1000, Date.now());
  // Every tenth caller calls the same campaign again two hours later: repeats for the repeat columns and filters.
  const again = calls.inputs.filter((_, i) => i % 10 === 0).map((input, i) => ({
    ...input,
    systemCallId: `${input.systemCallId}-again`,
    callTimestamp: new Date(Date.parse(input.callTimestamp) + 2 * 3_600_000).toISOString(),
    publisherName: calls.model[(i * 7) % calls.model.length]!.publisher,
  }));
  model = [
    ...calls.model,
    ...again.map((input) => {
      const first = calls.model.find((c) => c.systemCallId === input.systemCallId.replace(/-again$/, ''))!;
      return { ...first, systemCallId: input.systemCallId, ts: Date.parse(input.callTimestamp), publisher: input.publisherName };
    }),
  ];
  await ingestAll(t.app, [...calls.inputs, ...again]);
  dims = await dimensionIdsOf(t.db);
  const rows = await t.db.query<{ system_call_id: string }>('SELECT system_call_id FROM calls WHERE repeat_of IS NOT NULL');
  repeats = new Set(rows.map((row) => row.system_call_id));
  for (const call of model) call.repeat = repeats.has(call.systemCallId);
  // The repeat filters below must have something to find.
  expect(repeats.size).toBeGreaterThan(0);
}, 120_000);
afterAll(() => t.close());

const RANGES: NamedRange[] = [
  presetRange('this_year'),
  presetRange('last_30_days'),
  presetRange('today'),
  customRange('partial days across the spring change', '2026-03-01T09:30', '2026-05-03T08:00'),
  customRange('fall-back night, not aligned', '2026-10-31T22:13', '2026-11-01T04:46'),
];

function filters(): ModelFilter[] {
  return [
    { label: 'none', params: {} },
    { label: 'two publishers', params: { publisher: idsOf(dims.publishers, ['Publisher A', 'Publisher C']) }, publishers: ['Publisher A', 'Publisher C'] },
    { label: 'a buyer', params: { buyer: idsOf(dims.buyers, ['Buyer South']) }, buyers: ['Buyer South'] },
    { label: 'a campaign and a target', params: { campaign: idsOf(dims.campaigns, ['Solar']), target: idsOf(dims.targets, ['Target 2']) }, campaigns: ['Solar'], targets: ['Target 2'] },
    { label: 'Sales and Rejected / Unknown', params: { status: `Sales,${REJECTED_UNKNOWN}` }, statuses: ['Sales', REJECTED_UNKNOWN] },
    { label: 'connected', params: { connected: 'true' }, connected: true },
    { label: 'not connected, Voicemail', params: { connected: 'false', status: 'Voicemail' }, connected: false, statuses: ['Voicemail'] },
    { label: 'a caller-id search', params: { search: '7' }, search: '7' },
    { label: 'repeats', params: { repeat: 'true' }, repeat: true },
    { label: 'first calls, Sales', params: { repeat: 'false', status: 'Sales' }, repeat: false, statuses: ['Sales'] },
  ];
}

const FIELD: Record<ScorecardGroupBy, 'publisher' | 'campaign' | 'buyer' | 'target'> = { publisher: 'publisher', campaign: 'campaign', buyer: 'buyer', target: 'target' };
const IDS: Record<ScorecardGroupBy, keyof DimensionIds> = { publisher: 'publishers', campaign: 'campaigns', buyer: 'buyers', target: 'targets' };

const pct = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 10_000) / 100);
const money = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const sumOf = (calls: ModelCall[], key: 'revenueCents' | 'payoutCents') => calls.reduce((s, c) => s + c[key], 0);

function expectedRows(groupBy: ScorecardGroupBy, range: ResolvedDateRange, f: ModelFilter, minCalls = SCORECARD_DEFAULT_MIN_CALLS): ScorecardRow[] {
  const keyOf = (c: ModelCall) => {
    const name = c[FIELD[groupBy]];
    return name === null ? '0' : (dims[IDS[groupBy]].get(name) as string);
  };
  const group = (r: TimeRange) => {
    const by = new Map<string, ModelCall[]>();
    for (const c of model.filter((call) => matches(call, r, f))) by.set(keyOf(c), [...(by.get(keyOf(c)) ?? []), c]);
    return by;
  };
  const previous = group(range.previous);
  return [...group(range)].map(([key, calls]) => {
    const count = (status: string) => calls.filter((c) => c.status === status).length;
    const rejected = calls.filter((c) => !isDisposition(c.status)).length;
    const notConnected = calls.filter((c) => !c.connected).length;
    const before = previous.get(key) ?? [];
    const beforeSales = before.filter((c) => c.status === 'Sales').length;
    const repeatCalls = calls.filter((c) => repeats.has(c.systemCallId)).length;
    const flags = calls.length < minCalls ? [] : [
      pct(count('Voicemail'), calls.length) >= DEFAULT_FLAG_THRESHOLDS.voicemailPct && 'flagVoicemail',
      pct(count('Hungup'), calls.length) >= DEFAULT_FLAG_THRESHOLDS.targetHangupPct && 'flagTargetHU',
      pct(rejected, calls.length) >= DEFAULT_FLAG_THRESHOLDS.rejectedUnknownPct && 'flagRejectedUnknown',
      pct(notConnected, calls.length) >= DEFAULT_FLAG_THRESHOLDS.redNoConnectPct && 'flagRedNoConnect',
    ].filter((flag): flag is ScorecardRow['flags'][number] => flag !== false);
    return {
      key,
      label: key === '0' ? `(no ${groupBy})` : (calls[0]![FIELD[groupBy]] as string),
      calls: calls.length,
      connected: calls.length - notConnected,
      sales: count('Sales'),
      salesRate: pct(count('Sales'), calls.length),
      counts: Object.fromEntries([...DISPOSITIONS.map((d) => [d, count(d)]), [REJECTED_UNKNOWN, rejected]]),
      voicemailPct: pct(count('Voicemail'), calls.length),
      hungupPct: pct(count('Hungup'), calls.length),
      rejectedUnknownPct: pct(rejected, calls.length),
      redNoConnectPct: pct(notConnected, calls.length),
      flags,
      repeatCalls,
      repeatPct: pct(repeatCalls, calls.length),
      revenue: money(sumOf(calls, 'revenueCents')),
      payout: money(sumOf(calls, 'payoutCents')),
      profit: money(sumOf(calls, 'revenueCents') - sumOf(calls, 'payoutCents')),
      previous: { calls: before.length, salesRate: pct(beforeSales, before.length), profit: money(sumOf(before, 'revenueCents') - sumOf(before, 'payoutCents')) },
      // No call here is disputed: api/test/scorecard-disputes.test.ts holds the dispute figures to brute force.
      disputes: 0,
      disputesDecided: 0,
      disputeRate: 0,
      acceptanceRate: null,
      credited: '0.00',
      clawedBack: '0.00',
      aiAgreement: null,
    };
  });
}

const byKey = (rows: ScorecardRow[]) => [...rows].sort((a, b) => Number(a.key) - Number(b.key));

async function scorecardOf(params: Record<string, string | number | undefined>): Promise<{ groupBy: ScorecardGroupBy; rows: ScorecardRow[] }> {
  return (await getOk(t.app, member.token, `/api/scorecard${qs(params)}`)).data;
}

describe('the scorecard', () => {
  test('every grouping equals brute force over the calls, for every range and filter tried', async () => {
    for (const groupBy of SCORECARD_GROUP_BY) {
      for (const range of RANGES) {
        for (const f of filters()) {
          await onStableNewYorkDay(async () => {
            const data = await scorecardOf({ ...range.params, ...f.params, groupBy });
            const where = `${groupBy} / ${range.label} / ${f.label}`;
            expect([where, data.groupBy]).toEqual([where, groupBy]);
            expect([where, byKey(data.rows)]).toEqual([where, byKey(expectedRows(groupBy, range.resolve(), f))]);
          });
        }
      }
    }
  }, 600_000);

  test('the data reaches what the checks are about', () => {
    const thisYear = resolvePreset('this_year', new Date());
    const inYear = model.filter((c) => c.ts >= thisYear.from.getTime() && c.ts < thisYear.to.getTime());
    expect(inYear.filter((c) => c.target === null).length).toBeGreaterThan(10);
    expect(inYear.filter((c) => !isDisposition(c.status)).length).toBeGreaterThan(10);
    const lastYear = model.filter((c) => c.ts >= thisYear.previous.from.getTime() && c.ts < thisYear.previous.to.getTime());
    expect(lastYear.length).toBeGreaterThan(100);
  });

  test('sorts by every column both ways, ties by label then key, and cuts to the limit', async () => {
    const value = (row: ScorecardRow, column: ScorecardSortColumn): number | string =>
      column === 'label' ? row.label : typeof row[column] === 'string' ? Math.round(Number(row[column]) * 100) : (row[column] ?? -1);
    for (const groupBy of ['publisher', 'target'] as const) {
      const all = (await scorecardOf({ datePreset: 'this_year', groupBy })).rows;
      expect(all.length).toBeGreaterThan(2);
      for (const sortBy of SCORECARD_SORT_COLUMNS) {
        for (const sortDir of ['asc', 'desc'] as const) {
          const rows = (await scorecardOf({ datePreset: 'this_year', groupBy, sortBy, sortDir })).rows;
          const expected = [...all].sort((a, b) => {
            const [x, y] = [value(a, sortBy), value(b, sortBy)];
            const primary = typeof x === 'string' ? x.localeCompare(y as string, 'en', { sensitivity: 'base' }) : x - (y as number);
            return (sortDir === 'asc' ? primary : -primary) || a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) || Number(a.key) - Number(b.key);
          });
          const where = `${groupBy} by ${sortBy} ${sortDir}`;
          expect([where, rows.map((r) => r.key)]).toEqual([where, expected.map((r) => r.key)]);
        }
      }
      const two = (await scorecardOf({ datePreset: 'this_year', groupBy, sortBy: 'profit', sortDir: 'asc', limit: 2 })).rows;
      expect(two.map((r) => r.key)).toEqual((await scorecardOf({ datePreset: 'this_year', groupBy, sortBy: 'profit', sortDir: 'asc' })).rows.slice(0, 2).map((r) => r.key));
    }
    // The defaults: by publisher, most calls first.
    const plain = await scorecardOf({ datePreset: 'this_year' });
    expect(plain.groupBy).toBe('publisher');
    expect(plain.rows.map((r) => r.calls)).toEqual([...plain.rows.map((r) => r.calls)].sort((a, b) => b - a));
  }, 120_000);

  test('a share is flagged only from minCalls calls (20 by default), on screen and in the export alike', async () => {
    const none: ModelFilter = { label: 'none', params: {} };
    let smallFlagged = 0;
    for (const range of RANGES) {
      for (const groupBy of ['publisher', 'target'] as const) {
        await onStableNewYorkDay(async () => {
          const where = `${groupBy} / ${range.label}`;
          const everyRow = await scorecardOf({ ...range.params, groupBy, minCalls: 1 });
          smallFlagged += everyRow.rows.filter((r) => r.calls < SCORECARD_DEFAULT_MIN_CALLS && r.flags.length > 0).length;
          expect([where, byKey(everyRow.rows)]).toEqual([where, byKey(expectedRows(groupBy, range.resolve(), none, 1))]);
          const plain = await scorecardOf({ ...range.params, groupBy });
          expect([where, plain.rows.filter((r) => r.calls < SCORECARD_DEFAULT_MIN_CALLS && r.flags.length > 0)]).toEqual([where, []]);
          expect([where, byKey(plain.rows)]).toEqual([where, byKey(expectedRows(groupBy, range.resolve(), none))]);
          const middle = everyRow.rows.map((r) => r.calls).sort((a, b) => a - b)[Math.floor(everyRow.rows.length / 2)] ?? 1;
          const chosen = await scorecardOf({ ...range.params, groupBy, minCalls: middle });
          expect([where, byKey(chosen.rows)]).toEqual([where, byKey(expectedRows(groupBy, range.resolve(), none, middle))]);
        });
      }
    }
    // The data holds what the rule is about: sources under 20 calls whose shares cross a threshold.
    expect(smallFlagged).toBeGreaterThan(0);
    // A custom range, so the screen's question and the export's ask for the same calls whenever they run.
    const params = { ...RANGES[3]!.params, groupBy: 'target', minCalls: 1, sortBy: 'label', sortDir: 'asc' };
    const shown = await scorecardOf(params);
    const response = await t.app.inject({ method: 'POST', url: '/api/scorecard/export', headers: bearer(member.token), payload: { ...params, fmt: 'csv' } });
    const [header, ...rows] = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(shown.rows.some((r) => r.flags.length > 0)).toBe(true);
    expect(rows.map((r) => r[header!.indexOf('Flags')])).toEqual(shown.rows.map((r) => r.flags.join(' ')));
  }, 120_000);

  test('a bad param is a 400 naming it, beside any bad filter param', async () => {
    const cases: Array<[string, Array<{ field: string; message: string }>]> = [
      ['groupBy=caller', [{ field: 'groupBy', message: SCORECARD_MESSAGES.groupBy }]],
      ['sortBy=flags', [{ field: 'sortBy', message: SCORECARD_MESSAGES.sortBy }]],
      ['sortDir=up', [{ field: 'sortDir', message: SCORECARD_MESSAGES.sortDir }]],
      ['limit=0', [{ field: 'limit', message: SCORECARD_MESSAGES.limit }]],
      ['limit=1001', [{ field: 'limit', message: SCORECARD_MESSAGES.limit }]],
      ['limit=2.5', [{ field: 'limit', message: SCORECARD_MESSAGES.limit }]],
      ['minCalls=0', [{ field: 'minCalls', message: SCORECARD_MESSAGES.minCalls }]],
      ['minCalls=100001', [{ field: 'minCalls', message: SCORECARD_MESSAGES.minCalls }]],
      ['minCalls=ten', [{ field: 'minCalls', message: SCORECARD_MESSAGES.minCalls }]],
      [
        'connected=maybe&groupBy=caller&limit=x',
        [
          { field: 'connected', message: 'connected must be one of true, false' },
          { field: 'groupBy', message: SCORECARD_MESSAGES.groupBy },
          { field: 'limit', message: SCORECARD_MESSAGES.limit },
        ],
      ],
    ];
    for (const [query, errors] of cases) {
      const response = await t.app.inject({ url: `/api/scorecard?${query}`, headers: bearer(member.token) });
      expect([query, response.statusCode, response.json().errors]).toEqual([query, 400, errors]);
    }
  });

  test('the export is the table as shown: its rows in its order, figures as the API gives them, names formula-safe', async () => {
    await t.db.query("UPDATE publishers SET name = '=HYPERLINK(1)' WHERE name = 'Publisher E'");
    try {
      const params = { datePreset: 'this_year', groupBy: 'publisher', sortBy: 'profit', sortDir: 'asc', limit: '10' };
      const shown = (await scorecardOf(params)).rows;
      const response = await t.app.inject({ method: 'POST', url: '/api/scorecard/export', headers: bearer(member.token), payload: { ...params, fmt: 'csv' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="scorecard_by_publisher_\d{8}T\d{6}Z\.csv"$/);
      const [header, ...rows] = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
      expect(header).toEqual([
        'Publisher', 'Calls', 'Connected', 'Sales', 'Sales rate', 'Voicemail', 'Hung up', 'Rejected / Unknown', 'No connect', 'Repeats', 'Repeat rate',
        'Revenue', 'Payout', 'Profit', 'Disputes', 'Dispute rate', 'Accepted', 'Credited', 'Clawed back', 'AI agreement',
        'Flags', 'Previous calls', 'Previous sales rate', 'Previous profit',
      ]);
      const safe = (label: string) => (label.startsWith('=') ? `'${label}` : label);
      expect(rows).toEqual(
        shown.map((r) => [
          safe(r.label), String(r.calls), String(r.connected), String(r.sales), String(r.salesRate), String(r.voicemailPct), String(r.hungupPct),
          String(r.rejectedUnknownPct), String(r.redNoConnectPct), String(r.repeatCalls), String(r.repeatPct), r.revenue, r.payout, r.profit,
          String(r.disputes), String(r.disputeRate), r.acceptanceRate === null ? '' : String(r.acceptanceRate), r.credited, r.clawedBack,
          r.aiAgreement === null ? '' : String(r.aiAgreement),
          r.flags.join(' '), String(r.previous.calls), String(r.previous.salesRate), r.previous.profit,
        ]),
      );
      expect(shown.some((r) => r.label === '=HYPERLINK(1)')).toBe(true);
      expect(rows.some((r) => r[0] === "'=HYPERLINK(1)")).toBe(true);
      const bad = await t.app.inject({ method: 'POST', url: '/api/scorecard/export', headers: bearer(member.token), payload: { fmt: 'csv', sortBy: 'nope' } });
      expect([bad.statusCode, bad.json().errors]).toEqual([400, [{ field: 'sortBy', message: SCORECARD_MESSAGES.sortBy }]]);
    } finally {
      await t.db.query("UPDATE publishers SET name = 'Publisher E' WHERE name = '=HYPERLINK(1)'");
    }
  });

  test('every signed-in role reads it; nobody else', async () => {
    expect((await t.app.inject({ url: '/api/scorecard' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/scorecard', headers: bearer(member.token) })).statusCode).toBe(200);
    expect(member.user.role).toBe('user');
  });
});
