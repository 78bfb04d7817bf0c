/**
 * The changes feed (GET /api/changes): every change to a call, in the order the changes committed, for BI
 * tools and integrations that would otherwise poll the records every few minutes. Each change has a sequence
 * number; a client keeps the last one it read and asks for what came after it (`after=<seq>`), so it never
 * reads a change twice and never misses one. The server keeps the log for CHANGE_LOG_RETENTION_DAYS
 * (docs/integrations.md, "Changes feed"; docs/decisions/0041-one-change-log.md).
 */
import type { FieldError } from './api-envelope';

export const CHANGES_PATH = '/api/changes';

/**
 * What kind of write changed the call:
 * - `created`: a delivery (the ingest API, an import, a connector) stored a call new to Callboard;
 * - `updated`: a delivery stored a call again (every field it changed in `changed`; none when it sent the
 *   call as it was), or a write that names no kind of its own changed it;
 * - `qc_verdict`: the QC bot's verdict (the status moves with it unless a person holds the call);
 * - `disposition_changed`: a person set one call's disposition; `bulk_updated`: a person's bulk update;
 * - `restored`: a person gave the call back to the AI's verdict; `undone`: a person undid an earlier change;
 * - `dispute_opened`, `dispute_withdrawn`, `dispute_decided`: a buyer's dispute of the call (a decision moves
 *   its revenue and payout);
 * - `repeat_redecided`: whether the call repeats an earlier one moved because another call of the same caller
 *   and campaign was delivered or moved (or the repeat window changed); only `repeatOf` changes.
 */
export const CHANGE_KINDS = [
  'created',
  'updated',
  'qc_verdict',
  'disposition_changed',
  'bulk_updated',
  'restored',
  'undone',
  'dispute_opened',
  'dispute_withdrawn',
  'dispute_decided',
  'repeat_redecided',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * The call's fields a change names, as the ingest API names what it delivers (money in dollars, times in
 * ISO 8601 UTC). `transcript` is not copied into the log: its values say whether the call has one (`true`)
 * or not (`null`), and the text is read from the call (GET /api/calls/records/{callId}).
 */
export const CHANGED_FIELDS = [
  'callTimestamp',
  'callerId',
  'campaignName',
  'publisherName',
  'targetName',
  'buyerName',
  'systemName',
  'systemPublisherId',
  'systemBuyerId',
  'durationSec',
  'connected',
  'recordingUrl',
  'transcript',
  'revenue',
  'payout',
  'status',
  'subDisposition',
  'reason',
  'summary',
  'statusOverridden',
  'qcDisposition',
  'qcSubDisposition',
  'qcReason',
  'qcSummary',
  'repeatOf',
  'disputeState',
] as const;
export type ChangedField = (typeof CHANGED_FIELDS)[number];

/** One field's value before and after the change; before is null for a call the change created. */
export type FieldChange = [before: string | number | boolean | null, after: string | number | boolean | null];

/** One change to one call, as the feed answers it. */
export interface CallChange {
  /** Rises with every change, in the order they committed; pass the last one read as `after`. */
  seq: number;
  /** When the change was made, ISO 8601 UTC. */
  at: string;
  callId: string;
  /** The tracking platform's id of the call. */
  systemCallId: string;
  kind: ChangeKind;
  /**
   * Who made it: `user:<id>` (a person), `ingest-key:<id>` (a key made by an admin), `ingest-key:environment`
   * (INGEST_API_KEY), `connector:<id>` (an inbound connector), `user:<id>` also for an import from the app (the
   * admin who ran it); null when the writer did not say (`npm run import` from a terminal, the demo data) and
   * always for a partner, who is not told which of the network's people changed a call.
   */
  actor: string | null;
  /** The change set of a person's change (the id POST /api/calls/changes/{id}/undo takes); null for deliveries and verdicts. */
  changeSet: string | null;
  /**
   * Every field the change changed, as [before, after]; for `created`, every field the call was stored with.
   * A partner reads only the fields its scope gives (the caller id masked or left out, no transcript or
   * recording unless given, no money its kind does not see, the other side's names only with the counterparty),
   * and the `before` of its own side's name is null (it may name another publisher or buyer).
   */
  changed: Partial<Record<ChangedField, FieldChange>>;
}

export interface ChangesMeta {
  /** Where this page started. */
  after: number;
  /** Pass as `after` for the next page: the last change's seq, or `after` again when there was none. */
  nextAfter: number;
  limit: number;
  /** Whether more changes follow this page already. */
  hasMore: boolean;
}

export interface ChangesResponse {
  success: true;
  data: CallChange[];
  meta: ChangesMeta;
}

export const CHANGES_DEFAULT_LIMIT = 1000;
export const CHANGES_MAX_LIMIT = 10_000;
export const CHANGES_FORMATS = ['json', 'csv'] as const;
export type ChangesFormat = (typeof CHANGES_FORMATS)[number];

/** The CSV's columns, in order (its header row): `changed` is the JSON object of the JSON answer. */
export const CHANGES_CSV_COLUMNS = ['seq', 'at', 'callId', 'systemCallId', 'kind', 'actor', 'changeSet', 'changed'] as const;

/** The CSV answer carries the next page's `after` in this header, and `true`/`false` for more in the other. */
export const CHANGES_NEXT_AFTER_HEADER = 'x-next-after';
export const CHANGES_HAS_MORE_HEADER = 'x-has-more';

/** The largest `after` taken: a sequence number stays far below 2^53. */
const MAX_SEQ = Number.MAX_SAFE_INTEGER;

export const CHANGES_MESSAGES = {
  after: 'after must be a whole number: 0 for the oldest change kept, else the seq of the last change you read',
  limit: `limit must be a whole number from 1 to ${CHANGES_MAX_LIMIT}`,
  kinds: (kind: string) => `kinds names an unknown kind ${JSON.stringify(kind.slice(0, 40))}: the kinds are ${CHANGE_KINDS.join(', ')}`,
  format: `format must be ${CHANGES_FORMATS.join(' or ')}`,
  pruned: (after: number, prunedThrough: number, days: number) =>
    `The changes after ${after} are no longer all kept (the log keeps ${days} days; changes up to ${prunedThrough} were removed): ` +
    `read the calls again (GET /api/calls/export) and continue from after=${prunedThrough}`,
} as const;

export interface ChangesQuery {
  after: number;
  limit: number;
  /** Only these kinds; null for every kind. */
  kinds: ChangeKind[] | null;
  format: ChangesFormat;
}

const isKind = (value: string): value is ChangeKind => (CHANGE_KINDS as readonly string[]).includes(value);

/** GET /api/changes's query string, or every problem with it (one per parameter). */
export function parseChangesQuery(query: Record<string, unknown>): ChangesQuery | FieldError[] {
  const errors: FieldError[] = [];
  /** The parameter's text; one given twice (an array) joined with commas, so its check refuses it (or, for kinds, reads both). */
  const text = (name: string): string | undefined => {
    const value = query[name];
    if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : '')).join(',');
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };

  let after = 0;
  const rawAfter = text('after');
  if (rawAfter !== undefined) {
    if (/^\d{1,16}$/.test(rawAfter) && Number(rawAfter) <= MAX_SEQ) after = Number(rawAfter);
    else errors.push({ field: 'after', message: CHANGES_MESSAGES.after });
  }

  let limit = CHANGES_DEFAULT_LIMIT;
  const rawLimit = text('limit');
  if (rawLimit !== undefined) {
    if (/^\d{1,6}$/.test(rawLimit) && Number(rawLimit) >= 1 && Number(rawLimit) <= CHANGES_MAX_LIMIT) limit = Number(rawLimit);
    else errors.push({ field: 'limit', message: CHANGES_MESSAGES.limit });
  }

  let kinds: ChangeKind[] | null = null;
  const rawKinds = text('kinds');
  if (rawKinds !== undefined) {
    const named = rawKinds.split(',').map((k) => k.trim()).filter((k) => k !== '');
    const unknown = named.find((k) => !isKind(k));
    if (unknown !== undefined) errors.push({ field: 'kinds', message: CHANGES_MESSAGES.kinds(unknown) });
    else if (named.length > 0) kinds = CHANGE_KINDS.filter((kind) => named.includes(kind));
  }

  let format: ChangesFormat = 'json';
  const rawFormat = text('format');
  if (rawFormat !== undefined) {
    if ((CHANGES_FORMATS as readonly string[]).includes(rawFormat)) format = rawFormat as ChangesFormat;
    else errors.push({ field: 'format', message: CHANGES_MESSAGES.format });
  }

  return errors.length > 0 ? errors : { after, limit, kinds, format };
}
