import { PARTNER_KEY_PREFIX } from '@callboard/contract/partner-keys';
import { INGEST_KEY_MESSAGES } from '@callboard/contract/ingest-keys';
import {
  CHANGE_KINDS,
  CHANGES_DEFAULT_LIMIT,
  CHANGES_FORMATS,
  CHANGES_HAS_MORE_HEADER,
  CHANGES_MAX_LIMIT,
  CHANGES_MESSAGES,
  CHANGES_NEXT_AFTER_HEADER,
  parseChangesQuery,
  type ChangesMeta,
} from '@callboard/contract/changes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated, validationFailed } from '../../../http/http-error';
import { changesCsv } from '../../../domain/changes/changes-csv';
import { changesJson, readWrittenChanges } from '../../../domain/changes/read-changes';
import { checkIngestKey } from '../../../domain/ingest/ingest-keys';
import { currentPartnerScope } from '../../../domain/partners/request-scope';
import { SHEET_CONTENT_TYPES } from '../../../domain/export/sheet-writer';

export interface ChangeRouteOptions {
  /** CHANGE_LOG_RETENTION_DAYS, for the message to a reader that fell behind retention. */
  retentionDays: number;
}

/** An ingest key in X-Api-Key (a partner's `cbp_` key is authentication's: plugins/app/auth/authentication.ts). */
function presentedIngestKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  return key && !key.startsWith(PARTNER_KEY_PREFIX) ? key : undefined;
}

/**
 * GET /api/changes (contract/src/changes.ts): the change log a page at a time, for BI tools. Read by a signed-in
 * person of the network, by an ingest key holding the `read` scope (INGEST_API_KEY is a delivering key and
 * reads nothing here), or by a partner (its session, a view as it, or its own API key), who reads only its own
 * calls' changes and fields: its statements run behind the partner wall, and readChanges narrows them again.
 */
export default async function changeRoutes(fastify: FastifyInstance, options: ChangeRouteOptions): Promise<void> {
  fastify.addHook('onRequest', async (request) => {
    const key = presentedIngestKey(request);
    if (key === undefined) return fastify.authenticate(request);
    const verdict = await checkIngestKey(fastify.db, key, undefined, 'read');
    if (verdict.check === 'refused') throw unauthenticated('A valid X-Api-Key header is required');
    if (verdict.check === 'scope-missing') throw forbidden(INGEST_KEY_MESSAGES.scopeMissing('read'));
  });

  fastify.get<{ Querystring: Record<string, string> }>(
    '',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['changes'],
        summary: 'Every change to a call, in the order the changes committed, after a sequence number',
        description:
          `Pass the last \`seq\` you read as \`after\` (0 for the oldest change kept); \`meta.nextAfter\` is the next page's. ` +
          `At most ${CHANGES_MAX_LIMIT} changes a page (${CHANGES_DEFAULT_LIMIT} by default), of the \`kinds\` named (${CHANGE_KINDS.join(', ')}), ` +
          `as JSON or CSV (the next page's \`after\` in the \`${CHANGES_NEXT_AFTER_HEADER}\` header). ` +
          'A signed-in user, an ingest key with the `read` scope, or a partner (its own calls and fields only).',
        security: [{ bearer: [] }, { apiKey: [] }],
        querystring: {
          type: 'object',
          properties: {
            after: { type: 'string', description: CHANGES_MESSAGES.after },
            limit: { type: 'string', description: CHANGES_MESSAGES.limit },
            kinds: { type: 'string', description: `comma-separated: ${CHANGE_KINDS.join(', ')}` },
            format: { type: 'string', description: CHANGES_FORMATS.join(' or ') },
          },
        },
      },
    },
    async (request, reply) => {
      const query = parseChangesQuery(request.query);
      if (Array.isArray(query)) throw validationFailed(query);
      const page = await readWrittenChanges(fastify.db, { after: query.after, limit: query.limit, kinds: query.kinds, scope: currentPartnerScope() });
      if (query.after > 0 && query.after < page.prunedThrough) {
        throw validationFailed([{ field: 'after', message: CHANGES_MESSAGES.pruned(query.after, page.prunedThrough, options.retentionDays) }]);
      }
      reply.header('cache-control', 'no-store');
      if (query.format === 'csv') {
        return reply
          .header('content-type', SHEET_CONTENT_TYPES.csv)
          .header('content-disposition', `attachment; filename="changes-after-${query.after}.csv"`)
          .header(CHANGES_NEXT_AFTER_HEADER, String(page.nextAfter))
          .header(CHANGES_HAS_MORE_HEADER, String(page.hasMore))
          .send(await changesCsv(page.changes));
      }
      // Written out as one string: each change's `changed` as the log holds it (readWrittenChanges).
      const meta: ChangesMeta = { after: query.after, nextAfter: page.nextAfter, limit: query.limit, hasMore: page.hasMore };
      return reply.header('content-type', 'application/json; charset=utf-8').send(`{"success":true,"data":${changesJson(page.changes)},"meta":${JSON.stringify(meta)}}`);
    },
  );
}
