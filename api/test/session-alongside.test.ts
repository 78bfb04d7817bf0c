/**
 * The dashboard's reads look the session up while their query runs (`checkSessionAlongside`,
 * plugins/app/auth/authentication.ts): nothing of the answer leaves before the session is found live,
 * so a revoked session, a deactivated person and an outage answer as on every other route.
 */
import type { LightMyRequestResponse } from 'fastify';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

const SETUP_TIMEOUT_MS = 30_000;

/** One of each kind of read that checks the session alongside. */
const READS = [
  '/api/stats?datePreset=this_year',
  '/api/stats/series?datePreset=last_30_days',
  '/api/calls/records?datePreset=this_year',
  '/api/filters/publishers?datePreset=this_year',
  '/api/filters/dispositions?datePreset=this_year',
  '/api/cost/stats?datePreset=this_year',
  '/api/cost/breakdown?datePreset=this_year&groupBy=publisher',
  '/api/scorecard?datePreset=this_year&groupBy=publisher',
];

let t: TestApp;
const marked: Array<{ method: string; url: string }> = [];
beforeAll(async () => {
  t = await buildTestApp({
    onRoute: (route) => {
      if (route.config?.checkSessionAlongside) marked.push({ method: String(route.method), url: route.url });
    },
  });
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const read = (url: string, me: SignedIn) => t.app.inject({ url, headers: bearer(me.token) });

function expectSessionEnded(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Your session has ended; please sign in again' });
}

test('only reads are marked, and every one of them is behind authenticate', async () => {
  expect(marked.length).toBeGreaterThanOrEqual(READS.length);
  for (const route of marked) {
    expect({ route, methods: route.method.split(',').filter((m) => m !== 'GET' && m !== 'HEAD') }).toEqual({ route, methods: [] });
    const anonymous = await t.app.inject({ url: route.url.replace(':dimension', 'publishers') });
    expect({ route, status: anonymous.statusCode }).toEqual({ route, status: 401 });
  }
});

test('with a live session each read answers as before', async () => {
  const me = await signUp(t.app);
  for (const url of READS) {
    const response = await read(url, me);
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    expect(response.json().success).toBe(true);
  }
});

test('after logout each read is refused at once, with nothing of its answer', async () => {
  const me = await signUp(t.app);
  expect((await read(READS[0] as string, me)).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(me.token) })).statusCode).toBe(200);
  for (const url of READS) expectSessionEnded(await read(url, me));
});

test('a deactivated person is refused on the very next read', async () => {
  const me = await signUp(t.app);
  expect((await read(READS[2] as string, me)).statusCode).toBe(200);
  await t.db.query('UPDATE users SET active = false WHERE id = $1', [me.user.id]);
  for (const url of READS) expectSessionEnded(await read(url, me));
});

test('a query that fails validation: 400 with a live session, 401 with an ended one (the session is judged first)', async () => {
  const me = await signUp(t.app);
  const bad = '/api/calls/records?datePreset=this_year&limit=0';
  const refused = await read(bad, me);
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [{ field: 'limit' }] });
  await t.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [me.user.id]);
  expectSessionEnded(await read(bad, me));
});

test('a failure of the read itself (a bad filter) still answers as before with a live session', async () => {
  const me = await signUp(t.app);
  const response = await read('/api/stats?datePreset=not-a-preset', me);
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe('VALIDATION_ERROR');
});
