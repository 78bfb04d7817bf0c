import type { ChangeAction } from '@callboard/contract';
import type { ChangeKind } from '@callboard/contract/changes';

/** A dispute's status before and after a change set moved it (before null: the change opened it). */
interface DisputeStatusMove {
  from: string | null;
  to: string;
}

/**
 * The change log's kind of a person's change set (domain/calls/call-changes.ts writeChange): its audit action,
 * and for a dispute's, what happened to the dispute. Undoing a decision is an undo, whatever it undid.
 */
export function changeKindOf(action: ChangeAction, dispute: DisputeStatusMove | undefined): ChangeKind {
  switch (action) {
    case 'set':
      return 'disposition_changed';
    case 'bulk':
      return 'bulk_updated';
    case 'restore':
      return 'restored';
    case 'undo':
      return 'undone';
    case 'dispute':
      if (!dispute || dispute.from === null) return 'dispute_opened';
      return dispute.to === 'withdrawn' ? 'dispute_withdrawn' : 'dispute_decided';
  }
}
