import {
  DISPUTE_REASON_LABELS,
  DISPUTE_STATUS_LABELS,
  type Dispute,
  type DisputeDecision,
  type DisputeEvidence,
  type DisputeStatus,
} from '@callboard/contract/disputes';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from './badge';
import { cellText, formatCallTime, formatDateTime, formatDuration, formatMoney } from './format';
import { StatusBadge } from './status-badge';
import './disputes.css';

const STATUS_TONES: Record<DisputeStatus, BadgeTone> = {
  open: 'warning',
  accepted: 'success',
  partial: 'info',
  rejected: 'neutral',
  withdrawn: 'light',
};

export const DECISION_LABELS: Record<DisputeDecision, string> = {
  accept: 'Accepted',
  partial: 'Partially accepted',
  reject: 'Rejected',
};

/** A dispute's status as a badge. */
export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} size="sm" data-dispute-status={status}>
      {DISPUTE_STATUS_LABELS[status]}
    </Badge>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Who opened or decided, as the reader may know them: a partner reads no name of the network's people. */
function personText(name: string | null, fallback: string): string {
  return name ?? fallback;
}

/**
 * What the buyer says (reason, note, who and when) and, once decided, the decision with its note and the money
 * it moved, as far as the reader sees that money (the server leaves out the other side's).
 */
export function DisputeClaim({ dispute }: { dispute: Dispute }) {
  const { decision } = dispute;
  return (
    <div className="cb-dispute__claim">
      <dl className="cb-dl">
        <Row label="Status">
          <DisputeStatusBadge status={dispute.status} />
        </Row>
        <Row label="Reason">{DISPUTE_REASON_LABELS[dispute.reason]}</Row>
        <Row label="Buyer’s note">
          <span className="cb-dispute__note">{dispute.note}</span>
        </Row>
        <Row label="Opened">
          {formatDateTime(dispute.openedAt)} by {personText(dispute.openedBy.name, dispute.openedByPartner ? 'the buyer' : 'the network')}
        </Row>
        {dispute.revenue !== undefined ? <Row label="Revenue at opening">{formatMoney(dispute.revenue)}</Row> : null}
        {dispute.payout !== undefined ? <Row label="Payout at opening">{formatMoney(dispute.payout)}</Row> : null}
        {decision ? (
          <>
            <Row label="Decision">{DECISION_LABELS[decision.decision]}</Row>
            <Row label="Decision note">
              <span className="cb-dispute__note">{decision.note}</span>
            </Row>
            <Row label="Decided">
              {formatDateTime(decision.decidedAt)}
              {decision.decidedBy.name ? ` by ${decision.decidedBy.name}` : ''}
            </Row>
            {decision.credited !== undefined ? <Row label="Credited to the buyer">{formatMoney(decision.credited)}</Row> : null}
            {decision.clawedBack !== undefined ? <Row label="Clawed back from the payout">{formatMoney(decision.clawedBack)}</Row> : null}
          </>
        ) : null}
        {dispute.withdrawnAt ? <Row label="Withdrawn">{formatDateTime(dispute.withdrawnAt)}</Row> : null}
      </dl>
    </div>
  );
}

/**
 * The QC evidence as it stood when the dispute was opened (Dispute.evidence, frozen by the server): the AI's
 * verdict, reason and summary, the person's verdict, duration and connection, the caller's other calls in the
 * repeat window, and the transcript excerpt with its line numbers. What the reader may not see is not there.
 */
export function DisputeEvidenceView({ evidence }: { evidence: DisputeEvidence }) {
  const { ai, person, transcript } = evidence;
  return (
    <div className="cb-dispute__evidence" aria-label="Evidence at opening" role="group">
      <dl className="cb-dl">
        <Row label="AI verdict">{ai ? <StatusBadge status={ai.disposition} /> : 'Not judged by the AI'}</Row>
        {ai ? (
          <>
            <Row label="AI sub disposition">{cellText(ai.subDisposition)}</Row>
            <Row label="AI reason">{cellText(ai.reason)}</Row>
            <Row label="AI summary">{cellText(ai.summary)}</Row>
          </>
        ) : null}
        <Row label="Reviewer’s verdict">
          {person ? (
            <>
              <StatusBadge status={person.status} />
              {person.reason ? <span className="cb-dispute__aside"> {person.reason}</span> : null}
            </>
          ) : (
            'None (the AI’s verdict stood)'
          )}
        </Row>
        <Row label="Status at opening">
          <StatusBadge status={evidence.status} />
        </Row>
        <Row label="Duration">{formatDuration(evidence.durationSec)}</Row>
        <Row label="Connected">{evidence.connected ? 'Yes' : 'No'}</Row>
        {evidence.callerId ? (
          <Row label="Caller ID">
            <span className="cb-mono">{evidence.callerId}</span>
          </Row>
        ) : null}
        <Row label={`Caller’s other calls (±${evidence.repeatWindowDays} days)`}>
          {evidence.callerCalls.length === 0 ? (
            'None'
          ) : (
            <ul className="cb-dispute__caller-calls">
              {evidence.callerCalls.map((call) => (
                <li key={call.id}>
                  <time dateTime={call.callTimestamp}>{formatCallTime(call.callTimestamp)}</time> <StatusBadge status={call.status} />
                </li>
              ))}
            </ul>
          )}
        </Row>
      </dl>
      {transcript ? (
        <div className="cb-dispute__excerpt">
          <h5 className="cb-dispute__excerpt-title">{transcript.whole ? 'Transcript (whole)' : `Transcript excerpt (${transcript.lines.length} selected lines)`}</h5>
          <ol className="cb-dispute__lines" data-testid="dispute-excerpt">
            {transcript.lines.map((line) => (
              <li key={line.index} value={line.index + 1}>
                {line.text}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

/** One dispute in a call's history: the claim and the decision, the evidence folded under it. */
export function DisputeCard({ dispute, actions }: { dispute: Dispute; actions?: ReactNode }) {
  return (
    <li className="cb-dispute" data-testid="dispute-card" data-dispute-id={dispute.id}>
      <DisputeClaim dispute={dispute} />
      {actions ? <div className="cb-dispute__actions">{actions}</div> : null}
      <details className="cb-dispute__details">
        <summary>Evidence at opening</summary>
        <DisputeEvidenceView evidence={dispute.evidence} />
      </details>
    </li>
  );
}
