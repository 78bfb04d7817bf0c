import type { Migration } from './index';

/**
 * The words of transcript search move out of the delivery's write
 * (docs/decisions/0025-call-words-off-the-write-path.md). 0020's stored column
 * made every INSERT into `calls` parse three texts (~100 µs a call), which cost
 * ingest about 45 % of its speed; now:
 *
 * - `call_words` (call id, call time, words) holds the parsed words, with the
 *   GIN index, in a table of its own: narrow, so a phrase's recheck or a common
 *   word's count reads ~500 bytes a call instead of the whole wide row;
 * - `call_words_queue` lists the calls whose words are missing or stale. A
 *   statement trigger on `calls` adds every inserted call, and every updated
 *   call whose transcript, summary, reason or time changed, whoever wrote it
 *   (ingest, a verdict, a re-disposition, psql): one small insert a statement;
 * - `index_call_words(n)` parses up to n queued calls and takes them off the
 *   queue; the API's background loop (plugins/app/call-words-indexer.ts) calls
 *   it shortly after writes, on every instance;
 * - a read (transcript-search.ts) takes `call_words` for the calls not queued
 *   and parses the queued ones on the fly, so it is exact at every moment.
 *
 * Why exact, with two instances' loops and any writer at once: a queue row is
 * taken with FOR UPDATE SKIP LOCKED (a loop never waits, two loops never take
 * the same call), and the texts are read by the function's next statement, so
 * under READ COMMITTED with a snapshot taken after the queue rows were locked.
 * A writer whose change committed before that is read; a writer still open
 * either already holds the queue row (its trigger's upsert locked it, so the
 * loop skips it) or will upsert it after the loop has committed its delete
 * (the upsert waits for the loop's lock, then inserts it again). The trigger's
 * ON CONFLICT DO UPDATE is there for that lock, not for the value it writes.
 *
 * Backfill: the words already stored in 0020's column are copied, ordered by
 * time so a range of days is a run of pages, and then the column is dropped.
 */

/** The words of a call's texts, as 0020's column made them: one home for the reads and the loop. */
const CALL_TEXT_WORDS = `CREATE FUNCTION call_text_words(transcript text, summary text, reason text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_tsvector('english'::regconfig, coalesce(transcript, '') || ' ' || coalesce(summary, '') || ' ' || coalesce(reason, ''))`;

/** Queue rows are taken in call id order, so two writers queueing the same calls never wait in a cycle. */
const queueFrom = (rows: string) => `INSERT INTO call_words_queue (call_id)
    ${rows}
    ORDER BY 1
    ON CONFLICT (call_id) DO UPDATE SET call_id = excluded.call_id`;

const QUEUE_INSERTED = `CREATE FUNCTION call_words_queue_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${queueFrom('SELECT id FROM new_rows')};
  RETURN NULL;
END
$fn$`;

const QUEUE_UPDATED = `CREATE FUNCTION call_words_queue_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${queueFrom(`SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.transcript, n.summary, n.reason, n.call_ts) IS DISTINCT FROM (o.transcript, o.summary, o.reason, o.call_ts)`)};
  RETURN NULL;
END
$fn$`;

// The queue rows of deleted calls are left to index_call_words, which takes them off: deleting them here
// could wait for a loop that holds them while the loop waits for the call_words rows this deletes.
const FORGET_DELETED = `CREATE FUNCTION call_words_forget_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM call_words w USING old_rows o WHERE w.call_id = o.id;
  RETURN NULL;
END
$fn$`;

/**
 * Parses up to `batch_size` queued calls into call_words and takes them off the queue; returns how
 * many it took (fewer than batch_size: the queue had no more it could take). Two statements, so the
 * texts are read under a snapshot taken after the queue rows were locked (see above).
 */
const INDEX_CALL_WORDS = `CREATE FUNCTION index_call_words(batch_size integer) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  taken bigint[];
BEGIN
  SELECT array_agg(q.call_id) INTO taken FROM (
    SELECT call_id FROM call_words_queue ORDER BY call_id LIMIT batch_size FOR UPDATE SKIP LOCKED
  ) q;
  IF taken IS NULL THEN
    RETURN 0;
  END IF;
  INSERT INTO call_words (call_id, call_ts, words)
  SELECT c.id, c.call_ts, call_text_words(c.transcript, c.summary, c.reason)
  FROM calls c WHERE c.id = ANY (taken)
  ORDER BY c.id
  ON CONFLICT (call_id) DO UPDATE SET call_ts = excluded.call_ts, words = excluded.words;
  -- A queued call that no longer exists has nothing to index: it leaves the queue too.
  DELETE FROM call_words_queue WHERE call_id = ANY (taken);
  RETURN cardinality(taken);
END
$fn$`;

export const callWordsTable: Migration = {
  version: '0021-call-words-table',
  statements: [
    CALL_TEXT_WORDS,
    `CREATE TABLE call_words (
      call_id bigint PRIMARY KEY,
      call_ts timestamptz NOT NULL,
      words tsvector NOT NULL
    )`,
    'CREATE TABLE call_words_queue (call_id bigint PRIMARY KEY)',
    'INSERT INTO call_words (call_id, call_ts, words) SELECT id, call_ts, words FROM calls ORDER BY call_ts, id',
    // fastupdate as in 0020: the loop's batches append to the pending list, merged in bulk.
    'CREATE INDEX call_words_words_idx ON call_words USING gin (words)',
    // A range of days read from the side table alone (transcript-search.ts narrows the words by time there).
    'CREATE INDEX call_words_ts_idx ON call_words (call_ts)',
    'ALTER TABLE calls DROP COLUMN words',
    QUEUE_INSERTED,
    QUEUE_UPDATED,
    FORGET_DELETED,
    INDEX_CALL_WORDS,
    `CREATE TRIGGER calls_words_queue_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION call_words_queue_inserted()`,
    `CREATE TRIGGER calls_words_queue_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION call_words_queue_updated()`,
    `CREATE TRIGGER calls_words_forget_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION call_words_forget_deleted()`,
  ],
};
