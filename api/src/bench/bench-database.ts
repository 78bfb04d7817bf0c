import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Database, Queryable } from '../db/database';
import { migrate } from '../db/migrate';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/postgres-database';
import { seedDemoCalls } from '../demo/seed-demo-calls';
import { drainCallWords } from '../domain/calls/call-words';

export interface BenchData {
  calls: number;
  days: number;
  seed: number;
  /** The instant the seeded year ends at (start of the bench day, New York time is irrelevant here). */
  end: Date;
}

/** A marker row says which data a cached database holds, so a rerun on the same day skips the long seed. */
async function cachedMatches(db: Database, data: BenchData): Promise<boolean> {
  const [exists] = await db.query<{ ok: boolean }>("SELECT to_regclass('bench_marker') IS NOT NULL AS ok");
  if (!exists?.ok) return false;
  const [row] = await db.query<{ label: string }>('SELECT label FROM bench_marker');
  return row?.label === label(data);
}

const label = (data: BenchData) => `${data.calls}/${data.days}/${data.seed}/${data.end.toISOString().slice(0, 10)}`;

/**
 * VACUUM ANALYZE outside the pool's 5 s statement timeout: on a freshly seeded million calls it
 * runs longer than that, so on PostgreSQL it gets a connection of its own to `postgresUrl`
 * (PGlite has no timeout).
 */
export async function vacuumAnalyze(db: Database, postgresUrl: string | undefined): Promise<void> {
  if (db.kind === 'pglite') await db.exec('VACUUM ANALYZE');
  else if (postgresUrl) await admin(postgresUrl, 'VACUUM ANALYZE');
  else throw new Error('vacuumAnalyze on PostgreSQL needs its URL');
}

/** Runs `work` with no statement time limit: in a transaction that lifts it on PostgreSQL (PGlite has none). */
export async function withoutStatementLimit<T>(db: Database, work: (q: Queryable) => Promise<T>): Promise<T> {
  if (db.kind === 'pglite') return work(db);
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL statement_timeout = 0');
    return work(tx);
  });
}

async function seedInto(db: Database, postgresUrl: string | undefined, data: BenchData, log: (line: string) => void): Promise<void> {
  await migrate(db);
  const started = Date.now();
  await seedDemoCalls(db, {
    calls: data.calls,
    days: data.days,
    seed: data.seed,
    end: data.end,
    onProgress: (done: number) => {
      if (done % 100_000 === 0) log(`  seeded ${done.toLocaleString('en-US')} calls (${Math.round(done / ((Date.now() - started) / 1000)).toLocaleString('en-US')}/s)`);
    },
  });
  log(`  seed done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The search words before the statistics: analysed while the words loop had yet to run, call_words
  // was empty and kept no statistics (autovacuum may be off, as on the bench machine), so the planner
  // guessed every word's frequency, and the queue was taken for a million rows long after it emptied.
  const wordsStarted = Date.now();
  const made = await drainCallWords(db);
  log(`  made the search words of ${made.toLocaleString('en-US')} calls in ${((Date.now() - wordsStarted) / 1000).toFixed(1)} s`);
  await vacuumAnalyze(db, postgresUrl);
  await db.exec(`CREATE TABLE bench_marker (label text); INSERT INTO bench_marker VALUES ('${label(data)}')`);
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL: a database on the given server, named for the data volume unless `name` is given (two
 * checkouts of different schemas on one server each keep their own); reused when it already holds
 * the same data.
 */
export async function preparePostgres(serverUrl: string, data: BenchData, log: (line: string) => void, name = `callboard_bench_${data.calls}`): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const db = await openPostgresDatabase(url.toString());
    try {
      if (await cachedMatches(db, data)) {
        log(`  reusing ${name}`);
        return url.toString();
      }
    } finally {
      await db.close();
    }
  } catch {
    // no such database yet
  }
  await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  // No statement limit while seeding: a delivery of the seed on a busy machine can pass the server's 5 s,
  // and an interrupted seed throws away minutes of work.
  const db = await openPostgresDatabase(url.toString(), { statementTimeoutMs: 0 });
  try {
    await seedInto(db, url.toString(), data, log);
  } finally {
    await db.close();
  }
  return url.toString();
}

/** PGlite: a data folder under bench/tmp laid out as the server expects (DATA_DIR/pglite). */
export async function preparePglite(root: string, data: BenchData, log: (line: string) => void): Promise<string> {
  const dataDir = path.join(root, `pglite-${data.calls}`);
  const dbDir = path.join(dataDir, 'pglite');
  if (existsSync(dbDir)) {
    const db = await openPgliteDatabase(dbDir);
    const same = await cachedMatches(db, data).catch(() => false);
    await db.close();
    if (same) {
      log(`  reusing ${dbDir}`);
      return dataDir;
    }
    const { rmSync } = await import('node:fs');
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  const db = await openPgliteDatabase(dbDir);
  try {
    await seedInto(db, undefined, data, log);
  } finally {
    await db.close();
  }
  return dataDir;
}
