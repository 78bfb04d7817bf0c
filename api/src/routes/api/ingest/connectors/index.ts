import { CONNECTOR_OUTCOMES } from '@callboard/contract/connectors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sjson from 'secure-json-parse';
import { HttpError } from '../../../../http/http-error';
import type { AnnounceChange } from '../../../../domain/calls/calls-writer';
import { pruneConnectorMemory } from '../../../../domain/connectors/connector-pruning';
import { admitConnectorEvent, receiveConnectorEvent, type ConnectorRequest } from '../../../../domain/connectors/connector-receiver';
import { connectorCredential, presentedConnectorToken } from '../../../../domain/connectors/connector-secrets';
import type { WriteTurns } from '../../../../domain/ingest/ingest-write-queue';
import type { AcceptedIngestKeys } from '../../../../domain/rate-limit/accepted-ingest-keys';

export interface ConnectorReceiveOptions {
  /** The ingest routes' turns (app.ts): a connector's events are written in the same queue as a delivery's. */
  writeTurns: WriteTurns;
  /** Told of each connector token accepted, so its connector spends a rate-limit budget of its own, as an ingest key does. */
  acceptedKeys: AcceptedIngestKeys;
  /** REPEAT_WINDOW_DAYS, as the ingest routes have it. */
  repeatWindowDays: number;
}

/** The job runner's queue that forgets what connectors no longer keep (domain/connectors/connector-pruning.ts). */
export const CONNECTOR_PRUNE_QUEUE = 'connectors-prune';

/** One pixel or postback is small; this leaves room for a platform's whole call record and then some. */
const BODY_LIMIT_BYTES = 256 * 1024;

/** A form body's fields; a name sent twice is a list (the mapping refuses it as sent more than once). */
function formFields(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(text)) {
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return fields;
}

const receiptSchema = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    data: {
      type: 'object',
      properties: {
        outcome: { type: 'string', enum: CONNECTOR_OUTCOMES.filter((o) => o !== 'rejected') },
        reason: { type: ['string', 'null'] },
        platformCallId: { type: 'string' },
      },
    },
  },
} as const;

/**
 * Where the tracking platforms send, as they send (docs/integrations.md, "Connectors"): GET with the values in
 * the query string, or POST with them as a form or JSON (a nested key by its dotted path), the connector's token
 * in the `token` parameter or a header. Not the ingest routes' X-Api-Key: a platform's pixel cannot send one.
 */
export default async function connectorReceiveRoutes(fastify: FastifyInstance, options: ConnectorReceiveOptions): Promise<void> {
  const announce: AnnounceChange = () => void fastify.callsChanges.publish();
  const writes = { db: fastify.db, inTurn: options.writeTurns, announce, repeatWindowDays: options.repeatWindowDays };

  // In this plugin only: the rest of the API takes JSON alone (plugins/external/json-body.ts).
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, formFields(typeof body === 'string' ? body : body.toString('utf8')));
  });
  // Some platforms post JSON, or a form, labelled as plain text.
  fastify.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    const text = (typeof body === 'string' ? body : body.toString('utf8')).trim();
    if (!text.startsWith('{')) return done(null, formFields(text));
    try {
      done(null, sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new HttpError(400, 'VALIDATION_ERROR', 'Request body is not valid JSON'), undefined);
    }
  });

  const handler = async (request: FastifyRequest<{ Params: { connectorId: string } }>) => {
    const received: ConnectorRequest = {
      connectorId: request.params.connectorId,
      method: request.method,
      contentType: request.headers['content-type']?.slice(0, 200) ?? null,
      query: request.query,
      body: request.body,
      token: presentedConnectorToken(request.query, request.headers),
    };
    const connector = await admitConnectorEvent(fastify.db, received);
    options.acceptedKeys.remember(connectorCredential(connector.id, received.token!));
    const receipt = await receiveConnectorEvent(writes, connector, received);
    request.log.info({ connectorId: connector.id, outcome: receipt.outcome, platformCallId: receipt.platformCallId }, 'connector event received');
    return { success: true, data: receipt };
  };

  const schema = {
    tags: ['ingest'],
    params: { type: 'object', required: ['connectorId'], properties: { connectorId: { type: 'string', maxLength: 100 } } },
    response: { 200: receiptSchema },
  };
  // The platform sending, not the dashboard in use (export-pacing.ts).
  const config = { machine: true };
  fastify.get('/:connectorId', {
    config,
    schema: { ...schema, summary: "A platform's pixel or webhook, its values in the query string (token: the token parameter)" },
  }, handler);
  fastify.post('/:connectorId', {
    config,
    bodyLimit: BODY_LIMIT_BYTES,
    schema: { ...schema, summary: "A platform's webhook or postback, as a form or JSON, in the platform's names" },
  }, handler);

  // What connectors no longer keep is forgotten once an hour, once across instances.
  await fastify.jobs.work(CONNECTOR_PRUNE_QUEUE, async () => {
    const pruned = await pruneConnectorMemory(fastify.db);
    if (pruned.expiredHeld + pruned.forgotten > 0) fastify.log.info(pruned, 'connector memory pruned');
  });
  await fastify.jobs.every(CONNECTOR_PRUNE_QUEUE, '23 * * * *');
}
