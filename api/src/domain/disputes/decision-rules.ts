import { type FieldError } from '@callboard/contract';
import { DISPUTE_NOTE_MAX_LENGTH, type DisputeDecision, type DisputeDecisionBody, type DisputeStatus } from '@callboard/contract/disputes';
import { HttpError, validationFailed } from '../../http/http-error';

/**
 * A decision's body judged before anything is locked (each problem named by its field), and its money worked
 * out against the call's money once it is (amounts beyond the call's are a 422: the body was well formed,
 * the call decides).
 */

/** A decision as the server applies it: texts trimmed, amounts in cents. */
export interface DecisionRequest {
  decision: DisputeDecision;
  note: string;
  /** For `partial`: the credit asked for. */
  amountCents?: number;
  clawBack: 'full' | 'partial' | 'none';
  clawBackCents?: number;
}

export const STATUS_AFTER: Record<DisputeDecision, DisputeStatus> = { accept: 'accepted', partial: 'partial', reject: 'rejected' };

/** Dollars with at most two decimals, more than 0, as whole cents; else the field's error. */
function cents(field: string, value: number | undefined, errors: FieldError[]): number | undefined {
  if (value === undefined) {
    errors.push({ field, message: `${field} is required` });
    return undefined;
  }
  const whole = Math.round(value * 100);
  if (!Number.isFinite(value) || value <= 0 || Math.abs(value * 100 - whole) > 1e-6) {
    errors.push({ field, message: `${field} must be an amount in dollars greater than 0, with at most two decimals` });
    return undefined;
  }
  return whole;
}

export function parseDecision(body: DisputeDecisionBody): DecisionRequest {
  const errors: FieldError[] = [];
  const note = body.note.trim();
  if (note === '') errors.push({ field: 'note', message: 'A note is required: say why the dispute was decided so' });
  if (note.length > DISPUTE_NOTE_MAX_LENGTH) errors.push({ field: 'note', message: `note must be at most ${DISPUTE_NOTE_MAX_LENGTH} characters` });
  const amountCents = body.decision === 'partial' ? cents('amount', body.amount, errors) : undefined;
  if (body.decision !== 'partial' && body.amount !== undefined) errors.push({ field: 'amount', message: 'amount is only for a partial decision' });
  let clawBack: DecisionRequest['clawBack'] = 'none';
  let clawBackCents: number | undefined;
  if (body.decision === 'reject') {
    if (body.clawBack !== undefined && body.clawBack !== 'none') errors.push({ field: 'clawBack', message: 'A rejected dispute claws nothing back' });
  } else if (body.clawBack === undefined) {
    errors.push({ field: 'clawBack', message: 'clawBack is required: full, partial or none' });
  } else {
    clawBack = body.clawBack;
  }
  if (clawBack === 'partial') clawBackCents = cents('clawBackAmount', body.clawBackAmount, errors);
  else if (body.clawBackAmount !== undefined) errors.push({ field: 'clawBackAmount', message: 'clawBackAmount is only for a partial claw-back' });
  if (errors.length > 0) throw validationFailed(errors);
  return { decision: body.decision, note, amountCents, clawBack, clawBackCents };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The money a decision moves on a call of this revenue and payout (cents): 422 for an amount beyond the call's. */
export function decisionMoney(request: DecisionRequest, revenueCents: number, payoutCents: number): { creditedCents: number; clawedBackCents: number } {
  const errors: FieldError[] = [];
  let creditedCents = 0;
  if (request.decision === 'accept') creditedCents = revenueCents;
  if (request.decision === 'partial') {
    creditedCents = request.amountCents!;
    if (creditedCents > revenueCents) errors.push({ field: 'amount', message: `amount must be at most the call’s revenue (${dollars(revenueCents)})` });
  }
  let clawedBackCents = 0;
  if (request.clawBack === 'full') clawedBackCents = payoutCents;
  if (request.clawBack === 'partial') {
    clawedBackCents = request.clawBackCents!;
    if (clawedBackCents > payoutCents) errors.push({ field: 'clawBackAmount', message: `clawBackAmount must be at most the call’s payout (${dollars(payoutCents)})` });
  }
  if (errors.length > 0) throw new HttpError(422, 'UNPROCESSABLE', errors[0]!.message, errors);
  return { creditedCents, clawedBackCents };
}
