import type { CallRecord, PartnerScope } from '@callboard/contract';
import type { Dispute } from '@callboard/contract/disputes';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from './button';
import { useCallDisputes, useDisputeActions } from './dispute-data';
import { DisputeCard } from './dispute-view';
import { LoadError } from './load-error';
import { OpenDisputeDialog } from './open-dispute-dialog';
import './disputes.css';

export interface CallDisputesProps {
  call: Pick<CallRecord, 'id' | 'systemCallId' | 'transcript'>;
}

/**
 * Whether this reader may withdraw an open dispute: a buyer partner of the dispute's buyer (whoever opened it:
 * another login of the buyer, or a reviewer on its behalf), or a reviewer or admin (the server's rule,
 * docs/api.md "Disputes"); never while an admin views as a partner.
 */
export function mayWithdraw(dispute: Dispute, access: { partner: Pick<PartnerScope, 'kind' | 'ids'> | null; mayDecideDisputes: boolean; mayWrite: boolean }): boolean {
  if (dispute.status !== 'open' || !access.mayWrite) return false;
  if (access.mayDecideDisputes) return true;
  const { partner } = access;
  return partner !== null && partner.kind === 'buyer' && dispute.buyerId !== null && partner.ids.includes(dispute.buyerId);
}

/** Whether the signed-in reader may withdraw this dispute now (mayWithdraw for the session's account). */
export function useMayWithdraw(): (dispute: Dispute) => boolean {
  const access = useScreenAccess();
  return (dispute) => mayWithdraw(dispute, access);
}

/** Withdrawing a dispute, said in a toast either way; a 409 (decided meanwhile) reads the disputes again. */
export function useWithdrawDispute(): { withdraw: (id: string) => Promise<void>; withdrawing: string | null } {
  const actions = useDisputeActions();
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const withdraw = async (id: string) => {
    setWithdrawing(id);
    try {
      await actions.withdraw(id);
      toast.success('Dispute withdrawn');
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Failed to withdraw the dispute');
      await actions.refresh();
    } finally {
      setWithdrawing(null);
    }
  };
  return { withdraw, withdrawing };
}

/**
 * A call's disputes in its detail (Reporting's dialog and Call Logs' panel, each loading this lazily): the
 * history, newest first, with the evidence frozen at each opening and the decision; "Dispute this call" when
 * the reader may dispute and the server says the call may be disputed now (revenue, the buyer's window, no open
 * dispute), else why not; Withdraw on an open dispute the reader may withdraw.
 */
export function CallDisputes({ call }: CallDisputesProps) {
  const access = useScreenAccess();
  const { data, error, isLoading } = useCallDisputes(call.id);
  const actions = useDisputeActions();
  const mayWithdrawNow = useMayWithdraw();
  const { withdraw, withdrawing } = useWithdrawDispute();
  const [opening, setOpening] = useState(false);

  if (error && !data) return <LoadError title="Failed to load the call’s disputes." error={error} />;
  if (!data) return isLoading ? <p className="cb-text-sm cb-muted">Loading disputes…</p> : null;

  const { disputes, eligibility } = data;
  const mayOpen = access.mayOpenDisputes;
  return (
    <div className="cb-disputes" data-testid="call-disputes">
      {mayOpen ? (
        <div className="cb-disputes__bar">
          {eligibility.allowed ? (
            <Button size="sm" variant="secondary" onClick={() => setOpening(true)}>
              Dispute this call
            </Button>
          ) : eligibility.refusal ? (
            <p className="cb-text-sm cb-muted" data-testid="dispute-refusal">
              {eligibility.refusal}
            </p>
          ) : null}
          {eligibility.allowed && eligibility.windowEndsAt ? (
            <span className="cb-text-sm cb-muted">Open until {new Date(eligibility.windowEndsAt).toLocaleString('en-US', { timeZone: 'America/New_York' })} (New York)</span>
          ) : null}
        </div>
      ) : null}
      {disputes.length === 0 ? (
        <p className="cb-text-sm cb-muted">This call has never been disputed.</p>
      ) : (
        <ol className="cb-disputes__list" aria-label="Dispute history">
          {disputes.map((dispute) => (
            <DisputeCard
              key={dispute.id}
              dispute={dispute}
              actions={
                mayWithdrawNow(dispute) ? (
                  <Button size="sm" variant="ghost" busy={withdrawing === dispute.id} onClick={() => void withdraw(dispute.id)}>
                    Withdraw dispute
                  </Button>
                ) : null
              }
            />
          ))}
        </ol>
      )}
      {opening ? (
        <OpenDisputeDialog
          callLabel={call.systemCallId}
          transcript={access.seesField('transcript') ? call.transcript : null}
          onSubmit={(body) => actions.open(call.id, body)}
          onClose={() => setOpening(false)}
        />
      ) : null}
    </div>
  );
}
