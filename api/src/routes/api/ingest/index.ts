import { INGEST_BATCH_MAX } from '@callboard/contract';
import { INGEST_KEY_MESSAGES, type IngestScope } from '@callboard/contract/ingest-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../../../http/http-error';
import { ingestCalls, ingestVerdicts, type AnnounceChange } from '../../../domain/calls/calls-writer';
import { checkIngestKey } from '../../../domain/ingest/ingest-keys';
import type { AcceptedIngestKeys } from '../../../domain/rate-limit/accepted-ingest-keys';
import { createWriteTurns, type WriteTurns } from '../../../domain/ingest/ingest-write-queue';

const apiKey = [{ apiKey: [] }];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an ingest key must hold to use this route (contract/src/ingest-keys.ts). */
    ingestScope?: IngestScope;
  }
  interface FastifyRequest {
    /** The accepted ingest key, as the change log names who delivered (domain/changes/change-actor.ts). */
    ingestActor?: string;
  }
}

/** Machine endpoints: the tracking platform and the QC bot, authenticated by X-Api-Key, not by a person's session. */
export interface IngestRouteOptions {
  ingestApiKey: string | undefined;
  /** Told of each accepted key, so the rate limit gives it a budget of its own from then on. */
  acceptedKeys: AcceptedIngestKeys;
  /** INGEST_CONCURRENCY: call deliveries written to the database at once (ingest-write-queue.ts). */
  concurrency: number;
  /** The turns deliveries are written in, when shared with the connectors' route (app.ts); default: turns of `concurrency` of their own. */
  writeTurns?: WriteTurns;
  /** REPEAT_WINDOW_DAYS: the window deliveries decide repeat callers with (domain/calls/repeat-window.ts). */
  repeatWindowDays: number;
}

export default async function ingestRoutes(fastify: FastifyInstance, options: IngestRouteOptions): Promise<void> {
  const inTurn = options.writeTurns ?? createWriteTurns(options.concurrency);
  // Once the write has committed: every instance's open event streams read it from the change log.
  const announce: AnnounceChange = () => void fastify.callsChanges.publish();

  fastify.decorateRequest('ingestActor', undefined);

  // Every route here names the scope it needs: one without would be open to any valid key.
  fastify.addHook('onRoute', (route) => {
    if (!route.config?.ingestScope) throw new Error(`ingest route ${String(route.method)} ${route.url} names no ingestScope`);
  });

  // onRequest, before the body is read: a refused key is refused whatever it sent.
  fastify.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers['x-api-key'];
    const presented = Array.isArray(header) ? header[0] : header;
    const scope = request.routeOptions.config.ingestScope!;
    const verdict = await checkIngestKey(fastify.db, presented, options.ingestApiKey, scope);
    if (verdict.check === 'refused') {
      request.log.warn({ ip: request.ip }, 'ingest refused: bad API key');
      throw unauthenticated('A valid X-Api-Key header is required');
    }
    // The error handler logs the 403 with its message, which names the scope.
    if (verdict.check === 'scope-missing') throw forbidden(INGEST_KEY_MESSAGES.scopeMissing(scope));
    options.acceptedKeys.remember(presented!);
    request.ingestActor = verdict.actor;
  });

  fastify.post<{ Body: { calls: unknown[] } }>(
    '/calls',
    {
      // The tracking platform delivering, not the dashboard in use (export-pacing.ts).
      config: { machine: true, ingestScope: 'calls' },
      schema: {
        tags: ['ingest'],
        summary: 'Deliver calls (1 to 1000); the same systemCallId again updates that call',
        security: apiKey,
        body: {
          type: 'object',
          required: ['calls'],
          properties: { calls: { type: 'array', minItems: 1, maxItems: INGEST_BATCH_MAX, items: {} } },
        },
      },
    },
    async (request) => {
      const result = await ingestCalls(fastify.db, request.body.calls, inTurn, announce, options.repeatWindowDays, request.ingestActor);
      request.log.info({ inserted: result.inserted, updated: result.updated, rejected: result.rejected.length }, 'calls ingested');
      return { success: true, data: result };
    },
  );

  fastify.post<{ Body: { results: unknown[] } }>(
    '/qc',
    {
      // The QC bot delivering, not the dashboard in use (export-pacing.ts).
      config: { machine: true, ingestScope: 'qc' },
      schema: {
        tags: ['ingest'],
        summary: "Deliver the QC bot's verdicts (1 to 1000)",
        security: apiKey,
        body: {
          type: 'object',
          required: ['results'],
          properties: { results: { type: 'array', minItems: 1, maxItems: INGEST_BATCH_MAX, items: {} } },
        },
      },
    },
    async (request) => ({ success: true, data: await ingestVerdicts(fastify.db, request.body.results, announce, request.ingestActor) }),
  );
}
