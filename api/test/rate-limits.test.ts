/**
 * Whose budget a request spends (docs/decisions/0013-rate-limits-per-owner.md): a signed-in
 * person's own, an ingest key's own, or, before sign-in, the client address's. Every request here
 * comes from one office address unless it says otherwise, as a team's would.
 */
import type { LightMyRequestResponse } from 'fastify';
import { apiKeyFingerprint } from '../src/domain/rate-limit/limit-owner';
import { deleteExpiredCounters } from '../src/domain/rate-limit/postgres-counter-store';
import { RecordingLinks } from '../src/domain/recordings/recording-links';
import { INGEST_KEY } from './support/calls-fixtures';
import { bearer, buildTestApp, RELAXED_LIMITS, signUp, type SignedIn, type TestApp } from './support/test-app';
import { anotherPoolOn, testEngine } from './support/test-database';

const SETUP_TIMEOUT_MS = 30_000;
const OFFICE = '198.51.100.7';
const LIMITS = { ...RELAXED_LIMITS, userPerMinute: 5, ingestKeyPerMinute: 3, addressPerMinute: 8, signInPerMinute: 4 };

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY, limits: LIMITS });
  admin = await signUp(t.app, 'Ada Admin');
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

let people = 0;
/** Registers and signs in a new person from an address of their own, so no test's address budget pays for it. */
async function person(name: string): Promise<SignedIn> {
  people += 1;
  const remoteAddress = `10.9.0.${people}`;
  const email = `${name.toLowerCase()}.${people}.${Date.now()}@example.com`;
  const password = `secret-${people}-pw`;
  const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name, email, password }, remoteAddress });
  expect(registered.statusCode).toBe(201);
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  expect(response.statusCode).toBe(200);
  const { data } = response.json();
  return { token: data.token, user: data.user, refresh: '' };
}

function profile(token: string, app: TestApp = t, remoteAddress = OFFICE): Promise<LightMyRequestResponse> {
  return app.app.inject({ url: '/api/auth/profile', headers: bearer(token), remoteAddress });
}

async function statuses(count: number, send: () => Promise<LightMyRequestResponse>): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) result.push((await send()).statusCode);
  return result;
}

function expectRateLimited(response: LightMyRequestResponse, limit: number): void {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    message: `Too many requests (the limit is ${limit} a minute): try again in ${retryAfter} seconds`,
  });
}

describe('signed-in routes: a budget per person', () => {
  test('two people behind one address each get their own budget', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    expect(await statuses(5, () => profile(alice.token))).toEqual([200, 200, 200, 200, 200]);
    const over = await profile(alice.token);
    expectRateLimited(over, 5);
    // Bob, at the same address, has spent nothing of his.
    const bobs = await profile(bob.token);
    expect(bobs.statusCode).toBe(200);
    expect(bobs.headers['x-ratelimit-limit']).toBe('5');
    expect(bobs.headers['x-ratelimit-remaining']).toBe('4');
    expect((await profile(alice.token)).statusCode).toBe(429);
  });

  test("a token whose signature does not verify spends its address's budget, not the person it names", async () => {
    const carol = await person('Carol');
    const [header, payload, signature = ''] = carol.token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const forger = '203.0.113.66';
    // The address's 8, then 429 before authentication is even tried.
    expect(await statuses(9, () => profile(forged, t, forger))).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
    // Carol's own budget is untouched, and the forger's address does not limit her.
    expect(await statuses(5, () => profile(carol.token, t, forger))).toEqual([200, 200, 200, 200, 200]);
  });

  test('health checks and static files are never limited, even for someone over budget', async () => {
    const dave = await person('Dave');
    await statuses(6, () => profile(dave.token));
    expect((await profile(dave.token)).statusCode).toBe(429);
    const recording = new RecordingLinks(t.jwtSecret).link('/recordings/demo-1.wav') as string;
    for (const url of ['/api/healthz', '/api/readyz', '/remotes.json', recording]) {
      // Past every budget there is (the address's 8 too), with Dave's token on them.
      const answers = await statuses(12, () => t.app.inject({ url, headers: bearer(dave.token), remoteAddress: OFFICE }));
      expect({ url, answers: [...new Set(answers)] }).toEqual({ url, answers: [200] });
    }
  });
});

describe('ingest routes: a budget per API key', () => {
  test('two keys each get their own budget, and neither spends a person\'s', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: bearer(admin.token), payload: { name: 'QC bot' } });
    expect(created.statusCode).toBe(201);
    const qcKey = created.json().data.key as string;
    // An empty batch is refused by validation, after the limit has counted it.
    const deliver = (key: string) =>
      t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': key }, payload: { calls: [] }, remoteAddress: OFFICE });
    expect(await statuses(3, () => deliver(INGEST_KEY))).toEqual([400, 400, 400]);
    expectRateLimited(await deliver(INGEST_KEY), 3);
    // A stored key's first delivery to this instance spends the address's budget: until the route
    // has accepted it, the limit cannot tell it from a made-up one. From then on it has its own.
    const first = await deliver(qcKey);
    expect(first.statusCode).toBe(400);
    expect(first.headers['x-ratelimit-limit']).toBe('8');
    const other = await deliver(qcKey);
    expect(other.statusCode).toBe(400);
    expect(other.headers['x-ratelimit-limit']).toBe('3');
    expect(other.headers['x-ratelimit-remaining']).toBe('2');
    const erin = await person('Erin');
    expect((await profile(erin.token)).statusCode).toBe(200);
  });

  test('a new made-up key for every request gets no fresh budget: they all spend the address\'s', async () => {
    const inventor = '198.51.100.77';
    const deliver = (i: number) =>
      t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': `cbk_made-up-${i}` }, payload: { calls: [] }, remoteAddress: inventor });
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1) answers.push((await deliver(i)).statusCode);
    expect(answers).toEqual(Array(8).fill(401));
    expectRateLimited(await deliver(8), 8);
    // Another address has its own budget.
    expect((await t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': 'cbk_made-up-x' }, payload: { calls: [] }, remoteAddress: '198.51.100.78' })).statusCode).toBe(401);
  });
});

describe('sign-in routes: a budget per address', () => {
  test('sign-in has a budget of its own per address, spent before any password is checked; logout spends the shared one', async () => {
    const login = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password' }, remoteAddress });
    const logout = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress });
    const kiosk = '192.0.2.10';
    expect(await statuses(4, () => login(kiosk))).toEqual([401, 401, 401, 401]);
    expectRateLimited(await login(kiosk), 4);
    // The address's shared budget is untouched by the sign-ins: eight logouts, then 429.
    expect(await statuses(8, () => logout(kiosk))).toEqual(Array(8).fill(200));
    expectRateLimited(await logout(kiosk), 8);
    expect((await login('192.0.2.11')).statusCode).toBe(401);
  });

  test('asking whether registration is open spends the address budget too', async () => {
    const status = (remoteAddress: string) => t.app.inject({ url: '/api/auth/registration', remoteAddress });
    const visitor = '192.0.2.20';
    expect(await statuses(8, () => status(visitor))).toEqual(Array(8).fill(200));
    expectRateLimited(await status(visitor), 8);
    expect((await status('192.0.2.21')).statusCode).toBe(200);
  });
});

if (testEngine() === 'postgres') {
  describe('PostgreSQL: the counters are shared by every instance on the database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await buildTestApp({ database: await anotherPoolOn(t.database), jwtSecret: t.jwtSecret, ingestApiKey: INGEST_KEY, limits: LIMITS });
    }, SETUP_TIMEOUT_MS);
    afterAll(() => second.close());

    test('a person over the limit across two instances gets 429 on both', async () => {
      const frank = await person('Frank');
      expect(await statuses(3, () => profile(frank.token, t))).toEqual([200, 200, 200]);
      expect(await statuses(2, () => profile(frank.token, second))).toEqual([200, 200]);
      expectRateLimited(await profile(frank.token, second), 5);
      expect((await profile(frank.token, t)).statusCode).toBe(429);
    });

    test("sign-in's own budget per address is one budget over both instances", async () => {
      const login = (app: TestApp) =>
        app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password' }, remoteAddress: '192.0.2.30' });
      expect(await statuses(2, () => login(t))).toEqual([401, 401]);
      expect(await statuses(2, () => login(second))).toEqual([401, 401]);
      expectRateLimited(await login(second), 4);
      expect((await login(t)).statusCode).toBe(429);
    });

    test('claimed a slice at a time, a budget spread over two instances is never exceeded, and refused at most a slice early', async () => {
      // A budget of 40 is claimed 4 places at a time; 23 requests to one instance leave it one place unused.
      const budget = 40;
      const sliced = { ...LIMITS, userPerMinute: budget };
      const [one, two] = [
        await buildTestApp({ database: await anotherPoolOn(t.database), jwtSecret: t.jwtSecret, limits: sliced }),
        await buildTestApp({ database: await anotherPoolOn(t.database), jwtSecret: t.jwtSecret, limits: sliced }),
      ] as [TestApp, TestApp];
      try {
        const judy = await person('Judy');
        const onOne = await statuses(23, () => profile(judy.token, one));
        const onTwo = await statuses(20, () => profile(judy.token, two));
        expect(onOne).toEqual(Array(23).fill(200));
        const passed = [...onOne, ...onTwo].filter((s) => s === 200).length;
        expect(passed).toBeLessThanOrEqual(budget);
        expect(passed).toBeGreaterThanOrEqual(budget - 3);
        expect(onTwo.slice(passed - 23)).toEqual(Array(43 - passed).fill(429));
        // The place the first instance held back is still its to give; after it, the budget is spent there too.
        expect(await statuses(2, () => profile(judy.token, one))).toEqual([200, 429]);
      } finally {
        await one.close();
        await two.close();
      }
    }, SETUP_TIMEOUT_MS);

    test('the counters table holds a fingerprint of an ingest key, never the key', async () => {
      const rows = await t.db.query<{ key: string }>('SELECT key FROM rate_limit_counters');
      const keys = rows.map((r) => r.key);
      expect(keys).toContain(`key:${apiKeyFingerprint(INGEST_KEY)}`);
      expect(keys.join('\n')).not.toContain(INGEST_KEY);
    });

    test('a window that has passed starts again at one; the sweep deletes only expired rows', async () => {
      const ivy = await person('Ivy');
      await statuses(6, () => profile(ivy.token));
      expect((await profile(ivy.token)).statusCode).toBe(429);
      const key = `user:${ivy.user.id}`;
      await t.db.query("UPDATE rate_limit_counters SET expires_at = now() - interval '1 second' WHERE key = $1", [key]);
      const fresh = await profile(ivy.token);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers['x-ratelimit-remaining']).toBe('4');
      const [row] = await t.db.query<{ count: number; left_ms: number }>(
        'SELECT count, extract(epoch FROM expires_at - now()) * 1000 AS left_ms FROM rate_limit_counters WHERE key = $1',
        [key],
      );
      expect(row?.count).toBe(1);
      expect(Number(row?.left_ms)).toBeGreaterThan(50_000);

      await t.db.query("INSERT INTO rate_limit_counters (key, count, expires_at) VALUES ('addr:gone', 3, now() - interval '1 minute')");
      expect(await deleteExpiredCounters(t.db)).toBeGreaterThanOrEqual(1);
      const left = (await t.db.query<{ key: string }>('SELECT key FROM rate_limit_counters')).map((r) => r.key);
      expect(left).not.toContain('addr:gone');
      expect(left).toContain(key);
    });

    test("counters that cannot be reached are counted in this instance's memory meanwhile (the limit holds), then shared again", async () => {
      const grace = await person('Grace');
      await t.db.exec('ALTER TABLE rate_limit_counters RENAME TO rate_limit_counters_away');
      try {
        expect(await statuses(5, () => profile(grace.token))).toEqual([200, 200, 200, 200, 200]);
        expectRateLimited(await profile(grace.token), 5);
      } finally {
        await t.db.exec('ALTER TABLE rate_limit_counters_away RENAME TO rate_limit_counters');
      }
      expect(await statuses(6, () => profile(grace.token))).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
} else {
  describe('PGlite: one instance, counters in memory', () => {
    test('the counters table is left empty', async () => {
      const hank = await person('Hank');
      await profile(hank.token);
      expect(await t.db.query('SELECT key FROM rate_limit_counters')).toEqual([]);
    });
  });
}
