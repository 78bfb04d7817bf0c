import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import { openPgliteDatabase } from '../src/db/pglite-database';
import { openPostgresDatabase } from '../src/db/postgres-database';
import { createPostgresDatabase, testEngine } from './support/test-database';

const BEFORE_0017 = MIGRATIONS.findIndex((m) => m.version === '0017-change-sets');

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
  expect(BEFORE_0017).toBeGreaterThan(0);
  ({ db, drop } = await databaseAt(BEFORE_0017));
});
afterAll(() => drop());

test('audit rows written before 0017: one change set per bulk update, action bulk, the overridden flags they implied', async () => {
  const [user] = await db.query<{ id: string }>("INSERT INTO users (name, email, password_hash) VALUES ('Old Reviewer', 'old@example.com', 'x') RETURNING id");
  await db.query("INSERT INTO campaigns (name) VALUES ('C')");
  await db.query("INSERT INTO publishers (name) VALUES ('P')");
  const calls = await db.query<{ id: string }>(
    `INSERT INTO calls (system_call_id, call_ts, campaign_id, publisher_id, connected)
     SELECT 'm17-' || n, now(), (SELECT id FROM campaigns LIMIT 1), (SELECT id FROM publishers LIMIT 1), true FROM generate_series(1, 3) n
     RETURNING id::text AS id`,
  );
  const [a, b, c] = calls.map((row) => row.id) as [string, string, string];
  const audit = (callId: string, at: string, from: string, to: string) =>
    db.query('INSERT INTO call_audit (call_id, user_id, changed_at, from_status, to_status) VALUES ($1, $2, $3, $4, $5)', [callId, user?.id, at, from, to]);
  // One bulk update of a and b (one transaction: one changed_at), then another of a alone, then one by a deleted account.
  await audit(a, '2025-01-01T10:00:00.123456Z', 'Voicemail', 'Sales');
  await audit(b, '2025-01-01T10:00:00.123456Z', 'Voicemail', 'Sales');
  await audit(a, '2025-01-02T10:00:00Z', 'Sales', 'DNC');
  await db.query("INSERT INTO call_audit (call_id, user_id, changed_at, from_status, to_status) VALUES ($1, NULL, '2025-01-01T10:00:00.123456Z', 'IVR', 'Sales')", [c]);

  await migrate(db);

  const rows = await db.query<{ call_id: string; change_id: string; action: string; from_overridden: boolean; to_overridden: boolean; undoes_change_id: string | null }>(
    'SELECT call_id::text AS call_id, change_id::text AS change_id, action, from_overridden, to_overridden, undoes_change_id FROM call_audit ORDER BY id',
  );
  expect(rows.map((r) => [r.call_id, r.action, r.from_overridden, r.to_overridden, r.undoes_change_id])).toEqual([
    [a, 'bulk', false, true, null],
    [b, 'bulk', false, true, null],
    [a, 'bulk', true, true, null],
    [c, 'bulk', false, true, null],
  ]);
  const [first, second, third, fourth] = rows.map((r) => r.change_id);
  expect(first).toMatch(/^[0-9a-f-]{36}$/);
  expect(second).toBe(first);
  expect(new Set([first, third, fourth]).size).toBe(3);

  // What the table now requires of every row.
  await expect(db.query("INSERT INTO call_audit (call_id, from_status, to_status, action, from_overridden, to_overridden) VALUES ($1, 'a', 'b', 'set', false, true)", [a])).rejects.toThrow();
  await expect(
    db.query("INSERT INTO call_audit (call_id, from_status, to_status, change_id, action, from_overridden, to_overridden) VALUES ($1, 'a', 'b', gen_random_uuid(), 'erase', false, true)", [a]),
  ).rejects.toThrow();
  const indexes = await db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'call_audit' ORDER BY indexname");
  expect(indexes.map((i) => i.indexname)).toEqual(expect.arrayContaining(['call_audit_change_idx', 'call_audit_undoes_idx']));
});
