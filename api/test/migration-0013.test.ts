import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import { openPgliteDatabase } from '../src/db/pglite-database';
import { openPostgresDatabase } from '../src/db/postgres-database';
import { createPostgresDatabase, testEngine } from './support/test-database';

const BEFORE_0013 = MIGRATIONS.findIndex((m) => m.version === '0013-kept-audit-authors');

/** An empty database of the engine under test, migrated only as far as `upTo`. */
async function databaseAt(upTo: number): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (testEngine() === 'pglite') {
    const db = await openPgliteDatabase(undefined);
    await migrate(db, MIGRATIONS.slice(0, upTo));
    return { db, drop: () => db.close() };
  }
  const created = await createPostgresDatabase();
  const db = await openPostgresDatabase(created.url);
  await migrate(db, MIGRATIONS.slice(0, upTo));
  return {
    db,
    async drop() {
      await db.close();
      await created.drop();
    },
  };
}

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  expect(BEFORE_0013).toBeGreaterThan(0);
  ({ db, drop } = await databaseAt(BEFORE_0013));
});
afterAll(() => drop());

test('audit rows written before 0013 take their author from users, and keep it when the account is deleted', async () => {
  const [user] = await db.query<{ id: string }>(
    "INSERT INTO users (name, email, password_hash) VALUES ('Old Reviewer', 'old.reviewer@example.com', 'x') RETURNING id",
  );
  await db.query("INSERT INTO campaigns (name) VALUES ('C')");
  await db.query("INSERT INTO publishers (name) VALUES ('P')");
  const [call] = await db.query<{ id: string }>(
    `INSERT INTO calls (system_call_id, call_ts, campaign_id, publisher_id, connected)
     SELECT 'm13-1', now(), (SELECT id FROM campaigns LIMIT 1), (SELECT id FROM publishers LIMIT 1), true RETURNING id::text AS id`,
  );
  await db.query("INSERT INTO call_audit (call_id, user_id, from_status, to_status) VALUES ($1, $2, 'Voicemail', 'Sales')", [call?.id, user?.id]);

  await migrate(db);

  await db.query('DELETE FROM users WHERE id = $1', [user?.id]);
  expect(await db.query('SELECT user_id, user_name, user_email, to_status FROM call_audit WHERE call_id = $1', [call?.id])).toEqual([
    { user_id: user?.id, user_name: 'Old Reviewer', user_email: 'old.reviewer@example.com', to_status: 'Sales' },
  ]);
});

test('sheet_text() removes control characters before its formula check', async () => {
  await migrate(db);
  const cells = await db.query<{ cell: string }>(
    `SELECT sheet_text(v) AS cell FROM unnest($1::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n`,
    [['\u0001=HYPERLINK("http://x/","y")', '\u0002\u001F+cmd', '\uFFFE@SUM(1)', 'a\u0001b', '=1', 'a\tb', '\t=1', 'Pub A']],
  );
  expect(cells.map((c) => c.cell)).toEqual(['\'=HYPERLINK("http://x/","y")', "'+cmd", "'@SUM(1)", 'ab', "'=1", 'a\tb', "'\t=1", 'Pub A']);
  expect((await db.query<{ cell: string }>('SELECT sheet_text(NULL) AS cell'))[0]?.cell).toBe('');
});
