import type { AlertFigures, AlertState } from '@callboard/contract/alerts';
import type { Database, Queryable } from '../../db/database';
import type { DeliveryService } from '../delivery/delivery-service';
import { notify } from '../notifications/notifications';
import { outsideRequestScope } from '../partners/request-scope';
import { alertMessage, alertNotice, isTold } from './alert-messages';
import { hoursJudgeOf, readWindow } from './alert-reading';
import { minuteOf } from './alert-spec';
import { step, type RuleState } from './alert-state-machine';
import { alertsRepository, type EvaluatedRule } from './alerts-repository';
import { windowCountsAt } from './window-counts';

/** The queue the job runner sends the minute's evaluation to (once a minute across every instance: plugins/app/alert-jobs.ts). */
export const ALERTS_EVALUATE_QUEUE = 'alerts.evaluate';

/** How a rule's transitions reach people and endpoints: the delivery mechanism (domain/delivery/delivery-service.ts). */
export type AlertDeliveries = Pick<DeliveryService, 'deliverToUser' | 'deliverToEndpoint'>;

export interface EvaluationOutcome {
  /** The minute judged (ISO). */
  minute: string;
  /** Rules judged at it (a rule already judged at it, by another run, is left alone). */
  judged: number;
  /** Transitions recorded. */
  transitions: number;
  /**
   * Rules whose transition failed (its notifications or deliveries could not be written): nothing of it was kept,
   * and the rule is judged again at the next minute. One rule's failure holds up no other.
   */
  failed: Array<{ ruleId: string; error: unknown }>;
}

interface Change {
  rule: EvaluatedRule;
  next: RuleState;
  figures: AlertFigures;
}

/**
 * Judges every rule at the minute `now` falls in (decision 0040): reads their windows' counts in as few statements
 * as it can (window-counts.ts), takes one step of the state machine each (alert-state-machine.ts, the one the
 * preview folds), writes the figures of the rules that stayed where they were, and the changes of state that tell
 * nobody with their transition rows, in a statement each; and each firing, or end of one, in a transaction of its
 * own with its transition row, its notifications (notify(): in the app, pushed live), its emails and its
 * endpoints' messages, so a transition and what it tells commit together or not at all. A plain function of the
 * clock it is given: the job runner calls it once a minute; tests call it minute by minute with theirs.
 */
export async function evaluateAlerts(db: Database, now: Date, deliveries: AlertDeliveries): Promise<EvaluationOutcome> {
  return outsideRequestScope(async () => {
    const t = minuteOf(now);
    const rules = (await alertsRepository.forEvaluation(db)).filter((rule) => rule.evaluatedAt === null || rule.evaluatedAt < t);
    const counts = await windowCountsAt(db, rules, t);
    const unchanged: Array<{ ruleId: string; figures: AlertFigures }> = [];
    const changes: Change[] = [];
    for (const rule of rules) {
      const { current, baseline } = counts.get(rule.id) as NonNullable<ReturnType<typeof counts.get>>;
      const { reading, figures } = readWindow(rule.spec, t, current, baseline, hoursJudgeOf(rule.spec));
      const next = step(rule.spec, rule.state, reading, t);
      if (next.state === rule.state.state) unchanged.push({ ruleId: rule.id, figures });
      else changes.push({ rule, next, figures });
    }
    const minute = new Date(t);
    await alertsRepository.saveFigures(db, minute, unchanged);
    // What tells nobody is written at once; each firing or its end in a transaction of its own with what it tells.
    const quiet = changes.filter((c) => !isTold(c.rule.state.state, c.next.state));
    let transitions = await alertsRepository.quietTransitions(
      db,
      minute,
      quiet.map((c) => ({ ruleId: c.rule.id, from: c.rule.state.state, next: c.next, figures: c.figures })),
    );
    const failed: EvaluationOutcome['failed'] = [];
    for (const change of changes.filter((c) => isTold(c.rule.state.state, c.next.state))) {
      try {
        if (await recordTransition(db, minute, change, deliveries)) transitions += 1;
      } catch (error) {
        failed.push({ ruleId: change.rule.id, error });
      }
    }
    return { minute: minute.toISOString(), judged: rules.length, transitions, failed };
  });
}

/** One change of state and what it tells, in one transaction; false when another evaluation of the minute recorded it first. */
async function recordTransition(db: Database, minute: Date, { rule, next, figures }: Change, deliveries: AlertDeliveries): Promise<boolean> {
  const from: AlertState = rule.state.state;
  return db.transaction(async (tx) => {
    const id = await alertsRepository.transition(tx, rule.id, minute, from, next, figures);
    if (id === null) return false;
    if (isTold(from, next.state)) await tell(tx, rule, { id, from, to: next.state, at: minute.toISOString() }, figures, deliveries);
    return true;
  });
}

/** The rule's subscribers in the app and by email, and its endpoints, each told of the transition with a link to what caused it. */
async function tell(
  tx: Queryable,
  rule: EvaluatedRule,
  transition: { id: string; from: AlertState; to: AlertState; at: string },
  figures: AlertFigures,
  deliveries: AlertDeliveries,
): Promise<void> {
  const notice = alertNotice(rule.name, rule.spec, transition.from, transition.to, figures);
  const message = alertMessage(rule.id, rule.name, transition, rule.spec, figures, notice);
  const subscribers = await alertsRepository.subscribers(tx, rule.id);
  await notify(
    tx,
    subscribers.filter((s) => s.channels.includes('in_app')).map((s) => ({ userId: s.userId, kind: notice.kind, title: notice.title, body: notice.body, link: notice.link })),
  );
  for (const subscriber of subscribers.filter((s) => s.channels.includes('email'))) await deliveries.deliverToUser(subscriber.userId, message, { db: tx });
  for (const endpointId of await alertsRepository.endpoints(tx, rule.id)) await deliveries.deliverToEndpoint(endpointId, message, { db: tx });
}
