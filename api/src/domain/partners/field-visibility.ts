import {
  RECORD_COLUMN_KEYS,
  partnerCallerId,
  partnerSeesDimension,
  partnerSeesMoney,
  type CallAuditEntry,
  type CallDetail,
  type CallRecord,
  type PartnerScope,
  type RecordColumnKey,
  type SortColumn,
} from '@callboard/contract';

/**
 * What a partner reads of a call: the server removes every field its scope does not give (issue 34 item 2,
 * "money and hidden fields are removed by the server, never just hidden by the screen"). Applied to each
 * answer after `sharedRead` (plugins/app/read-rounds.ts), which shares answers per scope, not per account's
 * field settings: two partners of the same sources may see different fields of the same rows.
 */

/**
 * A call as a partner of this scope reads it:
 * - the caller id in full, masked (`+1 ••• ••• 0123`), or an empty string when hidden (the key stays, so a
 *   screen's column code needs no case for its absence; an empty caller id already means "unknown");
 * - the transcript and the recording link null unless given;
 * - the other side's names and system ids null (a buyer partner's publisher name: an empty string, since
 *   every call has a publisher and the field is not nullable; `systemName` falls back to it, so it goes too);
 * - the money the kind may not see removed from the object (contract/src/partners.ts PARTNER_MONEY).
 * `repeatOf` is left to repeatOfVisible (it needs the database). Without a scope the call is returned as is.
 */
export function visibleRecord<T extends CallRecord>(scope: PartnerScope | undefined, call: T): T {
  if (!scope) return call;
  const visible: T = {
    ...call,
    callerId: partnerCallerId(scope, call.callerId) ?? '',
    transcript: scope.transcripts ? call.transcript : null,
    recordingUrl: scope.recordings ? call.recordingUrl : null,
  };
  if (!partnerSeesDimension(scope, 'buyer')) Object.assign(visible, { buyerName: null, systemBuyerId: null });
  if (!partnerSeesDimension(scope, 'target')) visible.target_name = null;
  if (!partnerSeesDimension(scope, 'publisher')) Object.assign(visible, { publisherName: '', systemName: '', systemPublisherId: null });
  if (!partnerSeesMoney(scope, 'revenue')) delete visible.revenue;
  if (!partnerSeesMoney(scope, 'payout')) delete visible.payout;
  return visible;
}

/**
 * A change in a call's history as a partner reads it: what changed and when, not which of the network's
 * people made it (their names and emails are the network's own).
 */
export function visibleAuditEntry(entry: CallAuditEntry): CallAuditEntry {
  return { ...entry, userId: null, userName: null, userEmail: null };
}

/** A call's detail as a partner reads it: the call's fields as visibleRecord, its history as visibleAuditEntry. */
export function visibleDetail<T extends CallDetail>(scope: PartnerScope | undefined, detail: T): T {
  if (!scope) return detail;
  return { ...visibleRecord(scope, detail), audit: detail.audit.map(visibleAuditEntry) };
}

/**
 * Whether a partner of this scope may read a record column (the table, and the export's file): not the
 * money its kind does not see, never profit (the network's margin), not the transcript or recording link
 * unless given, not the caller id when hidden, not the other side's names.
 */
export function partnerSeesColumn(scope: PartnerScope, key: RecordColumnKey): boolean {
  switch (key) {
    case 'revenue':
    case 'payout':
    case 'profit':
      return partnerSeesMoney(scope, key);
    case 'transcript':
      return scope.transcripts;
    case 'recordingUrl':
      return scope.recordings;
    case 'callerId':
      return scope.callerId !== 'hidden';
    case 'publisherName':
      return partnerSeesDimension(scope, 'publisher');
    case 'target_name':
      return partnerSeesDimension(scope, 'target');
    case 'systemBuyerId':
      return partnerSeesDimension(scope, 'buyer');
    default:
      return true;
  }
}

/** The record columns a partner of this scope may read, in the contract's order. */
export function partnerColumns(scope: PartnerScope): RecordColumnKey[] {
  return RECORD_COLUMN_KEYS.filter((key) => partnerSeesColumn(scope, key));
}

/**
 * Whether a partner may sort records by this column: only by what it reads in full, since the order of a
 * masked or hidden value tells it apart.
 */
export function partnerMaySortBy(scope: PartnerScope, column: SortColumn): boolean {
  if (column === 'callerId') return scope.callerId === 'full';
  return partnerSeesColumn(scope, column);
}
