/**
 * A decided dispute's money stands through a re-delivery of its call (migration 0030): the platform sending
 * the call again with its original revenue and payout must not undo the buyer's credit or the claw-back, and
 * the rollups still equal a recount. Undoing the decision afterwards still gives back what the call had.
 */
import { INGEST_KEY, ingestAll, makeCall } from './support/calls-fixtures';
import { rollupsAndRecount } from './support/rollup-recount';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

const DAY = 86_400_000;
const when = new Date(Date.now() - DAY).toISOString();

let t: TestApp;
let admin: SignedIn;
let callId: string;

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin');
  await ingestAll(t.app, [makeCall('rd-1', { callTimestamp: when, revenue: 40, payout: 15 })]);
  callId = (await t.db.query<{ id: string }>("SELECT id::text AS id FROM calls WHERE system_call_id = 'rd-1'"))[0]!.id;
}, 120_000);
afterAll(() => t.close());

const money = async () =>
  (await t.db.query<{ revenue: number; payout: number; state: string }>('SELECT revenue_cents AS revenue, payout_cents AS payout, dispute_state AS state FROM calls WHERE id = $1', [callId]))[0]!;

async function expectRollupsExact() {
  const { rollups, recount } = await rollupsAndRecount(t.db);
  expect(rollups).toEqual(recount);
}

test('a re-delivery keeps a partial credit and claw-back; the decision\'s undo gives back what it took', async () => {
  const opened = await t.app.inject({
    method: 'POST',
    url: `/api/calls/${callId}/disputes`,
    headers: bearer(admin.token),
    payload: { reason: 'not_qualified', note: 'Outside the service area' },
  });
  expect(opened.statusCode).toBe(201);
  const disputeId = opened.json().data.dispute.id as string;
  const decided = await t.app.inject({
    method: 'POST',
    url: `/api/disputes/${disputeId}/decision`,
    headers: bearer(admin.token),
    payload: { decision: 'partial', amount: 10, note: 'Half qualified', clawBack: 'partial', clawBackAmount: 5 },
  });
  expect(decided.statusCode).toBe(200);
  expect(await money()).toEqual({ revenue: 3000, payout: 1000, state: 'partial' });

  // The platform sends the call again, as it always had it, then with a corrected payout.
  await ingestAll(t.app, [makeCall('rd-1', { callTimestamp: when, revenue: 40, payout: 15, durationSec: 75 })]);
  expect(await money()).toEqual({ revenue: 3000, payout: 1000, state: 'partial' });
  await ingestAll(t.app, [makeCall('rd-1', { callTimestamp: when, revenue: 40, payout: 18, durationSec: 75 })]);
  expect(await money()).toEqual({ revenue: 3000, payout: 1300, state: 'partial' });
  await expectRollupsExact();

  // Undoing the decision gives back what it took, against what the platform says now (payout 18.00).
  const undone = await t.app.inject({ method: 'POST', url: `/api/calls/changes/${decided.json().data.changeId}/undo`, headers: bearer(admin.token) });
  expect(undone.statusCode).toBe(200);
  expect(await money()).toEqual({ revenue: 4000, payout: 1800, state: 'open' });
  await expectRollupsExact();
});

test('a re-disposition after a decision moves no money and leaves the credit standing', async () => {
  await ingestAll(t.app, [makeCall('rd-2', { callTimestamp: when, revenue: 20, payout: 8 })]);
  const id = (await t.db.query<{ id: string }>("SELECT id::text AS id FROM calls WHERE system_call_id = 'rd-2'"))[0]!.id;
  const opened = await t.app.inject({ method: 'POST', url: `/api/calls/${id}/disputes`, headers: bearer(admin.token), payload: { reason: 'bot_or_spam', note: 'A robot' } });
  const disputeId = opened.json().data.dispute.id as string;
  const decided = await t.app.inject({
    method: 'POST',
    url: `/api/disputes/${disputeId}/decision`,
    headers: bearer(admin.token),
    payload: { decision: 'accept', note: 'A robot indeed', clawBack: 'full' },
  });
  expect(decided.statusCode).toBe(200);
  const corrected = await t.app.inject({ method: 'PUT', url: `/api/calls/${id}/disposition`, headers: bearer(admin.token), payload: { status: 'IVR' } });
  expect(corrected.statusCode).toBe(200);
  await ingestAll(t.app, [makeCall('rd-2', { callTimestamp: when, revenue: 20, payout: 8 })]);
  const [row] = await t.db.query<{ revenue: number; payout: number; status: string }>('SELECT revenue_cents AS revenue, payout_cents AS payout, status FROM calls WHERE id = $1', [id]);
  expect(row).toEqual({ revenue: 0, payout: 0, status: 'IVR' });
  await expectRollupsExact();
});
