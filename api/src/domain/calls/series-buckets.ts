import { SERIES_AUTO_DAY_MAX_DAYS, SERIES_AUTO_HOUR_MAX_DAYS, SERIES_MAX_BUCKETS, type SeriesBucket, type SeriesBucketParam } from '@callboard/contract';
import { inNewYork } from '@callboard/contract/new-york-time';
import type { TimeRange } from './date-range';
import { memoizePure } from './pure-memo';

const HOUR_MS = 3_600_000;

/**
 * The bucket size `auto` stands for: hours up to SERIES_AUTO_HOUR_MAX_DAYS New
 * York calendar days, days up to SERIES_AUTO_DAY_MAX_DAYS, weeks beyond. Days
 * are counted on the New York calendar, so a range holding a 23- or 25-hour day
 * is as many days long as its dates say.
 */
export function autoBucket(range: TimeRange): SeriesBucket {
  const days = inNewYork(range.to).diff(inNewYork(range.from), 'days').days;
  if (days <= SERIES_AUTO_HOUR_MAX_DAYS) return 'hour';
  if (days <= SERIES_AUTO_DAY_MAX_DAYS) return 'day';
  return 'week';
}

export function resolveBucket(param: SeriesBucketParam, range: TimeRange): SeriesBucket {
  return param === 'auto' ? autoBucket(range) : param;
}

/**
 * The first bucket boundary after `instant`: the next New York clock hour,
 * midnight, Monday midnight or first of the month. New York's offsets are
 * whole hours, so its clock hours are the UTC hours: on the 25-hour day the
 * repeated 01:00 is two buckets (01:00-04:00 and 01:00-05:00), on the 23-hour
 * day 02:00 does not exist and 01:00 is followed by 03:00.
 */
export function nextBoundary(instant: Date, bucket: SeriesBucket): Date {
  if (bucket === 'hour') return new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const local = inNewYork(instant);
  switch (bucket) {
    case 'day':
      return local.startOf('day').plus({ days: 1 }).toJSDate();
    case 'week':
      // luxon's weeks are ISO weeks: they start on Monday.
      return local.startOf('week').plus({ weeks: 1 }).toJSDate();
    case 'month':
      return local.startOf('month').plus({ months: 1 }).toJSDate();
  }
}

/**
 * A range cut into buckets: `[from, b1, …, to]`, each bucket `[bounds[i],
 * bounds[i + 1])`. The first and last are clipped to the range (a range from
 * 09:30 by the hour starts with 09:30-10:00). More than `max` buckets gives
 * `{ tooMany: count }` instead, counted no further than needed to say so.
 */
export function bucketBounds(range: TimeRange, bucket: SeriesBucket, max = SERIES_MAX_BUCKETS): readonly Date[] | { tooMany: number } {
  // Luxon's zone arithmetic costs ~0.15 ms a bucket, 15 ms for a year by the week and its previous
  // period; the ranges asked are few (the presets change once a day), so each is cut once.
  return boundsOf(`${range.from.getTime()}/${range.to.getTime()}/${bucket}/${max}`);
}

const boundsOf = memoizePure((key: string): readonly Date[] | { tooMany: number } => {
  const [from, to, bucket, max] = key.split('/') as [string, string, SeriesBucket, string];
  return cutIntoBuckets({ from: new Date(Number(from)), to: new Date(Number(to)) }, bucket, Number(max));
}, 200);

function cutIntoBuckets(range: TimeRange, bucket: SeriesBucket, max: number): readonly Date[] | { tooMany: number } {
  const bounds = [range.from];
  let at = range.from;
  while (at < range.to) {
    const next = nextBoundary(at, bucket);
    at = next < range.to ? next : range.to;
    bounds.push(at);
    if (bounds.length - 1 > max) return { tooMany: bucketCount(range, bucket) };
  }
  return bounds;
}

/** How many buckets a range holds, without listing them (hours and days by arithmetic, weeks and months by walking). */
function bucketCount(range: TimeRange, bucket: SeriesBucket): number {
  if (bucket === 'hour') {
    return Math.ceil(range.to.getTime() / HOUR_MS) - Math.floor(range.from.getTime() / HOUR_MS);
  }
  let count = 0;
  for (let at = range.from; at < range.to; at = nextBoundary(at, bucket)) count += 1;
  return count;
}

/** A bucket boundary as the API writes it: ISO 8601 with the New York offset of that instant. */
export function newYorkIso(instant: Date): string {
  return newYorkIsoAt(instant.getTime());
}

const newYorkIsoAt = memoizePure((epochMs: number) => inNewYork(epochMs).toISO() as string, 5000);
