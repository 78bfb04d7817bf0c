import type PgBoss from 'pg-boss';
import { completeJobs, createQueue, deleteQueue, failJobsById } from 'pg-boss/src/plans';
import type { Database } from '../../db/database';
import { outsideRequestScope } from '../partners/request-scope';
import { splitStatements, transactionBody } from './sql-script';

/**
 * pg-boss's database (its `db: { executeSql }` option) made of ours, so the runner shares the server's pool
 * and its statement limits on PostgreSQL, and runs at all on PGlite, with the same code on both:
 * - a statement with parameters is one `query` (arrays, such as the job ids pg-boss completes, go as
 *   parameters on both engines);
 * - a text without parameters may be several statements (pg-boss's schema and maintenance scripts, each one
 *   `BEGIN; …; COMMIT;`): it runs statement by statement in one of our transactions, which rolls back on
 *   any failure on both engines, and answers the last statement's rows. PostgreSQL would take the text in
 *   one message; PGlite's `query` takes one statement, and its `exec` returns no rows and leaves a failed
 *   script's transaction open to the next caller of its single connection.
 *
 * Every statement runs outside any partner's request scope, on the database the server opened (never behind
 * the partner wall: the job tables are the network's bookkeeping, which the partner role cannot read).
 *
 * pg-boss 10 does not await the statement that completes or fails a job once its handler settles
 * (src/manager.js, `watch`); a rejection there would be unhandled, and an unhandled rejection ends the
 * server (server.ts, close-with-grace). Those two statements' failures go to `onUnawaitedFailure` instead,
 * and the job, still active, is failed by pg-boss's expiry (its expireInSeconds) and retried.
 *
 * Making (or dropping) a queue takes an advisory lock first, so instances make queues one at a time: pg-boss's
 * `create_queue` inserts the queue's row, then creates its partition with foreign keys to the queues table,
 * and two instances making two queues at once each held the table while waiting for the other's
 * (PostgreSQL ended one with "deadlock detected": test/instances/job-runner-instances.test.ts).
 */
/** Any fixed number, the same in every instance (db/migrate.ts's MIGRATION_LOCK_KEY is another). */
export const QUEUE_CHANGE_LOCK_KEY = 4_120_932;

export class PgBossDatabase implements PgBoss.Db {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly unawaited: ReadonlySet<string>;
  private readonly queueChanges: ReadonlySet<string>;

  constructor(
    private readonly db: Database,
    schema: string,
    private readonly onUnawaitedFailure: (error: unknown) => void,
  ) {
    this.unawaited = new Set([completeJobs(schema), failJobsById(schema)]);
    this.queueChanges = new Set([createQueue(schema), deleteQueue(schema)]);
  }

  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    const run = outsideRequestScope(() => this.run(text, values));
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    if (!this.unawaited.has(text)) return run;
    return run.catch((error: unknown) => {
      this.onUnawaitedFailure(error);
      // What pg-boss reads from these statements' answer: how many jobs they changed (none).
      return { rows: [{ count: 0 }] };
    });
  }

  /** Resolves once no statement is running, or after `timeoutMs` (then false): the runner's stop waits for its last ones. */
  async settled(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight.size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, left);
      });
      await Promise.race([Promise.all(this.inFlight), timeout]);
      clearTimeout(timer);
    }
    return true;
  }

  private async run(text: string, values: unknown[] | undefined): Promise<{ rows: unknown[] }> {
    if (this.queueChanges.has(text)) {
      const rows = await this.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [QUEUE_CHANGE_LOCK_KEY]);
        return tx.query(text, values);
      });
      return { rows };
    }
    if (values && values.length > 0) return { rows: await this.db.query(text, values) };
    const statements = splitStatements(text);
    const body = transactionBody(statements);
    if (!body && statements.length === 1) return { rows: await this.db.query(text) };
    const rows = await this.db.transaction(async (tx) => {
      let last: unknown[] = [];
      for (const statement of body ?? statements) last = await tx.query(statement);
      return last;
    });
    return { rows };
  }
}
