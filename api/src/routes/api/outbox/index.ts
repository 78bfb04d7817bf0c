import { DELIVERY_MESSAGES } from '@callboard/contract/delivery';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../http/http-error';
import { listOutbox, readOutboxMessage } from '../../../domain/delivery/outbox';
import { bearer } from '../schemas';
import { envelope } from '../deliveries/schemas';

const entry = {
  id: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  subject: { type: 'string' },
  date: { type: 'string' },
} as const;

const OUTBOX_LIST_MAX = 500;

/**
 * The email written to the outbox folder when no SMTP_URL is set (domain/delivery/outbox.ts), so the
 * one-command demo shows its mail: admins only (manageDeliveries); closed to partners.
 */
export default async function outboxRoutes(fastify: FastifyInstance, options: { outboxDir: string }): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  fastify.addHook('onRequest', fastify.requirePermission('manageDeliveries'));

  fastify.get<{ Querystring: { limit: number } }>(
    '',
    {
      schema: {
        tags: ['delivery'],
        summary: 'The outbox, newest first (email is kept there when no SMTP_URL is set)',
        security: bearer,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { type: 'integer', minimum: 1, maximum: OUTBOX_LIST_MAX, default: 50 } },
        },
        response: { 200: envelope({ type: 'array', items: { type: 'object', properties: entry } }) },
      },
    },
    async (request) => ({ success: true, data: await listOutbox(options.outboxDir, request.query.limit) }),
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['delivery'],
        summary: 'One message of the outbox: its headers, text, HTML and attachments (names, types, sizes)',
        security: bearer,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } },
        response: {
          200: envelope({
            type: 'object',
            properties: {
              ...entry,
              text: { type: 'string' },
              html: { type: ['string', 'null'] },
              attachments: {
                type: 'array',
                items: { type: 'object', properties: { filename: { type: 'string' }, contentType: { type: 'string' }, size: { type: 'integer' } } },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const message = await readOutboxMessage(options.outboxDir, request.params.id);
      if (!message) throw notFound(DELIVERY_MESSAGES.outboxNotFound);
      return { success: true, data: message };
    },
  );
}
