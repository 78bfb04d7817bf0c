import pg from 'pg';
import { MIGRATION_LOCK_KEY, migrate } from '../../src/db/migrate';
import { openPostgresDatabase } from '../../src/db/postgres-database';
import { createPostgresDatabase } from '../support/test-database';

/**
 * A second instance that starts while the first is migrating waits for the migration lock; it must not
 * fail on the statement limit of ordinary queries, however long the first one takes. PGlite has one
 * connection and takes no lock, so this is PostgreSQL's alone: it runs with the instances' suite, on
 * PostgreSQL only, instead of being skipped on the embedded engine.
 */

// Far below the production 5 s, so the wait outlasts it in a test that takes a second.
const STATEMENT_LIMIT_MS = 200;
const HELD_MS = 1_000;

test('a migration waits for the lock held elsewhere longer than the statement limit, then runs', async () => {
  const database = await createPostgresDatabase();
  const db = await openPostgresDatabase(database.url, { statementTimeoutMs: STATEMENT_LIMIT_MS });
  // Another instance, mid-migration: it holds the lock on a connection of its own.
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  try {
    await other.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const migration = { version: '9999-after-the-wait', statements: ['CREATE TABLE waited (id int)'] };
    let settled = false;
    const running = migrate(db, [migration]).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    expect(settled).toBe(false);
    await other.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await expect(running).resolves.toMatchObject({ applied: ['9999-after-the-wait'] });
    expect(await db.query<{ exists: boolean }>("SELECT to_regclass('waited') IS NOT NULL AS exists")).toEqual([{ exists: true }]);

    // The lock is free again once the migration is done: the other instance takes it at once.
    expect(await other.query('SELECT pg_try_advisory_lock($1) AS taken', [MIGRATION_LOCK_KEY])).toMatchObject({ rows: [{ taken: true }] });
    // Ordinary queries keep their limit.
    expect(await db.query<{ limit: string }>(`SELECT current_setting('statement_timeout') AS limit`)).toEqual([{ limit: `${STATEMENT_LIMIT_MS}ms` }]);
  } finally {
    await other.end();
    await db.close();
    await database.drop();
  }
});
