/**
 * Alert rules on QC ratios (issue 36; docs/api.md, "Alerts"; docs/decisions/0040-alerts-on-qc-ratios.md): a rule
 * watches one figure of one scope over a rolling window, judged every minute, and tells its subscribers (in the
 * app, by email) and its chosen webhook and Slack endpoints when it fires and when it resolves. The screen that
 * manages rules and the API judge a rule with the same function (alertRuleErrors), in the same words. Its own
 * entry (@callboard/contract/alerts): only the alerts screen and the API load it.
 */
import type { FieldError } from './api-envelope';
import { DISPOSITIONS, REJECTED_UNKNOWN, type Disposition } from './dispositions';
import { ID_LIST_MAX_ITEMS } from './id-list';
import type { DimensionParam } from './dimensions';
import { inNewYork } from './new-york-time';

export const ALERTS_PATH = '/api/alerts';
/** POST AlertRuleBody → AlertPreview: how the rule would have behaved over the last ALERT_PREVIEW_DAYS days. */
export const ALERT_PREVIEW_PATH = `${ALERTS_PATH}/preview`;
export const alertPath = (id: string) => `${ALERTS_PATH}/${encodeURIComponent(id)}`;
/** PUT AlertSubscriptionBody / DELETE: the signed-in person's own subscription to a rule. */
export const alertSubscriptionPath = (id: string) => `${alertPath(id)}/subscription`;
/** GET: the rule's transitions, newest first. */
export const alertTransitionsPath = (id: string) => `${alertPath(id)}/transitions`;

/** The rolling windows a rule may watch: the last N minutes before the minute it is judged at. */
export const ALERT_WINDOWS = ['15m', '30m', '1h', '2h', '4h', '8h', '24h'] as const;
export type AlertWindow = (typeof ALERT_WINDOWS)[number];
export const ALERT_WINDOW_MINUTES: Record<AlertWindow, number> = { '15m': 15, '30m': 30, '1h': 60, '2h': 120, '4h': 240, '8h': 480, '24h': 1440 };
export const ALERT_WINDOW_LABELS: Record<AlertWindow, string> = {
  '15m': 'Last 15 minutes',
  '30m': 'Last 30 minutes',
  '1h': 'Last hour',
  '2h': 'Last 2 hours',
  '4h': 'Last 4 hours',
  '8h': 'Last 8 hours',
  '24h': 'Last 24 hours',
};

/**
 * What a rule watches. A share is a percent of the window's calls, as the statistics cards and the scorecard
 * count it: each disposition (the Sales share is the sales rate), Rejected / Unknown (a status empty or none of
 * the 14), Red No Connects (calls that never reached a target), repeat calls, disputed calls (a call whose
 * latest dispute was not withdrawn, whatever its decision). `volume` is the number of calls itself.
 */
export const ALERT_SHARE_METRICS = [...DISPOSITIONS, 'rejectedUnknown', 'redNoConnect', 'repeat', 'dispute'] as const;
export type AlertShareMetric = (typeof ALERT_SHARE_METRICS)[number];
export const ALERT_METRICS = [...ALERT_SHARE_METRICS, 'volume'] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];

export function isShareMetric(metric: AlertMetric): metric is AlertShareMetric {
  return metric !== 'volume';
}

export const ALERT_METRIC_LABELS: Record<AlertMetric, string> = {
  ...(Object.fromEntries(DISPOSITIONS.map((d) => [d, d === 'Sales' ? 'Sales rate' : `${d} %`])) as Record<Disposition, string>),
  rejectedUnknown: `${REJECTED_UNKNOWN} %`,
  redNoConnect: 'Red No Connects %',
  repeat: 'Repeat %',
  dispute: 'Dispute rate',
  volume: 'Call volume',
};

/**
 * `above` / `below`: the figure (a percent for a share, calls for volume) is strictly above or below the
 * threshold; "no calls" is volume below 1. `up` / `down`: the figure changed by at least the threshold (a
 * percent) against the same window one week earlier.
 */
export const ALERT_CONDITIONS = ['above', 'below', 'up', 'down'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
export const ALERT_CONDITION_LABELS: Record<AlertCondition, string> = {
  above: 'Above',
  below: 'Below',
  up: 'Up by at least (% vs a week earlier)',
  down: 'Down by at least (% vs a week earlier)',
};
export const isChangeCondition = (condition: AlertCondition) => condition === 'up' || condition === 'down';

/**
 * Where a rule stands. `ok`: judged and not breaching; `pending`: breaching, not yet for the rule's pending
 * minutes; `firing`; `resolved`: it fired and has cleared, and stays so through its cooldown; `no_data`: the
 * figure cannot be judged (too few calls, no week-earlier figure to compare with, outside business hours).
 */
export const ALERT_STATES = ['ok', 'pending', 'firing', 'resolved', 'no_data'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
export const ALERT_STATE_LABELS: Record<AlertState, string> = {
  ok: 'OK',
  pending: 'Pending',
  firing: 'Firing',
  resolved: 'Resolved',
  no_data: 'No data',
};

/** How a subscriber is told: the notification centre (pushed live) and email. */
export const ALERT_CHANNELS = ['in_app', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/**
 * When a rule is judged, on the New York clock: the ISO weekdays (1 Monday … 7 Sunday) and the hours
 * [startHour, endHour). A rule with business hours is judged at a minute only when its whole window lies in one
 * day's business hours; at any other minute it has no data. Without them it is judged at every minute.
 */
export interface BusinessHours {
  days: number[];
  startHour: number;
  endHour: number;
}
/** Monday to Friday, 9:00 to 17:00 New York: what a rule limited to business hours gets unless it says otherwise. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = { days: [1, 2, 3, 4, 5], startHour: 9, endHour: 17 };

/** The sources a rule may name (any of the four, all of them at once: a call must match every list given). */
export type AlertSourceIds = Partial<Record<DimensionParam, number[]>>;
export const ALERT_SOURCE_PARAMS = ['campaign', 'publisher', 'target', 'buyer'] as const satisfies readonly DimensionParam[];

/**
 * What a rule watches the calls of: the whole network, some sources, or a saved view's filters (copied when the
 * rule is saved: a later change of the view changes no rule; save the rule again to take it).
 */
export type AlertScopeBody = { kind: 'network' } | ({ kind: 'sources' } & AlertSourceIds) | { kind: 'view'; viewId: string };
/** A scope as the API answers it: a view's name and the filters copied from it (the API's own param names). */
export type AlertScope = { kind: 'network' } | ({ kind: 'sources' } & AlertSourceIds) | { kind: 'view'; viewId: string | null; viewName: string; query: string };

/** Body of POST ALERTS_PATH and PUT alertPath(id) (the whole rule); POST ALERT_PREVIEW_PATH takes AlertPreviewBody. */
export interface AlertRuleBody {
  name: string;
  metric: AlertMetric;
  scope: AlertScopeBody;
  window: AlertWindow;
  condition: AlertCondition;
  threshold: number;
  /**
   * Hysteresis: a firing rule resolves only once the figure is back past this level (at or below it for
   * `above`, `up` and `down`, at or above it for `below`). Absent or null: the threshold.
   */
  resetLevel?: number | null;
  /** The calls a window (and, for up/down, the week-earlier window) must hold for its figure to count; default ALERT_DEFAULT_MIN_CALLS, 0 for volume above/below. */
  minCalls?: number;
  /** How long the breach must hold before the rule fires; default 0 (at once). */
  pendingMinutes?: number;
  /** After a firing ends, the rule does not fire again for this long; default ALERT_DEFAULT_COOLDOWN_MINUTES. */
  cooldownMinutes?: number;
  /** Absent or null: judged at every minute. */
  businessHours?: BusinessHours | null;
  /** Webhook and Slack endpoints (GET /api/delivery-endpoints) told as well as the subscribers. */
  endpointIds?: string[];
}

/**
 * Body of POST ALERT_PREVIEW_PATH: a rule named or not. The name changes nothing in how a rule would have fired, and
 * the form previews a rule before its name is typed.
 */
export type AlertPreviewBody = Omit<AlertRuleBody, 'name'> & { name?: string };

export const ALERT_NAME_MAX_LENGTH = 100;
export const ALERT_DEFAULT_MIN_CALLS = 20;
export const ALERT_MAX_MIN_CALLS = 100_000;
export const ALERT_MAX_PENDING_MINUTES = 1440;
export const ALERT_DEFAULT_COOLDOWN_MINUTES = 30;
export const ALERT_MAX_COOLDOWN_MINUTES = 10_080;
export const ALERT_MAX_ENDPOINTS = 20;
/** The volume a threshold may name at most (calls in a window). */
export const ALERT_MAX_VOLUME = 10_000_000;
/** A change may be asked for up to this percent (a tenfold rise is 900 %). */
export const ALERT_MAX_CHANGE_PCT = 10_000;
/** The preview replays this many days before now, minute by minute. */
export const ALERT_PREVIEW_DAYS = 30;
/** The preview lists at most this many firings (the latest); it counts them all. */
export const ALERT_PREVIEW_FIRINGS_LISTED = 200;
/** At most this many rules are kept (each is judged every minute). */
export const ALERT_RULES_MAX = 500;

/** The figures a rule was judged on at a minute: what every transition, notification and message carries. */
export interface AlertFigures {
  /** The window [windowFrom, windowTo), ISO instants. */
  windowFrom: string;
  windowTo: string;
  calls: number;
  /** The figure: a percent (2 decimals) for a share, the calls for volume; null when it could not be judged. */
  value: number | null;
  /** Up/down rules: the same window one week earlier. */
  baselineCalls?: number;
  baselineValue?: number | null;
  /** Up/down rules: the change against it in percent (2 decimals), null when there is none to take. */
  change?: number | null;
  /** Why there is no data, in words, when there is none. */
  noData?: string;
}

export interface AlertStatus {
  state: AlertState;
  since: string;
  /** The last minute judged (null before the first). */
  evaluatedAt: string | null;
  figures: AlertFigures | null;
}

export interface AlertRule {
  id: string;
  name: string;
  metric: AlertMetric;
  scope: AlertScope;
  window: AlertWindow;
  condition: AlertCondition;
  threshold: number;
  resetLevel: number;
  minCalls: number;
  pendingMinutes: number;
  cooldownMinutes: number;
  businessHours: BusinessHours | null;
  endpointIds: string[];
  status: AlertStatus;
  /** The asking person's own subscription: their channels, or null when not subscribed. */
  subscription: AlertChannel[] | null;
  subscribers: number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Body of PUT alertSubscriptionPath(id). */
export interface AlertSubscriptionBody {
  channels: AlertChannel[];
}

export interface AlertTransition {
  id: string;
  ruleId: string;
  from: AlertState;
  to: AlertState;
  at: string;
  figures: AlertFigures;
  /** Reporting on the calls it was judged on: alertReportingLink of the rule's scope and the figures' window. */
  link: string;
}

/** One time the rule fired in the preview: from the minute it fired to the minute it stopped (null: still firing). */
export interface AlertFiring {
  firedAt: string;
  endedAt: string | null;
  /** The figures it fired on. */
  figures: AlertFigures;
  /** Reporting on the calls it fired on: alertReportingLink of the rule's scope and the figures' window. */
  link: string;
}

export interface AlertPreview {
  /** The minutes judged: (from, to], every minute. */
  from: string;
  to: string;
  /** How many times it would have fired. */
  firingCount: number;
  /** When, oldest first: the latest ALERT_PREVIEW_FIRINGS_LISTED of them. */
  firings: AlertFiring[];
  /** Minutes judged, and of them the minutes with no data. */
  minutes: number;
  noDataMinutes: number;
}

export const ALERT_MESSAGES = {
  notFound: 'Alert rule not found',
  nameRequired: 'name is required: say what the rule watches, e.g. "Voicemail spike, Publisher A"',
  nameTooLong: `name must be at most ${ALERT_NAME_MAX_LENGTH} characters`,
  metricInvalid: `metric must be one of ${ALERT_METRICS.join(', ')}`,
  windowInvalid: `window must be one of ${ALERT_WINDOWS.join(', ')}`,
  conditionInvalid: `condition must be one of ${ALERT_CONDITIONS.join(', ')}`,
  thresholdNumber: 'threshold must be a number',
  shareThresholdRange: 'threshold of a share must be a percent from 0 to 100',
  volumeThresholdRange: `threshold of a call volume must be a whole number of calls from 0 to ${ALERT_MAX_VOLUME}`,
  changeThresholdRange: `threshold of a change must be a percent above 0 and at most ${ALERT_MAX_CHANGE_PCT}`,
  downThresholdRange: 'threshold of a fall must be a percent above 0 and at most 100 (a figure cannot fall further)',
  resetNumber: 'resetLevel must be a number, or null for the threshold',
  resetAbove: 'resetLevel must be at or below the threshold: the rule resolves once the figure is back at or below it',
  resetBelow: 'resetLevel must be at or above the threshold: the rule resolves once the figure is back at or above it',
  resetChange: 'resetLevel of a change must be from 0 up to the threshold: the rule resolves once the change is back below it',
  resetShareRange: 'resetLevel of a share must be a percent from 0 to 100',
  minCallsRange: `minCalls must be a whole number from 1 to ${ALERT_MAX_MIN_CALLS}: a share of no calls is no figure`,
  minCallsVolume: 'minCalls must be 0 for a call volume above or below a number: the rule counts the calls itself, and 0 calls is a figure',
  minCallsVolumeChange: `minCalls must be a whole number from 1 to ${ALERT_MAX_MIN_CALLS}: the week-earlier window needs calls to compare with`,
  pendingRange: `pendingMinutes must be a whole number from 0 to ${ALERT_MAX_PENDING_MINUTES}`,
  cooldownRange: `cooldownMinutes must be a whole number from 0 to ${ALERT_MAX_COOLDOWN_MINUTES}`,
  daysInvalid: 'businessHours.days must list ISO weekdays (1 Monday … 7 Sunday), at least one, each once',
  hoursInvalid: 'businessHours must run from startHour (0–23) to a later endHour (1–24), whole hours',
  windowPastHours: 'window must fit in the business hours: a rule limited to them is judged only when its whole window lies in them',
  scopeInvalid: 'scope.kind must be network, sources or view',
  sourcesEmpty: 'scope must name at least one campaign, publisher, target or buyer (or be the network)',
  sourcesInvalid: `scope lists must hold at most ${ID_LIST_MAX_ITEMS} ids, each a positive whole number`,
  viewIdInvalid: 'scope.viewId must be the id of a saved view',
  viewNotFound: 'scope.viewId names no saved view you can see',
  viewNotReporting: 'scope.viewId must name a view whose filters the calls API can read',
  sourceNotFound: (param: string, id: number) => `scope.${param} ${id} does not exist`,
  endpointsInvalid: `endpointIds must list at most ${ALERT_MAX_ENDPOINTS} endpoint ids, each once`,
  endpointNotFound: (id: string) => `endpointIds: no delivery endpoint ${id}`,
  channelsInvalid: `channels must list ${ALERT_CHANNELS.join(' and/or ')}, at least one, each once`,
  tooMany: `At most ${ALERT_RULES_MAX} alert rules can be kept: delete one first`,
} as const;

const isWholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The minimum call count a rule gets when it names none: a volume above/below counts calls itself. */
export function defaultMinCalls(metric: AlertMetric, condition: AlertCondition): number {
  return metric === 'volume' && !isChangeCondition(condition) ? 0 : ALERT_DEFAULT_MIN_CALLS;
}

type RuleSettings = Omit<AlertRuleBody, 'name'>;

/** A rule's settings (all but its name) with every default filled: what a preview judges. */
export function alertSettingsWithDefaults(body: RuleSettings): Required<RuleSettings> & { resetLevel: number } {
  return {
    metric: body.metric,
    scope: body.scope,
    window: body.window,
    condition: body.condition,
    threshold: body.threshold,
    resetLevel: body.resetLevel ?? body.threshold,
    minCalls: body.minCalls ?? defaultMinCalls(body.metric, body.condition),
    pendingMinutes: body.pendingMinutes ?? 0,
    cooldownMinutes: body.cooldownMinutes ?? ALERT_DEFAULT_COOLDOWN_MINUTES,
    businessHours: body.businessHours ?? null,
    endpointIds: body.endpointIds ?? [],
  };
}

/** A rule's body with every default filled, as it is judged and stored. */
export function alertRuleWithDefaults(body: AlertRuleBody): Required<AlertRuleBody> & { resetLevel: number } {
  return { ...alertSettingsWithDefaults(body), name: typeof body.name === 'string' ? body.name.trim() : body.name };
}

function thresholdErrors(metric: AlertMetric, condition: AlertCondition, threshold: number, resetLevel: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const share = isShareMetric(metric);
  if (isChangeCondition(condition)) {
    if (!(threshold > 0 && threshold <= (condition === 'down' ? 100 : ALERT_MAX_CHANGE_PCT))) {
      errors.push({ field: 'threshold', message: condition === 'down' ? ALERT_MESSAGES.downThresholdRange : ALERT_MESSAGES.changeThresholdRange });
    }
  } else if (share && !(threshold >= 0 && threshold <= 100)) {
    errors.push({ field: 'threshold', message: ALERT_MESSAGES.shareThresholdRange });
  } else if (!share && !isWholeIn(threshold, 0, ALERT_MAX_VOLUME)) {
    errors.push({ field: 'threshold', message: ALERT_MESSAGES.volumeThresholdRange });
  }
  if (resetLevel === undefined || resetLevel === null || errors.length > 0) return errors;
  if (!isFiniteNumber(resetLevel)) return [{ field: 'resetLevel', message: ALERT_MESSAGES.resetNumber }];
  if (isChangeCondition(condition)) {
    if (resetLevel < 0 || resetLevel > threshold) errors.push({ field: 'resetLevel', message: ALERT_MESSAGES.resetChange });
  } else if (share && (resetLevel < 0 || resetLevel > 100)) {
    errors.push({ field: 'resetLevel', message: ALERT_MESSAGES.resetShareRange });
  } else if (condition === 'above' && resetLevel > threshold) {
    errors.push({ field: 'resetLevel', message: ALERT_MESSAGES.resetAbove });
  } else if (condition === 'below' && resetLevel < threshold) {
    errors.push({ field: 'resetLevel', message: ALERT_MESSAGES.resetBelow });
  }
  return errors;
}

function businessHoursErrors(hours: BusinessHours, window: AlertWindow | undefined): FieldError[] {
  const errors: FieldError[] = [];
  const days = hours.days;
  if (!Array.isArray(days) || days.length === 0 || new Set(days).size !== days.length || !days.every((d) => isWholeIn(d, 1, 7))) {
    errors.push({ field: 'businessHours.days', message: ALERT_MESSAGES.daysInvalid });
  }
  if (!isWholeIn(hours.startHour, 0, 23) || !isWholeIn(hours.endHour, 1, 24) || hours.endHour <= hours.startHour) {
    errors.push({ field: 'businessHours', message: ALERT_MESSAGES.hoursInvalid });
  } else if (window !== undefined && ALERT_WINDOW_MINUTES[window] > (hours.endHour - hours.startHour) * 60) {
    errors.push({ field: 'window', message: ALERT_MESSAGES.windowPastHours });
  }
  return errors;
}

function scopeErrors(scope: AlertScopeBody | undefined): FieldError[] {
  if (!scope || typeof scope !== 'object') return [{ field: 'scope', message: ALERT_MESSAGES.scopeInvalid }];
  switch (scope.kind) {
    case 'network':
      return [];
    case 'view':
      return typeof scope.viewId === 'string' && UUID.test(scope.viewId) ? [] : [{ field: 'scope.viewId', message: ALERT_MESSAGES.viewIdInvalid }];
    case 'sources': {
      const lists = ALERT_SOURCE_PARAMS.map((param) => [param, scope[param]] as const).filter(([, ids]) => ids !== undefined);
      const bad = lists.find(([, ids]) => !Array.isArray(ids) || ids.length > ID_LIST_MAX_ITEMS || !ids.every((id) => isWholeIn(id, 1, 999_999_999)));
      if (bad) return [{ field: `scope.${bad[0]}`, message: ALERT_MESSAGES.sourcesInvalid }];
      return lists.some(([, ids]) => (ids as number[]).length > 0) ? [] : [{ field: 'scope', message: ALERT_MESSAGES.sourcesEmpty }];
    }
    default:
      return [{ field: 'scope.kind', message: ALERT_MESSAGES.scopeInvalid }];
  }
}

/**
 * Every problem with a rule, one per field, in the order the screen shows the fields; empty when it may be saved.
 * What only the server can know (the view, the sources and the endpoints exist) is judged there after this.
 */
export function alertRuleErrors(body: AlertRuleBody): FieldError[] {
  const name = typeof body.name === 'string' ? body.name.trim() : body.name;
  const errors: FieldError[] = [];
  if (typeof name !== 'string' || name === '') errors.push({ field: 'name', message: ALERT_MESSAGES.nameRequired });
  else if ([...name].length > ALERT_NAME_MAX_LENGTH) errors.push({ field: 'name', message: ALERT_MESSAGES.nameTooLong });
  return [...errors, ...settingsErrors(body)];
}

/** Every problem with a rule to preview: a rule's, but for its name (a rule is previewed named or not). */
export function alertPreviewErrors(body: AlertPreviewBody): FieldError[] {
  return settingsErrors(body);
}

/** The problems of everything but the name, in the order the screen shows the fields. */
function settingsErrors(body: RuleSettings): FieldError[] {
  const errors: FieldError[] = [];
  const rule = alertSettingsWithDefaults(body);
  const metricOk = (ALERT_METRICS as readonly string[]).includes(rule.metric);
  if (!metricOk) errors.push({ field: 'metric', message: ALERT_MESSAGES.metricInvalid });
  errors.push(...scopeErrors(rule.scope));
  const windowOk = (ALERT_WINDOWS as readonly string[]).includes(rule.window);
  if (!windowOk) errors.push({ field: 'window', message: ALERT_MESSAGES.windowInvalid });
  const conditionOk = (ALERT_CONDITIONS as readonly string[]).includes(rule.condition);
  if (!conditionOk) errors.push({ field: 'condition', message: ALERT_MESSAGES.conditionInvalid });
  if (!isFiniteNumber(rule.threshold)) errors.push({ field: 'threshold', message: ALERT_MESSAGES.thresholdNumber });
  else if (metricOk && conditionOk) errors.push(...thresholdErrors(rule.metric, rule.condition, rule.threshold, body.resetLevel));
  if (metricOk && conditionOk) {
    const volumeLevel = rule.metric === 'volume' && !isChangeCondition(rule.condition);
    if (volumeLevel && rule.minCalls !== 0) errors.push({ field: 'minCalls', message: ALERT_MESSAGES.minCallsVolume });
    else if (!volumeLevel && !isWholeIn(rule.minCalls, 1, ALERT_MAX_MIN_CALLS)) {
      errors.push({ field: 'minCalls', message: rule.metric === 'volume' ? ALERT_MESSAGES.minCallsVolumeChange : ALERT_MESSAGES.minCallsRange });
    }
  }
  if (!isWholeIn(rule.pendingMinutes, 0, ALERT_MAX_PENDING_MINUTES)) errors.push({ field: 'pendingMinutes', message: ALERT_MESSAGES.pendingRange });
  if (!isWholeIn(rule.cooldownMinutes, 0, ALERT_MAX_COOLDOWN_MINUTES)) errors.push({ field: 'cooldownMinutes', message: ALERT_MESSAGES.cooldownRange });
  if (rule.businessHours !== null) errors.push(...businessHoursErrors(rule.businessHours, windowOk ? rule.window : undefined));
  const endpoints = rule.endpointIds;
  if (!Array.isArray(endpoints) || endpoints.length > ALERT_MAX_ENDPOINTS || new Set(endpoints).size !== endpoints.length || !endpoints.every((id) => typeof id === 'string' && UUID.test(id))) {
    errors.push({ field: 'endpointIds', message: ALERT_MESSAGES.endpointsInvalid });
  }
  return errors;
}

/** The params of a Reporting address that are its time range. */
const RANGE_PARAMS = new Set(['datePreset', 'startDate', 'endDate']);

/** An instant as a Reporting address writes a custom range's bound: ISO 8601 on the New York clock, with its offset. */
function rangeBound(instant: string | number): string {
  return inNewYork(instant).toISO({ suppressMilliseconds: true }) ?? String(instant);
}

/**
 * Reporting filtered to a rule's scope over the window [from, to) (ISO instants or epoch milliseconds): the one
 * address of the calls a rule was judged on. Its notifications, emails, webhook and Slack messages link to it, and
 * the API answers it as each transition's and each preview firing's `link`, so the Alerts tab opens the same calls.
 * `scopeQuery` is the rule's stored scope, a calls query in the API's param names (a view's filters, or its
 * sources' ids), which follows the time range.
 */
export function alertReportingLink(scopeQuery: string, from: string | number, to: string | number): string {
  const range = `datePreset=custom&startDate=${encodeURIComponent(rangeBound(from))}&endDate=${encodeURIComponent(rangeBound(to))}`;
  // The scope is already a query string (the API writes it with URLSearchParams); the window's range takes the place of any it names.
  const filters = scopeQuery.split('&').filter((pair) => pair !== '' && !RANGE_PARAMS.has(pair.split('=')[0] as string));
  return `/reporting?${[range, ...filters].join('&')}`;
}

/** The problem with a subscription's channels, or undefined. */
export function alertChannelsError(channels: readonly string[]): FieldError | undefined {
  const ok = channels.length > 0 && new Set(channels).size === channels.length && channels.every((c) => (ALERT_CHANNELS as readonly string[]).includes(c));
  return ok ? undefined : { field: 'channels', message: ALERT_MESSAGES.channelsInvalid };
}
