import { DISPUTE_MESSAGES, type DisputeEligibility, type DisputeReason } from '@callboard/contract/disputes';
import type { Database, Queryable } from '../../db/database';
import { HttpError, conflict, forbidden, notFound } from '../../http/http-error';
import { announceNothing, type AnnounceChange } from '../calls/calls-writer';
import { lockCalls, runChange, stateWith, writeChange, type LockedCall } from '../calls/call-changes';
import { tellOpenerOfDecision } from './decision-notification';
import { STATUS_AFTER, decisionMoney, type DecisionRequest } from './decision-rules';
import { freezeEvidence } from './dispute-evidence';
import { disputeWindowDays, windowEndsAt } from './dispute-windows';

/**
 * A dispute's events, each one change set on its call (domain/calls/call-changes.ts): opened, withdrawn, decided.
 * Each locks the call first, as every writer of calls does, and decides only while it holds it, so two events on
 * one call run one after the other and the second sees the first (two decisions at once: one wins, the other
 * finds the dispute no longer open, 409). Every event writes its audit row (action `dispute`) and the call's
 * dispute state in the same transaction; a decision also moves the call's revenue and payout there, which the
 * rollup triggers carry into every figure. Undoing a decision is undoChange's (call-changes.ts).
 *
 * These run on the network's side of the partner wall: a partner's request reaches them only after it has read
 * the call (or dispute) through the wall and found it its own (routes/api/calls/disputes.ts, routes/api/disputes/).
 */

const unprocessable = (message: string, field?: string) => new HttpError(422, 'UNPROCESSABLE', message, field ? [{ field, message }] : undefined);

/** Why a dispute may not be opened on this call now (the 409/422 it would get), or undefined; and its window. */
async function openingRefusal(tx: Queryable, call: LockedCall, now: Date): Promise<{ refusal?: HttpError; eligibility: DisputeEligibility }> {
  if (call.buyer_id === null) {
    return { refusal: unprocessable(DISPUTE_MESSAGES.noBuyer), eligibility: { allowed: false, refusal: DISPUTE_MESSAGES.noBuyer, windowDays: 0, windowEndsAt: null } };
  }
  const days = await disputeWindowDays(tx, call.buyer_id);
  const ends = windowEndsAt(new Date(call.call_ts), days);
  const window = { windowDays: days, windowEndsAt: ends.toISOString() };
  const refuse = (refusal: HttpError) => ({ refusal, eligibility: { allowed: false, refusal: refusal.message, ...window } });
  if (call.revenue_cents <= 0) return refuse(unprocessable(DISPUTE_MESSAGES.noRevenue));
  if (now > ends) return refuse(unprocessable(DISPUTE_MESSAGES.windowClosed(days)));
  const [open] = await tx.query('SELECT 1 FROM disputes WHERE call_id = $1 AND status = $2', [call.id, 'open']);
  if (open) return refuse(conflict(DISPUTE_MESSAGES.alreadyOpen));
  return { eligibility: { allowed: true, ...window } };
}

/** Whether a dispute may be opened on the call now; undefined for an unknown call. Reads only (no lock). */
export async function disputeEligibility(db: Queryable, callId: string, now = new Date()): Promise<DisputeEligibility | undefined> {
  const [call] = await db.query<LockedCall>(
    'SELECT id::text AS id, call_ts, buyer_id, revenue_cents::float8 AS revenue_cents FROM calls WHERE id = $1',
    [callId],
  );
  if (!call) return undefined;
  return (await openingRefusal(db, { ...call, revenue_cents: Number(call.revenue_cents) }, now)).eligibility;
}

export interface Opening {
  reason: DisputeReason;
  note: string;
  transcriptLines?: number[];
  /** Whether the opener is given transcripts (a partner without them: no excerpt is frozen). Default true. */
  transcripts?: boolean;
}

export interface Actor {
  id: string;
  /** Whether the actor is a partner account (a buyer partner opening on its own calls). */
  partner: boolean;
}

/**
 * Opens a dispute on a call: 404 for an unknown call, 422 without a buyer or revenue or after the buyer's
 * window, 409 when one is open already. Returns the new dispute's id and the opening's change set.
 */
export async function openDispute(
  db: Database,
  opener: Actor,
  callId: string,
  opening: Opening,
  announce: AnnounceChange = announceNothing,
  now = new Date(),
): Promise<{ disputeId: string; changeId: string | null }> {
  return runChange(db, announce, async (tx) => {
    const [call] = await lockCalls(tx, [callId]);
    if (!call) throw notFound('Call not found');
    const { refusal } = await openingRefusal(tx, call, now);
    if (refusal) throw refusal;
    const evidence = await freezeEvidence(tx, callId, opening.transcriptLines, opening.transcripts ?? true);
    const [dispute] = await tx.query<{ id: string }>(
      // The opener's name and email are kept on the row, as call_audit keeps its authors (migration 0013).
      `INSERT INTO disputes (call_id, call_ts, buyer_id, publisher_id, status, reason, note, opened_by, opened_by_name, opened_by_email,
         opened_by_partner, revenue_cents, payout_cents, evidence)
       SELECT c.id, c.call_ts, c.buyer_id, c.publisher_id, 'open', $2, $3, u.id, u.name, u.email, $5, c.revenue_cents, c.payout_cents, $6::jsonb
       FROM calls c LEFT JOIN users u ON u.id = $4::uuid WHERE c.id = $1
       RETURNING id::text AS id`,
      [callId, opening.reason, opening.note, opener.id, opener.partner, JSON.stringify(evidence)],
    );
    const disputeId = dispute!.id;
    const changeId = await writeChange(tx, opener.id, 'dispute', [{ call, to: stateWith(call, {}), dispute: { id: disputeId, from: null, to: 'open' } }]);
    return { disputeId, changeId, updated: 1 };
  });
}

interface DisputeLock {
  call_id: string;
  status: string;
  opened_by: string | null;
  buyer_id: number;
}

/** What decides who may withdraw a dispute: who opened it and whose (the buyer's) it is. */
export interface WithdrawnDispute {
  openedBy: string | null;
  buyerId: number;
}

/** The dispute's call, locked, and the dispute as it is once the lock is held; 404 for an unknown dispute. */
async function lockDispute(tx: Queryable, disputeId: string): Promise<{ call: LockedCall; dispute: DisputeLock }> {
  const [found] = await tx.query<{ call_id: string }>('SELECT call_id::text AS call_id FROM disputes WHERE id = $1', [disputeId]);
  if (!found) throw notFound('Dispute not found');
  const [call] = await lockCalls(tx, [found.call_id]);
  // Read again holding the call: a decision or withdrawal that committed while this one waited is seen.
  const [dispute] = await tx.query<DisputeLock>(
    'SELECT call_id::text AS call_id, status, opened_by::text AS opened_by, buyer_id FROM disputes WHERE id = $1 FOR UPDATE',
    [disputeId],
  );
  if (!call || !dispute) throw notFound('Dispute not found');
  return { call, dispute };
}

/**
 * Withdraws an open dispute: a buyer partner of its buyer (whoever opened it: another login of the buyer, or a
 * reviewer on the buyer's behalf), or the network's reviewers and admins; `mayWithdraw` says whether the actor
 * may. 409 once it is no longer open.
 */
export async function withdrawDispute(
  db: Database,
  actor: Actor,
  disputeId: string,
  mayWithdraw: (dispute: WithdrawnDispute) => boolean,
  announce: AnnounceChange = announceNothing,
): Promise<{ changeId: string | null }> {
  return runChange(db, announce, async (tx) => {
    const { call, dispute } = await lockDispute(tx, disputeId);
    if (!mayWithdraw({ openedBy: dispute.opened_by, buyerId: Number(dispute.buyer_id) })) throw forbidden(DISPUTE_MESSAGES.withdrawers);
    if (dispute.status !== 'open') throw conflict(DISPUTE_MESSAGES.notOpen);
    await tx.query('UPDATE disputes SET withdrawn_by = $2::uuid, withdrawn_at = now() WHERE id = $1', [disputeId, actor.id]);
    const changeId = await writeChange(tx, actor.id, 'dispute', [{ call, to: stateWith(call, {}), dispute: { id: disputeId, from: 'open', to: 'withdrawn' } }]);
    return { changeId, updated: 1 };
  });
}

/**
 * Decides an open dispute (a reviewer or an admin: the route checks): the buyer's credit comes off the call's
 * revenue and the claw-back off its payout, in the decision's change set, whose id the dispute keeps (the
 * toast's Undo: POST /api/calls/changes/{changeId}/undo). 409 when it is no longer open, 422 for an amount
 * beyond the call's money as it is now. Its opener is told in the same transaction (decision-notification.ts).
 */
export async function decideDispute(
  db: Database,
  decider: Actor,
  disputeId: string,
  request: DecisionRequest,
  announce: AnnounceChange = announceNothing,
): Promise<{ changeId: string | null }> {
  return runChange(db, announce, async (tx) => {
    const { call, dispute } = await lockDispute(tx, disputeId);
    if (dispute.status !== 'open') throw conflict(DISPUTE_MESSAGES.notOpen);
    const { creditedCents, clawedBackCents } = decisionMoney(request, call.revenue_cents, call.payout_cents);
    await tx.query(
      `UPDATE disputes d SET decision = $2, decision_note = $3, decided_by = u.id, decided_by_name = u.name, decided_by_email = u.email,
         decided_at = now(), credited_cents = $5, clawed_back_cents = $6
       FROM (SELECT $4::uuid AS uid) me LEFT JOIN users u ON u.id = me.uid
       WHERE d.id = $1`,
      [disputeId, request.decision, request.note, decider.id, creditedCents, clawedBackCents],
    );
    const to = stateWith(call, { revenue_cents: call.revenue_cents - creditedCents, payout_cents: call.payout_cents - clawedBackCents });
    const changeId = await writeChange(tx, decider.id, 'dispute', [{ call, to, dispute: { id: disputeId, from: 'open', to: STATUS_AFTER[request.decision] } }]);
    await tx.query('UPDATE disputes SET change_id = $2::uuid WHERE id = $1', [disputeId, changeId]);
    await tellOpenerOfDecision(tx, disputeId, decider.id, STATUS_AFTER[request.decision]);
    return { changeId, updated: 1 };
  });
}
