/**
 * Every number the dashboard shows must be exact, whichever path answers it
 * (daily rollup, hourly rollup plus raw edges, raw table). Seeded random calls
 * over ~60 days — including both DST changes, New York midnights and UTC hour
 * edges to the millisecond, odd statuses — go through inserts, re-deliveries
 * that move calls across days, statuses and dimensions, QC verdicts and bulk
 * updates. After each step the API's answers are compared with a brute-force
 * computation over a model of every call kept in memory here, and the model
 * with the `calls` table itself.
 */
import { DATE_PRESETS, DISPOSITIONS, canonicalDisposition, isDisposition, type DatePreset } from '@callboard/contract';
import { resolveCustom, resolvePreset, type TimeRange } from '../src/domain/calls/date-range';
import { INGEST_KEY, bulkUpdate, getOk, nyIso, onStableNewYorkDay, postCalls, postQc, qs, seededRandom, type IngestCallInput } from './support/calls-fixtures';
import { buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

type Preset = Exclude<DatePreset, 'custom'>;
const PRESETS = DATE_PRESETS.filter((p): p is Preset => p !== 'custom');
const DAY = 86_400_000;
const HOUR = 3_600_000;

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin');
  member = await signUp(t.app, 'Mo Member');
});
afterAll(() => t.close());

// ---------------------------------------------------------------- the model

interface Verdict {
  disposition: string;
  sub_disposition?: string | null;
  reason?: string | null;
}
interface ModelCall {
  input: IngestCallInput;
  ts: number;
  callerId: string;
  campaign: string;
  publisher: string;
  target: string | null;
  buyer: string | null;
  connected: boolean;
  status: string;
  sub: string | null;
  reason: string | null;
  overridden: boolean;
  qc: string | null;
}
const model = new Map<string, ModelCall>();

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** What storing a delivered call does: fields replaced; the verdict followed unless a person overrode it. */
function applyDelivery(input: IngestCallInput) {
  const previous = model.get(input.systemCallId);
  const durationSec = (input.durationSec as number | undefined) ?? 0;
  const call: ModelCall = {
    input,
    ts: Date.parse(input.callTimestamp),
    callerId: (input.callerId as string | undefined)?.trim() ?? '',
    campaign: (input.campaignName as string).trim(),
    publisher: (input.publisherName as string).trim(),
    target: blankToNull(input.targetName),
    buyer: blankToNull(input.buyerName),
    connected: (input.connected as boolean | undefined) ?? durationSec > 0,
    status: previous?.status ?? '',
    sub: previous?.sub ?? null,
    reason: previous?.reason ?? null,
    overridden: previous?.overridden ?? false,
    qc: previous?.qc ?? null,
  };
  model.set(input.systemCallId, call);
  if (input.qc) applyVerdict(input.systemCallId, input.qc as Verdict);
}

function applyVerdict(systemCallId: string, verdict: Verdict) {
  const call = model.get(systemCallId);
  if (!call) return;
  const disposition = canonicalDisposition(verdict.disposition);
  call.qc = disposition;
  if (!call.overridden) {
    call.status = disposition;
    call.sub = blankToNull(verdict.sub_disposition);
    call.reason = blankToNull(verdict.reason);
  }
}

function applyBulk(systemCallIds: string[], set: { status: string; sub_disposition?: string | null; reason?: string | null }): number {
  let changed = 0;
  for (const systemCallId of new Set(systemCallIds)) {
    const call = model.get(systemCallId)!;
    // An omitted text stays only while the status stays (contract's verdictAfter).
    const keeps = set.status === call.status;
    const next = {
      status: set.status,
      sub: set.sub_disposition === undefined ? (keeps ? call.sub : null) : blankToNull(set.sub_disposition),
      reason: set.reason === undefined ? (keeps ? call.reason : null) : blankToNull(set.reason),
    };
    if (next.status === call.status && next.sub === call.sub && next.reason === call.reason) continue;
    Object.assign(call, next, { overridden: true });
    changed += 1;
  }
  return changed;
}

// ---------------------------------------------------------------- generating calls

const random = seededRandom(20_261_101);
const CAMPAIGNS = ['Medicare Advantage', 'ACA Health', 'Final Expense', 'Auto Insurance', 'Home Warranty', 'Solar'];
const PUBLISHERS = Array.from({ length: 10 }, (_, i) => `Publisher ${String.fromCharCode(65 + i)}`);
const TARGETS = Array.from({ length: 7 }, (_, i) => `Target ${i + 1}`);
const BUYERS = ['Buyer North', 'Buyer South', 'Buyer East', 'Buyer West', 'Buyer Central'];
// Skewed like real QC output, plus statuses outside the 14 and spellings that canonicalise.
const STATUS_BAG: Array<string | null> = [
  ...Array(10).fill('Sales'), ...Array(8).fill('Not Interested'), ...Array(6).fill('Voicemail'), ...Array(5).fill('Hungup'),
  ...Array(4).fill('DNC'), ...Array(3).fill('Not Qualified'), 'Tech Issues', 'DWSPI', 'Unresponsive', 'Callback', 'Callback', 'IVR',
  'subsidy/incentivised', 'Language Barrier', 'Misdialed', null, null, null, 'Weird', 'Transferred', 'sales', ' dnc ', 'VOICEMAIL',
];

const startedAt = Date.now();
const nyMidnightDaysAgo = (days: number) => resolvePreset('today', new Date(startedAt - days * DAY)).from.getTime();

/** Instants that stress the edges: DST changes, New York midnights, UTC hours, to the millisecond. */
function randomInstant(): number {
  const roll = random.next();
  if (roll < 0.6) return startedAt - random.int(0, 60 * 24 * 60) * 60_000 - random.int(0, 59_999);
  if (roll < 0.7) {
    // 2026-11-01, fall back: 23:00 EDT on Oct 31 (03:00Z) to 03:00 EST (08:00Z), both 01:30s included.
    return random.pick([Date.parse('2026-11-01T04:00:00Z'), Date.parse('2026-11-01T05:30:00Z'), Date.parse('2026-11-01T06:30:00Z'), Date.parse('2026-11-02T05:00:00Z') - 1])
      + (random.chance(0.5) ? 0 : random.int(-90, 90) * 60_000);
  }
  if (roll < 0.75) {
    // 2026-03-08, spring forward: 00:00 EST is 05:00Z; 03:00 EDT is 07:00Z.
    return Date.parse('2026-03-08T05:00:00Z') + random.pick([0, -1, HOUR, 2 * HOUR, 19 * HOUR - 1, 19 * HOUR, random.int(0, 23 * 60) * 60_000]);
  }
  if (roll < 0.9) return nyMidnightDaysAgo(random.int(0, 62)) + random.pick([0, -1, 1, 0, 0]);
  if (roll < 0.97) return Math.floor((startedAt - random.int(0, 60 * 24) * HOUR) / HOUR) * HOUR + random.pick([0, -1, 1]);
  return resolvePreset('today', new Date(startedAt)).to.getTime() - random.int(1, 120) * 60_000; // later today
}

const isoOf = (ms: number) => (random.chance(0.3) ? nyIso(new Date(ms).toISOString()) : new Date(ms).toISOString());

function randomCallerId(): string {
  const digits = String(random.int(2_000_000_000, 9_999_999_999));
  const roll = random.next();
  if (roll < 0.05) return `${digits.slice(0, 3)}_${digits.slice(3)}`;
  if (roll < 0.08) return `${digits.slice(0, 2)}%${digits.slice(2)}`;
  if (roll < 0.1) return '';
  return digits;
}

function randomVerdict(): Verdict | undefined {
  const status = random.pick(STATUS_BAG);
  if (status === null) return undefined;
  return { disposition: status, sub_disposition: random.chance(0.5) ? random.pick(['Price', 'Timing', 'Spouse']) : null, reason: random.chance(0.5) ? 'bot reason' : null };
}

let serial = 0;
function randomCall(systemCallId = `ex-${String((serial += 1)).padStart(5, '0')}`, extraNames = false): IngestCallInput {
  const durationSec = random.chance(0.15) ? 0 : random.int(1, 1200);
  const call: IngestCallInput = {
    systemCallId,
    callTimestamp: isoOf(randomInstant()),
    callerId: randomCallerId(),
    campaignName: extraNames && random.chance(0.3) ? 'Late Campaign' : random.pick(CAMPAIGNS),
    publisherName: extraNames && random.chance(0.3) ? 'Late Publisher' : random.pick(PUBLISHERS),
    targetName: random.chance(0.1) ? null : random.pick(TARGETS),
    buyerName: random.chance(0.1) ? null : random.pick(BUYERS),
    durationSec,
    revenue: random.int(0, 5000) / 100,
    payout: random.int(0, 3000) / 100,
  };
  if (random.chance(0.05)) call.connected = durationSec === 0; // the platform says otherwise
  const verdict = randomVerdict();
  if (verdict) call.qc = verdict;
  return call;
}

async function deliver(calls: IngestCallInput[], expectCounts?: { inserted: number; updated: number }) {
  let inserted = 0;
  let updated = 0;
  for (let i = 0; i < calls.length; i += 400) {
    const batch = calls.slice(i, i + 400);
    const response = await postCalls(t.app, batch);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    // Repeats inside a batch are refused for all but their last occurrence.
    const lastIndex = new Map(batch.map((c, index) => [c.systemCallId, index]));
    expect(data.rejected.map((r: { index: number }) => r.index)).toEqual(batch.map((c, index) => (lastIndex.get(c.systemCallId) === index ? -1 : index)).filter((x) => x >= 0));
    inserted += data.inserted;
    updated += data.updated;
    for (const call of batch.filter((c, index) => lastIndex.get(c.systemCallId) === index)) applyDelivery(call);
  }
  if (expectCounts) expect({ inserted, updated }).toEqual(expectCounts);
}

/** A re-delivery of a known call that moves it: another day, status, dimension, connection. */
function moved(systemCallId: string, withVerdict: boolean): IngestCallInput {
  const current = model.get(systemCallId)!.input;
  const next: IngestCallInput = { ...current };
  const roll = random.next();
  if (roll < 0.4) next.callTimestamp = isoOf(Date.parse(current.callTimestamp) + random.pick([-DAY, DAY, -3 * DAY, 7 * DAY, -HOUR, 1, -1]));
  else if (roll < 0.6) next.callTimestamp = isoOf(randomInstant());
  if (random.chance(0.4)) next.campaignName = random.pick(CAMPAIGNS);
  if (random.chance(0.4)) next.publisherName = random.pick(PUBLISHERS);
  if (random.chance(0.3)) next.targetName = random.chance(0.3) ? null : random.pick(TARGETS);
  if (random.chance(0.3)) next.buyerName = random.chance(0.3) ? null : random.pick(BUYERS);
  if (random.chance(0.3)) next.callerId = randomCallerId();
  if (random.chance(0.3)) {
    next.durationSec = random.chance(0.5) ? 0 : random.int(1, 600);
    delete next.connected;
  }
  delete next.qc;
  if (withVerdict) next.qc = randomVerdict() ?? { disposition: 'Weird' };
  return next;
}

const someIds = (n: number, filter: (c: ModelCall) => boolean = () => true) => {
  const pool = [...model.entries()].filter(([, c]) => filter(c)).map(([id]) => id);
  const chosen = new Set<string>();
  while (chosen.size < Math.min(n, pool.length)) chosen.add(random.pick(pool));
  return [...chosen];
};

// ---------------------------------------------------------------- brute force

interface Filter {
  label: string;
  params: Record<string, string>;
  campaigns?: string[];
  publishers?: string[];
  targets?: string[];
  buyers?: string[];
  statuses?: string[];
  search?: string;
  callerId?: string;
  connected?: boolean;
}
type Dimensions = Record<'campaigns' | 'publishers' | 'targets' | 'buyers', Map<string, string>>; // name → id

function matches(call: ModelCall, range: TimeRange, f: Filter, ignoreStatus = false): boolean {
  if (call.ts < range.from.getTime() || call.ts >= range.to.getTime()) return false;
  if (f.campaigns && !f.campaigns.includes(call.campaign)) return false;
  if (f.publishers && !f.publishers.includes(call.publisher)) return false;
  if (f.targets && (call.target === null || !f.targets.includes(call.target))) return false;
  if (f.buyers && (call.buyer === null || !f.buyers.includes(call.buyer))) return false;
  if (!ignoreStatus && f.statuses && !f.statuses.includes(call.status)) return false;
  if (f.search && !call.callerId.toLowerCase().includes(f.search.toLowerCase())) return false;
  if (f.callerId !== undefined && call.callerId !== f.callerId) return false;
  if (f.connected !== undefined && call.connected !== f.connected) return false;
  return true;
}

const pct = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 10_000) / 100);

function expectedFigures(range: TimeRange, f: Filter) {
  const calls = [...model.values()].filter((c) => matches(c, range, f));
  const total = calls.length;
  const count = (status: string) => calls.filter((c) => c.status === status).length;
  const rejectedUnknownCount = calls.filter((c) => !isDisposition(c.status)).length;
  const redNoConnectCount = calls.filter((c) => !c.connected).length;
  return {
    totalCalls: total,
    dispositions: DISPOSITIONS.map((d) => ({ disposition: d, count: count(d), percentage: pct(count(d), total) })),
    flags: {
      rejectedUnknownCount,
      rejectedUnknownPct: pct(rejectedUnknownCount, total),
      redNoConnectCount,
      redNoConnectPct: pct(redNoConnectCount, total),
      flagVoicemail: total > 0 && pct(count('Voicemail'), total) >= 20,
      flagTargetHU: total > 0 && pct(count('Hungup'), total) >= 10,
      flagRejectedUnknown: total > 0 && pct(rejectedUnknownCount, total) >= 5,
      flagRedNoConnect: total > 0 && pct(redNoConnectCount, total) >= 5,
    },
  };
}

// ---------------------------------------------------------------- ranges and filters

interface NamedRange {
  label: string;
  params: Record<string, string>;
  resolve: () => ReturnType<typeof resolvePreset>;
}

function ranges(): NamedRange[] {
  const presets = PRESETS.map((preset) => ({ label: preset, params: { datePreset: preset }, resolve: () => resolvePreset(preset, new Date()) }));
  const day = (daysAgo: number) => new Date(nyMidnightDaysAgo(daysAgo) + 12 * HOUR).toISOString();
  const wall = (daysAgo: number, time: string) => `${nyIso(day(daysAgo)).slice(0, 10)}T${time}`;
  const customs: Array<[string, string, string]> = [
    ['fall-back day (25 h)', '2026-11-01T00:00', '2026-11-02T00:00'],
    ['fall-back night, not aligned', '2026-10-31T23:30', '2026-11-01T03:10'],
    ['spring-forward day (23 h)', '2026-03-08T00:00', '2026-03-09T00:00'],
    ['spring-forward night, not aligned', '2026-03-07T22:13', '2026-03-08T04:46'],
    ['09:37 → 17:05 across days', wall(10, '09:37'), wall(7, '17:05')],
    ['inside one hour', wall(3, '10:05'), wall(3, '10:50')],
    ['whole UTC hours, not midnights', new Date(Math.floor((startedAt - 20 * DAY) / HOUR) * HOUR).toISOString(), new Date(Math.floor((startedAt - 5 * DAY) / HOUR) * HOUR).toISOString()],
    ['30 whole days', wall(40, '00:00'), wall(10, '00:00')],
    ['with an offset, to the millisecond', `${nyIso(day(15)).slice(0, 10)}T03:17:29.123+02:00`, `${nyIso(day(2)).slice(0, 10)}T21:00:00.001-07:00`],
    ['the last 62 days and a bit', wall(62, '00:00'), new Date(startedAt + DAY).toISOString()],
    // Most of a past month: its month row less the days at either end (splitByMonthLess), which hold calls.
    ['October less its first two days and its last', '2026-10-03T00:00', '2026-10-31T00:00'],
  ];
  return [
    ...presets,
    ...customs.map(([label, startDate, endDate]) => ({ label, params: { datePreset: 'custom', startDate, endDate }, resolve: () => resolveCustom(startDate, endDate) })),
  ];
}

async function dimensions(): Promise<Dimensions> {
  const read = async (table: string) => new Map((await t.db.query<{ id: string; name: string }>(`SELECT id::text AS id, name FROM ${table}`)).map((r) => [r.name, r.id]));
  return { campaigns: await read('campaigns'), publishers: await read('publishers'), targets: await read('targets'), buyers: await read('buyers') };
}

function filters(dims: Dimensions): Filter[] {
  const ids = (map: Map<string, string>, names: string[]) => names.map((n) => map.get(n)).filter(Boolean).join(',');
  const someCaller = [...model.values()].map((c) => c.callerId).find((c) => c.length > 5) ?? '0';
  return [
    { label: 'none', params: {} },
    { label: 'two campaigns', params: { campaign: ids(dims.campaigns, ['ACA Health', 'Solar']) }, campaigns: ['ACA Health', 'Solar'] },
    { label: 'publisher + status', params: { publisher: ids(dims.publishers, ['Publisher C']), status: 'Sales,dnc' }, publishers: ['Publisher C'], statuses: ['Sales', 'DNC'] },
    { label: 'targets + buyers', params: { target: ids(dims.targets, ['Target 1', 'Target 2', 'Target 3']), buyer: ids(dims.buyers, ['Buyer East', 'Buyer West']) }, targets: ['Target 1', 'Target 2', 'Target 3'], buyers: ['Buyer East', 'Buyer West'] },
    { label: 'unknown statuses', params: { status: 'Weird,Transferred' }, statuses: ['Weird', 'Transferred'] },
    { label: 'status + disposition', params: { status: 'Hungup', disposition: 'voicemail' }, statuses: ['Hungup', 'Voicemail'] },
    { label: 'search _ literally', params: { search: '_' }, search: '_' },
    { label: 'search %', params: { search: ' % ' }, search: '%' },
    { label: 'search digits + campaign', params: { search: '12', campaign: ids(dims.campaigns, ['Medicare Advantage']) }, search: '12', campaigns: ['Medicare Advantage'] },
    { label: 'callerId exact', params: { callerId: someCaller }, callerId: someCaller },
  ];
}

/**
 * Filters for the pickers: each selects in some dimensions, so for one picker it is another
 * picker's selection (counted under) and for another its own (ignored); with statuses, the
 * connection, and caller-id searches (ignored).
 */
function pickerFilters(dims: Dimensions): Filter[] {
  const ids = (map: Map<string, string>, names: string[]) => names.map((n) => map.get(n)).filter(Boolean).join(',');
  const someCaller = [...model.values()].map((c) => c.callerId).find((c) => c.length > 5) ?? '0';
  const campaigns = ['ACA Health', 'Solar'];
  const publishers = ['Publisher C', 'Publisher F'];
  const targets = ['Target 1', 'Target 2', 'Target 3'];
  const buyers = ['Buyer East', 'Buyer West'];
  return [
    { label: 'campaigns', params: { campaign: ids(dims.campaigns, campaigns) }, campaigns },
    { label: 'publishers + status', params: { publisher: ids(dims.publishers, publishers), status: 'Sales,dnc' }, publishers, statuses: ['Sales', 'DNC'] },
    { label: 'targets + buyers', params: { target: ids(dims.targets, targets), buyer: ids(dims.buyers, buyers) }, targets, buyers },
    { label: 'statuses, one outside the 14', params: { status: 'Voicemail,Weird' }, statuses: ['Voicemail', 'Weird'] },
    { label: 'connected', params: { connected: 'true' }, connected: true },
    { label: 'not connected + campaigns', params: { connected: 'false', campaign: ids(dims.campaigns, campaigns) }, connected: false, campaigns },
    { label: 'search + publishers', params: { search: '12', publisher: ids(dims.publishers, publishers) }, search: '12', publishers },
    { label: 'callerId + status', params: { callerId: someCaller, status: 'Sales' }, callerId: someCaller, statuses: ['Sales'] },
    {
      label: 'everything',
      params: { campaign: ids(dims.campaigns, campaigns), publisher: ids(dims.publishers, publishers), target: ids(dims.targets, targets), buyer: ids(dims.buyers, buyers), status: 'Sales,Voicemail,Not Interested', connected: 'true', search: '1' },
      campaigns, publishers, targets, buyers, statuses: ['Sales', 'Voicemail', 'Not Interested'], connected: true, search: '1',
    },
  ];
}

// ---------------------------------------------------------------- checks

async function checkStats(range: NamedRange, f: Filter) {
  await onStableNewYorkDay(async () => {
    const resolved = range.resolve();
    const stats = (await getOk(t.app, member.token, `/api/stats${qs({ ...range.params, ...f.params })}`)).data;
    const where = `stats ${range.label} / ${f.label}`;
    expect([where, stats.range.from, stats.range.to]).toEqual([where, resolved.from.toISOString(), resolved.to.toISOString()]);
    const { range: _range, previous, ...current } = stats;
    const { range: _previousRange, ...previousFigures } = previous;
    expect([where, current]).toEqual([where, expectedFigures(resolved, f)]);
    expect([`${where} (previous)`, previousFigures]).toEqual([`${where} (previous)`, expectedFigures(resolved.previous, f)]);
  });
}

async function checkRecords(range: NamedRange, f: Filter) {
  await onStableNewYorkDay(async () => {
    const resolved = range.resolve();
    const body = await getOk(t.app, member.token, `/api/calls/records${qs({ ...range.params, ...f.params, limit: 50 })}`);
    const expected = [...model.entries()].filter(([, c]) => matches(c, resolved, f));
    const where = `records ${range.label} / ${f.label}`;
    // A next page is named by its cursor (records-cursor.ts) exactly when there is one.
    expect([where, body.meta]).toEqual([
      where,
      { total: expected.length, page: 1, pages: Math.ceil(expected.length / 50), limit: 50, nextCursor: expected.length > 50 ? expect.any(String) : null },
    ]);
    // Page 1 is the 50 latest of exactly these calls.
    const times = body.data.map((r: { callTimestamp: string }) => Date.parse(r.callTimestamp));
    expect([where, times]).toEqual([where, expected.map(([, c]) => c.ts).sort((a, b) => b - a).slice(0, 50)]);
    const allowed = new Set(expected.map(([id]) => id));
    expect([where, body.data.filter((r: { systemCallId: string }) => !allowed.has(r.systemCallId))]).toEqual([where, []]);
    for (const row of body.data) {
      const call = model.get(row.systemCallId)!;
      expect([row.systemCallId, row.status, row.campaignName, row.publisherName, row.callerId, row.connected]).toEqual([
        row.systemCallId, call.status, call.campaign, call.publisher, call.callerId, call.connected,
      ]);
    }
  });
}

async function checkPickers(range: NamedRange, f: Filter, dims: Dimensions) {
  await onStableNewYorkDay(async () => {
    const resolved = range.resolve();
    const all = (await getOk(t.app, member.token, `/api/filters/all${qs({ ...range.params, ...f.params })}`)).data;
    const fields = { campaigns: 'campaign', publishers: 'publisher', targets: 'target', buyers: 'buyer' } as const;
    for (const name of ['campaigns', 'publishers', 'targets', 'buyers'] as const) {
      // A picker counts the calls matching everything else: not its own selection, not a caller-id search.
      const counted = [...model.values()].filter((c) => matches(c, resolved, { ...f, [name]: undefined, search: undefined, callerId: undefined }));
      const expected = Object.fromEntries([...dims[name].keys()].map((label) => [label, counted.filter((c) => c[fields[name]] === label).length]));
      const got = Object.fromEntries((all[name] as Array<{ value: string; label: string; count: number }>).map((o) => [o.label, o.count]));
      const where = `${name} ${range.label} / ${f.label}`;
      expect([where, got]).toEqual([where, expected]);
      for (const option of all[name]) expect(option.value).toBe(dims[name].get(option.label));
    }
    // Dispositions: the 14 then the others in use, counted with the filter but without its status part.
    const narrowed = [...model.values()].filter((c) => matches(c, resolved, f, true));
    const list = all.dispositions as Array<{ value: string; count: number }>;
    const where = `dispositions ${range.label} / ${f.label}`;
    expect([where, list.slice(0, 14)]).toEqual([where, DISPOSITIONS.map((d) => ({ value: d, label: d, count: narrowed.filter((c) => c.status === d).length }))]);
    const others = new Map<string, number>();
    for (const c of narrowed) if (c.status !== '' && !isDisposition(c.status)) others.set(c.status, (others.get(c.status) ?? 0) + 1);
    expect([where, Object.fromEntries(list.slice(14).map((d) => [d.value, d.count]))]).toEqual([where, Object.fromEntries(others)]);
    for (let i = 15; i < list.length; i += 1) expect(list[i - 1]!.count).toBeGreaterThanOrEqual(list[i]!.count);
  });
}

/** Each picker's own route answers as /all does, its name search and limit applied after the counts. */
async function checkPickerRoutes(range: NamedRange, f: Filter, dims: Dimensions) {
  await onStableNewYorkDay(async () => {
    const all = (await getOk(t.app, member.token, `/api/filters/all${qs({ ...range.params, ...f.params })}`)).data;
    for (const name of ['campaigns', 'publishers', 'targets', 'buyers'] as const) {
      // The route's `search` is its name search: the caller-id search never reaches it (as the client sends it).
      const { search: _callerSearch, ...params } = f.params;
      const own = (await getOk(t.app, member.token, `/api/filters/${name}${qs({ ...range.params, ...params })}`)).data[name];
      const where = `/api/filters/${name} ${range.label} / ${f.label}`;
      expect([where, own]).toEqual([where, all[name]]);
      const first = [...dims[name].keys()].sort()[0]!;
      const named = (await getOk(t.app, member.token, `/api/filters/${name}${qs({ ...range.params, ...params, search: first, limit: 1 })}`)).data[name];
      expect([where, named]).toEqual([where, all[name].filter((o: { label: string }) => o.label.toLowerCase().includes(first.toLowerCase())).slice(0, 1)]);
    }
  });
}

/** The model and the table agree on every call; the rollups agree with the table. */
async function checkTable() {
  const rows = await t.db.query<Record<string, any>>(
    `SELECT c.system_call_id, c.call_ts, c.caller_id, cp.name AS campaign, p.name AS publisher, tg.name AS target, b.name AS buyer,
       c.connected, c.status, c.sub_disposition, c.reason, c.status_overridden, c.qc_disposition
     FROM calls c JOIN campaigns cp ON cp.id = c.campaign_id JOIN publishers p ON p.id = c.publisher_id
     LEFT JOIN targets tg ON tg.id = c.target_id LEFT JOIN buyers b ON b.id = c.buyer_id`,
  );
  expect(rows).toHaveLength(model.size);
  for (const row of rows) {
    const call = model.get(row.system_call_id)!;
    expect([row.system_call_id, new Date(row.call_ts).getTime(), row.caller_id, row.campaign, row.publisher, row.target, row.buyer, row.connected, row.status, row.sub_disposition, row.reason, row.status_overridden, row.qc_disposition]).toEqual([
      row.system_call_id, call.ts, call.callerId, call.campaign, call.publisher, call.target, call.buyer, call.connected, call.status, call.sub, call.reason, call.overridden, call.qc,
    ]);
  }
  const same = async (rollup: string, raw: string) => {
    const norm = (rs: Array<Record<string, unknown>>) => rs.map((r) => JSON.stringify(Object.values(r).map((v) => (v instanceof Date ? v.toISOString() : String(v))))).sort();
    expect([rollup, norm(await t.db.query(rollup))]).toEqual([rollup, norm(await t.db.query(raw))]);
  };
  const measures = `count(*) AS calls, count(*) FILTER (WHERE NOT connected) AS not_connected, sum(duration_sec) AS duration_sec,
    sum(revenue_cents) AS revenue_cents, sum(payout_cents) AS payout_cents`;
  await same(
    `SELECT day::text, status, calls, not_connected, duration_sec, revenue_cents, payout_cents FROM calls_daily WHERE calls <> 0`,
    `SELECT ((call_ts AT TIME ZONE 'America/New_York')::date)::text AS day, status, ${measures} FROM calls GROUP BY 1, 2`,
  );
  await same(
    `SELECT hour, status, calls, not_connected, duration_sec, revenue_cents, payout_cents FROM calls_hourly WHERE calls <> 0`,
    `SELECT date_trunc('hour', call_ts, 'UTC') AS hour, status, ${measures} FROM calls GROUP BY 1, 2`,
  );
  await same(
    `SELECT dim, day::text, dim_id, calls, status_sales AS sales, revenue_cents, payout_cents FROM calls_daily_dim WHERE calls <> 0`,
    `SELECT dim, ((call_ts AT TIME ZONE 'America/New_York')::date)::text AS day, dim_id, count(*) AS calls, count(*) FILTER (WHERE status = 'Sales') AS sales,
       sum(revenue_cents) AS revenue_cents, sum(payout_cents) AS payout_cents
     FROM calls CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, coalesce(buyer_id, 0))) AS v(dim, dim_id) GROUP BY 1, 2, 3`,
  );
  await same(
    `SELECT month::text, status, calls, not_connected, duration_sec, revenue_cents, payout_cents FROM calls_monthly WHERE calls <> 0`,
    `SELECT (date_trunc('month', call_ts AT TIME ZONE 'America/New_York')::date)::text AS month, status, ${measures} FROM calls GROUP BY 1, 2`,
  );
  await same(
    `SELECT dim, dim_id, day::text, status, calls, not_connected, revenue_cents, payout_cents FROM calls_daily_dim_status WHERE calls <> 0`,
    `SELECT dim, dim_id, ((call_ts AT TIME ZONE 'America/New_York')::date)::text AS day, status, count(*) AS calls,
       count(*) FILTER (WHERE NOT connected) AS not_connected, sum(revenue_cents) AS revenue_cents, sum(payout_cents) AS payout_cents
     FROM calls CROSS JOIN LATERAL (VALUES (1, campaign_id), (2, publisher_id), (3, coalesce(target_id, 0)), (4, coalesce(buyer_id, 0))) AS v(dim, dim_id) GROUP BY 1, 2, 3, 4`,
  );
  // Rows whose calls all left are zero in every measure, never negative.
  const leftovers = await t.db.query(
    `SELECT 'daily' AS t FROM calls_daily WHERE calls = 0 AND (not_connected <> 0 OR duration_sec <> 0 OR revenue_cents <> 0 OR payout_cents <> 0) OR calls < 0
     UNION ALL SELECT 'hourly' FROM calls_hourly WHERE calls = 0 AND (not_connected <> 0 OR duration_sec <> 0 OR revenue_cents <> 0 OR payout_cents <> 0) OR calls < 0
     UNION ALL SELECT 'dim' FROM calls_daily_dim WHERE calls = 0 AND (status_sales <> 0 OR revenue_cents <> 0 OR payout_cents <> 0) OR calls < 0
     UNION ALL SELECT 'monthly' FROM calls_monthly WHERE calls = 0 AND (not_connected <> 0 OR duration_sec <> 0 OR revenue_cents <> 0 OR payout_cents <> 0) OR calls < 0`,
  );
  expect(leftovers).toEqual([]);
}

async function verify(step: string) {
  await checkTable();
  const dims = await dimensions();
  const allRanges = ranges();
  const allFilters = filters(dims);
  const none = allFilters[0]!;
  for (const range of allRanges) {
    await checkStats(range, none);
    await checkRecords(range, none);
    await checkPickers(range, none, dims);
  }
  const sampleRanges = allRanges.filter((r) =>
    ['today', 'last_7_days', 'last_30_days', 'this_year', 'fall-back night, not aligned', '09:37 → 17:05 across days', 'whole UTC hours, not midnights'].includes(r.label),
  );
  expect(sampleRanges).toHaveLength(7);
  for (const f of allFilters.slice(1)) {
    for (const range of sampleRanges) {
      await checkStats(range, f);
      await checkRecords(range, f);
    }
  }
  await checkPickers(allRanges[0]!, allFilters[2]!, dims);
  // Every picker under other selections, statuses, the connection and searches, over presets and
  // custom ranges with partial days; each one alone too, as the route answers it.
  const pickerChecks = pickerFilters(dims);
  for (const f of pickerChecks) {
    for (const range of sampleRanges) await checkPickers(range, f, dims);
  }
  await checkPickerRoutes(sampleRanges.find((r) => r.label === '09:37 → 17:05 across days')!, pickerChecks.at(-1)!, dims);
  if (step === 'insert') {
    // Not vacuous: over the year, each filter leaves every picker some calls to count, and fewer than all for some picker.
    const year = allRanges.find((r) => r.label === 'this_year')!.resolve();
    const inYear = [...model.values()].filter((c) => matches(c, year, { label: 'range only', params: {} })).length;
    for (const f of pickerChecks) {
      const counted = (['campaigns', 'publishers', 'targets', 'buyers'] as const).map(
        (name) => [...model.values()].filter((c) => matches(c, year, { ...f, [name]: undefined, search: undefined, callerId: undefined })).length,
      );
      expect([f.label, counted.every((n) => n > 0), counted.some((n) => n < inYear)]).toEqual([f.label, true, true]);
    }
  }
  // The checks above are not vacuous: the data reaches the edges they are about.
  if (step === 'insert') {
    const everything = [...model.values()];
    expect(everything.filter((c) => c.ts >= Date.parse('2026-11-01T04:00:00Z') && c.ts < Date.parse('2026-11-02T05:00:00Z')).length).toBeGreaterThan(20);
    expect(everything.filter((c) => c.ts >= Date.parse('2026-03-08T05:00:00Z') && c.ts < Date.parse('2026-03-09T04:00:00Z')).length).toBeGreaterThan(10);
    expect(everything.filter((c) => !isDisposition(c.status)).length).toBeGreaterThan(20);
    expect(everything.filter((c) => c.callerId.includes('_')).length).toBeGreaterThan(5);
    expect(everything.filter((c) => c.callerId.includes('%')).length).toBeGreaterThan(3);
  }
}

// ---------------------------------------------------------------- the sequence

const STEP_TIMEOUT = 600_000;

test(
  'a sequence of writes, checked against brute force after every step',
  async () => {
    // 1. Inserts.
    const first = Array.from({ length: 900 }, () => randomCall());
    await deliver(first, { inserted: 900, updated: 0 });
    await verify('insert');

    // 2. Re-deliveries that move calls across days, statuses and dimensions; some carry a new verdict.
    const movedIds = someIds(200);
    await deliver(movedIds.map((id, i) => moved(id, i % 2 === 0)), { inserted: 0, updated: 200 });
    await verify('re-ingest');

    // 3. Bulk updates by a person: keep and clear notes; some calls already have the status.
    const bulks: Array<{ status: string; sub_disposition?: string | null; reason?: string | null }> = [
      { status: 'Sales', sub_disposition: 'Reviewed', reason: 'Listened' },
      { status: 'Voicemail' },
      { status: 'Hungup', sub_disposition: null, reason: null },
      { status: 'Not Qualified', reason: '  ' },
    ];
    const dbIds = new Map((await t.db.query<{ id: string; system_call_id: string }>('SELECT id::text AS id, system_call_id FROM calls')).map((r) => [r.system_call_id, r.id]));
    for (const set of bulks) {
      const chosen = [...someIds(40), ...someIds(10, (c) => c.status === set.status)];
      const response = await bulkUpdate(t.app, admin.token, { ids: chosen.map((id) => dbIds.get(id)), set });
      expect(response.statusCode).toBe(200);
      const updated = applyBulk(chosen, set);
      // A bulk update that changed no call makes no change set to undo.
      expect(response.json().data).toEqual({ updated, changeId: updated > 0 ? expect.any(String) : null });
    }
    await verify('bulk update');

    // 4. QC verdicts: for overridden calls (qc changes, status stays) and others, plus unknown calls.
    const overridden = someIds(60, (c) => c.overridden);
    const plain = someIds(90, (c) => !c.overridden);
    const results = [...overridden, ...plain].map((systemCallId) => ({ systemCallId, ...(randomVerdict() ?? { disposition: 'Misdialed' }) }));
    results.splice(7, 0, { systemCallId: 'ex-unknown-1', disposition: 'Sales' });
    const qcResponse = await postQc(t.app, results);
    expect(qcResponse.statusCode).toBe(200);
    expect(qcResponse.json().data).toEqual({ updated: results.length - 1, rejected: [{ index: 7, systemCallId: 'ex-unknown-1', errors: [{ field: 'systemCallId', message: 'No call has this systemCallId' }] }] });
    for (const r of results) applyVerdict(r.systemCallId, r);
    expect(overridden.length).toBeGreaterThan(30);
    await verify('qc verdicts');

    // 5. Re-deliveries of overridden calls with a verdict: they move, their status stays the person's.
    const again = someIds(80, (c) => c.overridden);
    await deliver(again.map((id) => moved(id, true)), { inserted: 0, updated: again.length });
    await verify('re-ingest overridden');

    // 6. A mixed batch: new calls (new dimension names too), re-deliveries, a repeated systemCallId.
    const mixed = [
      ...Array.from({ length: 150 }, () => randomCall(undefined, true)),
      ...someIds(60).map((id) => moved(id, random.chance(0.5))),
    ];
    const repeated = mixed[3]!.systemCallId;
    mixed.push(randomCall(repeated), randomCall(repeated));
    await deliver(mixed, { inserted: 150, updated: 60 });
    await verify('mixed');
  },
  STEP_TIMEOUT,
);
