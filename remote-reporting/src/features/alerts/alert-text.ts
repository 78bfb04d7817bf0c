/**
 * How an alert rule and its figures read on the Alerts tab, apart from React: its condition, scope and business
 * hours in words, a figure with its unit, a stretch of time, and the server's link to a window's calls as an
 * address in this area.
 */
import {
  ALERT_METRIC_LABELS,
  ALERT_SOURCE_PARAMS,
  ALERT_WINDOW_LABELS,
  isShareMetric,
  type AlertCondition,
  type AlertFigures,
  type AlertMetric,
  type AlertRule,
  type AlertScope,
  type AlertState,
  type BusinessHours,
} from '@callboard/contract/alerts';
import type { BadgeTone } from '@callboard/shared-ui/badge';
import { formatCount, formatCountOf, formatPercent } from '@callboard/shared-ui/format';

/** Each state's badge colour: firing is the one to act on, pending on its way there. */
export const STATE_TONES: Record<AlertState, BadgeTone> = {
  ok: 'success',
  pending: 'warning',
  firing: 'danger',
  resolved: 'info',
  no_data: 'neutral',
};

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The ISO weekdays (1 Monday … 7 Sunday) a rule's business hours name, with their names. */
export const WEEKDAYS = WEEKDAY_SHORT.map((short, index) => ({ day: index + 1, short, name: WEEKDAY_NAMES[index]! }));

/** A metric's figure with its unit: "23.5%" for a share, "12 calls" for volume, "no figure" when there is none. */
export function figureText(metric: AlertMetric, value: number | null | undefined): string {
  if (value === null || value === undefined) return 'no figure';
  return isShareMetric(metric) ? formatPercent(value, 2) : formatCountOf(value, 'call');
}

/** A threshold as the condition names it: a percent for a share or a change, calls for a volume. */
function thresholdText(metric: AlertMetric, condition: AlertCondition, threshold: number): string {
  if (condition === 'up' || condition === 'down') return formatPercent(threshold, 2);
  return figureText(metric, threshold);
}

/**
 * The rule's condition in a few words: "Above 20%", "Below 5 calls", "No calls" (volume below 1), "Up by 50% or
 * more vs a week earlier".
 */
export function conditionText(rule: Pick<AlertRule, 'metric' | 'condition' | 'threshold'>): string {
  const { metric, condition, threshold } = rule;
  if (metric === 'volume' && condition === 'below' && threshold === 1) return 'No calls';
  const level = thresholdText(metric, condition, threshold);
  switch (condition) {
    case 'above':
      return `Above ${level}`;
    case 'below':
      return `Below ${level}`;
    case 'up':
      return `Up by ${level} or more vs a week earlier`;
    case 'down':
      return `Down by ${level} or more vs a week earlier`;
  }
}

/** "Mon–Fri 9:00–17:00" (days in a run are joined with a dash, others listed). */
export function businessHoursText(hours: BusinessHours): string {
  const days = [...hours.days].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === days[j]! + 1) j += 1;
    const first = WEEKDAY_SHORT[days[i]! - 1];
    const last = WEEKDAY_SHORT[days[j]! - 1];
    runs.push(j - i >= 2 ? `${first}–${last}` : days.slice(i, j + 1).map((d) => WEEKDAY_SHORT[d - 1]).join(', '));
    i = j + 1;
  }
  return `${runs.join(', ')} ${hours.startHour}:00–${hours.endHour}:00`;
}

/** Source names by param and id, as the pickers' endpoint gives them; an id without a name shows as "#id". */
export type SourceNames = Partial<Record<(typeof ALERT_SOURCE_PARAMS)[number], ReadonlyMap<string, string>>>;

const SOURCE_LABELS = { campaign: 'Campaigns', publisher: 'Publishers', target: 'Targets', buyer: 'Buyers' } as const;

/** What the rule watches: "Whole network", "Publishers: Acme, Beacon · Buyers: #7", "View: Sales desk". */
export function scopeText(scope: AlertScope, names: SourceNames = {}): string {
  if (scope.kind === 'network') return 'Whole network';
  if (scope.kind === 'view') return scope.viewId === null ? `View: ${scope.viewName} (deleted; its filters are kept)` : `View: ${scope.viewName}`;
  return ALERT_SOURCE_PARAMS.flatMap((param) => {
    const ids = scope[param] ?? [];
    if (ids.length === 0) return [];
    const named = ids.map((id) => names[param]?.get(String(id)) ?? `#${id}`);
    return [`${SOURCE_LABELS[param]}: ${named.join(', ')}`];
  }).join(' · ');
}

/** The window in words ("Last hour"), with the business hours when the rule keeps to them. */
export function windowText(rule: Pick<AlertRule, 'window' | 'businessHours'>): string {
  const label = ALERT_WINDOW_LABELS[rule.window];
  return rule.businessHours ? `${label}, ${businessHoursText(rule.businessHours)} New York` : label;
}

export function metricText(metric: AlertMetric): string {
  return ALERT_METRIC_LABELS[metric];
}

/**
 * What a rule was judged on, in one line: "23.50% of 140 calls", "12 calls", "31.00% of 80 calls, up 55.00% on
 * 20.00% a week earlier", or why there was no figure.
 */
export function figuresText(metric: AlertMetric, figures: AlertFigures): string {
  if (figures.value === null) return figures.noData ?? 'No data';
  const figure = isShareMetric(metric) ? `${formatPercent(figures.value, 2)} of ${formatCountOf(figures.calls, 'call')}` : formatCountOf(figures.calls, 'call');
  if (figures.change === undefined) return figure;
  const before = figureText(metric, figures.baselineValue);
  if (figures.change === null) return `${figure}; a week earlier ${before}`;
  const direction = figures.change >= 0 ? 'up' : 'down';
  return `${figure}, ${direction} ${formatPercent(Math.abs(figures.change), 2)} on ${before} a week earlier`;
}

/** A stretch of minutes: "45 min", "3 h 20 min", "2 d 4 h". */
export function durationText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  const rest = whole % 60;
  if (days > 0) return hours > 0 ? `${formatCount(days)} d ${hours} h` : `${formatCount(days)} d`;
  return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The minutes between two instants (ISO 8601). */
export function minutesBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / 60_000;
}

/**
 * The server's link to the calls a rule was judged on (a transition's or a preview firing's `link`: the address its
 * notifications open, built by alertReportingLink in contract/src/alerts.ts) inside this area: its query under where
 * the area is mounted, `/reporting` in the shell and `/` on the area's own dev server.
 */
export function areaLink(link: string, base: string): { pathname: string; search: string } {
  const query = link.indexOf('?');
  return { pathname: base || '/', search: query === -1 ? '' : link.slice(query) };
}
