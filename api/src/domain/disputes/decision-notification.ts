import { remoteNamed } from '@callboard/contract';
import { DISPUTE_REASON_LABELS, DISPUTE_STATUS_LABELS, type DisputeReason, type DisputeStatus } from '@callboard/contract/disputes';
import type { Queryable } from '../../db/database';
import { notify } from '../notifications/notifications';

/**
 * Tells a dispute's opener that it was decided (notification `dispute.decided`), in the decision's transaction, so
 * an undone-by-rollback decision tells no one. The opener may be a buyer partner or one of the network's people;
 * the text says only what either may read (the call, the reason, the outcome: no money, no decider, no note,
 * which the call's dispute history shows each as their scope allows), and links to the call in Call Logs, where
 * that history is. Nobody is told of their own decision, nor an opener whose account is gone.
 */
export async function tellOpenerOfDecision(tx: Queryable, disputeId: string, deciderId: string, status: DisputeStatus): Promise<void> {
  const [dispute] = await tx.query<{ opened_by: string | null; reason: DisputeReason; call_id: string; system_call_id: string }>(
    `SELECT d.opened_by::text AS opened_by, d.reason, d.call_id::text AS call_id, c.system_call_id
     FROM disputes d JOIN calls c ON c.id = d.call_id WHERE d.id = $1`,
    [disputeId],
  );
  if (!dispute?.opened_by || dispute.opened_by === deciderId) return;
  await notify(tx, [
    {
      userId: dispute.opened_by,
      kind: 'dispute.decided',
      title: `Dispute ${DISPUTE_STATUS_LABELS[status].toLowerCase()}: call ${dispute.system_call_id}`,
      body: `Your dispute of call ${dispute.system_call_id} (${DISPUTE_REASON_LABELS[dispute.reason] ?? dispute.reason}) was ${DISPUTE_STATUS_LABELS[status].toLowerCase()}.`,
      link: `${remoteNamed('calllogs').route}/calls/${encodeURIComponent(dispute.call_id)}`,
    },
  ]);
}
