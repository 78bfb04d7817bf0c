/**
 * The device cookie (OWASP's "device cookies" against account lockout), on each engine: a browser the
 * owner signed in from before carries a signed cookie naming their account, and its attempts have a
 * budget of their own, so strangers slowing the account with wrong passwords never keep the owner out;
 * attempts without one, or with one for another account, share the account's slowed count as before.
 * Addresses come from X-Forwarded-For through a trusted proxy, as in trust-proxy.test.ts.
 */
import type { LightMyRequestResponse } from 'fastify';
import { deriveWithScrypt, PasswordHasher } from '../src/domain/auth/password-hasher';
import { buildTestApp, observedHasher, register, TEST_PASSWORD_COST, type TestApp } from './support/test-app';
import { ACCOUNT_SIGN_IN_LIMITS } from '../src/domain/auth/sign-in-throttle';

const PROXY = '10.1.2.3';
const OWNER = { email: 'owner@example.com', password: 'right-password' };
const DEVICE_COOKIE = 'cb_device';
const STRANGERS = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withApp(run: (t: TestApp) => Promise<void>) {
  const hashing = observedHasher({ maxWaiting: 100 });
  // The production account limits; ten a quarter-hour per address and email, so three addresses fill the account's thirty.
  const t = await buildTestApp({ trustProxy: ['10.0.0.0/8'], passwords: hashing.hasher, limits: { loginFailures: 10, ...ACCOUNT_SIGN_IN_LIMITS } });
  try {
    await register(t.app, { name: 'Owner', ...OWNER });
    await run(t);
  } finally {
    await t.close();
  }
}

function signIn(t: TestApp, from: string, password: string, options: { device?: string; email?: string; proto?: string } = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: options.email ?? OWNER.email, password },
    headers: { 'x-forwarded-for': from, ...(options.proto ? { 'x-forwarded-proto': options.proto } : {}) },
    cookies: options.device === undefined ? {} : { [DEVICE_COOKIE]: options.device },
    remoteAddress: PROXY,
  });
}

function deviceCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === DEVICE_COOKIE);
}

/** The owner signs in once from their own browser, which keeps the device cookie it is given. */
async function ownersDevice(t: TestApp, from = '192.0.2.10'): Promise<string> {
  const response = await signIn(t, from, OWNER.password);
  expect(response.statusCode).toBe(200);
  // Whether it is set, and how, is the first test's business; here the browser sends back whatever it got.
  return deviceCookieOf(response)?.value ?? '';
}

/**
 * Three addresses sending wrong passwords back to back, each as soon as the last is answered, until
 * stopped: the account's thirty fill, then they take every minute's turn they can.
 */
function hammer(t: TestApp) {
  let stopped = false;
  let sent = 0;
  const loops = STRANGERS.map(async (from) => {
    while (!stopped) {
      sent += 1;
      await signIn(t, from, `wrong-${sent}`);
      // A breath between attempts, so the three do not keep the embedded database's one connection to themselves.
      await sleep(5);
    }
  });
  return {
    sent: () => sent,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function untilSlowed(t: TestApp): Promise<void> {
  // The account is full once a fresh address with the right password is refused for it.
  for (let i = 0; i < 200; i += 1) {
    if ((await signIn(t, '198.51.100.250', 'wrong-probe')).statusCode === 429) return;
    await sleep(20);
  }
  throw new Error('the strangers never filled the account');
}

test('a sign-in sets the device cookie: HttpOnly, SameSite=Strict, on the sign-in route only, long-lived, Secure over HTTPS', () =>
  withApp(async (t) => {
    const plain = deviceCookieOf(await signIn(t, '192.0.2.10', OWNER.password));
    expect(plain).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
    expect(plain?.secure).toBeFalsy();
    expect(plain?.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
    const https = deviceCookieOf(await signIn(t, '192.0.2.10', OWNER.password, { proto: 'https' }));
    expect(https).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true });
    // A failed attempt gets none.
    expect(deviceCookieOf(await signIn(t, '192.0.2.10', 'wrong-password'))).toBeUndefined();
  }));

test('three addresses hammer the account with wrong passwords: the owner, from their device, gets in at once', () =>
  withApp(async (t) => {
    const device = await ownersDevice(t);
    const strangers = hammer(t);
    try {
      await untilSlowed(t);
      const started = Date.now();
      const owner = await signIn(t, '192.0.2.10', OWNER.password, { device });
      expect(owner.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      // And again, as often as they like: their device's budget is their own.
      for (let i = 0; i < 3; i += 1) expect((await signIn(t, '192.0.2.11', OWNER.password, { device })).statusCode).toBe(200);
    } finally {
      await strangers.stop();
    }
    expect(strangers.sent()).toBeGreaterThan(30);
  }));

test('without a device cookie of this account, the owner is limited as before: slowed with everyone else', () =>
  withApp(async (t) => {
    await register(t.app, { name: 'Stranger', email: 'stranger@example.com', password: 'strangers-own' });
    const strangersDevice = deviceCookieOf(await signIn(t, '203.0.113.9', 'strangers-own', { email: 'stranger@example.com' }))?.value as string;
    const ownersOwn = await ownersDevice(t);
    const strangers = hammer(t);
    try {
      await untilSlowed(t);
      // No cookie, the stranger's own account's cookie, a forged one: each shares the account's slowed count.
      for (const device of [undefined, strangersDevice, `${ownersOwn.slice(0, -4)}AAAA`, 'garbage']) {
        const response = await signIn(t, '192.0.2.10', OWNER.password, { device });
        expect({ device, status: response.statusCode }).toEqual({ device, status: 429 });
        expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await strangers.stop();
    }
  }));

test('ten wrong passwords with one device cookie: the cookie is distrusted, and its attempts count with everyone else', () =>
  withApp(async (t) => {
    const device = await ownersDevice(t);
    // Someone at the owner's browser guessing: ten failures on the device's own count, none on the account's.
    for (let i = 0; i < 10; i += 1) expect((await signIn(t, `192.0.2.${20 + i}`, `guess-${i}`, { device })).statusCode).toBe(401);
    const strangers = hammer(t);
    try {
      await untilSlowed(t);
      expect((await signIn(t, '192.0.2.40', OWNER.password, { device })).statusCode).toBe(429);
    } finally {
      await strangers.stop();
    }
  }));

test("with the hashing queue full of strangers' checks, the owner's device still gets a place, and goes first", async () => {
  // One check at a time, four may wait, one of those places kept for known devices (hashing-turns.ts).
  // Each check is held until the test opens the gate, and says whose password it derives.
  const checked: string[] = [];
  let gate: Promise<void> | undefined;
  let open = () => {};
  const passwords = new PasswordHasher(TEST_PASSWORD_COST, {
    concurrency: 1,
    maxWaiting: 4,
    derive: async (password, salt, cost) => {
      checked.push(password);
      if (gate) await gate;
      return deriveWithScrypt(password, salt, cost);
    },
  });
  const t = await buildTestApp({ trustProxy: ['10.0.0.0/8'], passwords });
  try {
    await register(t.app, { name: 'Owner', ...OWNER });
    const device = await ownersDevice(t);
    gate = new Promise<void>((resolve) => (open = resolve));
    checked.length = 0;
    // One running and three waiting: the places strangers may take. The next stranger is refused at once.
    const strangers = Array.from({ length: 4 }, (_, i) => signIn(t, `203.0.113.${i}`, `stranger-${i}`, { email: `nobody-${i}@example.com` }));
    // Time for the four to reach the queue (their throttle counts come first).
    await sleep(500);
    expect(checked).toHaveLength(1);
    const refused = await signIn(t, '203.0.113.9', 'stranger-9', { email: 'nobody-9@example.com' });
    expect(refused.statusCode).toBe(503);
    // The owner's device takes the kept place, and is checked before the strangers waiting.
    const owner = signIn(t, '192.0.2.10', OWNER.password, { device });
    await sleep(200);
    open();
    expect((await owner).statusCode).toBe(200);
    expect((await Promise.all(strangers)).map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    // The strangers waited in the order they reached the queue, which parallel requests need not keep.
    expect(checked[1]).toBe(OWNER.password);
    expect([checked[0], ...checked.slice(2)].sort()).toEqual(['stranger-0', 'stranger-1', 'stranger-2', 'stranger-3']);
  } finally {
    open();
    await t.close();
  }
});
