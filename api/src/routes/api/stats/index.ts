import {
  DISPOSITIONS,
  REJECTED_UNKNOWN,
  SERIES_BUCKETS,
  SERIES_BUCKET_PARAMS,
  SERIES_MESSAGES,
  type CallFilterParams,
  type FieldError,
  type SeriesBucketParam,
  type SeriesData,
  type SeriesParams,
  type StatsData,
} from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, validationFailed } from '../../../http/http-error';
import { callFilterQuerySchema, parseCallFilter, type CallFilter } from '../../../domain/calls/call-filter';
import { seriesFor } from '../../../domain/calls/series';
import { bucketBounds, resolveBucket } from '../../../domain/calls/series-buckets';
import { statsFor, type FlagThresholds } from '../../../domain/calls/stats';
import { bearer } from '../schemas';

const countsSchema = {
  type: 'object',
  description: `Calls per disposition: each of the 14 and "${REJECTED_UNKNOWN}" (any other status), summing to total`,
  required: [...DISPOSITIONS, REJECTED_UNKNOWN],
  additionalProperties: false,
  properties: Object.fromEntries([...DISPOSITIONS, REJECTED_UNKNOWN].map((key) => [key, { type: 'integer' }])),
} as const;

const boundsProperties = {
  from: { type: 'string', description: 'The bucket\'s first instant, ISO 8601 with the New York offset' },
  to: { type: 'string', description: 'The instant after its last (exclusive), ISO 8601 with the New York offset' },
  total: { type: 'integer' },
} as const;

const seriesSchema = {
  type: 'object',
  required: ['bucket', 'buckets', 'previous'],
  properties: {
    bucket: { type: 'string', enum: [...SERIES_BUCKETS] },
    buckets: { type: 'array', items: { type: 'object', required: ['from', 'to', 'total', 'counts'], properties: { ...boundsProperties, counts: countsSchema } } },
    previous: {
      type: 'object',
      required: ['buckets'],
      properties: { buckets: { type: 'array', items: { type: 'object', required: ['from', 'to', 'total'], properties: boundsProperties } } },
    },
  },
} as const;

export default async function statsRoutes(fastify: FastifyInstance, options: { flagThresholds: FlagThresholds }): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);

  fastify.get<{ Querystring: CallFilterParams }>(
    '',
    {
      // Counts only (no money, no names): a partner's are its own calls' (the filter is scoped: call-filter.ts).
      config: { partner: 'scoped' },
      schema: {
        tags: ['calls'],
        summary: 'Counts per disposition, flags, and the same for the period compared with: the one before, up to the same moment while the range is in progress',
        security: bearer,
        querystring: { type: 'object', properties: callFilterQuerySchema },
      },
    },
    async (request) => {
      const data = await fastify.sharedRead(request, () => stats(request.query));
      return { success: true, data };
    },
  );

  fastify.get<{ Querystring: SeriesParams }>(
    '/series',
    {
      // Counts only (no money, no names): a partner's are its own calls' (the filter is scoped: call-filter.ts).
      config: { partner: 'scoped' },
      schema: {
        tags: ['calls'],
        summary: 'Calls per New York hour, day, week or month, per disposition, and per bucket of the period the stats compare with',
        security: bearer,
        querystring: { type: 'object', properties: { ...callFilterQuerySchema, bucket: { type: 'string', maxLength: 10 } } },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: seriesSchema } } },
      },
    },
    async (request) => {
      const data = await fastify.sharedRead(request, () => series(request.query));
      return { success: true, data };
    },
  );

  /** The timeline for one query string. A bad `bucket` is reported beside any bad filter param. */
  async function series(query: SeriesParams): Promise<SeriesData> {
    const { bucket: typedBucket, ...params } = query;
    // Typed as the contract's values, but the query string can hold anything.
    const rawBucket: string | undefined = typedBucket;
    const bucketParam = rawBucket === undefined || rawBucket === '' ? 'auto' : rawBucket;
    const errors: FieldError[] = [];
    if (!(SERIES_BUCKET_PARAMS as readonly string[]).includes(bucketParam)) errors.push({ field: 'bucket', message: SERIES_MESSAGES.bucketInvalid });
    let filter: CallFilter | undefined;
    try {
      filter = parseCallFilter(params);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.errors) throw error;
      errors.unshift(...error.errors);
    }
    if (errors.length > 0 || !filter) throw validationFailed(errors);
    const bucket = resolveBucket(bucketParam as SeriesBucketParam, filter.range);
    const current = bucketBounds(filter.range, bucket);
    const previous = bucketBounds(filter.range.previous, bucket);
    for (const bounds of [current, previous]) {
      if ('tooMany' in bounds) throw validationFailed([{ field: 'bucket', message: SERIES_MESSAGES.tooManyBuckets(bucket, bounds.tooMany) }]);
    }
    return seriesFor(fastify.db, filter, { bucket, current: current as readonly Date[], previous: previous as readonly Date[] });
  }

  /** The stats for one query string: the same for whoever asks (and in a scheduled report's email: statsFor). */
  // async: a bad query string is a rejected promise, as the shared read round expects, not a throw.
  async function stats(query: CallFilterParams): Promise<StatsData> {
    return statsFor(fastify.db, parseCallFilter(query), options.flagThresholds);
  }
}
