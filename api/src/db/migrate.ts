import type { Database, OwnConnection } from './database';
import { MIGRATIONS, type Migration } from './migrations';

export interface MigrationOutcome {
  /** True when the database had no schema before this run: a first start. */
  wasEmpty: boolean;
  applied: string[];
}

// Any fixed number: it only has to be the same in every process that migrates this database.
export const MIGRATION_LOCK_KEY = 4_120_911;

/**
 * Applies the migrations not yet recorded, each in its own transaction, in
 * order. On PostgreSQL an advisory lock keeps two starting servers from
 * migrating at once: taken, used and released on one connection of its own
 * (a session lock belongs to the connection that took it), with no statement
 * limit, so a second instance starting during a long migration waits for it
 * instead of failing on the 5 s limit of ordinary queries. Building an index or
 * backfilling a rollup over millions of calls takes longer than that limit too.
 * PGlite has a single connection, so it needs no lock.
 */
export async function migrate(db: Database, migrations: Migration[] = MIGRATIONS): Promise<MigrationOutcome> {
  if (!db.onOwnConnection) return applyMigrations(db, migrations);
  return db.onOwnConnection(async (connection) => {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await applyMigrations(connection, migrations);
    } finally {
      // Best effort: closing the connection, next, releases the lock anyway.
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  });
}

async function applyMigrations(db: OwnConnection, migrations: Migration[]): Promise<MigrationOutcome> {
  const [{ exists } = { exists: false }] = await db.query<{ exists: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS exists");
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
    });
    applied.push(migration.version);
  }
  return { wasEmpty: !exists, applied };
}
