/**
 * The outbound events' dispatcher (issue 37 item 2; docs/decisions/0044-outbound-events.md): reads what
 * happened after its cursor (migration 0039) and hands each event to the delivery mechanism for every
 * subscription it matches, moving the cursor in the same transaction as the deliveries it wrote. So an event is
 * written at least once and never skipped: a batch that fails writes nothing and moves nothing, and is read
 * again. The delivery mechanism then signs, sends, retries, orders (per call: `call:<id>`), pauses and replays
 * as it does every message.
 *
 * Two sources, each with its place in the cursor's one row:
 * - the change log, through readChanges (domain/changes/read-changes.ts), the reader the changes feed uses: one
 *   story of what changed, read gap-free by seq;
 * - the alert transitions, by their id. They are not changes to a call (no call, no seq in the change log), and
 *   the alert rules write them in their own transactions; reading them under a SHARE lock on their table makes
 *   every transaction that took an id before the read end first, so an id below the cursor never commits later.
 *
 * One dispatcher at a time across instances: each batch locks the cursor's row (SKIP LOCKED: a second one finds
 * it taken and answers `busy`, and its caller asks again shortly). A plain function of the database and the
 * deliveries: the job runner triggers it (plugins/app/outbound-events.ts); tests call it directly.
 */
import type { Database, Queryable } from '../../db/database';
import { eventTypesOfChange } from '@callboard/contract/event-subscriptions';
import { highWaterSeq } from '../changes/change-sources';
import { readChanges } from '../changes/read-changes';
import { alertsRepository } from '../alerts/alerts-repository';
import type { DeliveryService } from '../delivery/delivery-service';
import { outsideRequestScope } from '../partners/request-scope';
import { alertEventMessage, alertEventTypeOf, readTransitions } from './alert-events';
import { callEventMessage, callEventTypeFor, readEventCalls } from './call-events';
import { heardChange, heardTransition, subscriptionsRepository, type DispatchedSubscription } from './subscriptions-repository';

/** The job runner's queue of the dispatcher: a tick each minute, and a nudge whenever the change log grows. */
export const OUTBOUND_DISPATCH_QUEUE = 'outbound-events.dispatch';

/** What the dispatcher writes with: the delivery mechanism's producer side. */
export type EventDeliveries = Pick<DeliveryService, 'deliverToEndpoint'>;

export interface DispatchOptions {
  /** Changes (or transitions) read per transaction (default DISPATCH_BATCH). */
  batchSize?: number;
  /** Stop taking new batches after this long, leaving the rest to the next run (default DISPATCH_TIME_LIMIT_MS). */
  timeLimitMs?: number;
  /** Told when the change log's retention removed changes the dispatcher had not read (they cannot be sent). */
  warn?: (details: object, message: string) => void;
}

export interface DispatchOutcome {
  changesRead: number;
  transitionsRead: number;
  /** Deliveries written. */
  delivered: number;
  /** Another dispatcher held the cursor: this one did nothing; ask again once that one has committed. */
  busy: boolean;
  /** Whether everything logged when it looked was dispatched (false: the time limit left some to the next run). */
  caughtUp: boolean;
}

/**
 * Changes per transaction. Each matching event costs the delivery's statements (two, and its job's insert after
 * the commit), so a full batch to one subscription is about a thousand statements: short enough that the cursor's
 * lock and the transaction stay small, long enough that a backlog of 100 calls a second is read in a few.
 */
export const DISPATCH_BATCH = 500;
/** A run hands over to the next job after this long, so one run never holds a worker for a whole backlog. */
export const DISPATCH_TIME_LIMIT_MS = 30_000;

interface Cursor {
  changeSeq: number;
  alertTransitionId: number;
}

/** The cursor, locked for this transaction; undefined when another dispatcher holds it. */
async function lockCursor(tx: Queryable): Promise<Cursor | undefined> {
  const [row] = await tx.query<{ change_seq: string; alert_transition_id: string }>(
    'SELECT change_seq::text AS change_seq, alert_transition_id::text AS alert_transition_id FROM outbound_event_cursor FOR UPDATE SKIP LOCKED',
  );
  return row && { changeSeq: Number(row.change_seq), alertTransitionId: Number(row.alert_transition_id) };
}

const wantsAlerts = (s: DispatchedSubscription) => s.eventTypes.has('alert.fired') || s.eventTypes.has('alert.resolved');
const wantsCalls = (s: DispatchedSubscription) => [...s.eventTypes].some((type) => type !== 'alert.fired' && type !== 'alert.resolved');

interface Batch {
  read: number;
  delivered: number;
  more: boolean;
}

/**
 * Where a batch starts reading: after the cursor, or after what no subscription can want. A subscription hears
 * nothing logged before it began (`starts_after_*`), so whatever precedes the earliest start of those that may
 * still hear something is skipped unread; with none of them, everything logged so far is. Safe under the cursor's
 * lock: a subscription is made or enabled holding it too (subscription-service.ts), so one made after this batch
 * starts after everything logged now. A server whose log grew while nobody subscribed (an import, a restore)
 * thus reads none of it.
 */
function readFrom(cursorAt: number, starts: readonly number[], loggedNow: () => Promise<number>): Promise<number> {
  if (starts.length === 0) return loggedNow().then((now) => Math.max(cursorAt, now));
  return Promise.resolve(Math.max(cursorAt, Math.min(...starts)));
}

/** One batch of the change log after the cursor, in one transaction. */
async function dispatchChanges(db: Database, deliveries: EventDeliveries, batchSize: number, warn: DispatchOptions['warn']): Promise<Batch | 'busy'> {
  return db.transaction(async (tx) => {
    const cursor = await lockCursor(tx);
    if (!cursor) return 'busy';
    const subscriptions = (await subscriptionsRepository.forDispatch(tx, { seq: cursor.changeSeq, transition: cursor.alertTransitionId })).filter(wantsCalls);
    const after = await readFrom(
      cursor.changeSeq,
      subscriptions.map((s) => s.startsAfterSeq),
      () => highWaterSeq(tx),
    );
    const moveTo = (seq: number) => (seq > cursor.changeSeq ? tx.query('UPDATE outbound_event_cursor SET change_seq = $1, updated_at = now()', [seq]) : Promise.resolve([]));
    if (subscriptions.length === 0) {
      await moveTo(after);
      return { read: 0, delivered: 0, more: false };
    }
    const page = await readChanges(tx, { after, limit: batchSize });
    if (page.prunedThrough > after) {
      warn?.({ after, prunedThrough: page.prunedThrough }, 'outbound events: the change log removed changes before they were dispatched; they are not sent');
    }
    if (page.changes.length === 0) {
      await moveTo(Math.max(after, page.prunedThrough));
      return { read: 0, delivered: 0, more: false };
    }

    let delivered = 0;
    const typed = page.changes
      .map((change) => ({ change, types: eventTypesOfChange(change) }))
      .filter(({ change, types }) => subscriptions.some((s) => heardChange(s, change.seq) && types.some((type) => s.eventTypes.has(type))));
    const calls = await readEventCalls(tx, [...new Set(typed.map(({ change }) => change.callId))]);
    for (const { change, types } of typed) {
      const call = calls.get(change.callId);
      for (const subscription of subscriptions) {
        const type = callEventTypeFor(subscription, change, types, call);
        if (type === null) continue;
        await deliveries.deliverToEndpoint(subscription.endpointId, callEventMessage(subscription.id, type, change, call), { db: tx });
        delivered += 1;
      }
    }
    await moveTo(page.nextAfter);
    return { read: page.changes.length, delivered, more: page.hasMore };
  });
}

/** One batch of the alert transitions after the cursor, in one transaction. */
async function dispatchAlerts(db: Database, deliveries: EventDeliveries, batchSize: number): Promise<Batch | 'busy'> {
  return db.transaction(async (tx) => {
    const cursor = await lockCursor(tx);
    if (!cursor) return 'busy';
    const subscriptions = (await subscriptionsRepository.forDispatch(tx, { seq: cursor.changeSeq, transition: cursor.alertTransitionId })).filter(wantsAlerts);
    const after = await readFrom(
      cursor.alertTransitionId,
      subscriptions.map((s) => s.startsAfterTransition),
      async () => Number((await tx.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM alert_transitions'))[0]?.id ?? 0),
    );
    const moveTo = (id: number | string) =>
      Number(id) > cursor.alertTransitionId ? tx.query('UPDATE outbound_event_cursor SET alert_transition_id = $1, updated_at = now()', [id]) : Promise.resolve([]);
    // Nobody to tell: skipped unread (a transition committing later below that mark is nobody's either: readFrom).
    if (subscriptions.length === 0) {
      await moveTo(after);
      return { read: 0, delivered: 0, more: false };
    }
    // Nothing committed after it: no lock on the rules' table. One committing meanwhile is read next run
    // (the alert rules' tick nudges the dispatcher once it has recorded its transitions).
    const [newer] = await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM alert_transitions WHERE id > $1) AS any', [after]);
    if (!newer?.any) {
      await moveTo(after);
      return { read: 0, delivered: 0, more: false };
    }
    await tx.query('LOCK TABLE alert_transitions IN SHARE MODE');
    const transitions = await readTransitions(tx, after, batchSize);
    if (transitions.length === 0) return { read: 0, delivered: 0, more: false };

    let delivered = 0;
    const told = transitions.filter((t) => alertEventTypeOf(t) !== null);
    if (told.length > 0) {
      const rules = new Map((await alertsRepository.forEvaluation(tx)).map((rule) => [rule.id, rule]));
      for (const transition of told) {
        const rule = rules.get(transition.ruleId);
        const type = alertEventTypeOf(transition)!;
        if (!rule) continue;
        for (const subscription of subscriptions) {
          if (!heardTransition(subscription, Number(transition.id)) || !subscription.eventTypes.has(type)) continue;
          await deliveries.deliverToEndpoint(subscription.endpointId, alertEventMessage(subscription.id, rule, transition), { db: tx });
          delivered += 1;
        }
      }
    }
    await moveTo(transitions[transitions.length - 1]!.id);
    return { read: transitions.length, delivered, more: transitions.length === batchSize };
  });
}

/**
 * Dispatches what the change log and the alert transitions hold after the cursor, batch by batch, until both are
 * caught up or the time limit passes.
 */
export async function dispatchOutboundEvents(db: Database, deliveries: EventDeliveries, options: DispatchOptions = {}): Promise<DispatchOutcome> {
  const batchSize = options.batchSize ?? DISPATCH_BATCH;
  const deadline = Date.now() + (options.timeLimitMs ?? DISPATCH_TIME_LIMIT_MS);
  const outcome: DispatchOutcome = { changesRead: 0, transitionsRead: 0, delivered: 0, busy: false, caughtUp: false };
  return outsideRequestScope(async () => {
    for (const [source, run] of [
      ['changesRead', () => dispatchChanges(db, deliveries, batchSize, options.warn)],
      ['transitionsRead', () => dispatchAlerts(db, deliveries, batchSize)],
    ] as const) {
      for (;;) {
        const batch = await run();
        if (batch === 'busy') return { ...outcome, busy: true };
        outcome[source] += batch.read;
        outcome.delivered += batch.delivered;
        if (!batch.more) break;
        if (Date.now() > deadline) return outcome;
      }
    }
    return { ...outcome, caughtUp: true };
  });
}
