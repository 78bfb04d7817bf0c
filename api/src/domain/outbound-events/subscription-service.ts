/**
 * Admins' writes of event subscriptions (routes/api/event-subscriptions): the body as the contract judges it
 * (parseEventSubscriptionBody, the form's own words), then what only the server knows: that the endpoint is one
 * of the delivery mechanism's webhooks.
 */
import {
  EVENT_SUBSCRIPTION_MESSAGES,
  parseEventSubscriptionBody,
  type EventSubscription,
  type EventSubscriptionBody,
} from '@callboard/contract/event-subscriptions';
import type { FieldError } from '@callboard/contract';
import type { Database, Queryable } from '../../db/database';
import { notFound, validationFailed } from '../../http/http-error';
import { endpointsRepository } from '../delivery/endpoints-repository';
import { subscriptionsRepository } from './subscriptions-repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body, judged whole: every problem with it at once, the endpoint's among them (400). */
async function judged(db: Queryable, raw: Record<string, unknown>): Promise<EventSubscriptionBody> {
  const parsed = parseEventSubscriptionBody(raw);
  const errors: FieldError[] = Array.isArray(parsed) ? [...parsed] : [];
  const endpointId = typeof raw.endpointId === 'string' ? raw.endpointId.trim() : '';
  if (endpointId && !errors.some((e) => e.field === 'endpointId')) {
    const kind = UUID.test(endpointId) ? await endpointsRepository.kindOf(db, endpointId) : undefined;
    if (!kind) errors.push({ field: 'endpointId', message: EVENT_SUBSCRIPTION_MESSAGES.endpointNotFound });
    else if (kind !== 'webhook') errors.push({ field: 'endpointId', message: EVENT_SUBSCRIPTION_MESSAGES.endpointNotWebhook });
  }
  if (errors.length > 0 || Array.isArray(parsed)) throw validationFailed(errors);
  return parsed;
}

/**
 * Runs a write that sets where a subscription starts or stops holding the dispatcher's cursor (migration 0039),
 * between two of its batches: the marks it reads (how far the log and the transitions go) are then past
 * everything a batch has skipped as nobody's (dispatcher.ts readFrom), so nothing it should hear is skipped.
 */
function betweenBatches<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM outbound_event_cursor FOR UPDATE');
    return work(tx);
  });
}

export const subscriptionService = {
  async create(db: Database, raw: Record<string, unknown>, author: { id: string; name: string }): Promise<EventSubscription> {
    const body = await judged(db, raw);
    const id = await betweenBatches(db, (tx) => subscriptionsRepository.create(tx, body, author));
    return (await subscriptionsRepository.find(db, id))!;
  },

  async replace(db: Database, id: string, raw: Record<string, unknown>): Promise<EventSubscription> {
    if (!(await subscriptionsRepository.find(db, id))) throw notFound(EVENT_SUBSCRIPTION_MESSAGES.notFound);
    const body = await judged(db, raw);
    if (!(await betweenBatches(db, (tx) => subscriptionsRepository.update(tx, id, body)))) throw notFound(EVENT_SUBSCRIPTION_MESSAGES.notFound);
    return (await subscriptionsRepository.find(db, id))!;
  },

  async delete(db: Queryable, id: string): Promise<void> {
    if (!(await subscriptionsRepository.delete(db, id))) throw notFound(EVENT_SUBSCRIPTION_MESSAGES.notFound);
  },
};
