import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Queryable } from '../../db/database';
import { PostgresCounterStore } from './postgres-counter-store';

type Result = { error: Error | null; result?: { current: number; ttl: number } };

function incr(store: FastifyRateLimitStore, key: string): Promise<Result> {
  return new Promise((resolve) => store.incr(key, (error, result) => resolve({ error, result }), 60_000, 10));
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
    expect(seen).toEqual([
      ['user:u-1', 60_000],
      ['POST /api/auth/register|addr:203.0.113.5', 60_000],
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
});
