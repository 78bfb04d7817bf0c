import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Queryable } from '../../db/database';
import { PostgresCounterStore } from './postgres-counter-store';

type Result = { error: Error | null; result?: { current: number; ttl: number } };

function incr(store: FastifyRateLimitStore, key: string, max = 10): Promise<Result> {
  return new Promise((resolve) => store.incr(key, (error, result) => resolve({ error, result }), 60_000, max));
}

/**
 * The counters table as the claim statement treats it, shared by every store made on it: a claim adds
 * its places to the key's count (a new window starts at them) and answers the count and the time left.
 */
function sharedCounters(now: () => number) {
  const rows = new Map<string, { count: number; expiresAt: number }>();
  const claims: unknown[][] = [];
  const db: Queryable = {
    query: async <Row>(_sql: string, params?: readonly unknown[]) => {
      const [key, windowMs, places] = params as [string, number, number];
      claims.push([key, windowMs, places]);
      const row = rows.get(key);
      const next = row && row.expiresAt > now() ? { ...row, count: row.count + places } : { count: places, expiresAt: now() + windowMs };
      rows.set(key, next);
      return [{ count: next.count, ttl_ms: next.expiresAt - now() }] as Row[];
    },
  };
  return { db, claims, rows };
}

describe('PostgresCounterStore', () => {
  test('passes the row on as current and ttl; a route with its own limit counts under its own key', async () => {
    const seen: unknown[][] = [];
    const db: Queryable = {
      query: async <Row>(_sql: string, params?: readonly unknown[]) => {
        seen.push([...(params ?? [])]);
        return [{ count: 3, ttl_ms: 41_500 }] as Row[];
      },
    };
    const store = new PostgresCounterStore(db, () => {});
    expect(await incr(store, 'user:u-1')).toEqual({ error: null, result: { current: 3, ttl: 41_500 } });
    const child = store.child({ routeInfo: { method: 'POST', url: '/api/auth/register' } } as never);
    await incr(child, 'addr:203.0.113.5');
    // A budget of 10 is claimed one place at a time (a tenth of it).
    expect(seen).toEqual([
      ['user:u-1', 60_000, 1],
      ['POST /api/auth/register|addr:203.0.113.5', 60_000, 1],
    ]);
  });

  test('a failing database is reported to onError and passed on as an error', async () => {
    const failure = new Error('connection refused');
    const heard: unknown[] = [];
    const db: Queryable = { query: async () => Promise.reject(failure) };
    const store = new PostgresCounterStore(db, (error) => heard.push(error));
    expect(await incr(store, 'user:u-1')).toEqual({ error: failure });
    expect(heard).toEqual([failure]);
  });

  test('a budget of 600 is claimed 60 places at a time: the database is asked once for 60 requests', async () => {
    let clock = 1_000_000;
    const { db, claims } = sharedCounters(() => clock);
    const store = new PostgresCounterStore(db, () => {}, '', undefined, () => clock);
    const currents: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      clock += 10;
      currents.push((await incr(store, 'user:u-1', 600)).result!.current);
    }
    expect(currents).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
    expect(claims).toEqual([
      ['user:u-1', 60_000, 60],
      ['user:u-1', 60_000, 60],
    ]);
  });

  test('requests arriving while a claim is in flight take their places from it, in order', async () => {
    const { db, claims } = sharedCounters(() => 0);
    const store = new PostgresCounterStore(db, () => {}, '', undefined, () => 0);
    const answers = await Promise.all(Array.from({ length: 25 }, () => incr(store, 'user:u-1', 100)));
    expect(answers.map((a) => a.result!.current)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // Slices of 10: three claims, one after another.
    expect(claims).toHaveLength(3);
  });

  test('once the budget is spent every request is over it, and a new window starts afresh', async () => {
    let clock = 0;
    const { db } = sharedCounters(() => clock);
    const store = new PostgresCounterStore(db, () => {}, '', undefined, () => clock);
    const currents = [];
    for (let i = 0; i < 23; i += 1) currents.push((await incr(store, 'user:u-1', 20)).result!.current);
    expect(currents.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const current of currents.slice(20)) expect(current).toBeGreaterThan(20);
    clock += 60_000;
    expect((await incr(store, 'user:u-1', 20)).result).toEqual({ current: 1, ttl: 60_000 });
  });

  test('instances sharing one counter never let more than the budget through in a window', async () => {
    const { db } = sharedCounters(() => 0);
    const instances = [0, 1, 2].map(() => new PostgresCounterStore(db, () => {}, '', undefined, () => 0));
    // A person's requests spread unevenly over three instances, some at once.
    const sends = Array.from({ length: 900 }, (_, i) => instances[(i * 7 + (i >> 3)) % 3] as PostgresCounterStore);
    const answers = await Promise.all(sends.map((store) => incr(store, 'user:u-1', 600)));
    const allowed = answers.filter((a) => a.result!.current <= 600);
    expect(allowed.length).toBeLessThanOrEqual(600);
    // Each other instance can hold back at most a slice less one: never refused earlier than that.
    expect(allowed.length).toBeGreaterThanOrEqual(600 - 2 * 59);
    expect(new Set(allowed.map((a) => a.result!.current)).size).toBe(allowed.length);
  });

  test('slices of ended windows are let go', async () => {
    let clock = 0;
    const { db, claims } = sharedCounters(() => clock);
    const store = new PostgresCounterStore(db, () => {}, '', undefined, () => clock);
    await incr(store, 'user:u-1', 600);
    clock += 61_000;
    store.forgetEndedWindows();
    await incr(store, 'user:u-1', 600);
    expect(claims).toHaveLength(2);
  });
});
