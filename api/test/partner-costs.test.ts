/**
 * Costs for partner accounts (issue 34 item 4): a publisher partner reads its payout totals (revenue,
 * profit and margin removed from the answer) and its own publishers' payments (not the network's note nor
 * who recorded it), and writes nothing; a buyer partner has no Costs at all; the breakdown and its file
 * are the network's (403 to every partner).
 */
import { PARTNER_ROUTE_DENIED, type Payment } from '@callboard/contract';
import { INGEST_KEY, ingestAll, makeCall, postQc, qs } from './support/calls-fixtures';
import { partnerScope, signUpPartner, sourceIds, type PartnerSignedIn } from './support/partner-accounts';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let analyst: SignedIn;
let publisherPartner: PartnerSignedIn;
let buyerPartner: PartnerSignedIn;
let ids: Awaited<ReturnType<typeof sourceIds>>;
const recorded: Payment[] = [];

const RANGE = { datePreset: 'custom', startDate: '2025-06-01T00:00', endDate: '2025-07-01T00:00' };
const HISTORY_FROM = '2025-06-05';

/** The calls: [id, publisher, buyer, New York time, revenue, payout, a sale?]. */
const CALLS: Array<[string, string, string, string, number, number, boolean]> = [
  ['pc-1', 'Publisher A', 'Buyer A', '2025-06-02T10:00:00-04:00', 40, 10, true], // before the partner's history
  ['pc-2', 'Publisher A', 'Buyer A', '2025-06-05T00:30:00-04:00', 50, 12.5, true],
  ['pc-3', 'Publisher A', 'Buyer B', '2025-06-10T12:00:00-04:00', 30, 7.25, false],
  ['pc-4', 'Publisher A', 'Buyer B', '2025-06-20T12:00:00-04:00', 80, 20, true],
  ['pc-5', 'Publisher B', 'Buyer A', '2025-06-12T12:00:00-04:00', 90, 33, true],
  ['pc-6', 'Publisher B', 'Buyer B', '2025-06-15T12:00:00-04:00', 60, 15, false],
];

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(who.token) });

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Admin');
  analyst = await signUp(t.app, 'Analyst');
  await ingestAll(
    t.app,
    CALLS.map(([id, publisherName, buyerName, callTimestamp, revenue, payout]) => makeCall(id, { publisherName, buyerName, callTimestamp, revenue, payout })),
  );
  const verdicts = await postQc(t.app, CALLS.map(([systemCallId, , , , , , sale]) => ({ systemCallId, disposition: sale ? 'Sales' : 'Voicemail' })));
  expect(verdicts.statusCode).toBe(200);
  ids = await sourceIds(t.db);
  publisherPartner = await signUpPartner(t.app, t.db, partnerScope('publisher', [ids.publisher['Publisher A']!], { historyFrom: HISTORY_FROM }), 'Pub A partner');
  buyerPartner = await signUpPartner(t.app, t.db, partnerScope('buyer', [ids.buyer['Buyer B']!]), 'Buyer B partner');
  for (const [publisher, amount, note] of [['Publisher A', '120.50', 'held a week: chargebacks'], ['Publisher B', '300', 'bonus'], ['Publisher A', '75', null]] as const) {
    const response = await call(admin, 'POST', '/api/cost/payments', { publisherId: String(ids.publisher[publisher]), amount, paidAt: '2025-06-30', method: 'wire', reference: `REF-${publisher}`, note });
    expect(response.statusCode).toBe(201);
    recorded.push(response.json().data);
  }
});
afterAll(() => t.close());

test('a publisher partner’s cost figures: payout and cost per sale over its own calls from its history day, no revenue, profit or margin', async () => {
  const response = await call(publisherPartner, 'GET', `/api/cost/stats${qs(RANGE)}`);
  expect(response.statusCode).toBe(200);
  const own = CALLS.filter(([, publisher, , at]) => publisher === 'Publisher A' && new Date(at) >= new Date(`${HISTORY_FROM}T00:00:00-04:00`));
  const payoutCents = own.reduce((sum, c) => sum + Math.round(c[5] * 100), 0);
  const sales = own.filter((c) => c[6]).length;
  expect(response.json().data).toEqual({
    calls: own.length,
    sales,
    payout: payoutCents / 100,
    costPerSale: Math.round(payoutCents / sales) / 100,
    currency: 'USD',
  });
});

test('the network’s figures are unchanged: every money figure, over every call', async () => {
  const data = (await call(analyst, 'GET', `/api/cost/stats${qs(RANGE)}`)).json().data;
  expect(data).toMatchObject({ calls: CALLS.length, revenue: 350, payout: 97.75, profit: 252.25 });
  expect(Object.keys(data).sort()).toEqual(['calls', 'costPerSale', 'currency', 'margin', 'payout', 'profit', 'revenue', 'sales']);
});

test('a publisher partner lists its own publishers’ payments only, without the network’s note or who recorded them', async () => {
  const response = await call(publisherPartner, 'GET', '/api/cost/payments');
  expect(response.statusCode).toBe(200);
  const mine = recorded.filter((p) => p.publisherName === 'Publisher A');
  expect((response.json().data as Payment[]).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
    mine.map((p) => ({ ...p, note: null, createdBy: null })).sort((a, b) => a.id.localeCompare(b.id)),
  );
  // Asking for another publisher's finds nothing; asking for its own finds them.
  const others = await call(publisherPartner, 'GET', `/api/cost/payments?publisher=${ids.publisher['Publisher B']}`);
  expect(others.json().data).toEqual([]);
  const asked = await call(publisherPartner, 'GET', `/api/cost/payments?publisher=${ids.publisher['Publisher A']},${ids.publisher['Publisher B']}`);
  expect((asked.json().data as Payment[]).map((p) => p.publisherName)).toEqual(['Publisher A', 'Publisher A']);
  // The network reads every payment, notes and recorder included.
  const all = (await call(analyst, 'GET', '/api/cost/payments')).json().data as Payment[];
  expect(all).toHaveLength(3);
  expect(all.find((p) => p.note === 'held a week: chargebacks')).toMatchObject({ createdBy: 'Admin' });
});

test('a publisher partner writes no payment, and the breakdown and its file are closed to it', async () => {
  const id = recorded[0]!.id;
  const writes = [
    await call(publisherPartner, 'POST', '/api/cost/payments', { publisherId: String(ids.publisher['Publisher A']), amount: '1', paidAt: '2025-06-30', method: 'wire' }),
    await call(publisherPartner, 'PUT', `/api/cost/payments/${id}`, { publisherId: String(ids.publisher['Publisher A']), amount: '1', paidAt: '2025-06-30', method: 'wire' }),
    await call(publisherPartner, 'DELETE', `/api/cost/payments/${id}`),
    await call(publisherPartner, 'GET', `/api/cost/breakdown${qs({ ...RANGE, groupBy: 'publisher' })}`),
    await call(publisherPartner, 'POST', '/api/cost/export', { ...RANGE, groupBy: 'publisher', fmt: 'csv' }),
  ];
  for (const response of writes) {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, message: PARTNER_ROUTE_DENIED });
  }
  expect((await call(analyst, 'GET', '/api/cost/payments')).json().data).toHaveLength(3);
});

test('a buyer partner has no Costs: every cost route answers 403', async () => {
  const responses = [
    await call(buyerPartner, 'GET', `/api/cost/stats${qs(RANGE)}`),
    await call(buyerPartner, 'GET', '/api/cost/payments'),
    await call(buyerPartner, 'GET', `/api/cost/breakdown${qs({ ...RANGE, groupBy: 'buyer' })}`),
    await call(buyerPartner, 'POST', '/api/cost/export', { ...RANGE, groupBy: 'buyer', fmt: 'csv' }),
    await call(buyerPartner, 'POST', '/api/cost/payments', { publisherId: String(ids.publisher['Publisher A']), amount: '1', paidAt: '2025-06-30', method: 'wire' }),
  ];
  for (const response of responses) {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, message: PARTNER_ROUTE_DENIED });
  }
});
