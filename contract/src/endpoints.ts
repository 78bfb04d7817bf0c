import type { FilterDimension } from './dimensions';
import type { ViewArea } from './saved-views';

/**
 * The path of every API endpoint the front end calls, declared once for the
 * shell, the remotes and shared-auth. SWR keys are built from these (a path,
 * or `[path, query]`), so one screen can find another's cached answers by the
 * same constant instead of restating the string.
 */
export const API_PATHS = {
  login: '/api/auth/login',
  register: '/api/auth/register',
  /** Whether registration is open (RegistrationStatus), asked before the register screen shows its form. */
  registration: '/api/auth/registration',
  logout: '/api/auth/logout',
  refresh: '/api/auth/refresh',
  /** The signed-in user (GET), and their own name, avatar and password (PUT). */
  profile: '/api/auth/profile',
  stats: '/api/stats',
  /** The timeline: calls per New York hour, day, week or month, per disposition (SeriesData). */
  series: '/api/stats/series',
  records: '/api/calls/records',
  callsExport: '/api/calls/export',
  bulkUpdate: '/api/calls/bulk-update',
  dispositions: '/api/filters/dispositions',
  /** Per publisher, campaign, buyer or target: quality and money side by side (ScorecardData). */
  scorecard: '/api/scorecard',
  /** The scorecard as shown (its filters, grouping, order and limit) as a CSV file. */
  scorecardExport: '/api/scorecard/export',
  costStats: '/api/cost/stats',
  costBreakdown: '/api/cost/breakdown',
  costExport: '/api/cost/export',
  payments: '/api/cost/payments',
  /** Saved views: mine and the team's shared ones (GET), a new one (POST); one by id: viewPath. */
  views: '/api/views',
  /** Each area's default view (GET); one area's is set with viewDefaultPath. */
  viewDefaults: '/api/views/defaults',
  users: '/api/users',
  userRoles: '/api/users/roles',
  /** A Server-Sent Events stream of changes to the calls (contract/src/live-events.ts). */
  events: '/api/events',
} as const;

/** One call with its audit history. */
export function callRecordPath(id: string): string {
  return `${API_PATHS.records}/${encodeURIComponent(id)}`;
}

/** A person's disposition for one call (PUT DispositionBody → CallChangeResult). */
export function callDispositionPath(id: string): string {
  return `/api/calls/${encodeURIComponent(id)}/disposition`;
}

/** Returns one call to the AI's verdict (POST → CallChangeResult). */
export function restoreVerdictPath(id: string): string {
  return `/api/calls/${encodeURIComponent(id)}/restore-verdict`;
}

/** Undoes one change set (POST → UndoResult, 409 when some of its calls changed since). */
export function undoChangePath(changeId: string): string {
  return `/api/calls/changes/${encodeURIComponent(changeId)}/undo`;
}

export function paymentPath(id: string): string {
  return `${API_PATHS.payments}/${encodeURIComponent(id)}`;
}

/** One saved view (PUT, DELETE). */
export function viewPath(id: string): string {
  return `${API_PATHS.views}/${encodeURIComponent(id)}`;
}

export function viewDefaultPath(area: ViewArea): string {
  return `${API_PATHS.viewDefaults}/${encodeURIComponent(area)}`;
}

export function userPath(id: string): string {
  return `${API_PATHS.users}/${encodeURIComponent(id)}`;
}

/** The options (with counts) of one filter dimension's picker. */
export function filterOptionsPath(dimension: FilterDimension): string {
  return `/api/filters/${dimension}`;
}
