import type { CallFilterParams, StatsData } from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { callFilterQuerySchema, parseCallFilter } from '../../../domain/calls/call-filter';
import { totalsForRanges } from '../../../domain/calls/call-totals';
import { statsFromTotals, type FlagThresholds } from '../../../domain/calls/stats';
import { bearer } from '../schemas';

export default async function statsRoutes(fastify: FastifyInstance, options: { flagThresholds: FlagThresholds }): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);

  fastify.get<{ Querystring: CallFilterParams }>(
    '',
    {
      schema: {
        tags: ['calls'],
        summary: 'Counts per disposition, flags, and the same for the previous period of equal length',
        security: bearer,
        querystring: { type: 'object', properties: callFilterQuerySchema },
      },
    },
    async (request) => {
      const data = await fastify.sharedRead(request, () => stats(request.query));
      return { success: true, data };
    },
  );

  /** The stats for one query string: the same for whoever asks. */
  async function stats(query: CallFilterParams): Promise<StatsData> {
    const filter = parseCallFilter(query);
    const [current = [], previous = []] = await totalsForRanges(fastify.db, filter, [filter.range, filter.range.previous], 'counts');
    return {
      ...statsFromTotals(current, options.flagThresholds),
      range: { preset: filter.range.preset, from: filter.range.from.toISOString(), to: filter.range.to.toISOString() },
      previous: {
        ...statsFromTotals(previous, options.flagThresholds),
        range: { from: filter.range.previous.from.toISOString(), to: filter.range.previous.to.toISOString() },
      },
    };
  }
}
