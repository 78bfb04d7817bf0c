/**
 * Disputes move money (issue 35, "Tests: Money"): after a seeded random sequence of openings, decisions (accept,
 * partial, reject; full, partial or no claw-back), undos, withdrawals and re-dispositions, every revenue, payout
 * and profit figure the API gives (cost stats, the breakdowns, the scorecard, the records, the export, and those
 * under each `dispute=` state) equals brute force over a model of the calls kept here from what each step should
 * have done, and the rollups equal a recount of the calls. Each step's answer is held to the model's expectation
 * too (201/200, or the 409/422 the model predicts).
 */
import Papa from 'papaparse';
import { toNewYorkInput } from '@callboard/contract/new-york-time';
import { DISPOSITIONS, type BreakdownRow, type CallRecord } from '@callboard/contract';
import { type ScorecardRow } from '@callboard/contract/scorecard';
import { INGEST_KEY, ingestAll, makeCall, qs, seededRandom } from './support/calls-fixtures';
import { rollupsAndRecount } from './support/rollup-recount';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

const DAY = 86_400_000;
const STEPS = 90;

interface ModelCall {
  id: string;
  systemCallId: string;
  publisherId: number;
  buyerId: number | null;
  revenue: number;
  payout: number;
  /** How many audit rows the call has: an undo finds its change skipped once another came after it. */
  events: number;
}

interface ModelDispute {
  id: string;
  callId: string;
  status: 'open' | 'accepted' | 'partial' | 'rejected' | 'withdrawn';
}

interface Decision {
  changeId: string;
  /** Who decided: a reviewer undoes only their own changes (an admin anyone's). */
  decider: SignedIn;
  disputeId: string;
  callId: string;
  before: { revenue: number; payout: number };
  /** The call's event count right after the decision: anything later makes its undo a 409. */
  eventsAfter: number;
  undone: boolean;
}

let t: TestApp;
let admin: SignedIn;
let reviewer: SignedIn;
const calls = new Map<string, ModelCall>();
const disputes: ModelDispute[] = [];
const decisions: Decision[] = [];

const now = Date.now();
// Every call within the default 7-day window, and the range read covers them all with room either side.
const RANGE = { datePreset: 'custom', startDate: toNewYorkInput(new Date(now - 8 * DAY)), endDate: toNewYorkInput(new Date(now + DAY)) };

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Money Admin');
  reviewer = await signUp(t.app, 'Money Reviewer');
  await t.db.query(`UPDATE users SET role = 'reviewer' WHERE id = $1`, [reviewer.user.id]);
  const random = seededRandom(35);
  const pick = <T>(list: readonly T[]) => list[random.int(0, list.length - 1)]!;
  await ingestAll(
    t.app,
    Array.from({ length: 30 }, (_, i) => {
      const buyer = i % 9 === 4 ? undefined : pick(['Buyer One', 'Buyer Two', 'Buyer Three']);
      return makeCall(`m-${i}`, {
        callTimestamp: new Date(now - random.int(1, 6 * 24) * 3_600_000).toISOString(),
        publisherName: pick(['Pub North', 'Pub South', 'Pub East']),
        campaignName: pick(['Solar', 'Auto']),
        buyerName: buyer,
        targetName: buyer === undefined ? undefined : 'Target A',
        // Cents a float sum in dollars would get wrong; some calls without revenue.
        revenue: i % 7 === 3 ? 0 : (random.int(1, 9_999) / 100).toFixed(2),
        payout: (random.int(0, 4_000) / 100).toFixed(2),
        qc: { disposition: pick(['Sales', 'Hungup', 'Voicemail']) },
      });
    }),
  );
  const rows = await t.db.query<{ id: string; system_call_id: string; publisher_id: number; buyer_id: number | null; revenue: string; payout: string }>(
    'SELECT id::text AS id, system_call_id, publisher_id, buyer_id, revenue_cents::text AS revenue, payout_cents::text AS payout FROM calls',
  );
  for (const row of rows) {
    calls.set(row.id, { id: row.id, systemCallId: row.system_call_id, publisherId: row.publisher_id, buyerId: row.buyer_id, revenue: Number(row.revenue), payout: Number(row.payout), events: 0 });
  }
}, 120_000);
afterAll(() => t.close());

const stateOf = (callId: string) => {
  const latest = disputes.filter((d) => d.callId === callId && d.status !== 'withdrawn').at(-1);
  return latest ? latest.status : 'none';
};
const cents = (dollars: number | string) => Math.round(Number(dollars) * 100);
const sums = (list: ModelCall[]) => {
  const revenue = list.reduce((a, c) => a + c.revenue, 0);
  const payout = list.reduce((a, c) => a + c.payout, 0);
  return { revenue, payout, profit: revenue - payout };
};

async function step(random: ReturnType<typeof seededRandom>, who: SignedIn) {
  // Whoever acts this step; an undo is asked by the one who decided.
  const roll = random.int(0, 99);
  const open = disputes.filter((d) => d.status === 'open');
  if (roll < 35 || open.length === 0) {
    const call = [...calls.values()][random.int(0, calls.size - 1)]!;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/calls/${call.id}/disputes`,
      headers: bearer(who.token),
      payload: { reason: 'other', note: `step ${roll}` },
    });
    const expected = call.buyerId === null || call.revenue === 0 ? 422 : stateOf(call.id) === 'open' ? 409 : 201;
    expect([call.systemCallId, 'open', response.statusCode]).toEqual([call.systemCallId, 'open', expected]);
    if (response.statusCode === 201) {
      disputes.push({ id: response.json().data.dispute.id, callId: call.id, status: 'open' });
      call.events += 1;
    }
  } else if (roll < 70) {
    const dispute = open[random.int(0, open.length - 1)]!;
    const call = calls.get(dispute.callId)!;
    const decision = (['accept', 'partial', 'reject'] as const)[random.int(0, 2)]!;
    const body: Record<string, unknown> = { decision, note: `decided at ${roll}` };
    let credited = 0;
    let clawed = 0;
    if (decision !== 'reject') {
      if (decision === 'accept') credited = call.revenue;
      else body.amount = (credited = random.int(1, call.revenue)) / 100;
      const clawBack = (['full', 'partial', 'none'] as const)[random.int(0, 2)]!;
      body.clawBack = clawBack;
      if (clawBack === 'full') clawed = call.payout;
      if (clawBack === 'partial' && call.payout > 0) body.clawBackAmount = (clawed = random.int(1, call.payout)) / 100;
      if (clawBack === 'partial' && call.payout === 0) body.clawBack = 'none';
    }
    const response = await t.app.inject({ method: 'POST', url: `/api/disputes/${dispute.id}/decision`, headers: bearer(who.token), payload: body });
    expect([dispute.id, 'decide', response.statusCode]).toEqual([dispute.id, 'decide', 200]);
    decisions.push({ changeId: response.json().data.changeId, decider: who, disputeId: dispute.id, callId: call.id, before: { revenue: call.revenue, payout: call.payout }, eventsAfter: call.events + 1, undone: false });
    call.revenue -= credited;
    call.payout -= clawed;
    call.events += 1;
    dispute.status = decision === 'accept' ? 'accepted' : decision === 'partial' ? 'partial' : 'rejected';
  } else if (roll < 82 && decisions.length > 0) {
    const decision = decisions[random.int(0, decisions.length - 1)]!;
    const call = calls.get(decision.callId)!;
    const response = await t.app.inject({ method: 'POST', url: `/api/calls/changes/${decision.changeId}/undo`, headers: bearer(decision.decider.token) });
    // An undone decision is not undone twice; one followed by any other event on its call is left as it is.
    const expected = decision.undone || call.events !== decision.eventsAfter ? 409 : 200;
    expect([decision.changeId, 'undo', response.statusCode]).toEqual([decision.changeId, 'undo', expected]);
    if (response.statusCode === 200) {
      decision.undone = true;
      call.revenue = decision.before.revenue;
      call.payout = decision.before.payout;
      call.events += 1;
      disputes.find((d) => d.id === decision.disputeId)!.status = 'open';
    }
  } else if (roll < 90) {
    const dispute = open[random.int(0, open.length - 1)]!;
    const response = await t.app.inject({ method: 'POST', url: `/api/disputes/${dispute.id}/withdraw`, headers: bearer(who.token) });
    expect([dispute.id, 'withdraw', response.statusCode]).toEqual([dispute.id, 'withdraw', 200]);
    dispute.status = 'withdrawn';
    calls.get(dispute.callId)!.events += 1;
  } else {
    const call = [...calls.values()][random.int(0, calls.size - 1)]!;
    const [{ status }] = (await t.db.query<{ status: string }>('SELECT status FROM calls WHERE id = $1', [call.id])) as [{ status: string }];
    const to = DISPOSITIONS.filter((d) => d !== status)[random.int(0, DISPOSITIONS.length - 2)]!;
    const response = await t.app.inject({ method: 'PUT', url: `/api/calls/${call.id}/disposition`, headers: bearer(who.token), payload: { status: to } });
    expect(response.statusCode).toBe(200);
    call.events += 1;
  }
}

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
  expect([url, response.statusCode]).toEqual([url, 200]);
  return response.json().data as T;
};

async function expectFiguresExact() {
  const all = [...calls.values()];
  // The calls as stored: the model's money and dispute state.
  const stored = await t.db.query<{ id: string; revenue: string; payout: string; state: string }>(
    'SELECT id::text AS id, revenue_cents::text AS revenue, payout_cents::text AS payout, dispute_state AS state FROM calls ORDER BY calls.id',
  );
  expect(stored.map((r) => [r.id, Number(r.revenue), Number(r.payout), r.state])).toEqual(
    all.sort((a, b) => Number(a.id) - Number(b.id)).map((c) => [c.id, c.revenue, c.payout, stateOf(c.id)]),
  );

  for (const dispute of [undefined, 'none', 'open', 'accepted', 'partial', 'rejected'] as const) {
    const chosen = dispute === undefined ? all : all.filter((c) => stateOf(c.id) === dispute);
    const params = { ...RANGE, ...(dispute ? { dispute } : {}) };
    const expected = sums(chosen);
    const stats = await get<{ revenue: number; payout: number; profit: number }>(`/api/cost/stats${qs(params)}`);
    expect([dispute, cents(stats.revenue), cents(stats.payout), cents(stats.profit)]).toEqual([dispute, expected.revenue, expected.payout, expected.profit]);
    for (const groupBy of ['publisher', 'buyer'] as const) {
      const keyOf = (c: ModelCall) => String(groupBy === 'publisher' ? c.publisherId : (c.buyerId ?? 0));
      const byKey = new Map<string, ModelCall[]>();
      for (const c of chosen) byKey.set(keyOf(c), [...(byKey.get(keyOf(c)) ?? []), c]);
      const breakdown = await get<{ rows: BreakdownRow[] }>(`/api/cost/breakdown${qs({ ...params, groupBy })}`);
      expect(breakdown.rows.map((r) => [r.key, cents(r.revenue), cents(r.payout), cents(r.profit)]).sort()).toEqual(
        [...byKey.entries()].map(([key, list]) => [key, sums(list).revenue, sums(list).payout, sums(list).profit]).sort(),
      );
      const scorecard = await get<{ rows: ScorecardRow[] }>(`/api/scorecard${qs({ ...params, groupBy })}`);
      expect(scorecard.rows.filter((r) => r.calls > 0).map((r) => [r.key, cents(r.revenue), cents(r.payout), cents(r.profit)]).sort()).toEqual(
        [...byKey.entries()].map(([key, list]) => [key, sums(list).revenue, sums(list).payout, sums(list).profit]).sort(),
      );
    }
    const records = await get<CallRecord[]>(`/api/calls/records${qs({ ...params, limit: 200 })}`);
    expect(records.map((r) => [r.id, cents(r.revenue!), cents(r.payout!)]).sort()).toEqual(chosen.map((c) => [c.id, c.revenue, c.payout]).sort());
  }

  const file = await t.app.inject({ method: 'GET', url: `/api/calls/export${qs({ ...RANGE, fmt: 'csv', columns: 'systemCallId,revenue,payout,profit' })}`, headers: bearer(admin.token) });
  expect(file.statusCode).toBe(200);
  const rows = Papa.parse<string[]>(file.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
  expect(rows.map(([id, revenue, payout, profit]) => [id, cents(revenue!), cents(payout!), cents(profit!)]).sort()).toEqual(
    all.map((c) => [c.systemCallId, c.revenue, c.payout, c.revenue - c.payout]).sort(),
  );

  const { rollups, recount } = await rollupsAndRecount(t.db);
  expect(rollups).toEqual(recount);
}

test('after a random sequence of disputes, decisions, undos, withdrawals and re-dispositions every money figure is exact', async () => {
  const random = seededRandom(3501);
  for (let i = 1; i <= STEPS; i += 1) {
    await step(random, i % 3 === 0 ? admin : reviewer);
    if (i % 30 === 0) await expectFiguresExact();
  }
  // Not vacuous: every kind of step happened, and money moved.
  expect(disputes.filter((d) => d.status === 'accepted' || d.status === 'partial').length).toBeGreaterThan(2);
  expect(decisions.filter((d) => d.undone).length).toBeGreaterThan(0);
  expect(disputes.filter((d) => d.status === 'withdrawn').length).toBeGreaterThan(0);
  expect([...calls.values()].filter((c) => c.events > 0).length).toBeGreaterThan(5);
}, 300_000);
