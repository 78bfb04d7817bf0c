import { HttpError } from '../../http/http-error';
import { fingerprintOf, IdempotencyCache, readIdempotencyKey } from './idempotency-cache';

function cache(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: 1_000_000 };
  const store = new IdempotencyCache<string>({ ttlMs: options.ttlMs ?? 1000, maxEntries: options.maxEntries ?? 100, now: () => clock.now });
  return { store, clock };
}

test('the same key and request run the work once and replay its value', async () => {
  const { store } = cache();
  let runs = 0;
  const work = async () => `result-${++runs}`;
  expect(await store.run('admin', 'k', { a: 1, b: 2 }, work)).toEqual({ value: 'result-1', replayed: false });
  expect(await store.run('admin', 'k', { b: 2, a: 1 }, work)).toEqual({ value: 'result-1', replayed: true });
  expect(runs).toBe(1);
});

test('concurrent duplicates share one run', async () => {
  const { store } = cache();
  let runs = 0;
  let release: (value: string) => void = () => undefined;
  const work = () => {
    runs += 1;
    return new Promise<string>((resolve) => (release = resolve));
  };
  const first = store.run('admin', 'k', {}, work);
  const second = store.run('admin', 'k', {}, work);
  release('done');
  expect(await Promise.all([first, second])).toEqual([{ value: 'done', replayed: false }, { value: 'done', replayed: true }]);
  expect(runs).toBe(1);
});

test('a different request with a used key is a 422', async () => {
  const { store } = cache();
  await store.run('admin', 'k', { amount: 1 }, async () => 'x');
  const error = await store.run('admin', 'k', { amount: 2 }, async () => 'y').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ statusCode: 422, code: 'UNPROCESSABLE' });
});

test('keys are scoped: another scope runs its own work', async () => {
  const { store } = cache();
  await store.run('alice', 'k', {}, async () => 'alice');
  expect(await store.run('bob', 'k', {}, async () => 'bob')).toEqual({ value: 'bob', replayed: false });
});

test('a failure is forgotten, so the key can be retried', async () => {
  const { store } = cache();
  await expect(store.run('admin', 'k', {}, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(store.size).toBe(0);
  expect(await store.run('admin', 'k', {}, async () => 'ok')).toEqual({ value: 'ok', replayed: false });
});

test('entries expire after the TTL', async () => {
  const { store, clock } = cache({ ttlMs: 1000 });
  await store.run('admin', 'k', { amount: 1 }, async () => 'first');
  clock.now += 999;
  expect((await store.run('admin', 'k', { amount: 1 }, async () => 'second')).value).toBe('first');
  clock.now += 1;
  // Expired: the key is free again, even for a different request.
  expect(await store.run('admin', 'k', { amount: 2 }, async () => 'third')).toEqual({ value: 'third', replayed: false });
  expect(store.size).toBe(1);
});

test('beyond maxEntries the oldest entries are dropped', async () => {
  const { store } = cache({ maxEntries: 2 });
  for (const key of ['a', 'b', 'c']) await store.run('admin', key, {}, async () => key);
  expect(store.size).toBe(2);
  expect(await store.run('admin', 'a', {}, async () => 'a again')).toEqual({ value: 'a again', replayed: false });
  expect((await store.run('admin', 'c', {}, async () => 'c again')).replayed).toBe(true);
});

test('fingerprints ignore key order and undefined members, not values', () => {
  expect(fingerprintOf({ a: 1, b: [1, { c: 'x', d: null }] })).toBe(fingerprintOf({ b: [1, { d: null, c: 'x' }], a: 1, e: undefined }));
  expect(fingerprintOf({ amount: '1.00' })).not.toBe(fingerprintOf({ amount: 1 }));
  expect(fingerprintOf([1, 2])).not.toBe(fingerprintOf([2, 1]));
});

test('readIdempotencyKey: absent, valid, or a 400', () => {
  expect(readIdempotencyKey(undefined)).toBeUndefined();
  expect(readIdempotencyKey('6f1c2b1e-0d7a-4c55-9d1e-0e5b7a3c2d10')).toBe('6f1c2b1e-0d7a-4c55-9d1e-0e5b7a3c2d10');
  expect(readIdempotencyKey(['first', 'second'])).toBe('first');
  for (const bad of ['', 'with space', 'x'.repeat(256), 'tab\there', 'é']) {
    expect(() => readIdempotencyKey(bad)).toThrow('Idempotency-Key must be 1 to 255 visible characters');
  }
});
