import type { Dispute, DisputeDecision } from '@callboard/contract/disputes';
import { Link } from '@callboard/shared-router';
import { Button } from '@callboard/shared-ui/button';
import { DisputeClaim, DisputeEvidenceView } from '@callboard/shared-ui/disputes';
import { CloseIcon } from '@callboard/shared-ui/icons';
import { useId } from 'react';

export interface DisputePaneProps {
  dispute: Dispute;
  /** Where the log shows this dispute's call (its detail over the log). */
  callPath: string;
  mayDecide: boolean;
  mayWithdraw: boolean;
  withdrawing: boolean;
  onDecide: (decision: DisputeDecision) => void;
  onWithdraw: () => void;
  onClose: () => void;
}

/**
 * One dispute beside the queue: the buyer's reason and note (and the decision, once made) beside the QC evidence
 * frozen at opening, with the decisions for a reviewer or admin (the same as the a / p / r keys) and Withdraw
 * for who may withdraw it.
 */
export function DisputePane({ dispute, callPath, mayDecide, mayWithdraw, withdrawing, onDecide, onWithdraw, onClose }: DisputePaneProps) {
  const titleId = useId();
  const open = dispute.status === 'open';
  return (
    <aside className="cb-side-panel disputes__pane" aria-labelledby={titleId} data-testid="dispute-pane">
      <header className="cb-side-panel__header">
        <div>
          <h2 id={titleId} className="disputes__pane-title">
            Dispute of call <span className="cb-mono">{dispute.systemCallId}</span>
          </h2>
          <p className="cb-text-sm cb-muted">
            {[dispute.campaignName, dispute.buyerName, dispute.publisherName].filter(Boolean).join(' · ')} ·{' '}
            <Link to={callPath}>Open the call</Link>
          </p>
        </div>
        <Button variant="ghost" size="sm" iconOnly aria-label="Close the dispute" title="Close (Esc)" icon={<CloseIcon size={15} />} onClick={onClose} />
      </header>
      <div className="cb-side-panel__body disputes__pane-body">
        {open && (mayDecide || mayWithdraw) ? (
          <div className="disputes__decide" role="group" aria-label="Decide">
            {mayDecide ? (
              <>
                <Button size="sm" variant="primary" onClick={() => onDecide('accept')} title="Accept (a)">
                  Accept
                </Button>
                <Button size="sm" onClick={() => onDecide('partial')} title="Partial (p)">
                  Partial
                </Button>
                <Button size="sm" variant="danger" onClick={() => onDecide('reject')} title="Reject (r)">
                  Reject
                </Button>
              </>
            ) : null}
            {mayWithdraw ? (
              <Button size="sm" variant="ghost" busy={withdrawing} onClick={onWithdraw}>
                Withdraw dispute
              </Button>
            ) : null}
          </div>
        ) : null}
        <div className="disputes__sides">
          <section className="cb-section" aria-label="The buyer’s claim">
            <h3 className="cb-section__title">The buyer’s claim</h3>
            <DisputeClaim dispute={dispute} />
          </section>
          <section className="cb-section" aria-label="Evidence at opening">
            <h3 className="cb-section__title">Evidence at opening</h3>
            <DisputeEvidenceView evidence={dispute.evidence} />
          </section>
        </div>
      </div>
    </aside>
  );
}
