/**
 * The scorecard's dispute figures (issue 35 item 4): after a randomised sequence of openings, decisions (accept,
 * partial, reject, with every claw-back), withdrawals, undos of decisions and re-deliveries that move disputed
 * calls to another source or day, every grouping's disputes, dispute rate, acceptance rate, money credited and
 * clawed back and AI agreement equal brute force over the disputes and their calls, by the rollup's path (whole
 * days, a selection in the grouped dimension) and the disputes' (partial days, any other filter); and the rollup
 * (migration 0029) equals a recount of the disputes.
 */
import { DISPOSITIONS } from '@callboard/contract';
import { DISPUTE_REASONS, type DisputeStatus } from '@callboard/contract/disputes';
import {
  AI_BILLABLE_VERDICTS,
  SCORECARD_GROUP_BY,
  disputeAgreesWithAi,
  type ScorecardGroupBy,
  type ScorecardRow,
} from '@callboard/contract/scorecard';
import { inNewYork } from '@callboard/contract/new-york-time';
import { newYorkDate, type TimeRange } from '../src/domain/calls/date-range';
import { INGEST_KEY, getOk, ingestAll, makeCall, onStableNewYorkDay, qs } from './support/calls-fixtures';
import { customRange, presetRange, type NamedRange } from './support/call-model';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

const DAY = 86_400_000;
const PUBLISHERS = ['Publisher A', 'Publisher B', 'Publisher C', 'Publisher D'];
const BUYERS = ['Buyer A', 'Buyer B', 'Buyer C'];
const CAMPAIGNS = ['Solar', 'Medicare', 'Debt'];
const TARGETS = ['Target 1', 'Target 2', undefined];

/** A small seeded generator (mulberry32), so a failure replays. */
function randomOf(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = randomOf(35_004);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
const deliveries = new Map<string, Record<string, unknown>>();
const callIdOf = new Map<string, string>();

function randomDelivery(systemCallId: string, now: number): Record<string, unknown> {
  // Over the last 60 days, most of them recent; a third without an AI verdict or with one that is none of the 14.
  const ts = now - Math.floor(random() ** 2 * 60 * DAY) - 60_000;
  const verdict = random();
  const qc = verdict < 0.2 ? undefined : { disposition: verdict < 0.3 ? 'Spam robot' : pick(DISPOSITIONS), reason: 'Judged so', summary: 'A call' };
  const revenue = random() < 0.15 ? 0 : Math.round(5 + random() * 60);
  return {
    ...makeCall(systemCallId, {
      callTimestamp: new Date(ts).toISOString(),
      callerId: `+1555${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}`,
      campaignName: pick(CAMPAIGNS),
      publisherName: pick(PUBLISHERS),
      targetName: pick(TARGETS),
      buyerName: random() < 0.1 ? undefined : pick(BUYERS),
      revenue,
      payout: revenue === 0 ? 0 : Math.round(revenue * (0.2 + random() * 0.5)),
      connected: random() < 0.9,
    }),
    ...(qc ? { qc } : {}),
  };
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin');
  member = await signUp(t.app, 'Sam Scorer');
  const now = Date.now();
  for (let i = 0; i < 260; i += 1) deliveries.set(`sd-${i}`, randomDelivery(`sd-${i}`, now));
  await ingestAll(t.app, [...deliveries.values()]);
  for (const row of await t.db.query<{ id: string; system_call_id: string }>('SELECT id::text AS id, system_call_id FROM calls')) callIdOf.set(row.system_call_id, row.id);
  // Every call of the last 60 days may be disputed.
  for (const row of await t.db.query<{ id: number }>('SELECT id FROM buyers')) {
    const set = await t.app.inject({ method: 'PUT', url: `/api/disputes/windows/${row.id}`, headers: bearer(admin.token), payload: { days: 90 } });
    expect(set.statusCode).toBe(200);
  }
  await everyVerdictBothWays();
  await randomHistory(420);
}, 300_000);
afterAll(() => t.close());

interface Tally {
  opened: number;
  decided: Record<'accept' | 'partial' | 'reject', number>;
  withdrawn: number;
  undone: number;
  moved: number;
}
const tally: Tally = { opened: 0, decided: { accept: 0, partial: 0, reject: 0 }, withdrawn: 0, undone: 0, moved: 0 };

async function callMoney(callId: string): Promise<{ revenue: number; payout: number }> {
  const [row] = await t.db.query<{ revenue: string; payout: string }>('SELECT revenue_cents::text AS revenue, payout_cents::text AS payout FROM calls WHERE id = $1', [callId]);
  return { revenue: Number(row!.revenue), payout: Number(row!.payout) };
}

/** A decision's body within the call's money as it is now (whole dollars for the partial amounts). */
async function decisionBody(callId: string): Promise<Record<string, unknown>> {
  const { revenue, payout } = await callMoney(callId);
  const roll = random();
  const decision = roll < 0.35 ? 'accept' : roll < 0.65 && revenue >= 200 ? 'partial' : 'reject';
  if (decision === 'reject') return { decision, note: 'The call stands' };
  const claw = pick(['full', 'partial', 'none'] as const);
  const clawBack = claw === 'partial' && payout < 200 ? 'full' : claw;
  return {
    decision,
    note: 'Credited',
    ...(decision === 'partial' ? { amount: Math.max(1, Math.floor((revenue * random()) / 100)) } : {}),
    clawBack,
    ...(clawBack === 'partial' ? { clawBackAmount: Math.max(1, Math.floor((payout * random()) / 100)) } : {}),
  };
}

/**
 * Each AI verdict (the 14 and one that is none of them) on two calls of today, one dispute rejected and one
 * accepted: the trigger's frozen list of billable verdicts (migration 0029) is held to the contract's by the
 * brute force below for every verdict, not only those the random history happens to decide.
 */
async function everyVerdictBothWays(): Promise<void> {
  const verdicts = [...DISPOSITIONS, 'Spam robot'];
  const calls = verdicts.flatMap((disposition, i) =>
    (['reject', 'accept'] as const).map((decision) => ({
      ...makeCall(`sv-${i}-${decision}`, { callTimestamp: new Date(Date.now() - 3_600_000).toISOString(), publisherName: pick(PUBLISHERS), buyerName: pick(BUYERS), revenue: 30, payout: 10 }),
      qc: { disposition, reason: 'Judged so', summary: 'A call' },
    })),
  );
  await ingestAll(t.app, calls);
  for (const call of calls) {
    const [row] = await t.db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE system_call_id = $1', [call.systemCallId]);
    const opened = await t.app.inject({ method: 'POST', url: `/api/calls/${row!.id}/disputes`, headers: bearer(admin.token), payload: { reason: 'other', note: 'Checking' } });
    expect(opened.statusCode).toBe(201);
    const body = call.systemCallId.endsWith('reject') ? { decision: 'reject', note: 'Stands' } : { decision: 'accept', note: 'Credited', clawBack: 'full' };
    const decided = await t.app.inject({ method: 'POST', url: `/api/disputes/${opened.json().data.dispute.id}/decision`, headers: bearer(admin.token), payload: body });
    expect(decided.statusCode).toBe(200);
  }
  const billable = await t.db.query<{ n: string }>(
    "SELECT count(*)::text AS n FROM disputes WHERE status = 'rejected' AND evidence->'ai'->>'disposition' = ANY($1::text[])",
    [[...AI_BILLABLE_VERDICTS]],
  );
  expect(Number(billable[0]!.n)).toBe(AI_BILLABLE_VERDICTS.length);
}

/** Openings, decisions, withdrawals, undos and moves in a random order, each checked to have happened. */
async function randomHistory(steps: number): Promise<void> {
  const undoable: string[] = [];
  for (let step = 0; step < steps; step += 1) {
    const roll = random();
    const open = await t.db.query<{ id: string; call_id: string }>("SELECT id::text AS id, call_id::text AS call_id FROM disputes WHERE status = 'open' ORDER BY id");
    if (roll < 0.4 || open.length === 0) {
      const [call] = await t.db.query<{ id: string }>(
        `SELECT id::text AS id FROM calls c WHERE revenue_cents > 0 AND buyer_id IS NOT NULL AND call_ts > now() - interval '89 days'
           AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.call_id = c.id AND d.status = 'open') ORDER BY md5(id::text || $1) LIMIT 1`,
        [String(step)],
      );
      if (!call) continue;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/calls/${call.id}/disputes`,
        headers: bearer(admin.token),
        payload: { reason: pick(DISPUTE_REASONS), note: 'The buyer says so' },
      });
      expect([step, response.statusCode, response.body]).toEqual([step, 201, response.body]);
      tally.opened += 1;
    } else if (roll < 0.7) {
      const dispute = pick(open);
      const body = await decisionBody(dispute.call_id);
      const response = await t.app.inject({ method: 'POST', url: `/api/disputes/${dispute.id}/decision`, headers: bearer(admin.token), payload: body });
      expect([step, response.statusCode, response.body]).toEqual([step, 200, response.body]);
      tally.decided[body.decision as 'accept' | 'partial' | 'reject'] += 1;
      undoable.push(response.json().data.changeId as string);
    } else if (roll < 0.78) {
      const dispute = pick(open);
      const response = await t.app.inject({ method: 'POST', url: `/api/disputes/${dispute.id}/withdraw`, headers: bearer(admin.token) });
      expect([step, response.statusCode, response.body]).toEqual([step, 200, response.body]);
      tally.withdrawn += 1;
    } else if (roll < 0.9 && undoable.length > 0) {
      const changeId = undoable.splice(Math.floor(random() * undoable.length), 1)[0]!;
      const response = await t.app.inject({ method: 'POST', url: `/api/calls/changes/${changeId}/undo`, headers: bearer(admin.token) });
      // A decision whose call was decided again or moved since is left as it is (409); the others are undone.
      expect([step, [200, 409]]).toEqual([step, expect.arrayContaining([response.statusCode])]);
      if (response.statusCode === 200) tally.undone += 1;
    } else {
      // A re-delivery moves a disputed call to another source and day (its revenue as delivered again).
      const [disputed] = await t.db.query<{ system_call_id: string }>(
        'SELECT c.system_call_id FROM calls c JOIN disputes d ON d.call_id = c.id ORDER BY md5(c.id::text || $1) LIMIT 1',
        [String(step)],
      );
      if (!disputed) continue;
      const moved = { ...randomDelivery(disputed.system_call_id, Date.now()), revenue: 45, payout: 15 };
      deliveries.set(disputed.system_call_id, moved);
      await ingestAll(t.app, [moved]);
      tally.moved += 1;
    }
  }
}

interface CallRow {
  id: string;
  ts: number;
  campaign: number;
  publisher: number;
  target: number;
  buyer: number;
  status: string;
  connected: boolean;
  disputeState: string;
}
interface DisputeRow {
  callId: string;
  status: DisputeStatus;
  creditedCents: number;
  clawedBackCents: number;
  aiDisposition: string | null;
}

async function snapshot(): Promise<{ calls: Map<string, CallRow>; disputes: DisputeRow[] }> {
  const calls = await t.db.query<Record<string, string | number | boolean | Date | null>>(
    `SELECT id::text AS id, call_ts, campaign_id, publisher_id, coalesce(target_id, 0) AS target_id, coalesce(buyer_id, 0) AS buyer_id,
       status, connected, dispute_state FROM calls`,
  );
  const disputes = await t.db.query<Record<string, string | null>>(
    `SELECT call_id::text AS call_id, status, credited_cents::text AS credited, clawed_back_cents::text AS clawed, evidence->'ai'->>'disposition' AS ai FROM disputes`,
  );
  return {
    calls: new Map(
      calls.map((c) => [
        c.id as string,
        {
          id: c.id as string,
          ts: new Date(c.call_ts as Date).getTime(),
          campaign: Number(c.campaign_id),
          publisher: Number(c.publisher_id),
          target: Number(c.target_id),
          buyer: Number(c.buyer_id),
          status: c.status as string,
          connected: c.connected as boolean,
          disputeState: c.dispute_state as string,
        },
      ]),
    ),
    disputes: disputes.map((d) => ({
      callId: d.call_id!,
      status: d.status as DisputeStatus,
      creditedCents: Number(d.credited ?? 0),
      clawedBackCents: Number(d.clawed ?? 0),
      aiDisposition: d.ai ?? null,
    })),
  };
}

const KEY: Record<ScorecardGroupBy, (c: CallRow) => number> = { campaign: (c) => c.campaign, publisher: (c) => c.publisher, target: (c) => c.target, buyer: (c) => c.buyer };

interface Filter {
  label: string;
  params: Record<string, string>;
  matches: (c: CallRow) => boolean;
}

const pct = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 10_000) / 100);
const pctOrNull = (count: number, total: number) => (total === 0 ? null : pct(count, total));
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

type DisputeFigures = Pick<ScorecardRow, 'key' | 'disputes' | 'disputesDecided' | 'disputeRate' | 'acceptanceRate' | 'credited' | 'clawedBack' | 'aiAgreement'>;

/** Brute force: per value of the grouping, the disputes of the calls in the range that the filter matches. */
function expectedFigures(data: Awaited<ReturnType<typeof snapshot>>, groupBy: ScorecardGroupBy, range: TimeRange, filter: Filter): DisputeFigures[] {
  const inRange = (c: CallRow) => c.ts >= range.from.getTime() && c.ts < range.to.getTime() && filter.matches(c);
  const calls = new Map<number, number>();
  for (const c of data.calls.values()) if (inRange(c)) calls.set(KEY[groupBy](c), (calls.get(KEY[groupBy](c)) ?? 0) + 1);
  return [...calls].map(([key, callCount]) => {
    const mine = data.disputes.filter((d) => {
      const call = data.calls.get(d.callId)!;
      return inRange(call) && KEY[groupBy](call) === key && d.status !== 'withdrawn';
    });
    const decided = mine.filter((d) => d.status !== 'open');
    const upheld = decided.filter((d) => d.status === 'accepted' || d.status === 'partial');
    const judged = decided.map((d) => disputeAgreesWithAi(d.status, d.aiDisposition)).filter((agrees) => agrees !== undefined);
    return {
      key: String(key),
      disputes: mine.length,
      disputesDecided: decided.length,
      disputeRate: pct(mine.length, callCount),
      acceptanceRate: pctOrNull(upheld.length, decided.length),
      credited: money(upheld.reduce((sum, d) => sum + d.creditedCents, 0)),
      clawedBack: money(upheld.reduce((sum, d) => sum + d.clawedBackCents, 0)),
      aiAgreement: pctOrNull(judged.filter(Boolean).length, judged.length),
    };
  });
}

const figuresOf = (row: ScorecardRow): DisputeFigures => ({
  key: row.key,
  disputes: row.disputes,
  disputesDecided: row.disputesDecided,
  disputeRate: row.disputeRate,
  acceptanceRate: row.acceptanceRate,
  credited: row.credited,
  clawedBack: row.clawedBack,
  aiAgreement: row.aiAgreement,
});
const byKey = (rows: DisputeFigures[]) => [...rows].sort((a, b) => Number(a.key) - Number(b.key));

async function idsOf(table: string, names: string[]): Promise<number[]> {
  const rows = await t.db.query<{ id: number }>(`SELECT id FROM ${table} WHERE name = ANY($1::text[]) ORDER BY id`, [names]);
  return rows.map((r) => Number(r.id));
}

function nyWallClock(instant: number): string {
  return inNewYork(instant).toFormat("yyyy-MM-dd'T'HH:mm");
}

describe('the scorecard’s dispute figures', () => {
  test('the randomised history reached every kind of event', () => {
    expect(tally.opened).toBeGreaterThan(60);
    expect(Object.values(tally.decided).every((n) => n > 5)).toBe(true);
    expect(tally.withdrawn).toBeGreaterThan(5);
    expect(tally.undone).toBeGreaterThan(3);
    expect(tally.moved).toBeGreaterThan(3);
  });

  test('every grouping equals brute force over the disputes, by the rollup and by the disputes', async () => {
    const data = await snapshot();
    // The figures have something to show: standing credits and claw-backs, AI verdicts on both sides.
    const standing = data.disputes.filter((d) => d.status === 'accepted' || d.status === 'partial');
    expect(standing.some((d) => d.creditedCents > 0) && standing.some((d) => d.clawedBackCents > 0)).toBe(true);
    const judged = data.disputes.map((d) => disputeAgreesWithAi(d.status, d.aiDisposition));
    expect(judged.filter((a) => a === true).length).toBeGreaterThan(3);
    expect(judged.filter((a) => a === false).length).toBeGreaterThan(3);

    const [publisherA, publisherC] = await idsOf('publishers', ['Publisher A', 'Publisher C']);
    const [buyerB] = await idsOf('buyers', ['Buyer B']);
    const ids = { publisher: [publisherA!, publisherC!], buyer: [buyerB!], campaign: await idsOf('campaigns', ['Solar']), target: await idsOf('targets', ['Target 2']) };
    const filters = (groupBy: ScorecardGroupBy): Filter[] => [
      { label: 'none', params: {}, matches: () => true },
      // A selection in the grouped dimension: still the rollup's, read by key.
      { label: `a selection of ${groupBy}s`, params: { [groupBy]: ids[groupBy].join(',') }, matches: (c) => ids[groupBy].includes(KEY[groupBy](c)) },
      // Anything else: the disputes of the calls callWhere finds.
      ...(groupBy === 'publisher' ? [] : [{ label: 'two publishers', params: { publisher: ids.publisher.join(',') }, matches: (c: CallRow) => ids.publisher.includes(c.publisher) }]),
      { label: 'Sales', params: { status: 'Sales' }, matches: (c) => c.status === 'Sales' },
      { label: 'connected', params: { connected: 'true' }, matches: (c) => c.connected },
      { label: 'disputed, accepted', params: { dispute: 'accepted' }, matches: (c) => c.disputeState === 'accepted' },
    ];
    const now = Date.now();
    const ranges: NamedRange[] = [
      presetRange('this_year'),
      presetRange('last_30_days'),
      presetRange('last_7_days'),
      presetRange('today'),
      customRange('partial days at both ends', nyWallClock(now - 40 * DAY), nyWallClock(now - 2 * DAY)),
    ];
    let compared = 0;
    for (const groupBy of SCORECARD_GROUP_BY) {
      for (const range of ranges) {
        for (const filter of filters(groupBy)) {
          await onStableNewYorkDay(async () => {
            const rows = (await getOk<{ data: { rows: ScorecardRow[] } }>(t.app, member.token, `/api/scorecard${qs({ ...range.params, ...filter.params, groupBy, limit: 1000 })}`)).data.rows;
            const where = `${groupBy} / ${range.label} / ${filter.label}`;
            const expected = expectedFigures(data, groupBy, range.resolve(), filter);
            expect([where, byKey(rows.map(figuresOf))]).toEqual([where, byKey(expected)]);
            compared += expected.filter((row) => row.disputes > 0).length;
          });
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  }, 300_000);

  test('sorted by a dispute figure, rows without a decided dispute come last', async () => {
    const rows = (await getOk<{ data: { rows: ScorecardRow[] } }>(t.app, member.token, `/api/scorecard${qs({ datePreset: 'last_7_days', groupBy: 'target', sortBy: 'aiAgreement', sortDir: 'desc' })}`)).data.rows;
    const values = rows.map((r) => r.aiAgreement ?? -1);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  test('the rollup equals a recount of the disputes, per dimension, value and New York day of the call', async () => {
    const data = await snapshot();
    const recount = new Map<string, number[]>();
    for (const d of data.disputes) {
      if (d.status === 'withdrawn') continue;
      const call = data.calls.get(d.callId)!;
      const decided = d.status !== 'open';
      const upheld = d.status === 'accepted' || d.status === 'partial';
      const agrees = disputeAgreesWithAi(d.status, d.aiDisposition);
      const measures = [1, Number(decided), Number(upheld), upheld ? d.creditedCents : 0, upheld ? d.clawedBackCents : 0, Number(agrees !== undefined), Number(agrees === true)];
      for (const [dim, id] of [[1, call.campaign], [2, call.publisher], [3, call.target], [4, call.buyer]] as const) {
        const key = `${dim}|${newYorkDate(new Date(call.ts))}|${id}`;
        recount.set(key, (recount.get(key) ?? [0, 0, 0, 0, 0, 0, 0]).map((sum, i) => sum + measures[i]!));
      }
    }
    const rollup = await t.db.query<Record<string, string>>(
      `SELECT dim::text, day::text, dim_id::text, disputes::text, decided::text, accepted::text, credited_cents::text, clawed_back_cents::text,
         ai_judged::text, ai_agreed::text FROM disputes_daily_dim
       WHERE disputes <> 0 OR decided <> 0 OR accepted <> 0 OR credited_cents <> 0 OR clawed_back_cents <> 0 OR ai_judged <> 0 OR ai_agreed <> 0`,
    );
    const held = rollup.map((r) => `${r.dim}|${r.day}|${r.dim_id}: ${[r.disputes, r.decided, r.accepted, r.credited_cents, r.clawed_back_cents, r.ai_judged, r.ai_agreed].join(',')}`);
    const expected = [...recount].map(([key, sums]) => `${key}: ${sums.join(',')}`);
    expect(held.sort()).toEqual(expected.sort());
  });

  test('partners cannot read the rollup', async () => {
    const [row] = await t.db.query<{ readable: boolean }>("SELECT has_table_privilege('callboard_partner', 'disputes_daily_dim', 'SELECT') AS readable");
    expect(row!.readable).toBe(false);
  });
});
