import {
  ALERT_CONDITION_LABELS,
  ALERT_METRIC_LABELS,
  ALERT_STATE_LABELS,
  alertReportingLink,
  isChangeCondition,
  isShareMetric,
  type AlertFigures,
  type AlertState,
} from '@callboard/contract/alerts';
import { formatInNewYork } from '@callboard/contract/new-york-time';
import type { OutboundMessage } from '../delivery/outbound-message';
import type { AlertSpec } from './alert-spec';

/** What a message about a transition says, and where it links. */
export interface AlertNotice {
  kind: 'alert.fired' | 'alert.resolved';
  title: string;
  body: string;
  /** Reporting filtered to the rule's scope over the window that caused the transition. */
  link: string;
}

/** A transition worth telling: the rule fired, or a firing ended (resolved, or no longer any data to judge). */
export function isTold(from: AlertState, to: AlertState): boolean {
  return to === 'firing' || from === 'firing';
}

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** "Voicemail %: 42.5 % (80 calls)" or "Call volume: 0 calls (0 calls)", with the change and what it was compared with for up/down. */
function figureText(spec: AlertSpec, figures: AlertFigures): string {
  const label = ALERT_METRIC_LABELS[spec.metric];
  const of = (value: number | null | undefined) => (value === null || value === undefined ? 'none' : isShareMetric(spec.metric) ? `${number(value)} %` : `${number(value)} calls`);
  const calls = `${number(figures.calls)} call${figures.calls === 1 ? '' : 's'}`;
  if (!isChangeCondition(spec.condition)) return `${label}: ${of(figures.value)} (${calls})`;
  const change = figures.change === null || figures.change === undefined ? 'no change to take' : `${figures.change >= 0 ? '+' : ''}${number(figures.change)} %`;
  return `${label}: ${of(figures.value)} against ${of(figures.baselineValue)} a week earlier, ${change} (${calls})`;
}

/** "above 40 %", "below 1 calls", "up by at least 50 % on a week earlier". */
function conditionText(spec: AlertSpec): string {
  if (isChangeCondition(spec.condition)) return `${spec.condition} by at least ${number(spec.threshold)} % on a week earlier`;
  return `${ALERT_CONDITION_LABELS[spec.condition].toLowerCase()} ${number(spec.threshold)}${isShareMetric(spec.metric) ? ' %' : ' calls'}`;
}

/** The window in New York time: "Nov 28, 09:15–10:15 (New York)", or with both dates when it spans midnight. */
function windowText(figures: AlertFigures): string {
  const day = (iso: string) => formatInNewYork(iso, 'yyyy-LL-dd');
  const from = formatInNewYork(figures.windowFrom, 'LLL d, HH:mm') ?? figures.windowFrom;
  const to = formatInNewYork(figures.windowTo, day(figures.windowFrom) === day(figures.windowTo) ? 'HH:mm' : 'LLL d, HH:mm') ?? figures.windowTo;
  return `${from}–${to} (New York)`;
}

/** The notice of a transition of rule `name` (isTold), with the figures that caused it. */
export function alertNotice(name: string, spec: AlertSpec, from: AlertState, to: AlertState, figures: AlertFigures): AlertNotice {
  const link = alertReportingLink(spec.scopeQuery, figures.windowFrom, figures.windowTo);
  if (to === 'firing') {
    return { kind: 'alert.fired', title: `Alert firing: ${name}`, body: `${figureText(spec, figures)}, ${conditionText(spec)}, ${windowText(figures)}.`, link };
  }
  const why = to === 'no_data' ? `No longer judged: ${figures.noData ?? ALERT_STATE_LABELS.no_data}` : `Back within its reset level: ${figureText(spec, figures)}`;
  return { kind: 'alert.resolved', title: `Alert resolved: ${name}`, body: `${why}, ${windowText(figures)}. It fired when ${conditionText(spec)}.`, link };
}

/**
 * The outbound message of a notice (email, webhook, Slack: domain/delivery/). A webhook gets the transition as an
 * event of its own type (alert.fired / alert.resolved); one rule's messages to an endpoint go in order.
 */
export function alertMessage(ruleId: string, name: string, transition: { id: string; from: AlertState; to: AlertState; at: string }, spec: AlertSpec, figures: AlertFigures, notice: AlertNotice): OutboundMessage {
  return {
    source: { kind: 'alert', id: ruleId },
    subject: notice.title,
    text: notice.body,
    link: notice.link,
    orderingKey: `alert:${ruleId}`,
    event: {
      type: notice.kind,
      payload: {
        ruleId,
        ruleName: name,
        transitionId: transition.id,
        from: transition.from,
        to: transition.to,
        at: transition.at,
        metric: spec.metric,
        condition: spec.condition,
        threshold: spec.threshold,
        windowMinutes: spec.windowMinutes,
        figures,
        // The view's path and query on this server (the email's and Slack's link is made absolute by the delivery).
        path: notice.link,
      },
    },
  };
}
