import type { Queryable } from '../../db/database';
import type { SourceChange } from '../events/source-changes';
import { changeHorizon } from './change-horizon';

/** Rows one read takes at most: a backlog (a listener back after a drop) is read in steps of this many. */
export const SOURCES_READ_ROWS = 20_000;

/** What the live streams are told of the log's rows after a seq. */
export interface LoggedSources {
  sources: SourceChange[];
  /** The last seq read; null when there was nothing after `after`. */
  through: number | null;
  /** Whether more rows follow (the read stopped at `rows`). */
  more: boolean;
}

interface SourceRow {
  publisher_id: number;
  buyer_id: number | null;
  day: string;
  inserted: number;
  updated: number;
  newest: Date | null;
  through: string;
  read: number;
}

/**
 * The changes after `after`, up to the log's horizon (change-horizon.ts), grouped by publisher × buyer × New York day of the call (the day the row policy
 * compares a partner's history start with): the live event streams' counts (domain/events/calls-change-feed.ts).
 * A created call counts as inserted, every other change as updated, but for `repeat_redecided`: it comes with
 * the delivery that caused it, which the streams are told of already (and a person's screen refetches on that).
 */
export async function readChangeSources(db: Queryable, after: number, rows = SOURCES_READ_ROWS): Promise<LoggedSources> {
  const horizon = await changeHorizon(db);
  if (horizon <= after) return { sources: [], through: null, more: false };
  const found = await db.query<SourceRow>(
    `WITH batch AS MATERIALIZED (
       SELECT seq, kind, publisher_id, buyer_id, call_ts FROM call_changes WHERE seq > $1 AND seq <= $3 ORDER BY seq LIMIT $2
     )
     SELECT publisher_id, buyer_id, to_char((call_ts AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS day,
       count(*) FILTER (WHERE kind = 'created')::int AS inserted,
       count(*) FILTER (WHERE kind NOT IN ('created', 'repeat_redecided'))::int AS updated,
       max(call_ts) FILTER (WHERE kind <> 'repeat_redecided') AS newest,
       max(seq)::text AS through,
       (SELECT count(*) FROM batch)::int AS read
     FROM batch GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [after, rows, horizon],
  );
  if (found.length === 0) return { sources: [], through: null, more: false };
  const sources = found
    .filter((row) => row.newest !== null)
    .map((row) => ({
      publisherId: Number(row.publisher_id),
      buyerId: row.buyer_id === null ? null : Number(row.buyer_id),
      day: row.day,
      inserted: row.inserted,
      updated: row.updated,
      newest: new Date(row.newest!).toISOString(),
    }));
  return { sources, through: Math.max(...found.map((row) => Number(row.through))), more: found[0]!.read >= rows };
}

/** Where an instance starts telling its streams: the log's horizon (change-horizon.ts) as it opens. */
export const highWaterSeq = changeHorizon;
