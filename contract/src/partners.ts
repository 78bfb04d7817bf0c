import type { DimensionParam } from './dimensions';

/**
 * Partner accounts: a publisher or a buyer outside the network signing in to its own slice of the calls.
 * What a partner may see is decided here once, for the server (which removes everything else from every
 * answer, file and event) and for the screens (which then offer only what is left).
 */

/** Which side of the network a partner is: the source of the calls, or the one who pays for them. */
export const PARTNER_KINDS = ['publisher', 'buyer'] as const satisfies readonly DimensionParam[];
export type PartnerKind = (typeof PARTNER_KINDS)[number];

export const PARTNER_KIND_LABELS: Record<PartnerKind, string> = { publisher: 'Publisher partner', buyer: 'Buyer partner' };

/** How a partner sees the caller's number: all of it, only its last four digits, or not at all. */
export const CALLER_ID_VISIBILITY = ['full', 'masked', 'hidden'] as const;
export type CallerIdVisibility = (typeof CALLER_ID_VISIBILITY)[number];

/** At most this many publishers (or buyers) in one partner's scope: a partner company's sources, not the network. */
export const PARTNER_SCOPE_MAX_IDS = 100;

/** What one partner account may see. */
export interface PartnerScope {
  kind: PartnerKind;
  /** The publishers (kind publisher) or buyers (kind buyer) whose calls the partner sees. Never empty. */
  ids: number[];
  /** The first New York day (YYYY-MM-DD) whose calls the partner sees; null for all history. Stated, never silent. */
  historyFrom: string | null;
  callerId: CallerIdVisibility;
  /** Whether the recording link is given. */
  recordings: boolean;
  /** Whether the transcript (and transcript search) is given. */
  transcripts: boolean;
  /**
   * Whether the other side's names are given: a publisher partner's buyer and target, a buyer partner's
   * publisher. Off by default: who a publisher's calls were sold to is the network's business.
   */
  counterparty: boolean;
}

/** A partner scope as a new partner account gets it before an admin changes anything. */
export const DEFAULT_PARTNER_FIELDS: Pick<PartnerScope, 'callerId' | 'recordings' | 'transcripts' | 'counterparty'> = {
  callerId: 'masked',
  recordings: true,
  transcripts: true,
  counterparty: false,
};

/** Money fields of the calls answers; which of them a partner sees depends on its kind. */
export type MoneyField = 'revenue' | 'payout' | 'profit';

/**
 * A publisher partner sees what it earns (payout), a buyer partner what it pays (revenue); neither sees
 * the other side's figure nor the network's margin (profit).
 */
export const PARTNER_MONEY: Record<PartnerKind, readonly MoneyField[]> = { publisher: ['payout'], buyer: ['revenue'] };

/** The dimensions a partner of each kind may not see named unless `counterparty` is on. */
export const COUNTERPARTY_DIMENSIONS: Record<PartnerKind, readonly DimensionParam[]> = { publisher: ['buyer', 'target'], buyer: ['publisher'] };

/** Whether a partner of this scope may see a money field. */
export function partnerSeesMoney(scope: Pick<PartnerScope, 'kind'>, field: MoneyField): boolean {
  return PARTNER_MONEY[scope.kind].includes(field);
}

/** Whether a partner of this scope may see (filter by, be offered, read the names of) a dimension. */
export function partnerSeesDimension(scope: Pick<PartnerScope, 'kind' | 'counterparty'>, dimension: DimensionParam): boolean {
  return scope.counterparty || !COUNTERPARTY_DIMENSIONS[scope.kind].includes(dimension);
}

/** Caller ids keep this many final digits when masked. */
const MASK_KEPT_DIGITS = 4;

/** A caller id as a partner with `masked` visibility reads it: `+1 ••• ••• 0123` (the last four digits kept). */
export function maskCallerId(callerId: string): string {
  const digits = callerId.replace(/\D/g, '');
  if (digits.length === 0) return '';
  const kept = digits.slice(-MASK_KEPT_DIGITS);
  return callerId.trim().startsWith('+1') || digits.length === 11 ? `+1 ••• ••• ${kept}` : `••• ••• ${kept}`;
}

/** A caller id as a partner of this scope reads it; null when hidden. */
export function partnerCallerId(scope: Pick<PartnerScope, 'callerId'>, callerId: string): string | null {
  if (scope.callerId === 'full') return callerId;
  if (scope.callerId === 'masked') return maskCallerId(callerId);
  return null;
}

/** The banner under the top bar: "Blue Lead Co — publisher partner — calls since 2026-10-01". */
export function partnerBanner(names: readonly string[], scope: Pick<PartnerScope, 'kind' | 'historyFrom'>): string {
  const who = names.length > 0 ? names.join(', ') : 'No sources';
  const since = scope.historyFrom ? `calls since ${scope.historyFrom}` : 'all calls';
  return `${who} — ${scope.kind} partner — ${since}`;
}

/** The 403 a partner account gets on anything the network keeps to itself (users, keys, corrections, others' money). */
export const PARTNER_ROUTE_DENIED = 'Partner accounts cannot use this';

/**
 * View as partner: an admin opens a partner's view, read-only, under the partner's own scope on the server.
 *
 * - `POST viewAsPath(partnerId)` (admin only; the target an active partner) answers `{ success, data: AuthPayload }`:
 *   `user` is the partner's PublicUser with `viewAsBy` naming the admin, `token` an access token of the admin's own
 *   session that reads as the partner. Every request with it is read-only (any method but GET/HEAD answers 403
 *   VIEW_AS_READ_ONLY) except ending it. It lasts the normal access token's lifetime.
 * - `DELETE VIEW_AS_END_PATH` with that token ends it and answers the admin's own AuthPayload (a fresh access
 *   token of the same session, no `viewAsBy`). A refresh (POST /api/auth/refresh) always answers the admin's
 *   own token too: the shell that still shows the view-as banner starts view-as again after a refresh.
 * - Every start and end is kept in the audit log: `GET viewAsLogPath(partnerId)` (admin only) lists its view-as
 *   sessions, newest first.
 */
export interface ViewAsBy {
  id: string;
  name: string;
}

/** The 403 of anything but reading (and ending) while viewing as a partner. */
export const VIEW_AS_READ_ONLY = 'View as is read-only';

/**
 * The 401 of a view-as token once its view no longer holds (ended with Exit, the partner deactivated, the
 * admin signed out or no longer an admin). Only the view is over: a refresh gives the admin's own token
 * back while the admin's session lives, so a screen may refresh on it rather than sign out.
 */
export const VIEW_AS_ENDED = 'This view as a partner has ended';

/** Ends the view-as session of the token it is sent with (DELETE). */
export const VIEW_AS_END_PATH = '/api/users/view-as';

/** Starts viewing as this partner (POST). */
export function viewAsPath(partnerId: string): string {
  return `/api/users/${encodeURIComponent(partnerId)}/view-as`;
}

/** This partner's view-as sessions, newest first (GET). */
export function viewAsLogPath(partnerId: string): string {
  return `/api/users/${encodeURIComponent(partnerId)}/view-as-log`;
}

/** One admin's view of one partner, from the audit log. */
export interface ViewAsLogEntry {
  id: string;
  /** Null once the admin's account is deleted; `adminEmail` still says who it was. */
  adminId: string | null;
  adminEmail: string;
  partnerId: string;
  startedAt: string;
  /** When the admin pressed Exit; null if the token simply ran out (see `expiresAt`) or it is still open. */
  endedAt: string | null;
  /** When the view-as token ran (or runs) out. */
  expiresAt: string;
}

/** Body of GET viewAsLogPath(partnerId). */
export interface ViewAsLogResponse {
  success: true;
  data: ViewAsLogEntry[];
}

/** How many of a partner's view-as sessions the log lists, newest first. */
export const VIEW_AS_LOG_LIMIT = 100;

/** The users table's badge of a partner's scope: "Publisher partner · 2 sources", "Buyer partner · 1 buyer". */
export function partnerScopeBadge(scope: Pick<PartnerScope, 'kind' | 'ids'>): string {
  const count = scope.ids.length;
  const noun = scope.kind === 'publisher' ? (count === 1 ? 'source' : 'sources') : count === 1 ? 'buyer' : 'buyers';
  return `${PARTNER_KIND_LABELS[scope.kind]} · ${count} ${noun}`;
}
