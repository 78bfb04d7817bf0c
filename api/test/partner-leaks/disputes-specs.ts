/**
 * The disputes routes' spec (issue 35 on issue 34's matrix): a partner lists, reads and exports only the disputes
 * of its own calls, each under its field visibility (caller id, transcript excerpt, the caller's other calls, the
 * other side's names, the money of its side only, never the network's people), and may open or withdraw none
 * outside them. The disputes are written straight into the tables once (their evidence frozen from the calls as
 * the API freezes it), so no call's money, history or events change under the other specs.
 */
import Papa from 'papaparse';
import { maskCallerId, type PartnerScope } from '@callboard/contract';
import { DISPUTE_MESSAGES, type Dispute, type DisputeStatus } from '@callboard/contract/disputes';
import { freezeEvidence } from '../../src/domain/disputes/dispute-evidence';
import { bearer } from '../support/test-app';
import { partnerSeesCall, type FixtureCall, type PartnerAccount, type PartnerWorld } from '../support/partner-fixtures';
import { expectNoForeignKeysOrNames, partnerGet, partnerOk, type EndpointSpec } from './matrix';

const STATUSES = ['open', 'accepted', 'partial', 'rejected', 'withdrawn'] as const;

interface Seeded {
  /** Dispute id → its call. */
  calls: Map<string, FixtureCall>;
  /** Dispute id → its status. */
  statuses: Map<string, DisputeStatus>;
}

let seeded: Promise<Seeded> | undefined;

/**
 * A dispute on every third call with a buyer and revenue, in every status, decided ones with a credit and a
 * claw-back (a rejected one's claw-back is never read: a publisher partner sees only accepted and partial ones).
 */
async function seedDisputes(world: PartnerWorld): Promise<Seeded> {
  const calls = new Map<string, FixtureCall>();
  const statuses = new Map<string, DisputeStatus>();
  const disputable = world.calls.filter((call) => call.buyerId !== null && (call.record.revenue ?? 0) > 0).filter((_, i) => i % 3 === 0);
  for (const [i, call] of disputable.entries()) {
    const status = STATUSES[i % STATUSES.length]!;
    const decided = status === 'accepted' || status === 'partial' || status === 'rejected';
    const evidence = await freezeEvidence(world.t.db, call.id, undefined);
    const [row] = await world.t.db.query<{ id: string }>(
      `INSERT INTO disputes (call_id, call_ts, buyer_id, publisher_id, status, reason, note, opened_by, opened_by_name, opened_by_email, opened_by_partner,
         revenue_cents, payout_cents, evidence, decision, decision_note, decided_by, decided_by_name, decided_at, credited_cents, clawed_back_cents, change_id)
       SELECT c.id, c.call_ts, c.buyer_id, c.publisher_id, $2, 'bot_or_spam', 'A robot', $3::uuid, 'Matrix Admin', 'admin@example.com', false,
         c.revenue_cents, c.payout_cents, $4::jsonb,
         CASE WHEN $5 THEN (CASE $2 WHEN 'accepted' THEN 'accept' WHEN 'partial' THEN 'partial' ELSE 'reject' END) END,
         CASE WHEN $5 THEN 'Decided by the network' END, CASE WHEN $5 THEN $3::uuid END, CASE WHEN $5 THEN 'Matrix Admin' END,
         CASE WHEN $5 THEN now() END, CASE WHEN $5 THEN 1 END, CASE WHEN $5 THEN 1 END, CASE WHEN $5 THEN gen_random_uuid() END
       FROM calls c WHERE c.id = $1 RETURNING id::text AS id`,
      [call.id, status, world.admin.user.id, JSON.stringify(evidence), decided],
    );
    calls.set(row!.id, call);
    statuses.set(row!.id, status);
  }
  return { calls, statuses };
}

const expectedCallerId = (scope: PartnerScope, callerId: string) =>
  scope.callerId === 'full' ? callerId : scope.callerId === 'masked' ? maskCallerId(callerId) : '';

/** One dispute as the partner read it, held to what its scope gives. */
function expectVisible(world: PartnerWorld, partner: PartnerAccount, dispute: Dispute, call: FixtureCall): void {
  const { scope } = partner;
  expect(dispute.callId).toBe(call.id);
  expect(dispute.evidence.callerId).toBe(expectedCallerId(scope, call.record.callerId));
  if (!scope.transcripts) expect(dispute.evidence.transcript).toBeNull();
  else expect(dispute.evidence.transcript === null).toBe(call.record.transcript === null || call.record.transcript === '');
  const seen = new Set(world.calls.filter((c) => partnerSeesCall(scope, c)).map((c) => c.id));
  for (const other of dispute.evidence.callerCalls) expect([other.id, seen.has(other.id)]).toEqual([other.id, true]);
  expect(dispute.openedBy).toEqual({ id: null, name: null });
  // A publisher partner: only what clawed back its payout, and not the buyer's words or who opened it without counterparty.
  if (scope.kind === 'publisher') {
    expect([dispute.id, dispute.status, (dispute.decision?.clawedBack ?? 0) > 0]).toEqual([dispute.id, expect.stringMatching(/^(accepted|partial)$/), true]);
    if (!scope.counterparty) expect(Object.keys(dispute)).not.toContain('note');
    if (!scope.counterparty) expect(Object.keys(dispute)).not.toContain('openedByPartner');
  }
  if (dispute.decision) {
    expect(dispute.decision.decidedBy).toEqual({ id: null, name: null });
    expect(Object.keys(dispute.decision)).not.toContain(scope.kind === 'buyer' ? 'clawedBack' : 'credited');
  }
  if (scope.kind === 'buyer' && !scope.counterparty) expect([dispute.publisherId, dispute.publisherName]).toEqual([null, null]);
  if (scope.kind === 'publisher' && !scope.counterparty) expect([dispute.buyerId, dispute.buyerName]).toEqual([null, null]);
}

const disputes: EndpointSpec = {
  name: 'disputes',
  routes: [
    { method: 'GET', url: '/api/disputes' },
    { method: 'GET', url: '/api/disputes/export' },
    { method: 'GET', url: '/api/disputes/:id' },
    { method: 'POST', url: '/api/disputes/:id/withdraw' },
    { method: 'GET', url: '/api/calls/:id/disputes' },
    { method: 'POST', url: '/api/calls/:id/disputes' },
  ],
  async check(world, partner) {
    seeded ??= seedDisputes(world);
    const { calls, statuses } = await seeded;
    // A publisher partner's own: the decided disputes of its calls that clawed back payout (every seeded accepted or partial one).
    const shown = (id: string) => partner.scope.kind === 'buyer' || ['accepted', 'partial'].includes(statuses.get(id)!);
    const own = [...calls.entries()].filter(([id, call]) => partnerSeesCall(partner.scope, call) && shown(id));
    const foreign = [...calls.entries()].filter(([id, call]) => !partnerSeesCall(partner.scope, call) || !shown(id));
    expect(own.length + foreign.length).toBeGreaterThan(5);

    const list = await partnerOk<{ data: Dispute[] }>(world, partner, '/api/disputes?limit=200');
    expectNoForeignKeysOrNames(world, partner, list);
    expect(list.data.map((d) => d.id).sort()).toEqual(own.map(([id]) => id).sort());
    for (const dispute of list.data) expectVisible(world, partner, dispute, calls.get(dispute.id)!);

    if (own[0]) {
      const [id, call] = own[0];
      const one = await partnerOk<{ data: Dispute }>(world, partner, `/api/disputes/${id}`);
      expectNoForeignKeysOrNames(world, partner, one);
      expect(one.data).toEqual(list.data.find((d) => d.id === id));
      const ofCall = await partnerOk<{ data: { disputes: Dispute[]; eligibility: Record<string, unknown> } }>(world, partner, `/api/calls/${call.id}/disputes`);
      expectNoForeignKeysOrNames(world, partner, ofCall);
      expect(ofCall.data.disputes.map((d) => d.id)).toContain(id);
      for (const d of ofCall.data.disputes) expect(d.id === id || own.some(([o]) => o === d.id)).toBe(true);
      // A publisher partner reads no buyer's window (nor so whether the call has a buyer).
      const { eligibility } = ofCall.data;
      if (partner.scope.kind === 'publisher') expect(eligibility).toEqual({ allowed: false, refusal: DISPUTE_MESSAGES.publisherPartner });
      // Nothing opened or withdrawn: the dataset's calls are long past any window; a withdrawal is tried on a
      // dispute no longer open (a buyer partner may withdraw its buyer's open ones: that would change the calls).
      const opened = await world.t.app.inject({ method: 'POST', url: `/api/calls/${call.id}/disputes`, headers: bearer(partner.token), payload: { reason: 'other', note: 'x' } });
      expect(opened.statusCode).toBe(partner.scope.kind === 'buyer' ? 422 : 403);
      const closed = own.find(([o]) => statuses.get(o) !== 'open');
      if (closed) {
        const withdrawn = await world.t.app.inject({ method: 'POST', url: `/api/disputes/${closed[0]}/withdraw`, headers: bearer(partner.token) });
        expect(withdrawn.statusCode).toBe(partner.scope.kind === 'buyer' ? 409 : 403);
      }
    }
    if (foreign[0]) {
      const [id, call] = foreign[0];
      expect((await partnerGet(world, partner, `/api/disputes/${id}`)).statusCode).toBe(404);
      // A call out of scope is not found, and neither is its dispute: existence is not revealed (nor a dispute a
      // publisher partner is not shown, on a call it sees).
      if (!partnerSeesCall(partner.scope, call)) expect((await partnerGet(world, partner, `/api/calls/${call.id}/disputes`)).statusCode).toBe(404);
      const withdrawn = await world.t.app.inject({ method: 'POST', url: `/api/disputes/${id}/withdraw`, headers: bearer(partner.token) });
      expect(withdrawn.statusCode).toBe(404);
      if (partner.scope.kind === 'buyer') {
        const opened = await world.t.app.inject({ method: 'POST', url: `/api/calls/${call.id}/disputes`, headers: bearer(partner.token), payload: { reason: 'other', note: 'x' } });
        expect(opened.statusCode).toBe(404);
      }
    }

    // A publisher partner's open, withdrawn or rejected dispute on a call it sees: not found by id, not in the call's history.
    const hidden = foreign.find(([, call]) => partnerSeesCall(partner.scope, call));
    if (hidden) {
      const [id, call] = hidden;
      expect((await partnerGet(world, partner, `/api/disputes/${id}`)).statusCode).toBe(404);
      const ofCall = await partnerOk<{ data: { disputes: Dispute[] } }>(world, partner, `/api/calls/${call.id}/disputes`);
      expect(ofCall.data.disputes.map((d) => d.id)).not.toContain(id);
    }

    const file = await partnerGet(world, partner, '/api/disputes/export?fmt=csv');
    expect(file.statusCode).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(file.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(parsed.data.map((row) => row.Dispute).sort()).toEqual(own.map(([id]) => id).sort());
    const headers = parsed.meta.fields ?? [];
    expect(headers).not.toContain(partner.scope.kind === 'buyer' ? 'Payout at opening' : 'Revenue at opening');
    expect(headers).not.toContain(partner.scope.kind === 'buyer' ? 'Clawed back' : 'Credited');
    if (partner.scope.callerId === 'hidden') expect(headers).not.toContain('Caller ID');
    if (partner.scope.kind === 'publisher' && !partner.scope.counterparty) expect(headers).not.toContain('Note');
    expectNoForeignKeysOrNames(world, partner, parsed.data);
  },
};

export const disputesSpecs: EndpointSpec[] = [disputes];
