import { INGEST_BATCH_MAX } from '@callboard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../../../http/http-error';
import { ingestCalls, ingestVerdicts, type AnnounceChange } from '../../../domain/calls/calls-writer';
import { acceptIngestKey } from '../../../domain/ingest/ingest-keys';
import { createWriteTurns } from '../../../domain/ingest/ingest-write-queue';

const apiKey = [{ apiKey: [] }];

/** Machine endpoints: the tracking platform and the QC bot, authenticated by X-Api-Key, not by a person's session. */
export interface IngestRouteOptions {
  ingestApiKey: string | undefined;
  /** INGEST_CONCURRENCY: call deliveries written to the database at once (ingest-write-queue.ts). */
  concurrency: number;
}

export default async function ingestRoutes(fastify: FastifyInstance, options: IngestRouteOptions): Promise<void> {
  const inTurn = createWriteTurns(options.concurrency);
  // Once the write has committed: every instance's open event streams hear of it.
  const announce: AnnounceChange = (change) => void fastify.callsChanges.publish(change);

  fastify.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers['x-api-key'];
    const presented = Array.isArray(header) ? header[0] : header;
    if (!(await acceptIngestKey(fastify.db, presented, options.ingestApiKey))) {
      request.log.warn({ ip: request.ip }, 'ingest refused: bad API key');
      throw unauthenticated('A valid X-Api-Key header is required');
    }
  });

  fastify.post<{ Body: { calls: unknown[] } }>(
    '/calls',
    {
      // The tracking platform delivering, not the dashboard in use (export-pacing.ts).
      config: { machine: true },
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
      const result = await ingestCalls(fastify.db, request.body.calls, inTurn, announce);
      request.log.info({ inserted: result.inserted, updated: result.updated, rejected: result.rejected.length }, 'calls ingested');
      return { success: true, data: result };
    },
  );

  fastify.post<{ Body: { results: unknown[] } }>(
    '/qc',
    {
      // The tracking platform delivering, not the dashboard in use (export-pacing.ts).
      config: { machine: true },
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
    async (request) => ({ success: true, data: await ingestVerdicts(fastify.db, request.body.results, announce) }),
  );
}
