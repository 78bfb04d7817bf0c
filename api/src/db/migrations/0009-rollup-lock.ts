import type { Migration } from './index';

/**
 * Writes to calls no longer stop each other for long: the rollup work of a
 * write is what they take turns at, not the whole write.
 *
 * Every write to calls locks two kinds of rows: its call rows, and, through
 * the statement triggers of 0002/0003, the shared rollup rows of the days,
 * hours and months it touches. Call rows are locked in systemCallId order by
 * every writer (ingest_calls, 0004; QC verdicts and bulk updates,
 * calls-writer.ts), so those never wait in a cycle. Rollup rows are locked in
 * key order within one trigger run, but one statement can run the triggers
 * twice: an ingest that both inserts and re-delivers calls runs the UPDATE
 * triggers and then the INSERT ones, starting the key order again. Two such
 * writes could each hold a key the other's second run needs, and deadlock.
 *
 * So the first rollup trigger run of a transaction takes this transaction-level
 * lock, and holds it to the commit: only one write at a time holds rollup
 * rows, and it never waits for a call row (those it locked before its
 * triggers ran). The part of a write that takes the time (its call rows,
 * indexes, the dimension names) still runs side by side with the others;
 * only the rollup upserts take turns, which live traffic did anyway, since
 * every ingest of new calls updates the same rows of today. It replaces the
 * exclusive lock verdicts and bulk updates took over their whole transaction,
 * which paused every ingest while they ran (ingest_calls still takes that
 * lock shared: nothing takes it exclusively any more, so it never waits).
 *
 * This holds while every transaction locks all its call rows before it first
 * writes to calls, as each writer does (one statement, or SELECT … FOR UPDATE
 * then one write); a second write after the first would wait for call rows
 * while holding the rollup lock.
 *
 * The trigger's name sorts before calls_rollup_delete/insert/update: triggers
 * of one event and timing fire in name order, so the lock comes first.
 */
export const ROLLUP_LOCK_KEY = 7266002;

export const rollupLock: Migration = {
  version: '0009-rollup-lock',
  statements: [
    `CREATE FUNCTION calls_rollup_lock() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(${ROLLUP_LOCK_KEY});
  RETURN NULL;
END
$fn$`,
    'CREATE TRIGGER calls_rollup_0_lock AFTER INSERT OR UPDATE OR DELETE ON calls FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_lock()',
  ],
};
