import type { Queryable } from '../../db/database';

/**
 * Making the search words of calls after they are written (migration 0021):
 * each call written, or whose texts changed, waits in `call_words_queue` until
 * `index_call_words` parses it into `call_words`. Reads are exact meanwhile
 * (transcript-search.ts parses queued calls on the fly); the sooner the queue
 * is empty, the less they parse.
 */

/** Calls parsed a statement: ~100 µs each, so a statement holds its queue rows for about a tenth of a second. */
export const CALL_WORDS_BATCH = 1000;

/** Parses up to `batchSize` queued calls; resolves with how many it took off the queue. */
export async function indexCallWords(db: Queryable, batchSize = CALL_WORDS_BATCH): Promise<number> {
  const [row] = await db.query<{ taken: number }>('SELECT index_call_words($1::int) AS taken', [batchSize]);
  return Number(row?.taken ?? 0);
}

/**
 * Empties the queue as far as it can, a batch a statement, and resolves with how many calls it took.
 * Stops at a short batch: the rest is new since, or held by another instance's loop or a writer.
 */
export async function drainCallWords(db: Queryable, batchSize = CALL_WORDS_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await indexCallWords(db, batchSize);
    total += taken;
    if (taken < batchSize) return total;
  }
}
