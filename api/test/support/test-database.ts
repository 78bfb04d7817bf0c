import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { MIGRATIONS, type Migration } from '../../src/db/migrations';
import { openPgliteDatabase } from '../../src/db/pglite-database';
import { openPostgresDatabase } from '../../src/db/postgres-database';

export type TestEngine = 'pglite' | 'postgres';

export function testEngine(): TestEngine {
  const engine = process.env.CALLBOARD_TEST_ENGINE;
  if (engine !== 'pglite' && engine !== 'postgres') throw new Error('run the API tests through the jest projects (api-pglite / api-postgres)');
  return engine;
}

export interface TestDatabase {
  db: Database;
  /** For PostgreSQL: the URL of this test's own database. */
  url?: string;
  drop: () => Promise<void>;
}

/** The server's URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(sql: string, params: unknown[] = []): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database on TEST_DATABASE_URL's server, empty (unmigrated) or with every migration
 * (`migrated`): its URL, and a drop that goes through the server's URL and forces any remaining
 * sessions off. For tests that open their own connection to it.
 */
export async function createPostgresDatabase(
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `callboard_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(migrated ? `CREATE DATABASE ${name} TEMPLATE ${await migratedPostgresTemplate()}` : `CREATE DATABASE ${name}`);
  return {
    name,
    url: withDatabase(process.env.TEST_DATABASE_URL as string, name),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The name of a PostgreSQL database holding every migration and nothing else, made once per
 * version of the migrations on TEST_DATABASE_URL's server and kept there, for test databases to be
 * created from (`CREATE DATABASE … TEMPLATE`): a copy of it took 0.4 to 1.4 s where a new database
 * and the migrations took 1.1 to 1.8 s, in each of the fifty API test files. Nobody connects to it
 * after it is made, as a template must be left.
 */
async function migratedPostgresTemplate(): Promise<string> {
  const template = `callboard_test_template_${migrationsVersion()}`;
  if ((await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [template])).length > 0) return template;
  // Migrated under a name of its own and renamed once complete, so no test copies half a schema.
  const partial = await createPostgresDatabase();
  const db = await openPostgresDatabase(partial.url);
  try {
    await migrate(db, MIGRATIONS);
  } finally {
    await db.close();
  }
  try {
    await adminQuery(`ALTER DATABASE ${partial.name} RENAME TO ${template}`);
  } catch (error) {
    // Another test file's copy got there first (42P04: the name is taken): use that one.
    await partial.drop();
    if ((error as { code?: string }).code !== '42P04') throw error;
  }
  return template;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new
 * PostgreSQL database created on TEST_DATABASE_URL's server and dropped after.
 * A migration's own test passes the ones before it, to write rows as they were.
 */
export async function createTestDatabase(migrations: Migration[] = MIGRATIONS): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const from = migrations === MIGRATIONS ? await migratedSnapshot() : undefined;
    const db = await openPgliteDatabase(undefined, { from });
    if (!from) await migrate(db, migrations);
    return { db, drop: () => db.close() };
  }
  const everyMigration = migrations === MIGRATIONS;
  const created = await createPostgresDatabase({ migrated: everyMigration });
  const db = await openPostgresDatabase(created.url);
  if (!everyMigration) await migrate(db, migrations);
  return {
    db,
    url: created.url,
    async drop() {
      await db.close();
      await created.drop();
    },
  };
}

/**
 * A second server instance's view of a PostgreSQL test database: a pool of its own on the same
 * database, as another process would have. Its drop closes only that pool; the database goes
 * with the first one's drop (close this one first).
 */
export async function anotherPoolOn(database: TestDatabase): Promise<TestDatabase> {
  if (!database.url) throw new Error('a second instance needs PostgreSQL: PGlite is one process\'s database');
  const db = await openPostgresDatabase(database.url);
  return { db, url: database.url, drop: () => db.close() };
}

/**
 * A freshly migrated PGlite database as a tarball, made once and kept in the
 * system's temporary folder under a name drawn from the migrations' text: a
 * PGlite starts from it in under a second, where a new one runs initdb and the
 * migrations in three to five (times the hundred or so the API suite opens).
 * A changed migration names another file, so a stale snapshot is never used.
 */
export async function migratedSnapshot(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `callboard-test-pglite-${snapshotVersion()}.tar`);
  if (!existsSync(file)) {
    const db = await openPgliteDatabase(undefined);
    try {
      await migrate(db, MIGRATIONS);
      const tarball = Buffer.from(await (await db.snapshot()).arrayBuffer());
      // Written aside and renamed, so a test file in another worker never reads half a snapshot.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, tarball);
      renameSync(partial, file);
    } finally {
      await db.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/**
 * DATA_DIR/pglite filled with the migrated snapshot, for a server started on it: a start, not a first
 * start (no initdb, no migrations). Such a database is no longer "new", so a start seeds the demo
 * team only when DEMO_DATA=true asks for it.
 *
 * The folder is copied from one written out once beside the snapshot, under the same version: a
 * copy costs a few tenths of a second, where unpacking the snapshot into a started PGlite and
 * closing it cost 1.4 s of CPU each time (every browser suite and a dozen start-server tests do this).
 */
export async function writeMigratedDataDir(dataDir: string): Promise<void> {
  // `cp` copies in the kernel; fs.cpSync's file-by-file walk took three times its CPU on these 1,200 files.
  execFileSync('cp', ['-R', await migratedDataDirTemplate(), path.join(dataDir, 'pglite')]);
}

/** The migrated snapshot unpacked into a PGlite data folder on disk, made once per version. */
async function migratedDataDirTemplate(): Promise<string> {
  const folder = path.join(os.tmpdir(), `callboard-test-pglite-${snapshotVersion()}`);
  if (!existsSync(folder)) {
    // Written aside and renamed, as the snapshot is: a reader never copies half a folder.
    const partial = `${folder}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const db = await openPgliteDatabase(partial, { from: await migratedSnapshot() });
    await db.close();
    try {
      renameSync(partial, folder);
    } catch (error) {
      // Another worker's copy got there first (a folder cannot be renamed over a full one): use that.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(folder)) throw error;
    }
  }
  return folder;
}

/** Names the snapshot and its folder: the migrations' text and the PGlite version, so a stale one is never used. */
function snapshotVersion(): string {
  return createHash('sha256').update(JSON.stringify(MIGRATIONS)).update(pgliteVersion()).digest('hex').slice(0, 16);
}

/** Names the PostgreSQL template: the migrations' text, so a changed migration makes a new one. */
function migrationsVersion(): string {
  return createHash('sha256').update(JSON.stringify(MIGRATIONS)).digest('hex').slice(0, 16);
}

/** The installed PGlite's version (its package.json sits above the entry point; the package does not export it). */
function pgliteVersion(): string {
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
