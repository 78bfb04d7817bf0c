import { FILTER_DIMENSIONS, LIST_PARAM_MAX_LENGTH, PICKER_LIST_LIMIT, SEARCH_MAX_LENGTH, parseIdList, type CallFilterParams, type FilterDimension } from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { callFilterQuerySchema, parseCallFilter, type CallFilter } from '../../../domain/calls/call-filter';
import { dimensionOptions, dispositionOptions, type PickerRestriction } from '../../../domain/calls/filter-options';
import { namedOptions } from '../../../domain/calls/named-options';
import { currentPartnerScope } from '../../../domain/partners/request-scope';
import { partnerPicker } from '../../../domain/partners/partner-pickers';
import { validationFailed } from '../../../http/http-error';
import { bearer } from '../schemas';

type PickerQuery = CallFilterParams & { limit: number; ids?: string };

// `search` here narrows the picker's own list by name, not the calls by caller id.
// `ids` asks for exactly those options instead (a view opened from a link knows its ids, not their names).
const pickerQuery = {
  type: 'object',
  properties: {
    ...callFilterQuerySchema,
    search: { type: 'string', maxLength: SEARCH_MAX_LENGTH },
    ids: { type: 'string', maxLength: LIST_PARAM_MAX_LENGTH },
    limit: { type: 'integer', minimum: 1, maximum: PICKER_LIST_LIMIT, default: PICKER_LIST_LIMIT },
  },
} as const;

export default async function filterRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);

  /**
   * A picker's values: a partner's narrowed to what it may be offered (domain/partners/partner-pickers.ts).
   * The scope is part of sharedRead's key, so the narrowing may happen inside the shared compute.
   */
  const options = async (dimension: FilterDimension, query: PickerQuery) => {
    const { search, limit, ids, ...rest } = query;
    const idList = ids === undefined ? undefined : parseIdList('ids', ids);
    if (idList !== undefined && !Array.isArray(idList)) throw validationFailed([idList]);
    const filter = parseCallFilter(rest);
    const only = partnerPicker(currentPartnerScope(), dimension);
    if (only === 'closed') return [];
    if (idList !== undefined) return namedOptions(fastify.db, dimension, idList, filter.range, only);
    return dimensionOptions(fastify.db, dimension, filter, { search: search?.trim() || undefined, limit, only });
  };

  /** Every picker's list for the `/all` answer, each as its own route gives it. */
  const allOptions = (filter: CallFilter) =>
    Promise.all(
      FILTER_DIMENSIONS.map(async (d) => {
        const only: PickerRestriction | 'closed' | undefined = partnerPicker(currentPartnerScope(), d);
        return only === 'closed' ? [] : dimensionOptions(fastify.db, d, filter, { limit: PICKER_LIST_LIMIT, only });
      }),
    );

  for (const dimension of FILTER_DIMENSIONS) {
    fastify.get<{ Querystring: PickerQuery }>(
      `/${dimension}`,
      {
        config: { partner: 'scoped' },
        schema: {
          tags: ['filters'],
          summary: `The ${dimension} picker: every value with its calls under the other filters (not its own selection, not the caller-id search), busiest first; or, with ids, exactly those values`,
          security: bearer,
          querystring: pickerQuery,
        },
      },
      async (request) => ({ success: true, data: { [dimension]: await fastify.sharedRead(request, () => options(dimension, request.query)) } }),
    );
  }

  fastify.get<{ Querystring: CallFilterParams }>(
    '/dispositions',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['filters'],
        summary: 'The dispositions, with their calls in the date range',
        security: bearer,
        querystring: { type: 'object', properties: callFilterQuerySchema },
      },
    },
    async (request) => ({
      success: true,
      data: { dispositions: await fastify.sharedRead(request, () => dispositionOptions(fastify.db, parseCallFilter(request.query))) },
    }),
  );

  fastify.get<{ Querystring: CallFilterParams }>(
    '/all',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['filters'],
        summary: 'Every picker list and the dispositions in one answer',
        security: bearer,
        querystring: { type: 'object', properties: callFilterQuerySchema },
      },
    },
    async (request) => {
      const filter = parseCallFilter(request.query);
      const lists = await allOptions(filter);
      const data: Record<string, unknown> = Object.fromEntries(FILTER_DIMENSIONS.map((d, i) => [d, lists[i]]));
      data.dispositions = await dispositionOptions(fastify.db, filter);
      return { success: true, data };
    },
  );
}
