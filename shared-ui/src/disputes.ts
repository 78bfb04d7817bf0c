/**
 * Disputes on the screens (issue 35), as one shared module: each `@callboard/shared-ui/…` module a remote
 * imports is listed in its remoteEntry.js (scripts/webpack/create-federated-config.js shares them by prefix),
 * whose 10 KB budget Reporting and Call Logs are close to, so the dispute screens take everything through this
 * one name, and load it lazily: a call's disputes in its detail, the views of one dispute, the data and the
 * changes, and the queue's download.
 */
export { CallDisputes, mayWithdraw, useMayWithdraw, useWithdrawDispute, type CallDisputesProps } from './call-disputes';
export { DecideDisputeDialog, type DecideDisputeDialogProps } from './decide-dispute-dialog';
export {
  isDisputeKey,
  staleAfterDisputeEvent,
  useCallDisputes,
  useDisputeActions,
  useDisputePickerOptions,
  useDisputesExport,
  useDisputesPage,
  useRefreshAfterDispute,
  type DisputesQuery,
} from './dispute-data';
export { DECISION_LABELS, DisputeCard, DisputeClaim, DisputeEvidenceView, DisputeStatusBadge } from './dispute-view';
export { NoteField } from './note-field';
export { OpenDisputeDialog } from './open-dispute-dialog';
export { isConflict, reportFailure } from './dispute-errors';
