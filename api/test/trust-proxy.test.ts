/**
 * TRUST_PROXY decides whether X-Forwarded-For / X-Forwarded-Proto / X-Forwarded-Host are believed:
 * the client address keys the sign-in routes' budget, the protocol decides whether the refresh
 * cookie is Secure (unless COOKIE_SECURE forces it), and protocol and host make the origin a
 * browser's Origin header is held to on the cookie routes. Unset, anyone can write those
 * headers, so they are ignored.
 */
import type { LightMyRequestResponse } from 'fastify';
import { REFRESH_COOKIE } from '@callboard/contract';
import type { CookieSecure } from '../src/config/env';
import type { TrustProxy } from '../src/config/trust-proxy';
import { buildTestApp, RELAXED_LIMITS, signUp, type TestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const SETUP_TIMEOUT_MS = 30_000;
const PROXY = '10.1.2.3';
/** Another proxy of the same load balancer, so the cookie checks do not spend PROXY's budget. */
const OTHER_PROXY = '10.1.2.4';

// One database for the file: each test needs an app of its own configuration, not a database of its own,
// and making one was most of a test's time.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, SETUP_TIMEOUT_MS);
afterAll(() => database.drop());

async function withApp(
  trustProxy: TrustProxy | undefined,
  run: (t: TestApp) => Promise<void>,
  cookieSecure?: CookieSecure,
): Promise<void> {
  // Each app starts with nothing spent: the budgets' counters and the sign-in throttle live in the database.
  await database.db.query('DELETE FROM rate_limit_counters');
  await database.db.query('DELETE FROM login_throttle');
  // Sign-in's own budget per address is what the forwarded address keys here.
  const t = await buildTestApp({
    database: { ...database, drop: async () => {} },
    trustProxy,
    cookieSecure,
    limits: { ...RELAXED_LIMITS, addressPerMinute: 3, signInPerMinute: 3 },
  });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

/** A failed sign-in through the proxy on behalf of `forwardedFor` (the header as the proxy writes it). */
function loginVia(t: TestApp, forwardedFor: string, remoteAddress = PROXY): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'nobody@example.com', password: 'wrong-password' },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
}

async function statuses(responses: Array<() => Promise<LightMyRequestResponse>>): Promise<number[]> {
  const result: number[] = [];
  for (const send of responses) result.push((await send()).statusCode);
  return result;
}

/** Whether the refresh cookie set by a sign-in, and by the refresh after it, is Secure (both must agree). */
async function secureCookie(t: TestApp, proto: string | undefined): Promise<boolean> {
  const me = await signUp(t.app);
  const headers = proto === undefined ? {} : { 'x-forwarded-proto': proto };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: me.user.email, password: me.password },
    headers,
    remoteAddress: OTHER_PROXY,
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
  expect(cookie).toBeDefined();
  const refreshed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers,
    cookies: { [REFRESH_COOKIE]: cookie?.value as string },
    remoteAddress: OTHER_PROXY,
  });
  expect(refreshed.statusCode).toBe(200);
  const renewed = refreshed.cookies.find((c) => c.name === REFRESH_COOKIE);
  expect(renewed?.secure === true).toBe(cookie?.secure === true);
  return cookie?.secure === true;
}

/** A refresh from a browser without Sec-Fetch-Site, through the proxy, claiming to come from `origin`. */
async function refreshFrom(t: TestApp, origin: string, forwarded: Record<string, string>): Promise<number> {
  const me = await signUp(t.app);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { origin, ...forwarded },
    cookies: { [REFRESH_COOKIE]: me.refresh },
    remoteAddress: OTHER_PROXY,
  });
  return response.statusCode;
}

const PUBLIC_ORIGIN = 'https://callboard.example.com';
const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'callboard.example.com' };

test(
  'unset: a forged X-Forwarded-For is ignored (one address, one budget) and X-Forwarded-Proto does not make the cookie Secure',
  () =>
    withApp(undefined, async (t) => {
      const forged = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'].map((ip) => () => loginVia(t, ip));
      expect(await statuses(forged)).toEqual([401, 401, 401, 429]);
      expect(await secureCookie(t, 'https')).toBe(false);
    }),
  SETUP_TIMEOUT_MS,
);

test(
  "unset: the cookie routes hold a browser's Origin to the server's own address, not to what X-Forwarded-* claim",
  () =>
    withApp(undefined, async (t) => {
      expect(await refreshFrom(t, PUBLIC_ORIGIN, FORWARDED)).toBe(403);
      expect(await refreshFrom(t, 'http://localhost', FORWARDED)).toBe(200);
    }),
  SETUP_TIMEOUT_MS,
);

test(
  'a list of proxy addresses: the forwarded address keys the budget, the protocol makes the cookie Secure; other peers are not believed',
  () =>
    withApp(['10.0.0.0/8', '::1'], async (t) => {
      const first = Array.from({ length: 4 }, () => () => loginVia(t, '203.0.113.1'));
      expect(await statuses(first)).toEqual([401, 401, 401, 429]);
      // Another person behind the same proxy has a budget of their own.
      expect((await loginVia(t, '203.0.113.2')).statusCode).toBe(401);
      // A client outside the list writing the header is keyed by its own address.
      const outsider = Array.from({ length: 4 }, (_, i) => () => loginVia(t, `203.0.113.${10 + i}`, '198.51.100.20'));
      expect(await statuses(outsider)).toEqual([401, 401, 401, 429]);
      expect(await secureCookie(t, 'https')).toBe(true);
    }),
  SETUP_TIMEOUT_MS,
);

test(
  'a hop count: the client is that many addresses back, whatever a client prepended',
  () =>
    withApp(1, async (t) => {
      // The proxy appends the address it saw; what the client wrote before it is ignored.
      const spoofing = Array.from({ length: 4 }, (_, i) => () => loginVia(t, `192.0.2.${i}, 203.0.113.7`));
      expect(await statuses(spoofing)).toEqual([401, 401, 401, 429]);
      expect((await loginVia(t, '203.0.113.8')).statusCode).toBe(401);
      expect(await secureCookie(t, 'https')).toBe(true);
    }),
  SETUP_TIMEOUT_MS,
);

test(
  "behind a trusted proxy the public origin is the server's own: the page's refresh works, another site's is refused",
  () =>
    withApp(['10.0.0.0/8'], async (t) => {
      expect(await refreshFrom(t, PUBLIC_ORIGIN, FORWARDED)).toBe(200);
      expect(await refreshFrom(t, 'https://evil.example', FORWARDED)).toBe(403);
      expect(await refreshFrom(t, 'http://callboard.example.com', FORWARDED)).toBe(403);
    }),
  SETUP_TIMEOUT_MS,
);

test(
  'COOKIE_SECURE=true marks the cookie Secure on plain HTTP',
  () => withApp(undefined, async (t) => expect(await secureCookie(t, undefined)).toBe(true), true),
  SETUP_TIMEOUT_MS,
);

test(
  'COOKIE_SECURE=false leaves the Secure flag off, even for HTTPS through a trusted proxy',
  () => withApp(['10.0.0.0/8'], async (t) => expect(await secureCookie(t, 'https')).toBe(false), false),
  SETUP_TIMEOUT_MS,
);

test(
  'COOKIE_SECURE=auto behind a trusted proxy: plain HTTP gets no Secure flag',
  () => withApp(['10.0.0.0/8'], async (t) => expect(await secureCookie(t, undefined)).toBe(false), 'auto'),
  SETUP_TIMEOUT_MS,
);
