/**
 * The cost routes' spec (/api/cost/stats and /api/cost/payments): a publisher partner reads its payout
 * totals over its own calls (equal to brute force; revenue, profit and margin absent) and its own
 * publishers' payments (no note, no recorder); a buyer partner gets 403 from both.
 */
import { PARTNER_ROUTE_DENIED, type Payment } from '@callboard/contract';
import { bearer } from '../support/test-app';
import { PUBLISHERS, callsInRange, partnerSeesCall, type PartnerWorld } from '../support/partner-fixtures';
import { expectNoForeignKeysOrNames, inRange, partnerGet, type EndpointSpec } from './matrix';

/** One payment to each of the dataset's publishers, recorded once by the matrix's admin. */
let payments: Promise<Payment[]> | undefined;

async function recordPayments(world: PartnerWorld): Promise<Payment[]> {
  const recorded: Payment[] = [];
  for (const [i, name] of PUBLISHERS.entries()) {
    const response = await world.t.app.inject({
      method: 'POST',
      url: '/api/cost/payments',
      headers: bearer(world.admin.token),
      payload: { publisherId: String(world.publisherIds[name]), amount: `${100 + i}.25`, paidAt: '2025-06-30', method: 'ach', reference: `REF-${i}`, note: `Internal note ${i}` },
    });
    if (response.statusCode !== 201) throw new Error(`payment to ${name}: ${response.statusCode} ${response.body}`);
    recorded.push(response.json().data);
  }
  return recorded;
}

const costs: EndpointSpec = {
  name: 'costs',
  routes: [
    { method: 'GET', url: '/api/cost/stats' },
    { method: 'GET', url: '/api/cost/payments' },
  ],
  async check(world, partner) {
    payments ??= recordPayments(world);
    const recorded = await payments;
    const stats = await partnerGet(world, partner, `/api/cost/stats${inRange()}`);
    const listed = await partnerGet(world, partner, '/api/cost/payments');
    if (partner.scope.kind === 'buyer') {
      for (const response of [stats, listed]) expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 403, message: PARTNER_ROUTE_DENIED });
      return;
    }
    expect(stats.statusCode).toBe(200);
    expectNoForeignKeysOrNames(world, partner, stats.json());
    const own = callsInRange(world.calls).filter((call) => partnerSeesCall(partner.scope, call));
    const payoutCents = own.reduce((sum, call) => sum + Math.round((call.record.payout ?? 0) * 100), 0);
    const sales = own.filter((call) => call.record.status === 'Sales').length;
    expect(stats.json().data).toEqual({
      calls: own.length,
      sales,
      payout: payoutCents / 100,
      costPerSale: sales === 0 ? 0 : Math.round(payoutCents / sales) / 100,
      currency: 'USD',
    });

    expect(listed.statusCode).toBe(200);
    expectNoForeignKeysOrNames(world, partner, listed.json());
    const expected = recorded.filter((p) => partner.scope.ids.includes(Number(p.publisherId))).map((p) => ({ ...p, note: null, createdBy: null }));
    const byId = (a: Payment, b: Payment) => a.id.localeCompare(b.id);
    expect((listed.json().data as Payment[]).sort(byId)).toEqual(expected.sort(byId));
  },
};

export const costsSpecs: EndpointSpec[] = [costs];
