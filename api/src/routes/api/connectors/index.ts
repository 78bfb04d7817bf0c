import {
  CONNECTOR_MESSAGES,
  CONNECTOR_OUTCOMES,
  parseConnectorBody,
  type ConnectorBody,
  type ParsedConnectorBody,
} from '@callboard/contract/connectors';
import { CALLBOARD_FIELDS, FIELD_TRANSFORMS, PLATFORMS, type Platform } from '@callboard/contract/platforms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, validationFailed } from '../../../http/http-error';
import { listConnectorEvents } from '../../../domain/connectors/connector-events';
import {
  createConnector,
  deleteConnector,
  findConnector,
  listConnectors,
  rotateConnectorSecret,
  updateConnector,
} from '../../../domain/connectors/connectors-repository';
import { bearer, messageSchema } from '../schemas';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } } as const;

const mappingEntrySchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    field: { type: 'string', enum: [...CALLBOARD_FIELDS] },
    transform: { type: 'string', enum: [...FIELD_TRANSFORMS] },
    token: { type: 'string' },
  },
} as const;

const connectorSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    platform: { type: 'string', enum: [...PLATFORMS] },
    timeZone: { type: 'string' },
    enabled: { type: 'boolean' },
    mapping: { type: 'array', items: mappingEntrySchema },
    token: { type: 'string' },
    url: { type: 'string' },
    templates: {
      type: 'array',
      items: { type: 'object', properties: { on: { type: 'string' }, note: { type: 'string' }, url: { type: 'string' }, body: { type: 'string' } } },
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    tokenRotatedAt: { type: 'string', format: 'date-time' },
    lastEventAt: { type: ['string', 'null'], format: 'date-time' },
    heldCalls: { type: 'integer' },
  },
} as const;

const oneConnector = { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: connectorSchema } } as const;

const eventSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    receivedAt: { type: 'string', format: 'date-time' },
    method: { type: 'string' },
    contentType: { type: ['string', 'null'] },
    payload: { type: 'object', additionalProperties: true },
    outcome: { type: 'string', enum: [...CONNECTOR_OUTCOMES] },
    reason: { type: ['string', 'null'] },
    platformCallId: { type: ['string', 'null'] },
    callId: { type: ['string', 'null'] },
  },
} as const;

// Loose on purpose: parseConnectorBody (contract) words every problem, each under its field, for the form and the API alike.
const connectorBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { description: 'What the connector is for, e.g. "Ringba – main account" (1 to 100 characters)' },
    platform: { description: `One of ${PLATFORMS.join(', ')}; its preset mapping and templates` },
    timeZone: { description: 'IANA time zone a date without an offset is read in (default America/New_York)' },
    enabled: { description: 'Whether events are accepted (default true)' },
    mapping: { description: 'A list of { name, field, transform, token? }: the platform’s name for a value → the Callboard field it fills. Default: the platform’s preset' },
  },
} as const;

/** The origin the admin reached this server at: the URL to paste is built on it (TRUST_PROXY decides what a proxy may say). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function checked(body: unknown, creating: boolean): ParsedConnectorBody {
  const { value, errors } = parseConnectorBody(body, creating);
  if (errors.length > 0) throw validationFailed(errors);
  return value;
}

/**
 * Admins (manageIngestKeys: a connector is a way in for calls, as an ingest key is) manage the connectors:
 * everything the connectors screen shows comes from here, the URL and templates to paste and the last 50
 * events included. Closed to partners (no `partner: 'scoped'`).
 */
export default async function connectorRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  fastify.addHook('onRequest', fastify.requirePermission('manageIngestKeys'));

  const answer = async (request: FastifyRequest, id: string) => {
    const connector = await findConnector(fastify.db, id, originOf(request));
    if (!connector) throw notFound(CONNECTOR_MESSAGES.notFound);
    return connector;
  };

  fastify.get(
    '',
    {
      schema: {
        tags: ['connectors'],
        summary: 'The inbound connectors, each with its URL and templates to paste',
        security: bearer,
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: connectorSchema } } } },
      },
    },
    async (request) => ({ success: true, data: await listConnectors(fastify.db, originOf(request)) }),
  );

  fastify.post<{ Body: ConnectorBody }>(
    '',
    {
      schema: {
        tags: ['connectors'],
        summary: "Create a connector: its mapping is the platform's preset unless one is given",
        security: bearer,
        body: connectorBody,
        response: { 201: oneConnector },
      },
    },
    async (request, reply) => {
      const body = checked(request.body, true) as ParsedConnectorBody & { name: string; platform: Platform };
      const id = await createConnector(fastify.db, body, request.currentUser?.id ?? null);
      request.log.info({ actor: request.currentUser?.id, connectorId: id, platform: body.platform }, 'connector created');
      return reply.code(201).send({ success: true, message: 'Connector created: paste its URL into the platform', data: await answer(request, id) });
    },
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id',
    { schema: { tags: ['connectors'], summary: 'One connector, with its URL and templates', security: bearer, params: idParams, response: { 200: oneConnector } } },
    async (request) => ({ success: true, data: await answer(request, request.params.id) }),
  );

  fastify.put<{ Params: { id: string }; Body: Partial<ConnectorBody> }>(
    '/:id',
    {
      schema: {
        tags: ['connectors'],
        summary: "Change a connector's name, platform, time zone, mapping or whether it is enabled (a new platform without a mapping takes its preset)",
        security: bearer,
        params: idParams,
        body: connectorBody,
        response: { 200: oneConnector },
      },
    },
    async (request) => {
      const body = checked(request.body, false);
      if (!(await updateConnector(fastify.db, request.params.id, body))) throw notFound(CONNECTOR_MESSAGES.notFound);
      request.log.info({ actor: request.currentUser?.id, connectorId: request.params.id, changed: Object.keys(body) }, 'connector changed');
      return { success: true, message: 'Connector saved', data: await answer(request, request.params.id) };
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['connectors'],
        summary: 'Delete a connector with its events (the calls it made stay); its URL stops working',
        security: bearer,
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      if (!(await deleteConnector(fastify.db, request.params.id))) throw notFound(CONNECTOR_MESSAGES.notFound);
      request.log.info({ actor: request.currentUser?.id, connectorId: request.params.id }, 'connector deleted');
      return { success: true, message: 'Connector deleted' };
    },
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id/events',
    {
      schema: {
        tags: ['connectors'],
        summary: 'The last 50 events the connector received, newest first, each with what it became or why it was rejected',
        security: bearer,
        params: idParams,
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: eventSchema } } } },
      },
    },
    async (request) => {
      await answer(request, request.params.id);
      return { success: true, data: await listConnectorEvents(fastify.db, request.params.id) };
    },
  );

  fastify.post<{ Params: { id: string } }>(
    '/:id/rotate-secret',
    {
      schema: {
        tags: ['connectors'],
        summary: 'A new token: the old one stops working at once; paste the new URL into the platform',
        security: bearer,
        params: idParams,
        response: { 200: oneConnector },
      },
    },
    async (request) => {
      if (!(await rotateConnectorSecret(fastify.db, request.params.id))) throw notFound(CONNECTOR_MESSAGES.notFound);
      request.log.info({ actor: request.currentUser?.id, connectorId: request.params.id }, 'connector token rotated');
      return { success: true, message: 'New token: paste the new URL into the platform', data: await answer(request, request.params.id) };
    },
  );
}
