/**
 * What the signed-in person may see and do on the screens, decided once for every screen from the
 * account the server signed in: a partner's scope (contract/src/partners.ts) and the role's permissions
 * (contract/src/permissions.ts). The server already removes from its answers everything a partner may not
 * see; the screens use this to offer only what is left, so no column, card, picker or section stands empty.
 */
import {
  partnerSeesDimension,
  partnerSeesMoney,
  roleMay,
  type DimensionParam,
  type MoneyField,
  type PartnerScope,
  type PublicUser,
} from '@callboard/contract';

/** The Costs tab: everything (staff), a publisher partner's own payout and payments, or nothing. */
export type CostsAccess = 'all' | 'payout' | 'none';

/**
 * The buyers' dispute windows (GET / PUT DISPUTE_WINDOWS_PATH): an admin sets them (`edit`, as the server
 * allows: managePayments, a buyer's commercial terms), a reviewer reads them beside the queue (`read`: whether a
 * buyer may still dispute is part of deciding), anyone else is not offered them (`none`: a user has no queue, a
 * partner reads only its own call's window, in the call's eligibility).
 */
export type DisputeWindowsAccess = 'edit' | 'read' | 'none';

export interface ScreenAccess {
  /** The partner's scope while a partner is signed in (or an admin views as one); null for the network's own people. */
  partner: PartnerScope | null;
  /** Every call field's key (CallRecord, the records and log columns) the person may see. */
  seesField: (key: string) => boolean;
  seesMoney: (field: MoneyField) => boolean;
  /** Whether the dimension is offered (picker, column, name): a partner's counterparty is not, unless it is given. */
  seesDimension: (dimension: DimensionParam) => boolean;
  /** Whether a call's reviewer may correct it here (disposition, bulk update, restore, undo). */
  mayCorrectCalls: boolean;
  /** Whether a saved view may be shared with the team, and the team's views are listed. */
  seesTeamViews: boolean;
  /** Whether this session may change anything it owns (views, defaults): not while an admin views as a partner. */
  mayWrite: boolean;
  /** Whether the Users area is offered. */
  seesUsers: boolean;
  /** Whether the Scorecard (every source ranked against the others) is offered. */
  seesScorecard: boolean;
  costs: CostsAccess;
  /** Whether who changed a call (the history's names) is shown: the network's own people only. */
  seesCallHistory: boolean;
  /**
   * Whether the person may open a dispute on a call (issue 35): a buyer partner on its own calls (not while an
   * admin views as it), a reviewer or an admin on a buyer's behalf. The call's own eligibility (revenue, window,
   * no open dispute) is the server's answer (GET disputesOfCallPath).
   */
  mayOpenDisputes: boolean;
  /** Whether the person works the Disputes queue and decides disputes: a reviewer or an admin. */
  mayDecideDisputes: boolean;
  disputeWindows: DisputeWindowsAccess;
  /** The Users area's Delivery endpoints, Deliveries and Outbox tabs (manageDeliveries: admins). */
  mayManageDeliveries: boolean;
  /** The Users area's Connectors tab (manageIngestKeys: a connector is a way in for calls, as an ingest key is). */
  mayManageConnectors: boolean;
  /**
   * Reporting's Alerts tab: the network's people read the rules and subscribe themselves. A rule watches the
   * network's calls, so its routes are closed to partners (api/src/routes/api/alerts/).
   */
  seesAlerts: boolean;
  /** Whether the person creates, changes, previews and deletes alert rules (manageAlerts: reviewers and admins). */
  mayManageAlerts: boolean;
  /**
   * Reporting's Reports tab and the Views menu's Schedule…: the network's people schedule their own saved views;
   * a partner is only ever a recipient (api/src/routes/api/report-schedules/ is closed to it).
   */
  seesReportSchedules: boolean;
  /** Whether views someone else owns may be scheduled too: an admin's (as api/src/domain/reports/report-schedule-service.ts judges). */
  mayScheduleOthersViews: boolean;
}

/**
 * The call fields a partner's scope may take away, besides the money (PARTNER_MONEY), and what decides each.
 * Every other field (time, campaign, status, the verdicts, duration…) is every reader's.
 */
const FIELD_RULES: Readonly<Record<string, (scope: PartnerScope) => boolean>> = {
  publisherName: (scope) => partnerSeesDimension(scope, 'publisher'),
  systemName: (scope) => partnerSeesDimension(scope, 'publisher'),
  systemPublisherId: (scope) => partnerSeesDimension(scope, 'publisher'),
  target_name: (scope) => partnerSeesDimension(scope, 'target'),
  buyerName: (scope) => partnerSeesDimension(scope, 'buyer'),
  systemBuyerId: (scope) => partnerSeesDimension(scope, 'buyer'),
  callerId: (scope) => scope.callerId !== 'hidden',
  transcript: (scope) => scope.transcripts,
  recordingUrl: (scope) => scope.recordings,
};

const ALWAYS = () => true;

/** The network's own people (and a visitor, who sees no screen): everything is offered, as far as the role may. */
function staffAccess(user: PublicUser | null): ScreenAccess {
  const role = user?.role;
  return {
    partner: null,
    seesField: ALWAYS,
    seesMoney: ALWAYS,
    seesDimension: ALWAYS,
    mayCorrectCalls: roleMay(role, 'redispositionCalls'),
    seesTeamViews: true,
    mayWrite: true,
    seesUsers: true,
    seesScorecard: true,
    costs: 'all',
    seesCallHistory: true,
    mayOpenDisputes: roleMay(role, 'redispositionCalls'),
    mayDecideDisputes: roleMay(role, 'redispositionCalls'),
    disputeWindows: roleMay(role, 'managePayments') ? 'edit' : roleMay(role, 'redispositionCalls') ? 'read' : 'none',
    mayManageDeliveries: roleMay(role, 'manageDeliveries'),
    mayManageConnectors: roleMay(role, 'manageIngestKeys'),
    seesAlerts: true,
    mayManageAlerts: roleMay(role, 'manageAlerts'),
    seesReportSchedules: true,
    mayScheduleOthersViews: role === 'admin',
  };
}

function partnerAccess(user: PublicUser, scope: PartnerScope, scopeKnown: boolean): ScreenAccess {
  const seesMoney = (field: MoneyField) => scopeKnown && partnerSeesMoney(scope, field);
  const moneyField = (key: string): key is MoneyField => key === 'revenue' || key === 'payout' || key === 'profit';
  return {
    partner: scope,
    seesField: (key) => (moneyField(key) ? seesMoney(key) : (FIELD_RULES[key]?.(scope) ?? true)),
    seesMoney,
    seesDimension: (dimension) => partnerSeesDimension(scope, dimension),
    mayCorrectCalls: false,
    seesTeamViews: false,
    // An admin viewing as the partner reads only (the server answers anything else 403).
    mayWrite: user.viewAsBy === undefined,
    seesUsers: false,
    seesScorecard: false,
    costs: scopeKnown && scope.kind === 'publisher' ? 'payout' : 'none',
    seesCallHistory: false,
    // Only the buyer disputes what it paid for; a publisher partner reads the outcome.
    mayOpenDisputes: scopeKnown && scope.kind === 'buyer' && user.viewAsBy === undefined,
    mayDecideDisputes: false,
    disputeWindows: 'none',
    mayManageDeliveries: false,
    mayManageConnectors: false,
    seesAlerts: false,
    mayManageAlerts: false,
    seesReportSchedules: false,
    mayScheduleOthersViews: false,
  };
}

/**
 * What this account may see and do on the screens. A partner account without its scope (an answer from an
 * older server) is given the narrowest view rather than the network's: no money, no counterparty, no texts.
 */
export function screenAccessOf(user: PublicUser | null): ScreenAccess {
  if (user?.role !== 'partner') return staffAccess(user);
  return partnerAccess(user, user.partnerScope ?? NARROWEST_SCOPE, user.partnerScope !== undefined);
}

/** Stands in for a missing scope: every field it can take away taken (and no money: see partnerAccess). */
const NARROWEST_SCOPE: PartnerScope = {
  kind: 'publisher',
  ids: [],
  historyFrom: null,
  callerId: 'hidden',
  recordings: false,
  transcripts: false,
  counterparty: false,
};
