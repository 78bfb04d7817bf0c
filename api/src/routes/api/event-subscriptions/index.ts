import {
  DISPOSITION_EVENT_TYPES,
  OUTBOUND_EVENT_TYPES,
  SUBSCRIPTION_IDS_MAX,
  SUBSCRIPTION_NAME_MAX_LENGTH,
} from '@callboard/contract/event-subscriptions';
import { DISPOSITIONS } from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { subscriptionService } from '../../../domain/outbound-events/subscription-service';
import { subscriptionsRepository } from '../../../domain/outbound-events/subscriptions-repository';
import { envelope } from '../deliveries/schemas';
import { bearer, idParams } from '../schemas';

const idList = (what: string) =>
  ({ type: 'array', description: `Only calls of these ${what} (their ids, as the filters answer them); empty or absent: all. At most ${SUBSCRIPTION_IDS_MAX}` }) as const;

// Loose on purpose: parseEventSubscriptionBody (contract) words every message, each under its field, as the screen shows them.
const subscriptionBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', description: `What the subscription is for, 1 to ${SUBSCRIPTION_NAME_MAX_LENGTH} characters` },
    endpointId: { type: 'string', description: 'A webhook endpoint of the delivery mechanism (GET /api/delivery-endpoints)' },
    eventTypes: { type: 'array', description: `At least one of ${OUTBOUND_EVENT_TYPES.join(', ')}` },
    campaignIds: idList('campaigns'),
    publisherIds: idList('publishers'),
    buyerIds: idList('buyers'),
    dispositionBecomes: {
      type: ['string', 'null'],
      description: `Only changes that move a call's disposition to this one (${DISPOSITIONS.join(', ')}); with ${DISPOSITION_EVENT_TYPES.join(', ')} only`,
    },
    enabled: { description: 'Default true' },
  },
} as const;

const ids = { type: 'array', items: { type: 'integer' } } as const;

const subscriptionSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    endpoint: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, paused: { type: 'boolean' } } },
    eventTypes: { type: 'array', items: { type: 'string', enum: [...OUTBOUND_EVENT_TYPES] } },
    campaignIds: ids,
    publisherIds: ids,
    buyerIds: ids,
    dispositionBecomes: { type: ['string', 'null'] },
    enabled: { type: 'boolean' },
    createdBy: { type: ['object', 'null'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;

/**
 * Outbound events' subscriptions (domain/outbound-events/, docs/integrations.md "Outbound events"): which
 * webhook endpoints are told of which events. Admins only (manageDeliveries: they manage the endpoints too);
 * closed to partners (no `partner: 'scoped'`).
 */
export default async function eventSubscriptionRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  fastify.addHook('onRequest', fastify.requirePermission('manageDeliveries'));

  fastify.get(
    '',
    { schema: { tags: ['delivery'], summary: 'The event subscriptions, by name', security: bearer, response: { 200: envelope({ type: 'array', items: subscriptionSchema }) } } },
    async () => ({ success: true, data: await subscriptionsRepository.list(fastify.db) }),
  );

  fastify.post<{ Body: Record<string, unknown> }>(
    '',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Subscribe a webhook endpoint to event types; it is told of what happens from now on',
        security: bearer,
        body: subscriptionBody,
        response: { 201: envelope(subscriptionSchema) },
      },
    },
    async (request, reply) => {
      const user = request.currentUser!;
      const data = await subscriptionService.create(fastify.db, request.body ?? {}, { id: user.id, name: user.name || user.email });
      request.log.info({ actor: user.id, subscriptionId: data.id, endpointId: data.endpoint.id, eventTypes: data.eventTypes }, 'event subscription created');
      return reply.code(201).send({ success: true, message: 'Subscription added', data });
    },
  );

  fastify.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/:id',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Replace a subscription (enabling a disabled one starts it from now: what happened meanwhile is not sent)',
        security: bearer,
        params: idParams,
        body: subscriptionBody,
        response: { 200: envelope(subscriptionSchema) },
      },
    },
    async (request) => {
      const data = await subscriptionService.replace(fastify.db, request.params.id, request.body ?? {});
      request.log.info({ actor: request.currentUser?.id, subscriptionId: data.id, enabled: data.enabled }, 'event subscription updated');
      return { success: true, message: 'Subscription saved', data };
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    '/:id',
    { schema: { tags: ['delivery'], summary: 'Delete a subscription; its deliveries stay in the log', security: bearer, params: idParams } },
    async (request) => {
      await subscriptionService.delete(fastify.db, request.params.id);
      request.log.info({ actor: request.currentUser?.id, subscriptionId: request.params.id }, 'event subscription deleted');
      return { success: true, message: 'Subscription deleted' };
    },
  );
}
