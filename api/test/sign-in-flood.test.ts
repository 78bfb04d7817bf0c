/**
 * One client flooding the sign-in route cannot keep others out: its address's sign-in budget is spent
 * before any password is hashed, so the hashing queue stays free for everyone else. Against a real
 * server listening on 127.0.0.1, with each check taking as long as a production one roughly does
 * (scrypt at the test cost behind a wait) and the production queue of a 2-core machine; addresses come
 * from X-Forwarded-For, which the server believes from 127.0.0.1 here (as trust-proxy.test.ts sets up).
 */
import type { AddressInfo } from 'node:net';
import { deriveWithScrypt, PasswordHasher } from '../src/domain/auth/password-hasher';
import { buildTestApp, register, TEST_PASSWORD_COST, type TestApp } from './support/test-app';

const CHECK_MS = 150;
const FLOOD = { requests: 100, spacingMs: 30 };
const FLOODER = '203.0.113.66';
const PERSON = { from: '198.51.100.5', email: 'person@example.com', password: 'persons-password' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let url: string;
let checks = 0;

beforeAll(async () => {
  const passwords = new PasswordHasher(TEST_PASSWORD_COST, {
    concurrency: 2,
    maxWaiting: 8,
    derive: async (password, salt, cost) => {
      checks += 1;
      await sleep(CHECK_MS);
      return deriveWithScrypt(password, salt, cost);
    },
  });
  t = await buildTestApp({ trustProxy: ['127.0.0.1'], passwords, limits: { signInPerMinute: 10 } });
  await register(t.app, { name: 'Person', email: PERSON.email, password: PERSON.password });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function signIn(from: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  });
}

test('100 sign-ins for unknown emails from one address over 3 seconds: another person still signs in within a second or two', async () => {
  checks = 0;
  const flood: Array<Promise<Response>> = [];
  const flooding = (async () => {
    for (let i = 0; i < FLOOD.requests; i += 1) {
      flood.push(signIn(FLOODER, `nobody-${i}@example.com`, 'wrong-password'));
      await sleep(FLOOD.spacingMs);
    }
  })();
  // From a second into the flood, someone else signs in, three times half a second apart (each a new browser).
  const person: Array<{ status: number; tookMs: number }> = [];
  await sleep(1_000);
  for (let i = 0; i < 3; i += 1) {
    const started = Date.now();
    const response = await signIn(PERSON.from, PERSON.email, PERSON.password);
    person.push({ status: response.status, tookMs: Date.now() - started });
    await sleep(500);
  }
  await flooding;
  const answers = await Promise.all(flood);

  for (const answer of person) expect(answer).toEqual({ status: 200, tookMs: expect.any(Number) });
  expect(Math.max(...person.map((answer) => answer.tookMs))).toBeLessThan(2_000);
  // The flooder's ten are checked (401); every other one is refused before any hashing, with the limit's own answer.
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 401)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(90);
  expect(checks).toBe(13);
  const refused = answers.find((r) => r.status === 429) as Response;
  const wait = Number(refused.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(await refused.json()).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    message: `Too many requests (the limit is 10 a minute): try again in ${wait} seconds`,
  });
}, 30_000);
