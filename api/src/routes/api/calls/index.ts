import { BULK_UPDATE_MAX_IDS, DISPOSITIONS, RECORDS_DEFAULT_LIMIT, RECORDS_MAX_LIMIT, SORTABLE_COLUMNS, type BulkUpdateBody, type BulkUpdateResult, type CallChangeResult, type CallDetailParams, type CallRecord, type DispositionBody, type FieldError, type UndoResult, type RecordsParams, type SortColumn } from '@callboard/contract';
import { RECORDS_CURSOR_FIELD, RECORDS_CURSOR_MESSAGES, parseRecordsCursor, type RecordsCursorKey } from '@callboard/contract/records-cursor';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound, validationFailed } from '../../../http/http-error';
import { callFilterQuerySchema, parseCallFilter, transcriptQuery } from '../../../domain/calls/call-filter';
import { redisposition, restoreVerdict, undoChange, type DispositionChange } from '../../../domain/calls/call-changes';
import { findCallDetail, findRecordsPage } from '../../../domain/calls/records-repository';
import { findCallMatches, isTooCommonSearch } from '../../../domain/calls/transcript-search';
import { partnerMaySortBy, visibleDetail, visibleRecord } from '../../../domain/partners/field-visibility';
import { currentPartnerScope } from '../../../domain/partners/request-scope';
import { withVisibleRepeats } from '../../../domain/partners/visible-repeats';
import { bearer } from '../schemas';

const callIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } },
} as const;

const changeIdParams = {
  type: 'object',
  required: ['changeId'],
  properties: { changeId: { type: 'string', format: 'uuid' } },
} as const;

/** A person's verdict, as the bulk update's `set` and the body of one call's disposition hold it. */
const dispositionSchema = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...DISPOSITIONS] },
    sub_disposition: { type: ['string', 'null'], maxLength: 200 },
    reason: { type: ['string', 'null'], maxLength: 2000 },
  },
} as const;

/** Texts are trimmed and a blank one stored as null; undefined keeps what the call holds. */
const cleanText = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());
const cleanDisposition = (body: DispositionBody): DispositionChange => ({
  status: body.status,
  sub_disposition: cleanText(body.sub_disposition),
  reason: cleanText(body.reason),
});

/** The place a records request pages from, if it gave a cursor; a bad one, or one beside `page` or another sort, is a 400. */
function recordsCursor(query: RecordsParams & { sortBy: SortColumn }): RecordsCursorKey | undefined {
  if (query.cursor === undefined) return undefined;
  const key = parseRecordsCursor(query.cursor);
  if ('field' in key) throw validationFailed([key]);
  if (query.page !== undefined) throw validationFailed([{ field: RECORDS_CURSOR_FIELD, message: RECORDS_CURSOR_MESSAGES.withPage }]);
  if (query.sortBy !== 'callTimestamp') throw validationFailed([{ field: RECORDS_CURSOR_FIELD, message: RECORDS_CURSOR_MESSAGES.unsortable }]);
  return key;
}

export default async function callRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);

  /** A call as it leaves: a recording on this server gets a signed link an <audio> element can play. */
  const publish = (...change: Parameters<typeof fastify.callsChanges.publish>) => void fastify.callsChanges.publish(...change);

  const withRecordingLink = <T extends CallRecord>(call: T): T =>
    call.recordingUrl === null ? call : { ...call, recordingUrl: fastify.recordingLinks.link(call.recordingUrl) };

  /**
   * The calls of an answer as the reader may see them: a partner's without the fields its scope does not give
   * (domain/partners/field-visibility.ts) and without other sources' call ids; then each recording link left
   * is signed, so a partner without recordings is never issued one. Applied after sharedRead, whose answers
   * are shared per scope, not per account's field settings.
   */
  const forReader = async <T extends CallRecord>(calls: T[], visible: (call: T) => T): Promise<T[]> => {
    const scope = currentPartnerScope();
    const seen = scope ? await withVisibleRepeats(fastify.db, scope, calls.map(visible)) : calls;
    return seen.map(withRecordingLink);
  };

  /** Sorting by a value the partner reads masked, hidden or not at all would tell those values apart. */
  const refuseUnreadableSort = (sortBy: SortColumn) => {
    const scope = currentPartnerScope();
    if (scope && !partnerMaySortBy(scope, sortBy)) throw validationFailed([{ field: 'sortBy', message: `sortBy: this account cannot sort by ${sortBy}` }]);
  };

  fastify.get<{ Querystring: RecordsParams & { limit: number; sortBy: SortColumn; sortDir: 'asc' | 'desc' } }>(
    '/records',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['calls'],
        summary: 'A page of call records (by number, or by time after a cursor) with the exact total for the same filters',
        security: bearer,
        querystring: {
          type: 'object',
          properties: {
            ...callFilterQuerySchema,
            // No default: a page number beside a cursor is refused, and only a number given can be told apart.
            page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
            cursor: { type: 'string', maxLength: 64 },
            limit: { type: 'integer', minimum: 1, maximum: RECORDS_MAX_LIMIT, default: RECORDS_DEFAULT_LIMIT },
            sortBy: { type: 'string', enum: SORTABLE_COLUMNS, default: 'callTimestamp' },
            sortDir: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
          },
        },
      },
    },
    async (request) => {
      const { limit, sortBy, sortDir } = request.query;
      refuseUnreadableSort(sortBy);
      const after = recordsCursor(request.query);
      const page = request.query.page ?? 1;
      const filter = parseCallFilter(request.query);
      const { records, total, nextCursor } = await fastify.sharedRead(request, () =>
        findRecordsPage(fastify.db, filter, { sortBy, sortDir, limit, offset: after ? 0 : (page - 1) * limit, after }),
      );
      // The page may be shared with identical requests (sharedRead): each answer makes its own copy.
      const scope = currentPartnerScope();
      const data = await forReader(records, (call) => visibleRecord(scope, call));
      // Nothing found for a search of stop words alone: the answer says so, so the screen can tell why.
      const tooCommon = filter.q !== undefined && total === 0 && (await isTooCommonSearch(fastify.db, filter.q)) ? { qTooCommon: true as const } : {};
      // A page after a cursor has no number: calls arriving above it would change it.
      if (after) return { success: true, data, meta: { total, limit, nextCursor, ...tooCommon } };
      return { success: true, data, meta: { total, page, pages: Math.ceil(total / limit), limit, nextCursor, ...tooCommon } };
    },
  );

  fastify.get<{ Params: { id: string }; Querystring: CallDetailParams }>(
    '/records/:id',
    {
      // A call outside the partner's scope or history is not found (404, not 403: existence is not revealed).
      config: { partner: 'scoped' },
      schema: {
        tags: ['calls'],
        summary: 'One call with its audit history; with q, where its texts hold the words q matches',
        security: bearer,
        params: callIdParams,
        querystring: { type: 'object', properties: { q: callFilterQuerySchema.q } },
      },
    },
    async (request) => {
      const errors: FieldError[] = [];
      const q = transcriptQuery(request.query.q, errors);
      const scope = currentPartnerScope();
      // The words' places in the transcript are the transcript's: not for an account that does not read it.
      if (q !== undefined && scope && !scope.transcripts) errors.push({ field: 'q', message: 'Transcript search is not available to this account' });
      if (errors.length > 0) throw validationFailed(errors);
      // Behind the partner wall the row of another source's call, or one before the history start, is not there.
      const call = await findCallDetail(fastify.db, request.params.id);
      if (!call) throw notFound('Call not found');
      const matches = q === undefined ? undefined : await findCallMatches(fastify.db, request.params.id, q);
      const [data] = await forReader([matches ? { ...call, matches } : call], (detail) => visibleDetail(scope, detail));
      return { success: true, data };
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
            set: dispositionSchema,
          },
        },
      },
    },
    async (request) => {
      const { ids, set } = request.body;
      const result = await redisposition(fastify.db, request.currentUser!.id, [...new Set(ids)], cleanDisposition(set), 'bulk', publish);
      if (result.missing.length > 0) {
        throw new HttpError(404, 'NOT_FOUND', `No call has id ${result.missing.slice(0, 10).join(', ')}${result.missing.length > 10 ? '…' : ''}; nothing was changed`);
      }
      request.log.info({ actor: request.currentUser?.id, ids: ids.length, status: set.status, updated: result.updated, changeId: result.changeId }, 'bulk re-disposition');
      const data: BulkUpdateResult = { updated: result.updated, changeId: result.changeId };
      return { success: true, message: `${result.updated} call${result.updated === 1 ? '' : 's'} updated`, data };
    },
  );

  /** The call as it now is, with its history, beside the change that made it so. */
  const changedCall = async (id: string, changeId: string | null): Promise<CallChangeResult> => {
    const call = await findCallDetail(fastify.db, id);
    if (!call) throw notFound('Call not found');
    return { ...withRecordingLink(call), changeId };
  };

  fastify.put<{ Params: { id: string }; Body: DispositionBody }>(
    '/:id/disposition',
    {
      onRequest: fastify.requirePermission('redispositionCalls'),
      schema: {
        tags: ['calls'],
        summary: 'Set one call’s disposition, sub-disposition and reason (reviewer or admin); audited, undoable',
        security: bearer,
        params: callIdParams,
        body: dispositionSchema,
      },
    },
    async (request) => {
      const { id } = request.params;
      const result = await redisposition(fastify.db, request.currentUser!.id, [id], cleanDisposition(request.body), 'set', publish);
      if (result.missing.length > 0) throw notFound('Call not found');
      request.log.info({ actor: request.currentUser?.id, callId: id, status: request.body.status, changeId: result.changeId }, 're-disposition');
      return { success: true, message: result.changeId ? 'Disposition saved' : 'The call already has this disposition', data: await changedCall(id, result.changeId) };
    },
  );

  fastify.post<{ Params: { id: string } }>(
    '/:id/restore-verdict',
    {
      onRequest: fastify.requirePermission('redispositionCalls'),
      schema: {
        tags: ['calls'],
        summary: 'Return one call to the AI’s verdict, so later verdicts apply to it again (reviewer or admin); audited, undoable',
        security: bearer,
        params: callIdParams,
      },
    },
    async (request) => {
      const { id } = request.params;
      const result = await restoreVerdict(fastify.db, request.currentUser!.id, id, publish);
      request.log.info({ actor: request.currentUser?.id, callId: id, changeId: result.changeId }, 'restore AI verdict');
      return { success: true, message: result.changeId ? 'AI verdict restored' : 'The call already follows the AI verdict', data: await changedCall(id, result.changeId) };
    },
  );

  fastify.post<{ Params: { changeId: string } }>(
    '/changes/:changeId/undo',
    {
      onRequest: fastify.requirePermission('redispositionCalls'),
      schema: {
        tags: ['calls'],
        summary: 'Undo one change set (its reviewer, or an admin; 403 for someone else’s): its calls return to what they were, unless changed since (409)',
        security: bearer,
        params: changeIdParams,
      },
    },
    async (request) => {
      const { changeId } = request.params;
      try {
        const result = await undoChange(fastify.db, request.currentUser!, changeId, publish);
        request.log.info({ actor: request.currentUser?.id, undone: changeId, changeId: result.changeId, restored: result.restored }, 'undo change');
        const data: UndoResult = { changeId: result.changeId, restored: result.restored, skipped: result.skipped };
        return { success: true, message: `Undone: ${result.restored} call${result.restored === 1 ? '' : 's'} restored`, data };
      } catch (error) {
        request.log.info({ actor: request.currentUser?.id, undone: changeId, refused: (error as Error).message }, 'undo change refused');
        throw error;
      }
    },
  );
}
