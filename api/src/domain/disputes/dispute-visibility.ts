import { partnerCallerId, partnerSeesDimension, partnerSeesMoney, type PartnerScope } from '@callboard/contract';
import { type Dispute, type DisputePerson } from '@callboard/contract/disputes';
import type { Queryable } from '../../db/database';

/**
 * A dispute as a partner reads it (issue 34's field visibility, applied by the server): the caller id as its
 * scope shows it, no transcript excerpt without transcripts, not the other side's names (a buyer partner's
 * publisher, a publisher partner's buyer) unless `counterparty`, no money its kind does not see (a buyer partner
 * reads revenue and what it was credited; a publisher partner payout and what was clawed back), and not which of
 * the network's people opened or decided it. The caller's other calls are cut to those the partner may read
 * (`visibleCallIds`, read through the partner wall).
 */
export function visibleDispute(scope: PartnerScope | undefined, dispute: Dispute, visibleCallIds?: ReadonlySet<string>): Dispute {
  if (!scope) return dispute;
  const nobody: DisputePerson = { id: null, name: null };
  const evidence = {
    ...dispute.evidence,
    callerId: partnerCallerId(scope, dispute.evidence.callerId) ?? '',
    transcript: scope.transcripts ? dispute.evidence.transcript : null,
    callerCalls: dispute.evidence.callerCalls.filter((call) => visibleCallIds?.has(call.id) ?? false),
  };
  const visible: Dispute = {
    ...dispute,
    evidence,
    // A buyer partner's own people are named to a buyer partner; the network's are named to no partner, nor the
    // buyer's people to a publisher partner.
    openedBy: dispute.openedByPartner && scope.kind === 'buyer' ? dispute.openedBy : nobody,
    decision: dispute.decision ? { ...dispute.decision, decidedBy: nobody } : null,
  };
  // A publisher partner reads why the payout was clawed back (the reason code, the decision and its note), not
  // the buyer's own words nor whether the buyer or the network opened it, unless given the other side.
  if (scope.kind === 'publisher' && !scope.counterparty) {
    delete visible.note;
    delete visible.openedByPartner;
  }
  if (!partnerSeesDimension(scope, 'publisher')) Object.assign(visible, { publisherId: null, publisherName: null });
  if (!partnerSeesDimension(scope, 'buyer')) Object.assign(visible, { buyerId: null, buyerName: null });
  if (!partnerSeesMoney(scope, 'revenue')) {
    delete visible.revenue;
    if (visible.decision) delete visible.decision.credited;
  }
  if (!partnerSeesMoney(scope, 'payout')) {
    delete visible.payout;
    if (visible.decision) delete visible.decision.clawedBack;
  }
  return visible;
}

/**
 * Whether a partner of this scope may see the dispute at all, beyond its calls' scope (the wall's part): a
 * publisher partner only the decided disputes that clawed back payout (issue 35 item 3: "the calls whose payout
 * was clawed back and why"), not open, withdrawn or rejected ones nor credits that kept its payout. The lists
 * ask the same in SQL (disputes-query.ts, `clawedBackOnly`); this is the second check, and the one by id.
 */
export function partnerMaySeeDispute(scope: PartnerScope | undefined, dispute: Dispute): boolean {
  if (scope?.kind !== 'publisher') return true;
  return (dispute.status === 'accepted' || dispute.status === 'partial') && (dispute.decision?.clawedBack ?? 0) > 0;
}

/**
 * Which of these disputes' callers' other calls the partner may read: asked through `db` as the request's
 * (behind the partner wall, row-level security answers only the partner's calls).
 */
export async function callerCallsInScope(db: Queryable, disputes: Dispute[]): Promise<Set<string>> {
  const ids = [...new Set(disputes.flatMap((d) => d.evidence.callerCalls.map((call) => call.id)))];
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE id = ANY($1::bigint[])', [ids]);
  return new Set(rows.map((row) => row.id));
}

/**
 * Disputes as the request's reader may see them: as they are for the network; for a partner only those it may
 * see (partnerMaySeeDispute: the others are left out), each through visibleDispute.
 */
export async function disputesForReader(db: Queryable, scope: PartnerScope | undefined, disputes: Dispute[]): Promise<Dispute[]> {
  if (!scope) return disputes;
  const seen = disputes.filter((dispute) => partnerMaySeeDispute(scope, dispute));
  const inScope = await callerCallsInScope(db, seen);
  return seen.map((dispute) => visibleDispute(scope, dispute, inScope));
}
