import {
  DELIVERY_MESSAGES,
  ENDPOINT_KINDS,
  ENDPOINT_NAME_MAX_LENGTH,
  ENDPOINT_URL_MAX_LENGTH,
  endpointScreenLink,
  parseEndpointBody,
  type EndpointBody,
  type EndpointWithSecret,
} from '@callboard/contract/delivery';
import { PERMISSION_DENIED, roleMay } from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/http-error';
import { deliveriesRepository } from '../../../domain/delivery/deliveries-repository';
import { endpointsRepository } from '../../../domain/delivery/endpoints-repository';
import { newWebhookSecret } from '../../../domain/delivery/webhook-signing';
import { bearer, idParams } from '../schemas';
import { deliverySchema, endpointSchema, endpointWithSecretSchema, envelope } from '../deliveries/schemas';

// Loose on purpose: parseEndpointBody (contract) words every message, each under its field, as the screens show them.
const endpointBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', description: `What the endpoint is, 1 to ${ENDPOINT_NAME_MAX_LENGTH} characters` },
    kind: { type: 'string', description: `${ENDPOINT_KINDS.join(' or ')}; fixed at creation` },
    url: {
      type: 'string',
      description: `http(s) URL, at most ${ENDPOINT_URL_MAX_LENGTH} characters; Slack: https (http only to localhost, 127.0.0.1 or ::1)`,
    },
  },
} as const;

/**
 * Where webhooks and Slack messages go (domain/delivery/). Admins (manageDeliveries) manage them; reviewers list
 * their names, to pick one for an alert rule; closed to partners (no `partner: 'scoped'`).
 */
export default async function deliveryEndpointRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  const admin = fastify.requirePermission('manageDeliveries');

  const withSecret = async (id: string, secret: string | null): Promise<EndpointWithSecret> => ({ ...(await endpointsRepository.find(fastify.db, id))!, secret });

  fastify.get(
    '',
    {
      schema: {
        tags: ['delivery'],
        summary: 'The endpoints: everything but the secret for admins; id, name, kind and whether paused for reviewers',
        security: bearer,
        response: { 200: envelope({ type: 'array', items: endpointSchema }) },
      },
    },
    async (request) => {
      const role = request.currentUser?.role;
      if (roleMay(role, 'manageDeliveries')) return { success: true, data: await endpointsRepository.list(fastify.db) };
      if (role === 'reviewer') return { success: true, data: await endpointsRepository.listNames(fastify.db) };
      throw forbidden(PERMISSION_DENIED.manageDeliveries);
    },
  );

  fastify.post<{ Body: Partial<EndpointBody> }>(
    '',
    {
      onRequest: admin,
      schema: {
        tags: ['delivery'],
        summary: "Add an endpoint; a webhook's signing secret is in this answer only",
        security: bearer,
        body: endpointBody,
        response: { 201: envelope(endpointWithSecretSchema) },
      },
    },
    async (request, reply) => {
      const body = parseEndpointBody(request.body ?? {});
      if (Array.isArray(body)) throw validationFailed(body);
      const secret = body.kind === 'webhook' ? newWebhookSecret() : null;
      const id = await endpointsRepository.create(fastify.db, request.currentUser!.id, body, secret);
      request.log.info({ actor: request.currentUser?.id, endpointId: id, kind: body.kind }, 'delivery endpoint created');
      const message = secret ? 'Endpoint added: copy its signing secret now, it is not shown again' : 'Endpoint added';
      return reply.code(201).send({ success: true, message, data: await withSecret(id, secret) });
    },
  );

  fastify.put<{ Params: { id: string }; Body: Partial<EndpointBody> }>(
    '/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['delivery'],
        summary: 'Rename an endpoint or change its URL (its kind stays; a kind sent must be the same)',
        security: bearer,
        params: idParams,
        body: endpointBody,
        response: { 200: envelope(endpointSchema) },
      },
    },
    async (request) => {
      const kind = await endpointsRepository.kindOf(fastify.db, request.params.id);
      if (!kind) throw notFound(DELIVERY_MESSAGES.endpointNotFound);
      const body = parseEndpointBody(request.body ?? {}, request.body?.kind ?? kind);
      if (Array.isArray(body)) throw validationFailed(body);
      if (body.kind !== kind) throw validationFailed([{ field: 'kind', message: `An endpoint's kind is fixed: this one is a ${kind}; add a new endpoint instead` }]);
      await endpointsRepository.update(fastify.db, request.params.id, body);
      request.log.info({ actor: request.currentUser?.id, endpointId: request.params.id }, 'delivery endpoint updated');
      return { success: true, message: 'Endpoint saved', data: await endpointsRepository.find(fastify.db, request.params.id) };
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    '/:id',
    { onRequest: admin, schema: { tags: ['delivery'], summary: 'Delete an endpoint; what it still had to send fails, the log keeps it', security: bearer, params: idParams } },
    async (request) => {
      const deleted = await fastify.db.transaction((tx) => endpointsRepository.delete(tx, request.params.id));
      if (!deleted) throw notFound(DELIVERY_MESSAGES.endpointNotFound);
      request.log.info({ actor: request.currentUser?.id, endpointId: request.params.id }, 'delivery endpoint deleted');
      return { success: true, message: 'Endpoint deleted' };
    },
  );

  fastify.post<{ Params: { id: string } }>(
    '/:id/rotate-secret',
    {
      onRequest: admin,
      schema: {
        tags: ['delivery'],
        summary: "A new signing secret for a webhook, in this answer only; the old one stops at once",
        security: bearer,
        params: idParams,
        response: { 200: envelope(endpointWithSecretSchema) },
      },
    },
    async (request) => {
      const kind = await endpointsRepository.kindOf(fastify.db, request.params.id);
      if (!kind) throw notFound(DELIVERY_MESSAGES.endpointNotFound);
      if (kind !== 'webhook') throw conflict(DELIVERY_MESSAGES.slackHasNoSecret);
      const secret = newWebhookSecret();
      await endpointsRepository.setSecret(fastify.db, request.params.id, secret);
      request.log.info({ actor: request.currentUser?.id, endpointId: request.params.id }, 'delivery endpoint secret rotated');
      return { success: true, message: 'New secret made: copy it now, it is not shown again', data: await withSecret(request.params.id, secret) };
    },
  );

  fastify.post<{ Params: { id: string } }>(
    '/:id/resume',
    {
      onRequest: admin,
      schema: {
        tags: ['delivery'],
        summary: 'Resume a paused endpoint: what waited is sent, in order',
        security: bearer,
        params: idParams,
        response: { 200: envelope(endpointSchema) },
      },
    },
    async (request) => {
      await fastify.delivery.resume(request.params.id);
      request.log.info({ actor: request.currentUser?.id, endpointId: request.params.id }, 'delivery endpoint resumed');
      return { success: true, message: 'Endpoint resumed', data: await endpointsRepository.find(fastify.db, request.params.id) };
    },
  );

  fastify.post<{ Params: { id: string } }>(
    '/:id/test',
    {
      onRequest: admin,
      schema: {
        tags: ['delivery'],
        summary: 'Send a test message (event type callboard.test); its delivery shows whether it arrived',
        security: bearer,
        params: idParams,
        response: { 202: envelope(deliverySchema) },
      },
    },
    async (request, reply) => {
      const endpoint = await endpointsRepository.find(fastify.db, request.params.id);
      if (!endpoint) throw notFound(DELIVERY_MESSAGES.endpointNotFound);
      const sender = request.currentUser!;
      const id = await fastify.delivery.deliverToEndpoint(endpoint.id, {
        source: { kind: 'test', id: endpoint.id },
        subject: `Test message to ${endpoint.name}`,
        text: `${sender.name || sender.email} sent this test from Callboard. If you read it, ${endpoint.name} receives Callboard's messages.`,
        link: endpointScreenLink(endpoint.id),
        event: { type: 'callboard.test', payload: { endpoint: { id: endpoint.id, name: endpoint.name }, sentBy: sender.email } },
      });
      const message = endpoint.pausedAt ? 'Test queued: the endpoint is paused, so it is sent once an admin resumes it' : 'Test message queued';
      return reply.code(202).send({ success: true, message, data: await deliveriesRepository.find(fastify.db, id) });
    },
  );
}
