import type { CallFilterParams, CallerCall, ExportFormat } from './calls';

/**
 * Disputes (issue 35; docs/api.md, "Disputes"): a buyer says a billed call should not have been billed, the
 * network decides once, and the decision moves the buyer's revenue (credit) and the publisher's payout
 * (claw-back) in one audited, undoable change. The QC evidence is frozen into the dispute when it is opened.
 */

/** Where a dispute stands. `open` until decided (accepted, partial, rejected) or withdrawn by its buyer. */
export const DISPUTE_STATUSES = ['open', 'accepted', 'partial', 'rejected', 'withdrawn'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  partial: 'Partially accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** Why the buyer disputes the call. */
export const DISPUTE_REASONS = ['hung_up_immediately', 'not_connected', 'bot_or_spam', 'repeat_caller', 'not_qualified', 'wrong_disposition', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  hung_up_immediately: 'Hung up immediately',
  not_connected: 'Not connected',
  bot_or_spam: 'Bot or spam',
  repeat_caller: 'Repeat caller',
  not_qualified: 'Not qualified',
  wrong_disposition: 'Wrong disposition',
  other: 'Other',
};

/**
 * A call's dispute state, kept on the call (its latest dispute that was not withdrawn; `none` without one):
 * the `dispute=` filter of every calls read, and the records' "Disputed" / "Credited" badge.
 */
export const DISPUTE_STATES = ['none', 'open', 'accepted', 'partial', 'rejected'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** How the `dispute=` filter names each state, for its picker. */
export const DISPUTE_STATE_LABELS: Record<DisputeState, string> = {
  none: 'Never disputed',
  open: 'Disputed (open)',
  accepted: 'Credited in full',
  partial: 'Credited in part',
  rejected: 'Dispute rejected',
};

/**
 * The badge a call carries in the records and the log: "Disputed" while a dispute is open, "Credited" once the
 * buyer was credited (in full or in part), "Dispute rejected" after a rejection; none without a dispute.
 */
export function disputeBadgeOf(state: DisputeState | undefined): { label: string; tone: 'open' | 'credited' | 'rejected' } | null {
  switch (state) {
    case 'open':
      return { label: 'Disputed', tone: 'open' };
    case 'accepted':
    case 'partial':
      return { label: 'Credited', tone: 'credited' };
    case 'rejected':
      return { label: 'Dispute rejected', tone: 'rejected' };
    default:
      return null;
  }
}

/** A buyer's dispute window when an admin has set none: this many days after the call. */
export const DEFAULT_DISPUTE_WINDOW_DAYS = 7;
export const MIN_DISPUTE_WINDOW_DAYS = 1;
export const MAX_DISPUTE_WINDOW_DAYS = 365;

/** Longest note of an opening or a decision. */
export const DISPUTE_NOTE_MAX_LENGTH = 2000;
/** At most this many transcript lines are selected as the excerpt. */
export const DISPUTE_EXCERPT_MAX_LINES = 500;

/** The transcript's lines as a dispute numbers them (its `transcriptLines` are indexes into these, from 0). */
export function transcriptLines(transcript: string): string[] {
  return transcript.split(/\r?\n/);
}

/** Body of POST disputesOfCallPath(callId). */
export interface OpenDisputeBody {
  reason: DisputeReason;
  /** Required: what the buyer says is wrong with the call. */
  note: string;
  /** Indexes (from 0) of transcriptLines(call.transcript) to keep as the excerpt; absent or empty: the whole transcript. */
  transcriptLines?: number[];
}

export const DISPUTE_DECISIONS = ['accept', 'partial', 'reject'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

export const CLAW_BACKS = ['full', 'partial', 'none'] as const;
export type ClawBack = (typeof CLAW_BACKS)[number];

/**
 * Body of POST disputeDecisionPath(id). Money in dollars (cents at most).
 * - `accept`: the buyer is credited the call's whole revenue; `partial`: `amount` (more than 0, at most the revenue);
 *   `reject`: nothing moves.
 * - `clawBack` (required for accept and partial, refused for reject): `full` takes back the whole payout, `partial`
 *   takes back `clawBackAmount` (more than 0, at most the payout), `none` keeps it.
 */
export interface DisputeDecisionBody {
  decision: DisputeDecision;
  note: string;
  amount?: number;
  clawBack?: ClawBack;
  clawBackAmount?: number;
}

/** Body of PUT disputeWindowPath(buyerId) (admin). */
export interface DisputeWindowBody {
  days: number;
}

/** One buyer's dispute window, as GET DISPUTE_WINDOWS_PATH lists them. */
export interface DisputeWindow {
  buyerId: number;
  buyerName: string;
  days: number;
  /** True when no admin has set it: the default applies. */
  isDefault: boolean;
}

/** The QC evidence as it stood when the dispute was opened; later changes to the call do not reach it. */
export interface DisputeEvidence {
  /** The AI's verdict; null when the AI had not judged the call. */
  ai: { disposition: string; subDisposition: string | null; reason: string | null; summary: string | null } | null;
  /** A person's verdict, when one held the call (it then no longer followed the AI). */
  person: { status: string; subDisposition: string | null; reason: string | null } | null;
  /** The call's effective status at opening. */
  status: string;
  durationSec: number;
  connected: boolean;
  /** As the reader may see it: masked or empty for a partner whose caller-id visibility says so. */
  callerId: string;
  /** The caller's other calls to the campaign within the repeat window either side (a partner: only those in its scope). */
  callerCalls: CallerCall[];
  repeatWindowDays: number;
  /** The lines kept (the selected ones, or every line); null without a transcript, or for a partner without transcripts. */
  transcript: { whole: boolean; lines: Array<{ index: number; text: string }> } | null;
}

export interface DisputePerson {
  /** Null once the account is deleted, and for partners reading the network's people. */
  id: string | null;
  /** Their name as it was then; null for a partner reading the network's people. */
  name: string | null;
}

export interface DisputeDecisionRecord {
  decision: DisputeDecision;
  note: string;
  decidedBy: DisputePerson;
  decidedAt: string;
  /** Dollars credited to the buyer. Absent from a publisher partner's answers. */
  credited?: number;
  /** Dollars taken back from the publisher's payout. Absent from a buyer partner's answers. */
  clawedBack?: number;
  /** The change set that moved the money: POST /api/calls/changes/{changeId}/undo undoes the decision. */
  changeId: string;
}

/**
 * One dispute. Money in dollars. A partner reads it under its field visibility: a buyer partner without
 * `counterparty` no publisher, a publisher partner without it no buyer; no money its kind does not see.
 * A publisher partner reads only the decided disputes that clawed back payout (accepted or partial with a
 * claw-back), and without `counterparty` not the buyer's `note` nor `openedByPartner`.
 */
export interface Dispute {
  id: string;
  callId: string;
  systemCallId: string;
  callTimestamp: string;
  campaignName: string;
  publisherId: number | null;
  publisherName: string | null;
  buyerId: number | null;
  buyerName: string | null;
  status: DisputeStatus;
  reason: DisputeReason;
  /** The buyer's own words. Absent from a publisher partner's answers without `counterparty`. */
  note?: string;
  openedBy: DisputePerson;
  /**
   * Whether a partner account opened it (else a reviewer or admin on the buyer's behalf). Absent from a
   * publisher partner's answers without `counterparty`.
   */
  openedByPartner?: boolean;
  openedAt: string;
  /** The call's revenue when the dispute was opened. Absent from a publisher partner's answers. */
  revenue?: number;
  /** The call's payout when the dispute was opened. Absent from a buyer partner's answers. */
  payout?: number;
  evidence: DisputeEvidence;
  /** The decision; null while open or once withdrawn (an undone decision is gone with it). */
  decision: DisputeDecisionRecord | null;
  withdrawnAt: string | null;
}

/** `data` of POST decision: the dispute as decided, and the change set's id for the toast's Undo. */
export interface DisputeChangeResult {
  dispute: Dispute;
  changeId: string | null;
}

/** Whether a dispute may be opened on a call now, for the call's detail (GET disputesOfCallPath). */
export interface DisputeEligibility {
  allowed: boolean;
  /** Why not, in the words the 409/422 would use; absent when allowed. */
  refusal?: string;
  /**
   * The buyer's window in days. Absent for a reader who may never open a dispute (a publisher partner): the
   * buyer's terms, and whether the call has a buyer at all, are not theirs.
   */
  windowDays?: number;
  /** The last instant a dispute may be opened; null for a call without a buyer. Absent as `windowDays` is. */
  windowEndsAt?: string | null;
}

/** `data` of GET disputesOfCallPath(callId). */
export interface CallDisputes {
  disputes: Dispute[];
  eligibility: DisputeEligibility;
}

export const DISPUTE_SORTS = ['openedAt', 'callTimestamp', 'decidedAt'] as const;
export type DisputeSort = (typeof DISPUTE_SORTS)[number];

export const DISPUTES_DEFAULT_LIMIT = 50;
export const DISPUTES_MAX_LIMIT = 200;

/**
 * Query of GET DISPUTES_PATH and DISPUTES_EXPORT_PATH. The calls filter params narrow by the disputed call (its
 * time for the date filters, its publisher, buyer, campaign…), except `status`, which here is the dispute's
 * (comma-joined); the call's status is `disposition`.
 */
export type DisputesParams = Omit<CallFilterParams, 'status'> & {
  status?: string;
  reason?: string;
  /** One call's disputes. */
  call?: string;
  sortBy?: DisputeSort;
  sortDir?: 'asc' | 'desc';
  page?: number;
  limit?: number;
};

export type DisputesExportParams = Omit<DisputesParams, 'page' | 'limit' | 'sortBy' | 'sortDir'> & { fmt: ExportFormat };

export interface DisputesPage {
  success: true;
  data: Dispute[];
  meta: { total: number; page: number; pages: number; limit: number };
}

export const DISPUTES_PATH = '/api/disputes';
export const DISPUTES_EXPORT_PATH = '/api/disputes/export';
export const DISPUTE_WINDOWS_PATH = '/api/disputes/windows';

export const disputePath = (id: string) => `/api/disputes/${encodeURIComponent(id)}`;
export const disputeDecisionPath = (id: string) => `${disputePath(id)}/decision`;
export const disputeWithdrawPath = (id: string) => `${disputePath(id)}/withdraw`;
export const disputesOfCallPath = (callId: string) => `/api/calls/${encodeURIComponent(callId)}/disputes`;
export const disputeWindowPath = (buyerId: number) => `${DISPUTE_WINDOWS_PATH}/${buyerId}`;

/** The messages the server answers with, for the screens to match on. */
export const DISPUTE_MESSAGES = {
  publisherPartner: 'A publisher partner cannot dispute calls; only the buyer can',
  notAllowedRole: 'Only a buyer partner, a reviewer or an admin can open a dispute',
  noBuyer: 'This call has no buyer: there is nothing billed to dispute',
  noRevenue: 'This call has no revenue: there is nothing billed to dispute',
  windowClosed: (days: number) => `The dispute window for this buyer (${days} day${days === 1 ? '' : 's'} after the call) has closed`,
  alreadyOpen: 'This call already has an open dispute',
  notOpen: 'This dispute is no longer open: it was decided or withdrawn meanwhile',
  deciders: 'Only a reviewer or an admin can decide a dispute',
  withdrawers: 'Only the dispute’s buyer (its partner accounts), a reviewer or an admin can withdraw it',
  windowSetters: 'Only an admin can set a dispute window',
  noTranscriptLines: 'Your account is not given transcripts: leave transcriptLines out (the dispute keeps no transcript excerpt)',
  noUndoOfOpening: 'Opening or withdrawing a dispute is not undone: withdraw the dispute, or decide it',
} as const;
