/**
 * A statement that runs past the database's time limit answers 503 with Retry-After and advice to
 * ask for less: never the 500 "Something went wrong on our side".
 *
 * On PostgreSQL a test route lowers statement_timeout for its own transaction and sleeps past it,
 * so the real cancellation (SQLSTATE 57014) travels through the engine and the error handler.
 * PGlite cannot cancel a statement (see db/statement-timeout.ts): that project pins that it still
 * cannot, and checks the mapping with the error PostgreSQL would have raised.
 */
import { QUERY_TIMEOUT_MESSAGE } from '@callboard/contract';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { testEngine } from './support/test-database';

let t: TestApp;
let me: SignedIn;
const logged: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  t = await buildTestApp({
    logStream: { write: (line) => logged.push(JSON.parse(line) as Record<string, unknown>) },
    extraRoutes: (fastify) => {
      fastify.get('/api/test/slow-statement', { onRequest: [fastify.authenticate] }, async () => {
        await t.db.transaction(async (tx) => {
          await tx.query("SET LOCAL statement_timeout = '50ms'");
          await tx.query('SELECT pg_sleep(0.5)');
        });
        return { success: true };
      });
      fastify.get('/api/test/cancelled-statement', async () => {
        throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
      });
    },
  });
  me = await signUp(t.app);
});
afterAll(() => t.close());

function expectQueryTimeout(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown; body: string }) {
  expect({ status: response.statusCode, body: response.json() }).toEqual({
    status: 503,
    body: { success: false, code: 'UNAVAILABLE', message: QUERY_TIMEOUT_MESSAGE },
  });
  expect(response.headers['retry-after']).toMatch(/^\d+$/);
  expect(response.body).not.toMatch(/pg_sleep|canceling|statement timeout/i);
}

if (testEngine() === 'postgres') {
  test('a statement cancelled at its time limit answers 503 with Retry-After, and the pool serves the next request', async () => {
    const response = await t.app.inject({ url: '/api/test/slow-statement?datePreset=this_year', headers: bearer(me.token) });
    expectQueryTimeout(response);
    // The log says which route, with which filter, ran which statement; no stack.
    const line = logged.find((l) => l.msg === 'statement cancelled at the time limit');
    expect(line).toMatchObject({
      level: 40,
      route: '/api/test/slow-statement',
      method: 'GET',
      filter: { datePreset: 'this_year' },
      userId: me.user.id,
      sql: 'SELECT pg_sleep(0.5)',
    });
    expect(JSON.stringify(line)).not.toMatch(/"stack"/);
    // The limit was lowered for that transaction only: the connection went back to the pool with the usual one.
    const [setting] = await t.db.query<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(setting?.statement_timeout).toBe('5s');
    expect((await t.app.inject({ url: '/api/auth/profile', headers: bearer(me.token) })).statusCode).toBe(200);
  });
} else {
  test('PGlite accepts statement_timeout but does not cancel: the statement runs to its end', async () => {
    const started = performance.now();
    const response = await t.app.inject({ url: '/api/test/slow-statement', headers: bearer(me.token) });
    expect(response.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });
}

test('the cancellation error PostgreSQL raises maps to the same 503 on either engine', async () => {
  expectQueryTimeout(await t.app.inject('/api/test/cancelled-statement'));
});
