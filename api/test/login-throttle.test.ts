/**
 * The sign-in throttle over HTTP, on each engine (the login_throttle table on both, the same SQL):
 * per address and email, a parallel burst gets no more password checks than the limit;
 * per account, failures from many addresses slow the account to one attempt a minute, never lock it.
 * Addresses come from X-Forwarded-For through a trusted proxy, as in trust-proxy.test.ts.
 */
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, observedHasher, register, type TestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { ACCOUNT_SIGN_IN_LIMITS } from '../src/domain/auth/sign-in-throttle';

const PROXY = '10.1.2.3';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One database for the file, and the owner's account made once in it: each test needs an app of its own
// limits, not a database of its own, and making one was most of a test's time.
let database: TestDatabase;
let ownerRegistered = false;
beforeAll(async () => {
  database = await createTestDatabase();
}, 30_000);
afterAll(() => database.drop());

async function withApp(limits: Record<string, number>, run: (t: TestApp, hashing: ReturnType<typeof observedHasher>) => Promise<void>) {
  // Each app starts with no failure counted: the throttle and the budgets' counters live in the database.
  await database.db.query('DELETE FROM login_throttle');
  await database.db.query('DELETE FROM rate_limit_counters');
  // Room for every check at once: the hashing queue's own bound is auth.test.ts's.
  const hashing = observedHasher({ maxWaiting: 100 });
  // The production limits per address and per account unless the test says otherwise.
  const t = await buildTestApp({
    database: { ...database, drop: async () => {} },
    trustProxy: ['10.0.0.0/8'],
    passwords: hashing.hasher,
    limits: { loginFailures: 5, ...ACCOUNT_SIGN_IN_LIMITS, ...limits },
  });
  try {
    if (!ownerRegistered) {
      expect((await register(t.app, { name: 'Owner', email: 'owner@example.com', password: 'right-password' })).statusCode).toBe(201);
      ownerRegistered = true;
    }
    hashing.derivations.length = 0;
    await run(t, hashing);
  } finally {
    await t.close();
  }
}

function signIn(t: TestApp, from: string, password: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'owner@example.com', password },
    headers: { 'x-forwarded-for': from },
    remoteAddress: PROXY,
  });
}

/** Thirty wrong passwords from six addresses, five each, one after another. */
async function fillAccount(t: TestApp): Promise<void> {
  for (let i = 0; i < 30; i += 1) expect((await signIn(t, `203.0.113.${Math.floor(i / 5)}`, `wrong-${i}`)).statusCode).toBe(401);
}

function expectSlowed(response: LightMyRequestResponse, atMost = 60): void {
  expect(response.statusCode).toBe(429);
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(atMost);
  expect(response.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: `Too many failed sign-in attempts; try again in ${wait} seconds` });
}

test('30 wrong passwords at once from one address: five are checked, 25 refused without a check', () =>
  withApp({}, async (t, hashing) => {
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(t, '203.0.113.1', `wrong-${i}`)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(hashing.derivations).toHaveLength(5);
  }));

test('30 failures for one account over six addresses slow it from every address, the right password included', () =>
  withApp({}, async (t, hashing) => {
    await fillAccount(t);
    expect(hashing.derivations).toHaveLength(30);
    // A seventh address, which has never failed, and the right password: slowed all the same, and not checked.
    expectSlowed(await signIn(t, '198.51.100.7', 'right-password'));
    expectSlowed(await signIn(t, '198.51.100.8', 'wrong-again'));
    expect(hashing.derivations).toHaveLength(30);
  }));

test('40 at once over eight addresses: exactly 30 checks, the rest slowed', () =>
  withApp({}, async (t, hashing) => {
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(t, `203.0.113.${i % 8}`, `wrong-${i}`)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(hashing.derivations).toHaveLength(30);
  }));

test('slowed, not locked: one attempt per interval gets through, and the owner signs in; the count stays', () =>
  withApp({ accountLoginSlowIntervalMs: 500 }, async (t) => {
    await fillAccount(t);
    // The owner, from their own address, retries while slowed: refused for the account, without spending their address's five.
    for (let i = 0; i < 6; i += 1) expectSlowed(await signIn(t, '192.0.2.10', 'right-password'), 1);
    await sleep(600);
    expect((await signIn(t, '192.0.2.10', 'right-password')).statusCode).toBe(200);
    // A success does not clear the strangers' failures: the next attempt, from anywhere, waits again.
    expectSlowed(await signIn(t, '203.0.113.9', 'wrong-again'), 1);
    await sleep(600);
    expect((await signIn(t, '203.0.113.9', 'wrong-again')).statusCode).toBe(401);
    expectSlowed(await signIn(t, '192.0.2.10', 'right-password'), 1);
  }));

test('the owner signing in again and again is not a failure: no slowing', () =>
  withApp({ accountLoginFailures: 3 }, async (t) => {
    for (let i = 0; i < 6; i += 1) expect((await signIn(t, `192.0.2.${i}`, 'right-password')).statusCode).toBe(200);
  }));
