import {
  BULK_UPDATE_MAX_IDS,
  DISPOSITIONS,
  RECORDS_DEFAULT_LIMIT,
  RECORDS_MAX_LIMIT,
  SORTABLE_COLUMNS,
  type BulkUpdateBody,
  type CallRecord,
  type RecordsParams,
  type SortColumn,
} from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../../../http/http-error';
import { callFilterQuerySchema, parseCallFilter } from '../../../domain/calls/call-filter';
import { redisposition } from '../../../domain/calls/calls-writer';
import { findCallDetail, findRecordsPage } from '../../../domain/calls/records-repository';
import { bearer } from '../schemas';

const callIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } },
} as const;

export default async function callRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);

  /** A call as it leaves: a recording on this server gets a signed link an <audio> element can play. */
  const withRecordingLink = <T extends CallRecord>(call: T): T =>
    call.recordingUrl === null ? call : { ...call, recordingUrl: fastify.recordingLinks.link(call.recordingUrl) };

  fastify.get<{ Querystring: RecordsParams & { page: number; limit: number; sortBy: SortColumn; sortDir: 'asc' | 'desc' } }>(
    '/records',
    {
      schema: {
        tags: ['calls'],
        summary: 'A page of call records with the exact total for the same filters',
        security: bearer,
        querystring: {
          type: 'object',
          properties: {
            ...callFilterQuerySchema,
            page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: RECORDS_MAX_LIMIT, default: RECORDS_DEFAULT_LIMIT },
            sortBy: { type: 'string', enum: SORTABLE_COLUMNS, default: 'callTimestamp' },
            sortDir: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
          },
        },
      },
    },
    async (request) => {
      const { page, limit, sortBy, sortDir } = request.query;
      const { records, total } = await fastify.sharedRead(request, () =>
        findRecordsPage(fastify.db, parseCallFilter(request.query), { sortBy, sortDir, limit, offset: (page - 1) * limit }),
      );
      // The page may be shared with identical requests (sharedRead): each answer signs its own copy.
      return { success: true, data: records.map(withRecordingLink), meta: { total, page, pages: Math.ceil(total / limit), limit } };
    },
  );

  fastify.get<{ Params: { id: string } }>(
    '/records/:id',
    { schema: { tags: ['calls'], summary: 'One call with its audit history', security: bearer, params: callIdParams } },
    async (request) => {
      const call = await findCallDetail(fastify.db, request.params.id);
      if (!call) throw notFound('Call not found');
      return { success: true, data: withRecordingLink(call) };
    },
  );

  fastify.put<{ Body: BulkUpdateBody }>(
    '/bulk-update',
    {
      onRequest: fastify.requirePermission('redispositionCalls'),
      schema: {
        tags: ['calls'],
        summary: 'Re-disposition many calls at once (reviewer or admin); all or nothing, audited',
        security: bearer,
        body: {
          type: 'object',
          required: ['ids', 'set'],
          additionalProperties: false,
          properties: {
            ids: { type: 'array', minItems: 1, maxItems: BULK_UPDATE_MAX_IDS, items: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } },
            set: {
              type: 'object',
              required: ['status'],
              additionalProperties: false,
              properties: {
                status: { type: 'string', enum: [...DISPOSITIONS] },
                sub_disposition: { type: ['string', 'null'], maxLength: 200 },
                reason: { type: ['string', 'null'], maxLength: 2000 },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { ids, set } = request.body;
      const clean = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());
      const result = await redisposition(fastify.db, request.currentUser!.id, [...new Set(ids)], {
        status: set.status,
        sub_disposition: clean(set.sub_disposition),
        reason: clean(set.reason),
      }, (change) => void fastify.callsChanges.publish(change));
      if (result.missing.length > 0) {
        throw new HttpError(404, 'NOT_FOUND', `No call has id ${result.missing.slice(0, 10).join(', ')}${result.missing.length > 10 ? '…' : ''}; nothing was changed`);
      }
      request.log.info({ actor: request.currentUser?.id, ids: ids.length, status: set.status, updated: result.updated }, 'bulk re-disposition');
      return { success: true, message: `${result.updated} call${result.updated === 1 ? '' : 's'} updated`, data: { updated: result.updated } };
    },
  );
}
