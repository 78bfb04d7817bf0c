import { DISPOSITIONS, REJECTED_UNKNOWN, isDisposition, type SeriesBucket, type SeriesBucketFigures, type SeriesData } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { paramBinder, type Bind } from '../../db/sql-params';
import type { CallFilter } from './call-filter';
import { newYorkDate, type TimeRange } from './date-range';
import { planTimeline } from './rollup-planner';
import type { BucketStarts } from './rollups/rollup-part';
import { newYorkIso } from './series-buckets';

/** A timeline's two periods cut into buckets: each `[from, b1, …, to]` (series-buckets.ts). */
export interface SeriesBounds {
  bucket: SeriesBucket;
  current: readonly Date[];
  previous: readonly Date[];
}

interface SeriesRow {
  bucket: number;
  status: string;
  calls: number | string;
}

/**
 * The buckets' starts, bound once for every part: as instants (for an hour
 * and a call), and as their New York dates (for a rollup's day or month).
 * width_bucket gives a value's place among them (1 = the first bucket).
 * A rollup row's day is whole inside the range, so a bucket that starts
 * within a day (a clipped end) never holds it, and comparing dates is exact:
 * no time zone arithmetic per row. Each list is bound on first use only: a
 * parameter no part reads has no type PostgreSQL can tell.
 */
export function bucketStarts(instants: readonly Date[], bind: Bind): BucketStarts {
  let instantsParam: string | undefined;
  let daysParam: string | undefined;
  return {
    ofInstant: (instant) => `width_bucket(${instant}, ${(instantsParam ??= bind(instants))}::timestamptz[])`,
    ofDay: (day) => `width_bucket(${day}, ${(daysParam ??= bind(instants.map(newYorkDate)))}::date[])`,
  };
}

/**
 * The timeline's statement: both periods, every part planned by planTimeline,
 * in one round trip, each part's SQL its own; each row is a bucket (1-based
 * over the previous period's buckets, then the current one's), a status and
 * its calls in one part.
 */
export function seriesStatement(filter: CallFilter, bounds: SeriesBounds, params: unknown[]): string {
  const bind = paramBinder(params);
  const range = (b: readonly Date[]): TimeRange => ({ from: b[0] as Date, to: b.at(-1) as Date });
  // The previous period ends where the range starts, or before it when cut at the same moment of a
  // period in progress (date-range.ts), so their buckets' starts in order are one sorted list for
  // width_bucket; no part reads the gap between them.
  const instants = [...bounds.previous.slice(0, -1), ...bounds.current.slice(0, -1)];
  const starts = bucketStarts(instants, bind);
  const parts = planTimeline(filter, [range(bounds.previous), range(bounds.current)], bounds.bucket);
  // A bucket and status may come from two parts (a day's whole hours and its partial ones): seriesFor adds them up.
  return parts.map((part) => part.seriesSql(filter, starts, params)).join('\nUNION ALL\n');
}

const emptyCounts = (): Record<string, number> => Object.fromEntries([...DISPOSITIONS, REJECTED_UNKNOWN].map((key) => [key, 0]));

function figures(bounds: readonly Date[]): SeriesBucketFigures[] {
  return bounds.slice(0, -1).map((from, i) => ({ from: newYorkIso(from), to: newYorkIso(bounds[i + 1] as Date), total: 0, counts: emptyCounts() }));
}

/** The timeline for a filter over its range and the previous period, bucketed as `bounds` says. */
export async function seriesFor(db: Queryable, filter: CallFilter, bounds: SeriesBounds): Promise<SeriesData> {
  const params: unknown[] = [];
  const rows = await db.query<SeriesRow>(seriesStatement(filter, bounds, params), params);
  const previous = figures(bounds.previous);
  const current = figures(bounds.current);
  for (const row of rows) {
    const index = Number(row.bucket) - 1;
    const into = index < previous.length ? previous[index] : current[index - previous.length];
    if (!into) throw new Error(`a series row outside every bucket: ${row.bucket}`);
    const calls = Number(row.calls);
    const key = isDisposition(row.status) ? row.status : REJECTED_UNKNOWN;
    into.counts[key] = (into.counts[key] ?? 0) + calls;
    into.total += calls;
  }
  return {
    bucket: bounds.bucket,
    buckets: current,
    previous: { buckets: previous.map(({ from, to, total }) => ({ from, to, total })) },
  };
}
