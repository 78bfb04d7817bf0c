/**
 * The shared state, on each engine (the same SQL serves both): counts and
 * claims that stay right under concurrency, leases that run out, and the
 * sweep that reaches every store. Two real server processes sharing them:
 * test/instances/two-instances.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpError } from '../src/http/http-error';
import { resolveSharedJwtSecret } from '../src/config/jwt-secret';
import { LoginThrottle } from '../src/domain/auth/login-throttle';
import { IdempotencyStore } from '../src/domain/costs/idempotency-store';
import { ExportGuard } from '../src/domain/export/export-guard';
import { createSharedState, jwtSecretFor } from '../src/domain/shared-state/shared-state';
import { usersRepository } from '../src/domain/users/users-repository';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.exec('CREATE TABLE written (id serial PRIMARY KEY, note text NOT NULL)');
});
afterAll(() => database.drop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const countWritten = async (note: string) =>
  (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM written WHERE note = $1', [note]))[0]?.n;

let userCounter = 0;
async function newUserId(): Promise<string> {
  userCounter += 1;
  const user = await usersRepository.insert(database.db, { name: 'Exporter', email: `exporter${userCounter}.${Date.now()}@example.com`, passwordHash: 'x', role: 'user' });
  return user.id;
}

describe('LoginThrottle', () => {
  test('30 attempts at once: exactly maxFailures get through, the rest are told how long to wait', async () => {
    const throttle = new LoginThrottle(database.db, { maxFailures: 5, windowMs: 60_000 });
    const waits = await Promise.all(Array.from({ length: 30 }, () => throttle.reserveAttempt('198.51.100.9|burst@example.com')));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    for (const wait of waits.filter((w) => w > 0)) expect(wait).toBeGreaterThanOrEqual(59);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(60);
    // Another key is not affected; a success clears the key.
    expect(await throttle.reserveAttempt('198.51.100.9|other@example.com')).toBe(0);
    await throttle.clear('198.51.100.9|burst@example.com');
    expect(await throttle.reserveAttempt('198.51.100.9|burst@example.com')).toBe(0);
  });

  test('attempts leave the window, and the sweep forgets keys with nothing left in it', async () => {
    const throttle = new LoginThrottle(database.db, { maxFailures: 2, windowMs: 400 });
    const key = '198.51.100.9|window@example.com';
    expect([await throttle.reserveAttempt(key), await throttle.reserveAttempt(key)]).toEqual([0, 0]);
    expect(await throttle.reserveAttempt(key)).toBe(1);
    await sleep(450);
    expect(await throttle.reserveAttempt(key)).toBe(0);
    await sleep(450);
    await throttle.sweep();
    const rows = await database.db.query('SELECT 1 FROM login_throttle WHERE throttle_key = $1', [key]);
    expect(rows).toHaveLength(0);
  });

  test('a soft limit: past maxFailures, one attempt gets through each slow interval, even from a burst', async () => {
    const throttle = new LoginThrottle(database.db, { maxFailures: 3, windowMs: 60_000, slowIntervalMs: 600 });
    const key = 'account|soft@example.com';
    const first = await Promise.all(Array.from({ length: 10 }, () => throttle.reserveAttempt(key)));
    expect(first.filter((w) => w === 0)).toHaveLength(3);
    // Refused with the slow interval's wait (rounded up to a second), not the window's minute.
    for (const wait of first.filter((w) => w > 0)) expect(wait).toBe(1);
    await sleep(650);
    const next = await Promise.all(Array.from({ length: 10 }, () => throttle.reserveAttempt(key)));
    expect(next.filter((w) => w === 0)).toHaveLength(1);
    await sleep(650);
    expect(await throttle.reserveAttempt(key)).toBe(0);
    expect(await throttle.reserveAttempt(key)).toBe(1);
  });

  test('under a soft limit, an attempt taken out of the count still used its turn', async () => {
    const throttle = new LoginThrottle(database.db, { maxFailures: 2, windowMs: 60_000, slowIntervalMs: 600 });
    const key = 'account|turn@example.com';
    expect([await throttle.reserveAttempt(key), await throttle.reserveAttempt(key)]).toEqual([0, 0]);
    await sleep(650);
    expect(await throttle.reserveAttempt(key)).toBe(0);
    await throttle.release(key);
    expect(await throttle.reserveAttempt(key)).toBe(1);
    await sleep(650);
    expect(await throttle.reserveAttempt(key)).toBe(0);
  });

  test('release takes back the newest attempt; the others still count', async () => {
    const throttle = new LoginThrottle(database.db, { maxFailures: 2, windowMs: 60_000 });
    const key = '198.51.100.9|release@example.com';
    expect([await throttle.reserveAttempt(key), await throttle.reserveAttempt(key)]).toEqual([0, 0]);
    expect(await throttle.reserveAttempt(key)).toBeGreaterThan(0);
    await throttle.release(key);
    expect(await throttle.reserveAttempt(key)).toBe(0);
    expect(await throttle.reserveAttempt(key)).toBeGreaterThan(0);
    await throttle.release(key);
    await throttle.release(key);
    await throttle.release(key); // nothing left to take back
    expect(await throttle.reserveAttempt(key)).toBe(0);
    await throttle.release('198.51.100.9|never-seen@example.com');
  });

  test('the sweep forgets only what has expired in its own window, whoever sweeps', async () => {
    const short = new LoginThrottle(database.db, { maxFailures: 5, windowMs: 300 });
    const long = new LoginThrottle(database.db, { maxFailures: 5, windowMs: 60_000, slowIntervalMs: 1000 });
    await short.reserveAttempt('198.51.100.9|short@example.com');
    await long.reserveAttempt('account|long@example.com');
    await sleep(350);
    await short.sweep();
    const left = await database.db.query<{ throttle_key: string }>(
      "SELECT throttle_key FROM login_throttle WHERE throttle_key IN ('198.51.100.9|short@example.com', 'account|long@example.com')",
    );
    expect(left.map((row) => row.throttle_key)).toEqual(['account|long@example.com']);
  });
});

describe('IdempotencyStore', () => {
  const write = (note: string, statusCode = 201) => async (tx: { query: typeof database.db.query }) => {
    const [row] = await tx.query<{ id: number }>('INSERT INTO written (note) VALUES ($1) RETURNING id', [note]);
    return { statusCode, body: { id: row?.id, note } };
  };

  test('the same key and request: one write, then the stored answer, replayed', async () => {
    const store = new IdempotencyStore(database.db);
    const first = await store.run('admin-1', 'k-same', { amount: 1, note: 'a' }, write('same'));
    const again = await store.run('admin-1', 'k-same', { note: 'a', amount: 1 }, write('same'));
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ answer: first.answer, replayed: true });
    expect(await countWritten('same')).toBe(1);
  });

  test('ten duplicates at once: one write, one answer for all', async () => {
    const store = new IdempotencyStore(database.db);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => store.run('admin-1', 'k-race', { amount: 2 }, write('race'))));
    expect(await countWritten('race')).toBe(1);
    expect(new Set(outcomes.map((o) => JSON.stringify(o.answer))).size).toBe(1);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
  });

  test('the same key with another request: 422; in another scope the key is free', async () => {
    const store = new IdempotencyStore(database.db);
    await store.run('admin-1', 'k-diff', { amount: 3 }, write('diff'));
    const error = await store.run('admin-1', 'k-diff', { amount: 4 }, write('diff')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 422, code: 'UNPROCESSABLE' });
    expect((await store.run('admin-2', 'k-diff', { amount: 4 }, write('diff'))).replayed).toBe(false);
    expect(await countWritten('diff')).toBe(2);
  });

  test('a failure is forgotten together with what it wrote, so the key can be retried', async () => {
    const store = new IdempotencyStore(database.db);
    const failing = async (tx: { query: typeof database.db.query }) => {
      await write('failed')(tx);
      throw new Error('payment refused');
    };
    await expect(store.run('admin-1', 'k-fail', { amount: 5 }, failing)).rejects.toThrow('payment refused');
    expect(await countWritten('failed')).toBe(0);
    const retried = await store.run('admin-1', 'k-fail', { amount: 5 }, write('retried'));
    expect(retried.replayed).toBe(false);
    expect(await countWritten('retried')).toBe(1);
  });

  test('an expired key is claimed afresh, and the sweep deletes expired keys', async () => {
    const store = new IdempotencyStore(database.db, 100);
    await store.run('admin-3', 'k-ttl', { amount: 6 }, write('ttl'));
    await sleep(150);
    expect((await store.run('admin-3', 'k-ttl', { amount: 7 }, write('ttl'))).replayed).toBe(false);
    expect(await countWritten('ttl')).toBe(2);
    await sleep(150);
    await store.sweep();
    expect(await database.db.query("SELECT 1 FROM idempotency_keys WHERE scope = 'admin-3'")).toHaveLength(0);
  });
});

describe('ExportGuard', () => {
  test('one running export per user, decided once however many ask at once', async () => {
    const guard = new ExportGuard(database.db);
    const userId = await newUserId();
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => guard.acquire(userId)));
    const admitted = outcomes.filter((o) => o.status === 'fulfilled');
    expect(admitted).toHaveLength(1);
    for (const refused of outcomes.filter((o) => o.status === 'rejected')) {
      expect(refused.reason).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: 'An export is already running; wait for it to finish' });
    }
    // Released: the next one is admitted at once.
    (admitted[0] as PromiseFulfilledResult<() => void>).value();
    const release = await guard.acquire(userId);
    release();
    guard.close();
  });

  test("two guards of one process (two export routes) wait for each other's releases: the next export is never told the last is running", async () => {
    // Releases written slowly, as on a busy database: an admission that does not wait for one sees the export still running.
    const slowReleases = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return async (text: string, params?: unknown[]) => {
          if (text.startsWith('UPDATE export_leases')) await sleep(100);
          return target.query(text, params);
        };
      },
    });
    const releasing = new Map<string, Promise<void>>();
    const guard = () => new ExportGuard(slowReleases, { releasing, limits: { perWindow: 100 } });
    const [first, second] = [guard(), guard()];
    const userId = await newUserId();
    // Each hand-over is immediate: the release is still being written when the other guard admits.
    for (let i = 0; i < 4; i += 1) {
      const [from, to] = i % 2 === 0 ? [first, second] : [second, first];
      (await from.acquire(userId))();
      (await to.acquire(userId))();
    }
    first.close();
    second.close();
  });

  test('the running export renews its lease; when its instance stops renewing, the lease runs out', async () => {
    const guard = new ExportGuard(database.db, { leaseMs: 300 });
    const userId = await newUserId();
    await guard.acquire(userId);
    await sleep(700);
    await expect(guard.acquire(userId)).rejects.toMatchObject({ statusCode: 429 });
    // As if the instance died mid-export: no release, no more renewals.
    guard.close();
    await sleep(400);
    const other = new ExportGuard(database.db, { leaseMs: 300 });
    const release = await other.acquire(userId);
    release();
    other.close();
  });

  test('starts per window: the next one waits until the oldest counted start leaves it', async () => {
    const guard = new ExportGuard(database.db, { limits: { perWindow: 2, windowMs: 60_000 } });
    const userId = await newUserId();
    for (let i = 0; i < 2; i += 1) (await guard.acquire(userId))();
    const error = await guard.acquire(userId).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    const retryAfter = Number((error as HttpError).headers?.['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    guard.close();
  });
});

describe('resolveSharedJwtSecret', () => {
  test('instances starting at once agree on one generated secret; JWT_SECRET wins when set', async () => {
    const secrets = await Promise.all(Array.from({ length: 5 }, () => resolveSharedJwtSecret(undefined, database.db)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]?.length).toBeGreaterThanOrEqual(32);
    expect(await resolveSharedJwtSecret(undefined, database.db)).toBe(secrets[0]);
    expect(await resolveSharedJwtSecret('c'.repeat(40), database.db)).toBe('c'.repeat(40));
  });
});

test('the sweep reaches every store the shared state made, on either engine', async () => {
  const state = createSharedState(database.db, () => undefined);
  const throttle = state.loginThrottle({ maxFailures: 5, windowMs: 100 });
  const userId = await newUserId();
  const guard = state.exportGuard({ windowMs: 100 });
  await throttle.reserveAttempt('198.51.100.9|swept@example.com');
  (await guard.acquire(userId))();
  await database.db.query(
    "INSERT INTO idempotency_keys (scope, idempotency_key, fingerprint, expires_at) VALUES ('swept', 'k', 'f', now() - interval '1 second')",
  );
  state.idempotencyStore();
  await sleep(150);
  await state.sweep();
  expect(await database.db.query("SELECT 1 FROM login_throttle WHERE throttle_key = '198.51.100.9|swept@example.com'")).toHaveLength(0);
  expect(await database.db.query('SELECT 1 FROM export_leases WHERE user_id = $1', [userId])).toHaveLength(0);
  expect(await database.db.query("SELECT 1 FROM idempotency_keys WHERE scope = 'swept'")).toHaveLength(0);
  state.close();
});

test('the generated JWT secret: in the database on PostgreSQL, in DATA_DIR on the embedded engine', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'callboard-shared-secret-'));
  try {
    const secret = await jwtSecretFor(database.db, undefined, dataDir);
    const kept = await database.db.query<{ value: string }>("SELECT value FROM app_secrets WHERE name = 'jwt-signing'");
    const file = path.join(dataDir, 'jwt-secret');
    if (database.db.kind === 'postgres') {
      expect(kept.map((r) => r.value)).toEqual([secret]);
      expect(existsSync(file)).toBe(false);
    } else {
      expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    }
    expect(await jwtSecretFor(database.db, 'c'.repeat(40), dataDir)).toBe('c'.repeat(40));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
