import type { Database } from './database';
import { MIGRATIONS, type Migration } from './migrations';

export interface MigrationOutcome {
  /** True when the database had no schema before this run: a first start. */
  wasEmpty: boolean;
  applied: string[];
}

// Any fixed number: it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 4_120_911;

/**
 * Applies the migrations not yet recorded, each in its own transaction, in
 * order. On PostgreSQL an advisory lock keeps two starting servers from
 * migrating at once; PGlite has a single connection, so it needs none.
 */
export async function migrate(db: Database, migrations: Migration[] = MIGRATIONS): Promise<MigrationOutcome> {
  if (db.kind === 'postgres') await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    const [{ exists } = { exists: false }] = await db.query<{ exists: boolean }>(
      "SELECT to_regclass('schema_migrations') IS NOT NULL AS exists",
    );
    await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await db.transaction(async (tx) => {
        // Building an index or backfilling a rollup over millions of calls takes longer than the
        // 5 s limit of the dashboard's queries; SET LOCAL lifts it for this transaction only.
        await tx.query('SET LOCAL statement_timeout = 0');
        for (const statement of migration.statements) await tx.query(statement);
        await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      });
      applied.push(migration.version);
    }
    return { wasEmpty: !exists, applied };
  } finally {
    if (db.kind === 'postgres') await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}
