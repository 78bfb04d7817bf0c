import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database, OwnConnection, Queryable, TransactionOptions } from './database';
import { listenOnOwnConnection } from './postgres-listener';
import { withStatement } from './statement-timeout';

/** pg types its rows as `any`; the caller names the row type, as it does for PGlite. */
const rowsOf = <Row>(result: pg.QueryResult): Row[] => result.rows as Row[];

const INT8_OID = 20;

/** Connections the pool keeps open however idle (see `min` below); the startup warm-up warms this many. */
export const POOL_MIN_CONNECTIONS = 4;

/** Connections the pool opens at most; exports may hold half of them (domain/export/export-slots.ts). */
export const POOL_MAX_CONNECTIONS = 10;

/** PGlite returns int8 as a number; pg is made to agree, so both engines give the same rows. */
const INT8_AS_NUMBER = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as typeof pg.types.getTypeParser,
};

/** Connections whose ROLLBACK failed: broken, so they are closed rather than given back to the pool. */
const brokenClients = new WeakSet<pg.ClientBase>();

/** Runs one statement on `client`; a cancelled one's error keeps its text for the log. */
async function queryOn<Row>(client: pg.ClientBase, text: string, params?: readonly unknown[]): Promise<Row[]> {
  try {
    return rowsOf<Row>(await client.query(text, params ? [...params] : []));
  } catch (error) {
    throw withStatement(error, text);
  }
}

/**
 * BEGIN, `work` and COMMIT on `client`; on any failure a ROLLBACK, and the error goes on. A prelude goes in
 * BEGIN's own message (the simple protocol takes several statements when there are no parameters).
 */
async function transactionOn<T>(client: pg.ClientBase, work: (tx: Queryable) => Promise<T>, { prelude }: TransactionOptions = {}): Promise<T> {
  try {
    await client.query(prelude ? `BEGIN; ${prelude}` : 'BEGIN');
    const result = await work({ query: (text, params) => queryOn(client, text, params) });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => brokenClients.add(client));
    throw error;
  }
}

/**
 * A COPY export's own connection settings (tried on the 1M-call bench database):
 * - it may outlast the 5 s statement limit of the dashboard's queries;
 * - no parallel workers: a 30-day export took three processes on a 2-core server,
 *   and a stats request made meanwhile waited for a core;
 * - random_page_cost at the usual value for data in memory or on SSD, so the planner walks
 *   calls_ts_idx newest first and COPY streams rows as it reads them; at the default (4)
 *   it chose a bitmap scan and a sort of the whole range, and took over twice as long.
 */
const EXPORT_SETTINGS = "SET statement_timeout = '15min'; SET max_parallel_workers_per_gather = 0; SET random_page_cost = 1.1";
const EXPORT_SETTINGS_RESET = 'RESET statement_timeout; RESET max_parallel_workers_per_gather; RESET random_page_cost';

/**
 * The production engine. Timeouts are short on purpose: a request
 * never waits more than 3 s for a connection or 5 s for a statement, so an
 * outage answers 503 quickly instead of hanging. Only a batch job that owns
 * the database (the benchmark's seed of a million calls, on a machine that may be
 * busy) lifts the statement limit, through `statementTimeoutMs`.
 */
export async function openPostgresDatabase(connectionString: string, { statementTimeoutMs = 5000 }: { statementTimeoutMs?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_MAX_CONNECTIONS,
    // Idle connections above this many close after 30 s; these stay. A new backend's first queries
    // load its catalog caches, so a stats request on fresh connections was several times slower at
    // p95 than on warm ones (the bench's probe, after a minute of exports had let the pool go idle).
    min: POOL_MIN_CONNECTIONS,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: 10_000,
    // Every statement here is a short dashboard query or a streamed export. JIT compiles any plan
    // above its cost threshold before running it: compiling a 30-day export took a quarter of
    // the time the export itself then ran, and the same on a year's raw totals.
    // Parallel workers only for statements that cost ten times the default setup estimate: starting
    // two workers took ~45 ms on the 2-core bench machine, and the scorecard of the last 30 days by
    // publisher (200 values of rollup rows, 6 ms alone) took 53 ms in a parallel plan the
    // default (1000) let the planner choose. Long raw reads (a transcript search of a month) still
    // get their workers.
    options: '-c jit=off -c parallel_setup_cost=10000',
    types: INT8_AS_NUMBER,
  });
  // An idle client dying (server restart, terminated backend) must not crash
  // the process: the pool drops it and the next checkout connects afresh.
  pool.on('error', () => {});

  const query: Queryable['query'] = async (text, params) => {
    try {
      return rowsOf(await pool.query(text, params ? [...params] : []));
    } catch (error) {
      throw withStatement(error, text);
    }
  };

  return {
    kind: 'postgres',
    query,
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work, options) {
      const client = await pool.connect();
      try {
        return await transactionOn(client, work, options);
      } finally {
        client.release(brokenClients.has(client));
      }
    },
    async onOwnConnection<T>(work: (connection: OwnConnection) => Promise<T>): Promise<T> {
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3000, types: INT8_AS_NUMBER });
      // A connection that drops fails the statement in flight; it must not crash the process as well.
      client.on('error', () => {});
      await client.connect();
      try {
        // No statement limit: waiting for a lock another instance holds through a long migration is expected.
        await client.query('SET statement_timeout = 0');
        return await work({
          query: (text, params) => queryOn(client, text, params),
          async exec(sql) {
            await client.query(sql);
          },
          transaction: (inner) => transactionOn(client, inner),
        });
      } finally {
        await client.end().catch(() => {});
      }
    },
    async copyOut(sql) {
      const client = await pool.connect();
      await client.query(EXPORT_SETTINGS);
      const stream = client.query(copyTo(sql));
      let released = false;
      const release = (broken: boolean) => {
        if (released) return;
        released = true;
        if (broken) client.release(true);
        else client.query(EXPORT_SETTINGS_RESET).then(() => client.release(), () => client.release(true));
      };
      stream.once('end', () => release(false));
      stream.once('error', () => release(true));
      // Stopped half-way (the client left): the connection is mid-COPY, so it is closed rather than reused.
      stream.once('close', () => release(!stream.readableEnded));
      return stream;
    },
    listen(channel, handlers) {
      return listenOnOwnConnection(connectionString, channel, handlers);
    },
    async ping(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
      });
      try {
        await Promise.race([pool.query('SELECT 1'), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
