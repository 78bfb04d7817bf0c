import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { FallbackCounterStore } from './fallback-counter-store';

type Result = { current: number; ttl: number };

/** A shared store whose every query fails, as PostgreSQL or Redis out of reach would. */
function unreachable(errors: unknown[] = []): FastifyRateLimitStore {
  const store: FastifyRateLimitStore = {
    incr: (_key, callback) => {
      const error = new Error('connect ECONNREFUSED');
      errors.push(error);
      setImmediate(() => callback(error));
    },
    child: () => store,
  };
  return store;
}

function incr(store: FastifyRateLimitStore, key: string, max = 3): Promise<Result> {
  return new Promise((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result as Result)), 60_000, max));
}

test('while the shared store fails, each key is counted in memory, so a limit still refuses the one past it', async () => {
  const heard: unknown[] = [];
  const store = new FallbackCounterStore(unreachable(), (error) => heard.push(error));
  const counts = [];
  for (let i = 0; i < 5; i += 1) counts.push((await incr(store, 'user:1')).current);
  expect(counts).toEqual([1, 2, 3, 4, 5]);
  // Another key, its own count; every failure is told to the plugin (which logs it at most every 10 s).
  expect((await incr(store, 'user:2')).current).toBe(1);
  expect(heard).toHaveLength(6);
  const { ttl } = await incr(store, 'user:1');
  expect(ttl).toBeGreaterThan(55_000);
  expect(ttl).toBeLessThanOrEqual(60_000);
});

test("a route's own budget (a child store) counts apart from the shared one, in memory too", async () => {
  const store = new FallbackCounterStore(unreachable(), () => {});
  const child = store.child({ continueExceeding: false, exponentialBackoff: false } as never);
  await incr(store, 'addr:1');
  await incr(store, 'addr:1');
  expect((await incr(child, 'addr:1')).current).toBe(1);
});

test('a store that answers is used as it is, and memory is not touched', async () => {
  let asked = 0;
  const answering: FastifyRateLimitStore = {
    incr: (_key, callback) => {
      asked += 1;
      callback(null, { current: 41, ttl: 1000 });
    },
    child: () => answering,
  };
  const store = new FallbackCounterStore(answering, () => {
    throw new Error('no failure expected');
  });
  expect(await incr(store, 'user:1')).toEqual({ current: 41, ttl: 1000 });
  expect(asked).toBe(1);
});

test('a store that throws instead of calling back is counted in memory as well', async () => {
  const throwing: FastifyRateLimitStore = {
    incr: () => {
      throw new Error('Connection is closed.');
    },
    child: () => throwing,
  };
  const store = new FallbackCounterStore(throwing, () => {});
  expect((await incr(store, 'user:1')).current).toBe(1);
  expect((await incr(store, 'user:1')).current).toBe(2);
});
