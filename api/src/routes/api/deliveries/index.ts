import {
  DELIVERIES_PAGE_MAX,
  DELIVERY_CHANNELS,
  DELIVERY_MESSAGES,
  DELIVERY_SOURCE_KINDS,
  DELIVERY_STATUSES,
  type DeliveriesParams,
} from '@callboard/contract/delivery';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../http/http-error';
import { deliveriesRepository } from '../../../domain/delivery/deliveries-repository';
import { bearer, idParams } from '../schemas';
import { deliveryDetailSchema, deliverySchema, envelope } from './schemas';

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...DELIVERY_STATUSES] },
    channel: { type: 'string', enum: [...DELIVERY_CHANNELS] },
    endpoint: { type: 'string', format: 'uuid', description: "An endpoint's id" },
    source: { type: 'string', enum: [...DELIVERY_SOURCE_KINDS], description: 'What produced the messages' },
    sourceId: { type: 'string', maxLength: 200, description: 'One producer (an alert rule, a report schedule…) by its id' },
    // Bounded, as every paged list is: a page past 2^53 reached the statement's OFFSET as a number PostgreSQL refused (a 500).
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: DELIVERIES_PAGE_MAX, default: 50 },
  },
} as const;

/** The log of every outbound message (domain/delivery/): admins only (manageDeliveries); closed to partners. */
export default async function deliveryRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  fastify.addHook('onRequest', fastify.requirePermission('manageDeliveries'));

  fastify.get<{ Querystring: DeliveriesParams & { page: number; limit: number } }>(
    '',
    {
      schema: {
        tags: ['delivery'],
        summary: 'The deliveries, newest first, by status, channel, endpoint and source',
        security: bearer,
        querystring: listQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'array', items: deliverySchema },
              meta: { type: 'object', properties: { total: { type: 'integer' }, page: { type: 'integer' }, pages: { type: 'integer' }, limit: { type: 'integer' } } },
            },
          },
        },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await deliveriesRepository.list(fastify.db, request.query);
      return { success: true, data: rows, meta: { total, page, pages: Math.ceil(total / limit), limit } };
    },
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id',
    { schema: { tags: ['delivery'], summary: 'One delivery with every attempt', security: bearer, params: idParams, response: { 200: envelope(deliveryDetailSchema) } } },
    async (request) => {
      const delivery = await deliveriesRepository.find(fastify.db, request.params.id);
      if (!delivery) throw notFound(DELIVERY_MESSAGES.deliveryNotFound);
      return { success: true, data: delivery };
    },
  );

  fastify.post<{ Params: { id: string } }>(
    '/:id/replay',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Send a sent or failed delivery again: a new delivery, the same payload and webhook-id',
        security: bearer,
        params: idParams,
        response: { 202: envelope(deliverySchema) },
      },
    },
    async (request, reply) => {
      const id = await fastify.delivery.replay(request.params.id);
      request.log.info({ actor: request.currentUser?.id, deliveryId: request.params.id, replay: id }, 'delivery replayed');
      return reply.code(202).send({ success: true, message: 'Delivery queued again', data: await deliveriesRepository.find(fastify.db, id) });
    },
  );
}
