import type { CallFilterParams } from './calls';

/**
 * The timeline above the statistics cards (GET /api/stats/series): calls per
 * bucket of New York wall-clock time, split by disposition, with the previous
 * period /api/stats compares with (for a period in progress, up to the same moment).
 */
export const SERIES_BUCKETS = ['hour', 'day', 'week', 'month'] as const;
export type SeriesBucket = (typeof SERIES_BUCKETS)[number];

/** What the `bucket` param accepts: a size, or `auto` (hour up to 2 days, day up to 92 days, week beyond). */
export const SERIES_BUCKET_PARAMS = ['auto', ...SERIES_BUCKETS] as const;
export type SeriesBucketParam = (typeof SERIES_BUCKET_PARAMS)[number];

/** The longest range `auto` draws by the hour, and by the day; beyond the second it draws weeks. */
export const SERIES_AUTO_HOUR_MAX_DAYS = 2;
export const SERIES_AUTO_DAY_MAX_DAYS = 92;

/**
 * The most buckets one period may be cut into: a year by the day (366) or 83
 * days by the hour (1,992) pass; a year by the hour (8,784) is no chart anyone
 * reads, and is refused with a 400 naming `bucket`.
 */
export const SERIES_MAX_BUCKETS = 2000;

export const SERIES_MESSAGES = {
  bucketInvalid: `bucket must be one of ${SERIES_BUCKET_PARAMS.join(', ')}`,
  tooManyBuckets: (bucket: SeriesBucket, count: number) =>
    `bucket=${bucket} cuts this range into ${count} buckets; at most ${SERIES_MAX_BUCKETS}: choose a larger bucket or a shorter range`,
} as const;

export type SeriesParams = CallFilterParams & { bucket?: SeriesBucketParam };

/** One bucket of the previous period: its bounds and how many calls it held. */
export interface SeriesPreviousBucket {
  /** ISO instants with the New York offset; `to` is exclusive. */
  from: string;
  to: string;
  total: number;
}

/** One bucket: `counts` maps each of the 14 dispositions and REJECTED_UNKNOWN to its calls, summing to `total`. */
export interface SeriesBucketFigures extends SeriesPreviousBucket {
  counts: Record<string, number>;
}

/** GET /api/stats/series `data`. Every bucket of the range is listed, empty ones with zeros. */
export interface SeriesData {
  bucket: SeriesBucket;
  buckets: SeriesBucketFigures[];
  previous: { buckets: SeriesPreviousBucket[] };
}
