import type { CallDetail } from './calls';

/**
 * Changes people make to calls (docs/api.md, "Correcting calls"). Every
 * change — one call's disposition, a bulk update, restoring the AI's
 * verdict, an undo — is one change set with its own `changeId`, written on
 * each audit row it made, so the change can be undone as a whole within the
 * toast's few seconds, or later, as long as nobody has changed its calls since.
 */

/** Body of PUT /api/calls/{id}/disposition: a person's verdict. Blank texts are stored as null. */
export interface DispositionBody {
  status: string;
  sub_disposition?: string | null;
  reason?: string | null;
}

/** The three fields a person's verdict sets on a call. */
export interface Verdict {
  status: string;
  sub_disposition: string | null;
  reason: string | null;
}

/**
 * The verdict a change leaves on a call: the one rule the server applies and both call editors show
 * before saving. A sub disposition or reason the change names (a text, or null to clear it) is taken as
 * given. One it leaves out stays only while the status stays: a new status clears what belonged to the
 * old one, so a Sales call's "Enrolled" does not become a Callback's.
 */
export function verdictAfter(current: Verdict, change: DispositionBody): Verdict {
  const keepsStatus = change.status === current.status;
  const kept = (given: string | null | undefined, old: string | null) => (given !== undefined ? given : keepsStatus ? old : null);
  return { status: change.status, sub_disposition: kept(change.sub_disposition, current.sub_disposition), reason: kept(change.reason, current.reason) };
}

/**
 * What a change did, as each audit row names it. `dispute`: a dispute's event on the call (opened, withdrawn,
 * decided: contract/src/disputes.ts); a decision's row also holds the money it moved.
 */
export const CHANGE_ACTIONS = ['set', 'bulk', 'restore', 'undo', 'dispute'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/**
 * `data` of PUT /api/calls/{id}/disposition and POST /api/calls/{id}/restore-verdict:
 * the call as it now is, with its history, and the change set to undo.
 * A request that changes nothing (the call already holds that verdict) makes
 * no change set: `changeId` is null.
 */
export interface CallChangeResult extends CallDetail {
  changeId: string | null;
}

/** `data` of PUT /api/calls/bulk-update. */
export interface BulkUpdateResult {
  updated: number;
  changeId: string | null;
}

/**
 * `data` of POST /api/calls/changes/{changeId}/undo when every call of the
 * change was restored; `changeId` is the undo's own change set. When some
 * calls were changed again since, the answer is 409: those are left as they
 * are, the others restored, and the error's message names how many of each.
 */
export interface UndoResult {
  changeId: string | null;
  restored: number;
  skipped: number;
}

/** How long the toast after a change offers Undo. */
export const UNDO_WINDOW_MS = 10_000;
