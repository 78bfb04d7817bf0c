import type { Dispute, DisputeDecision, DisputeDecisionRecord, DisputeEvidence, DisputeReason, DisputeStatus } from '@callboard/contract/disputes';
import { centsToDollars } from '../calls/call-record';

/**
 * A dispute as the API reads it from the database: one select (the list, one dispute, the export) and its
 * mapping to the contract's shape, for the network's own people. A partner's reading of it is
 * dispute-visibility.ts.
 */
export const DISPUTE_SELECT = `SELECT d.id::text AS id, d.call_id::text AS call_id, c.system_call_id, d.call_ts, cp.name AS campaign_name,
  d.publisher_id, p.name AS publisher_name, d.buyer_id, b.name AS buyer_name, d.status, d.reason, d.note,
  d.opened_by::text AS opened_by, coalesce(nullif(d.opened_by_name, ''), d.opened_by_email) AS opened_by_name, d.opened_by_partner, d.opened_at,
  d.revenue_cents::text AS revenue_cents, d.payout_cents::text AS payout_cents, d.evidence,
  d.decision, d.decision_note, d.decided_by::text AS decided_by, coalesce(nullif(d.decided_by_name, ''), d.decided_by_email) AS decided_by_name,
  d.decided_at, d.credited_cents::text AS credited_cents, d.clawed_back_cents::text AS clawed_back_cents, d.change_id::text AS change_id, d.withdrawn_at
FROM disputes d
JOIN calls c ON c.id = d.call_id
JOIN campaigns cp ON cp.id = c.campaign_id
JOIN publishers p ON p.id = d.publisher_id
JOIN buyers b ON b.id = d.buyer_id`;

export interface DisputeRow {
  id: string;
  call_id: string;
  system_call_id: string;
  call_ts: Date | string;
  campaign_name: string;
  publisher_id: number;
  publisher_name: string;
  buyer_id: number;
  buyer_name: string;
  status: DisputeStatus;
  reason: DisputeReason;
  note: string;
  opened_by: string | null;
  opened_by_name: string | null;
  opened_by_partner: boolean;
  opened_at: Date | string;
  revenue_cents: string;
  payout_cents: string;
  evidence: DisputeEvidence | string;
  decision: DisputeDecision | null;
  decision_note: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  credited_cents: string | null;
  clawed_back_cents: string | null;
  change_id: string | null;
  withdrawn_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Decided statuses: the decision shows only while the dispute stands decided (an undone decision leaves it open). */
const DECIDED: ReadonlySet<DisputeStatus> = new Set(['accepted', 'partial', 'rejected']);

function decisionOf(row: DisputeRow): DisputeDecisionRecord | null {
  if (!DECIDED.has(row.status) || row.decision === null || row.decided_at === null || row.change_id === null) return null;
  return {
    decision: row.decision,
    note: row.decision_note ?? '',
    decidedBy: { id: row.decided_by, name: row.decided_by_name },
    decidedAt: iso(row.decided_at),
    credited: centsToDollars(row.credited_cents ?? 0),
    clawedBack: centsToDollars(row.clawed_back_cents ?? 0),
    changeId: row.change_id,
  };
}

export function toDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    callId: row.call_id,
    systemCallId: row.system_call_id,
    callTimestamp: iso(row.call_ts),
    campaignName: row.campaign_name,
    publisherId: row.publisher_id,
    publisherName: row.publisher_name,
    buyerId: row.buyer_id,
    buyerName: row.buyer_name,
    status: row.status,
    reason: row.reason,
    note: row.note,
    openedBy: { id: row.opened_by, name: row.opened_by_name },
    openedByPartner: row.opened_by_partner,
    openedAt: iso(row.opened_at),
    revenue: centsToDollars(row.revenue_cents),
    payout: centsToDollars(row.payout_cents),
    // PGlite and node-postgres both parse jsonb; text is accepted all the same.
    evidence: typeof row.evidence === 'string' ? (JSON.parse(row.evidence) as DisputeEvidence) : row.evidence,
    decision: decisionOf(row),
    withdrawnAt: row.withdrawn_at === null ? null : iso(row.withdrawn_at),
  };
}
