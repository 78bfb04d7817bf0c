/**
 * REDIS_URL: the counters live in Redis instead. Needs Redis at 127.0.0.1:6379 (.ci/run starts it, and
 * installs it when the machine lacks it). Without it every test here fails with one message that says
 * so: a suite that skipped itself would pass without ever reaching Redis.
 */
import { Redis } from 'ioredis';
import { bearer, buildTestApp, RELAXED_LIMITS, signUp, type TestApp } from './support/test-app';

const REDIS_URL = 'redis://127.0.0.1:6379';
const SETUP_TIMEOUT_MS = 30_000;

let redis: Redis;
let t: TestApp;
beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The socket's own error (refused, timed out) says more than the "Connection is closed." that connect() rejects with.
  let socketError: unknown;
  redis.on('error', (error) => {
    socketError ??= error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Redis is not answering at ${REDIS_URL} (${String(socketError ?? error)}); this suite needs it. Start it with ` +
        '`redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ""` (.ci/run does).',
      { cause: error },
    );
  }
  t = await buildTestApp({ redisUrl: REDIS_URL, limits: { ...RELAXED_LIMITS, userPerMinute: 3 } });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  redis.disconnect();
});

test("a person's requests are counted in Redis, and the fourth of three a minute gets 429", async () => {
  const me = await signUp(t.app);
  const key = `callboard-rate-limit:user:${me.user.id}`;
  try {
    const answers: number[] = [];
    for (let i = 0; i < 4; i += 1) answers.push((await t.app.inject({ url: '/api/auth/profile', headers: bearer(me.token) })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(await redis.get(key)).toBe('4');
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  } finally {
    await redis.del(key);
  }
});
