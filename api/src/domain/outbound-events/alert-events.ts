/**
 * Alert transitions (migration 0035's append-only alert_transitions, ordered by id) as outbound events:
 * a rule that started firing is `alert.fired`, one whose firing ended is `alert.resolved` (the transitions the
 * alert rules themselves tell: alerts/alert-messages.ts isTold). The message is the one a rule's own endpoints
 * get (alertMessage), so a receiver reads one shape whichever way it subscribed.
 */
import type { AlertFigures, AlertState, AlertTransition } from '@callboard/contract/alerts';
import type { OutboundEventType } from '@callboard/contract/event-subscriptions';
import type { Queryable } from '../../db/database';
import { alertMessage, alertNotice, isTold } from '../alerts/alert-messages';
import type { EvaluatedRule } from '../alerts/alerts-repository';
import type { OutboundMessage } from '../delivery/outbound-message';

/** A transition as the table holds it: the contract's AlertTransition without the link the routes add to it. */
export type LoggedTransition = Omit<AlertTransition, 'link'>;

/**
 * The transitions after `after`, oldest first, at most `limit`. The caller holds a SHARE lock on the table
 * (dispatcher.ts): every transaction that took an id below the last one read has ended, so none appears later.
 */
export async function readTransitions(db: Queryable, after: number, limit: number): Promise<LoggedTransition[]> {
  const rows = await db.query<{ id: string; rule_id: string; from_state: AlertState; to_state: AlertState; at: Date; figures: AlertFigures }>(
    `SELECT id::text AS id, rule_id, from_state, to_state, at, figures FROM alert_transitions WHERE id > $1 ORDER BY id LIMIT $2`,
    [after, limit],
  );
  return rows.map((row) => ({ id: row.id, ruleId: row.rule_id, from: row.from_state, to: row.to_state, at: new Date(row.at).toISOString(), figures: row.figures }));
}

/** The event a transition is, or null for one the rules do not tell (ok ↔ pending, no data without a firing). */
export function alertEventTypeOf(transition: Pick<LoggedTransition, 'from' | 'to'>): OutboundEventType | null {
  if (!isTold(transition.from, transition.to)) return null;
  return transition.to === 'firing' ? 'alert.fired' : 'alert.resolved';
}

/** The message of a transition for subscription `subscriptionId`: the rule's own message, logged as this subscription's, with its id in the data. */
export function alertEventMessage(subscriptionId: string, rule: Pick<EvaluatedRule, 'id' | 'name' | 'spec'>, transition: LoggedTransition): OutboundMessage {
  const notice = alertNotice(rule.name, rule.spec, transition.from, transition.to, transition.figures);
  const message = alertMessage(rule.id, rule.name, { id: transition.id, from: transition.from, to: transition.to, at: transition.at }, rule.spec, transition.figures, notice);
  return {
    ...message,
    source: { kind: 'event', id: subscriptionId },
    event: message.event && { type: message.event.type, payload: { ...message.event.payload, subscriptionId } },
  };
}
