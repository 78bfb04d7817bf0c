import type { ChangeAction } from './call-changes';
import type { DatePreset } from './date-presets';
import type { DisputeState } from './disputes';

/** The bot's verdict, kept apart from the effective status a person may have corrected. */
export interface QcVerdict {
  disposition: string | null;
  sub_disposition: string | null;
  reason: string | null;
  summary: string | null;
}

/** One call as the records table and the detail modal read it. Money in dollars. */
export interface CallRecord {
  id: string;
  callTimestamp: string;
  callerId: string;
  campaignName: string;
  publisherName: string;
  systemName: string;
  target_name: string | null;
  buyerName: string | null;
  durationSec: number;
  connected: boolean;
  status: string;
  sub_disposition: string | null;
  reason: string | null;
  summary: string | null;
  transcript: string | null;
  recordingUrl: string | null;
  systemCallId: string;
  systemPublisherId: string | null;
  systemBuyerId: string | null;
  /**
   * What the buyer paid for the call. Absent from a publisher partner's answers: the server removes the
   * money a partner's kind does not see (contract/src/partners.ts PARTNER_MONEY); always present for the
   * network's own people.
   */
  revenue?: number;
  /** What the publisher earned for the call. Absent from a buyer partner's answers, as `revenue` from a publisher partner's. */
  payout?: number;
  /** Whether a person set the status (it then no longer follows the bot). */
  statusOverridden: boolean;
  qc: QcVerdict;
  /** Whether the same caller id called the same campaign within the repeat window before this call. */
  repeat: boolean;
  /** The latest such earlier call's id; null for a first call. */
  repeatOf: string | null;
  /**
   * Where the call's disputes stand (contract/src/disputes.ts DISPUTE_STATES: its latest dispute not withdrawn;
   * `none` without one): the records' and the log's "Disputed" / "Credited" badge.
   */
  disputeState: DisputeState;
}

export interface CallAuditEntry {
  id: string;
  changedAt: string;
  /** The change set this row belongs to (contract/src/call-changes.ts): undoing it undoes every row with this id. */
  changeId: string;
  /** What kind of change wrote the row: one call's disposition, a bulk update, restoring the AI's verdict, an undo. */
  action: ChangeAction;
  userId: string | null;
  /** Who made the change, as they were named then: their name, else their email. Kept after their account is deleted. */
  userName: string | null;
  userEmail: string | null;
  from: { status: string; sub_disposition: string | null; reason: string | null };
  to: { status: string; sub_disposition: string | null; reason: string | null };
}

/** Where a matched word stands in a text: `start` to `end` (exclusive), in UTF-16 code units as a JavaScript string counts them. */
export interface TextSpan {
  start: number;
  end: number;
}

/** The words a transcript search (`q`) matches in a call's texts, as the server matches them (stemmed), in text order. */
export interface CallMatches {
  transcript: TextSpan[];
  summary: TextSpan[];
  reason: TextSpan[];
}

/** Another call of the same caller id to the same campaign, in the repeat window either side of a call. */
export interface CallerCall {
  id: string;
  callTimestamp: string;
  campaignName: string;
  status: string;
}

export interface CallDetail extends CallRecord {
  audit: CallAuditEntry[];
  /** Only when the detail was asked for with `q` (GET /api/calls/records/{id}?q=…). */
  matches?: CallMatches;
  /** The caller's other calls to this campaign within the repeat window before and after this one, oldest first (none without a caller id). */
  callerCalls: CallerCall[];
}

/** GET /api/calls/records/{id} query: the transcript search whose words to mark. */
export type CallDetailParams = { q?: string };

/** What every records answer says besides its rows. */
export interface RecordsCursorMeta {
  /** Calls matching the filters, on every page. */
  total: number;
  limit: number;
  /**
   * Where the next page starts (contract/src/records-cursor.ts): pass it back as
   * `cursor`. Null on the last page, and under any sort but call time, which
   * pages by offset alone.
   */
  nextCursor: string | null;
  /**
   * True when the answer is empty because every word of the transcript search
   * (`q`) is too common to be indexed ("the", "and": PostgreSQL's english stop
   * words), so the search looked for nothing; absent otherwise. Lets a screen
   * say why instead of showing an empty list (decision 0024).
   */
  qTooCommon?: true;
}

/**
 * What a screen says under an empty answer with `qTooCommon`: Reporting's
 * records and Call Logs say the same sentence. Here rather than in a shared-ui
 * module of its own, which would add an entry to every remote's remoteEntry.js
 * (its 10 KB budget, docs/front-end.md "Budgets").
 */
export function tooCommonSearchText(q: string): string {
  return `Every word of “${q}” is too common to search for (like “the” or “and”): add a rarer word.`;
}

/** A page asked for by number (`page`). */
export interface RecordsMeta extends RecordsCursorMeta {
  page: number;
  pages: number;
}

export interface RecordsResponse {
  success: true;
  data: CallRecord[];
  meta: RecordsMeta;
}

/** A page asked for by `cursor`: it has no number, since calls arriving above it would change it. */
export interface RecordsCursorResponse {
  success: true;
  data: CallRecord[];
  meta: RecordsCursorMeta;
}

/**
 * Query parameters every calls read accepts (docs/api.md, "Reading calls"). Lists are comma-joined.
 * Type aliases, not interfaces, so the API client takes them as query parameters without a cast.
 */
export type CallFilterParams = {
  datePreset?: DatePreset;
  startDate?: string;
  endDate?: string;
  campaign?: string;
  publisher?: string;
  target?: string;
  buyer?: string;
  status?: string;
  disposition?: string;
  /** `true`: only calls that reached a target; `false`: only those that never did (the Red No Connects). */
  connected?: ConnectedParam;
  /** `true`: only repeat calls (the same caller id called the same campaign within the repeat window before); `false`: only first calls. */
  repeat?: RepeatParam;
  search?: string;
  callerId?: string;
  /** Words in the transcript, summary and reason, as a web search writes them: "a phrase", -excluded, or. */
  q?: string;
  /** Only calls in this dispute state (contract/src/disputes.ts DISPUTE_STATES): `none`, `open`, `accepted`, `partial`, `rejected`. */
  dispute?: DisputeState;
};

export const CONNECTED_PARAMS = ['true', 'false'] as const;
export type ConnectedParam = (typeof CONNECTED_PARAMS)[number];

export const REPEAT_PARAMS = ['true', 'false'] as const;
export type RepeatParam = (typeof REPEAT_PARAMS)[number];

export type RecordsParams = CallFilterParams & {
  page?: number;
  /** The page after this place (meta.nextCursor of the page before); not with `page`. */
  cursor?: string;
  limit?: number;
  sortBy?: string;
  sortDir?: 'asc' | 'desc';
};

export interface DispositionCount {
  disposition: string;
  count: number;
  percentage: number;
}

export interface StatsFlags {
  rejectedUnknownCount: number;
  rejectedUnknownPct: number;
  redNoConnectCount: number;
  redNoConnectPct: number;
  flagVoicemail: boolean;
  flagTargetHU: boolean;
  flagRejectedUnknown: boolean;
  flagRedNoConnect: boolean;
}

export interface StatsFigures {
  totalCalls: number;
  dispositions: DispositionCount[];
  flags: StatsFlags;
}

export interface ResolvedRange {
  preset: DatePreset;
  from: string;
  to: string;
}

/** GET /api/stats `data`: the figures for the range and for the period it is compared with (for a period in progress, the one before up to the same moment: PRESETS_IN_PROGRESS). */
export interface StatsData extends StatsFigures {
  range: ResolvedRange;
  previous: StatsFigures & { range: { from: string; to: string } };
}

export interface FilterOption {
  value: string;
  label: string;
  count: number;
}

export interface BulkUpdateBody {
  ids: string[];
  set: { status: string; sub_disposition?: string | null; reason?: string | null };
}

export const BULK_UPDATE_MAX_IDS = 1000;

export type ExportFormat = 'csv' | 'xlsx';
/** Above this many rows an XLSX export is refused (422): a workbook's writer holds ~1 KB per row. CSV has no cap. */
export const XLSX_EXPORT_MAX_ROWS = 200_000;

/** A call as the tracking platform delivers it (POST /api/ingest/calls). Money in dollars. */
export interface IngestCall {
  systemCallId: string;
  callTimestamp: string;
  callerId?: string;
  campaignName: string;
  publisherName: string;
  targetName?: string | null;
  buyerName?: string | null;
  systemName?: string;
  systemPublisherId?: string;
  systemBuyerId?: string;
  durationSec?: number;
  connected?: boolean;
  recordingUrl?: string | null;
  transcript?: string | null;
  revenue?: number | string;
  payout?: number | string;
  qc?: Partial<QcVerdict>;
}

export interface IngestRejection {
  index: number;
  systemCallId: string | null;
  errors: Array<{ field: string; message: string }>;
}

export interface IngestResult {
  inserted: number;
  updated: number;
  rejected: IngestRejection[];
}

export interface QcResultInput {
  systemCallId: string;
  disposition: string;
  sub_disposition?: string | null;
  reason?: string | null;
  summary?: string | null;
}

export const INGEST_BATCH_MAX = 1000;
