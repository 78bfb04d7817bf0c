import { PARTNER_ROUTE_DENIED, partnerSeesMoney, type CostStats, type PartnerScope, type Payment } from '@callboard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../http/http-error';
import { currentPartnerScope } from '../partners/request-scope';
import { NO_SOURCE_ID } from '../partners/scope-filter';

/**
 * What each kind of partner has of Costs (issue 34 item 4), decided here alone: a publisher partner reads
 * its own payments and its payout totals, read-only; a buyer partner has no Costs area at all. The
 * breakdown and its file stay the network's (their routes are not marked for partners): the per-source
 * payout a publisher partner may want is in Reporting's breakdown, under the same field visibility.
 */
export type CostsAccess = 'network' | 'own-payout' | 'none';

export function costsAccess(scope: PartnerScope | undefined): CostsAccess {
  if (!scope) return 'network';
  return scope.kind === 'publisher' ? 'own-payout' : 'none';
}

/** onRequest hook of the cost routes a publisher partner may read (after authentication): 403 for any partner without Costs. */
export async function refusePartnersWithoutCosts(_request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (costsAccess(currentPartnerScope()) === 'none') throw forbidden(PARTNER_ROUTE_DENIED);
}

/** A cost figure and the money it is made of: a partner reads it only if it may see that money. */
const FIGURE_MONEY = { revenue: 'revenue', payout: 'payout', profit: 'profit', margin: 'profit', costPerSale: 'payout' } as const;

/**
 * The cost figures as this reader may read them: a partner loses every figure made of money its kind does
 * not see (a publisher partner keeps payout and cost per sale; revenue, profit and margin are removed from
 * the answer, not zeroed, so nothing suggests a figure).
 */
export function visibleCostStats(scope: PartnerScope | undefined, stats: CostStats): Partial<CostStats> {
  if (!scope) return stats;
  const visible: Partial<CostStats> = { ...stats };
  for (const [figure, money] of Object.entries(FIGURE_MONEY) as Array<[keyof typeof FIGURE_MONEY, (typeof FIGURE_MONEY)[keyof typeof FIGURE_MONEY]]>) {
    if (!partnerSeesMoney(scope, money)) delete visible[figure];
  }
  return visible;
}

/**
 * A payment as a partner reads it: what was paid, when, how and under which reference; not the network's
 * own note on it nor which of the network's people recorded it (as a call's history names no one to a
 * partner: domain/partners/field-visibility.ts).
 */
export function visiblePayment(scope: PartnerScope | undefined, payment: Payment): Payment {
  if (!scope) return payment;
  return { ...payment, note: null, createdBy: null };
}

/**
 * The publishers whose payments a reader lists: any asked for (all when none) for the network; for a
 * publisher partner its own, intersected with any asked for (none of its own: no payment). The row policy
 * on payments (migration 0025) would keep others out anyway; this keeps the query honest about it.
 */
export function paymentPublishers(scope: PartnerScope | undefined, asked: number[]): number[] {
  if (!scope) return asked;
  if (costsAccess(scope) !== 'own-payout') return [NO_SOURCE_ID];
  const own = asked.length === 0 ? [...scope.ids] : asked.filter((id) => scope.ids.includes(id));
  return own.length > 0 ? own : [NO_SOURCE_ID];
}
