import { seedDemoCalls } from '../src/demo/seed-demo-calls';
import { warmUpDatabase } from '../src/startup/warm-up';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedDemoCalls(testDb.db, { calls: 500, days: 30, seed: 3, end: new Date() });
});

afterAll(async () => {
  await testDb.drop();
});

describe('warming the database up before listening', () => {
  test('it runs the dashboard queries for each preset, on as many connections as asked', async () => {
    expect((await warmUpDatabase(testDb.db, { rounds: 2, connections: 1 })).queries).toBe(2 * 3 * 3);
    expect((await warmUpDatabase(testDb.db, { rounds: 2, connections: 3 })).queries).toBe(3 * 2 * 3 * 3);
  });

  test('it stops at its time budget', async () => {
    const warm = await warmUpDatabase(testDb.db, { rounds: 1000, budgetMs: 0 });
    expect(warm.queries).toBe(0);
  });

  test('it changes nothing: the calls and their totals are as before', async () => {
    const before = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM calls');
    await warmUpDatabase(testDb.db, { rounds: 1 });
    expect(await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM calls')).toEqual(before);
  });
});
