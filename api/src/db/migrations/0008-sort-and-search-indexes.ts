import type { Migration } from './index';

/**
 * Indexes for the two reads that did not hold at ten million calls
 * (docs/decisions/0017-sort-and-search-plans-at-ten-million.md).
 *
 * Sorted pages. A page sorted by status, sub disposition or duration is
 * ordered `column <dir>, call_ts DESC, id DESC` (records-repository.ts):
 * within equal values the newest call comes first, whichever way the column
 * goes. The single-column indexes of 0002 gave only the first key, so the
 * planner sorted each run of equal values whole before it could return the
 * first 25 rows, and one status, or the empty sub disposition, is millions
 * of calls over a year. A page is now read off an index in its own order and
 * stops after its rows:
 * - (column, call_ts DESC, id DESC) read forwards: the ascending sort;
 * - (column, call_ts, id) read backwards: the descending sort, for status and
 *   sub disposition. Duration needs no second index: read backwards, the
 *   first index gives the longest calls first, a few at each length, and the
 *   planner sorts those few by time (an incremental sort) as it goes.
 * The status pair also serves status filters (equality, then the time
 * range), which calls_status_ts_idx did. New calls carry recent times, so
 * each index takes them at the edge of their value's run, in pages that stay
 * in memory: cheaper on ingest than a random key such as caller_id.
 *
 * Caller-id search. The search is a case-insensitive substring (ILIKE), and
 * the trigram index of 0002 is weak on phone numbers: a thousand digit
 * trigrams, each in about one call in a hundred. caller_id_grams() lists the
 * four-character pieces of the lowered caller id; its GIN index answers a
 * search of four characters or more from the calls that hold every piece
 * (call-where.ts adds that condition beside the ILIKE). Shorter searches
 * read the time range, as one- and two-character searches always did; the
 * trigram index goes, with its cost on every ingested call.
 */
/** Columns whose runs of equal values are long in both directions: one index for each direction. */
const BOTH_WAYS = [
  ['status', 'status'],
  ['sub_disposition', 'sub_disposition'],
] as const;

export const sortAndSearchIndexes: Migration = {
  version: '0008-sort-and-search-indexes',
  statements: [
    'DROP INDEX calls_status_ts_idx',
    'DROP INDEX calls_sub_disposition_idx',
    'DROP INDEX calls_duration_idx',
    ...BOTH_WAYS.flatMap(([name, column]) => [
      `CREATE INDEX calls_${name}_asc_idx ON calls (${column}, call_ts DESC, id DESC)`,
      `CREATE INDEX calls_${name}_desc_idx ON calls (${column}, call_ts, id)`,
    ]),
    'CREATE INDEX calls_duration_asc_idx ON calls (duration_sec, call_ts DESC, id DESC)',
    // The pieces' length is CALLER_ID_GRAM_LENGTH in caller-id-grams.ts. A value shorter than
    // four characters has none: its array is empty, and it is found by the ILIKE alone.
    `CREATE FUNCTION caller_id_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
      SELECT array(SELECT substr(v, i, 4) FROM (SELECT lower(value) AS v) lowered, generate_series(1, length(v) - 3) AS i)
    $fn$`,
    'CREATE INDEX calls_caller_grams_idx ON calls USING gin (caller_id_grams(caller_id))',
    'DROP INDEX calls_caller_trgm_idx',
  ],
};
