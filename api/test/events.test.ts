import { randomUUID } from 'node:crypto';
import { EVENT_STREAMS_PER_USER, TOO_MANY_EVENT_STREAMS_MESSAGE } from '@callboard/contract';
import { openPostgresDatabase } from '../src/db/postgres-database';
import { INGEST_KEY, bulkUpdate, makeCall, postCalls, postQc } from './support/calls-fixtures';
import { eventsOf, openEventStream, type OpenedStream } from './support/event-stream';
import { buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { testEngine } from './support/test-database';

const HEARTBEAT_MS = 300;

let t: TestApp;
let baseUrl: string;
let admin: SignedIn;
let analyst: SignedIn;
const opened: OpenedStream[] = [];

async function listen(app: TestApp): Promise<string> {
  return app.app.listen({ port: 0, host: '127.0.0.1' });
}

async function stream(token: string | null, url = baseUrl): Promise<OpenedStream> {
  const s = await openEventStream(url, token);
  opened.push(s);
  if (s.status === 200) await s.waitFor((m) => m.comment === 'connected');
  return s;
}

const isCalls = (m: { event?: string }) => m.event === 'calls';

let prefix = 0;
function ids(count: number): string[] {
  prefix += 1;
  return Array.from({ length: count }, (_, i) => `ev${prefix}-${i}-${randomUUID().slice(0, 6)}`);
}

async function deliver(calls: unknown[]) {
  const response = await postCalls(t.app, calls);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY, liveEvents: { heartbeatMs: HEARTBEAT_MS } });
  baseUrl = await listen(t);
  admin = await signUp(t.app, 'Admin');
  analyst = await signUp(t.app, 'Analyst');
});

afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

afterAll(async () => {
  await t?.close();
});

test('without a token the stream is refused with 401', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/events' });
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  const overHttp = await stream(null);
  expect(overHttp.status).toBe(401);
  expect(overHttp.refusal).toMatchObject({ code: 'UNAUTHENTICATED' });
});

test('the stream is text/event-stream, never cached or buffered, and its first bytes come at once', async () => {
  const s = await stream(analyst.token);
  expect(s.status).toBe(200);
  expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(s.headers['cache-control']).toBe('no-store');
  expect(s.headers['x-accel-buffering']).toBe('no');
  expect(s.messages[0]).toMatchObject({ comment: 'connected' });
});

test('an ingest produces one calls event with its counts and newest call time', async () => {
  const s = await stream(analyst.token);
  const [a, b, c] = ids(3);
  await deliver([makeCall(a!, { callTimestamp: '2025-06-10T12:00:00Z' })]);
  await s.waitFor(isCalls);
  const from = s.messages.length;
  // Two new calls and one delivered again, in one delivery.
  await deliver([
    makeCall(a!, { callTimestamp: '2025-06-10T12:00:00Z', durationSec: 99 }),
    makeCall(b!, { callTimestamp: '2025-06-11T08:30:00Z' }),
    makeCall(c!, { callTimestamp: '2025-06-09T00:00:00Z' }),
  ]);
  const event = await s.waitFor(isCalls, 3000, from);
  expect(JSON.parse(event.data!)).toEqual({ inserted: 2, updated: 1, newestCallTimestamp: '2025-06-11T08:30:00.000Z' });
  // Nothing more follows for that one delivery.
  await new Promise((r) => setTimeout(r, 400));
  expect(eventsOf(s.messages.slice(from))).toHaveLength(1);
});

test('a delivery that stores nothing publishes nothing', async () => {
  const s = await stream(analyst.token);
  const response = await postCalls(t.app, [{ systemCallId: 'not-a-call' }]);
  expect(response.json().data.rejected).toHaveLength(1);
  await new Promise((r) => setTimeout(r, 400));
  expect(eventsOf(s.messages)).toHaveLength(0);
});

test('a burst of 20 ingests arrives as at most four events a second, every call counted', async () => {
  const s = await stream(analyst.token);
  const started = Date.now();
  const batch = ids(20);
  for (const id of batch) {
    await deliver([makeCall(id, { callTimestamp: '2025-07-01T10:00:00Z' })]);
    await new Promise((r) => setTimeout(r, 20));
  }
  await s.waitFor(() => eventsOf(s.messages).reduce((sum, e) => sum + e.inserted, 0) >= 20, 5000);
  const events = eventsOf(s.messages);
  expect(events.reduce((sum, e) => sum + e.inserted, 0)).toBe(20);
  const seconds = (events.at(-1)!.at - started) / 1000;
  expect(events.length).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 1);
  expect(events.length).toBeLessThan(20);
  for (let i = 1; i < events.length; i += 1) expect(events[i].at - events[i - 1].at).toBeGreaterThanOrEqual(200);
});

test('QC verdicts and re-disposition publish', async () => {
  const [a, b] = ids(2);
  const s = await stream(analyst.token);
  await deliver([makeCall(a!, { callTimestamp: '2025-05-01T10:00:00Z' }), makeCall(b!, { callTimestamp: '2025-05-02T10:00:00Z' })]);
  // The ingest's own event is published on the throttle's next edge, which can come after a stream
  // opened later than the ingest: so the stream is open first, and that event is seen before the verdict.
  await s.waitFor((m) => isCalls(m) && JSON.parse(m.data!).inserted === 2);

  const afterIngest = s.messages.length;
  expect((await postQc(t.app, [{ systemCallId: a, disposition: 'Sales' }])).statusCode).toBe(200);
  const verdict = await s.waitFor(isCalls, 3000, afterIngest);
  expect(JSON.parse(verdict.data!)).toEqual({ inserted: 0, updated: 1, newestCallTimestamp: '2025-05-01T10:00:00.000Z' });

  const [row] = await t.db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE system_call_id = $1', [b]);
  const from = s.messages.length;
  expect((await bulkUpdate(t.app, admin.token, { ids: [row!.id], set: { status: 'Callback' } })).statusCode).toBe(200);
  const redisposed = await s.waitFor(isCalls, 3000, from);
  expect(JSON.parse(redisposed.data!)).toEqual({ inserted: 0, updated: 1, newestCallTimestamp: '2025-05-02T10:00:00.000Z' });
});

test(`a person may hold ${EVENT_STREAMS_PER_USER} streams; the next is refused with 429 until one closes`, async () => {
  const person = await signUp(t.app, 'Tabs');
  const tabs = [];
  for (let i = 0; i < EVENT_STREAMS_PER_USER; i += 1) tabs.push(await stream(person.token));
  expect(tabs.every((tab) => tab.status === 200)).toBe(true);

  const refused = await stream(person.token);
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  expect(refused.refusal).toEqual({ success: false, code: 'RATE_LIMITED', message: TOO_MANY_EVENT_STREAMS_MESSAGE });
  // Someone else is not held back by it.
  expect((await stream(analyst.token)).status).toBe(200);

  tabs[0]!.close();
  await eventually(async () => expect((await stream(person.token)).status).toBe(200));
});

test('a comment heartbeat keeps a quiet stream alive', async () => {
  const s = await stream(analyst.token);
  await s.waitFor((m) => m.comment === 'ping', HEARTBEAT_MS * 4);
  const pings = () => s.messages.filter((m) => m.comment === 'ping').length;
  await eventually(async () => expect(pings()).toBeGreaterThanOrEqual(2));
});

test('the stream ends when its access token expires', async () => {
  const claims = t.app.jwt.decode<{ sub: string; sid: string; role: string }>(analyst.token)!;
  const shortLived = t.app.jwt.sign({ sub: claims.sub, sid: claims.sid, role: claims.role, typ: 'access', jti: randomUUID() }, { expiresIn: 2 });
  const s = await stream(shortLived);
  expect(s.status).toBe(200);
  const started = Date.now();
  await s.ended;
  expect(Date.now() - started).toBeLessThan(3500);
});

test('a logout ends the session’s stream within a heartbeat', async () => {
  const person = await signUp(t.app, 'Leaving');
  const s = await stream(person.token);
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${person.token}` } });
  expect(response.statusCode).toBe(200);
  const started = Date.now();
  await s.ended;
  expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 3);
});

test('an open stream is not a request in flight: exports do not wait for it', async () => {
  await stream(analyst.token);
  expect(t.app.interactive.inFlight).toBe(0);
});

test('the rate limit counts the stream once, when it opens', async () => {
  const s = await stream(analyst.token);
  const before = Number(s.headers['x-ratelimit-remaining']);
  await new Promise((r) => setTimeout(r, HEARTBEAT_MS * 2));
  // The next request of the same person: only the stream's opening was spent from that budget.
  const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${analyst.token}` } });
  expect(after.statusCode).toBe(200);
  expect(Number(after.headers['x-ratelimit-remaining'])).toBe(before - 1);
});

describe('caps and shutdown (an instance of their own)', () => {
  test('a full instance answers 503 with Retry-After', async () => {
    const small = await buildTestApp({ database: { ...t.database, drop: async () => {} }, jwtSecret: t.jwtSecret, liveEvents: { caps: { perInstance: 1 } } });
    try {
      const url = await listen(small);
      expect((await stream(admin.token, url)).status).toBe(200);
      const full = await stream(analyst.token, url);
      expect(full.status).toBe(503);
      expect(full.headers['retry-after']).toMatch(/^\d+$/);
      expect(full.refusal).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    } finally {
      await small.close();
    }
  });

  test('closing the server ends its open streams at once', async () => {
    const other = await buildTestApp({ database: { ...t.database, drop: async () => {} }, jwtSecret: t.jwtSecret });
    const url = await listen(other);
    const s = await stream(analyst.token, url);
    const started = Date.now();
    await other.close();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

if (testEngine() === 'postgres') {
  test('a subscriber on one instance hears an ingest on another within 2 s', async () => {
    // A second instance of its own: its own pool, its own listening connection, the same database and secret.
    const db = await openPostgresDatabase(t.database.url!);
    const second = await buildTestApp({ database: { db, url: t.database.url, drop: () => db.close() }, jwtSecret: t.jwtSecret });
    try {
      const url = await listen(second);
      const s = await stream(analyst.token, url);
      const [id] = ids(1);
      const sent = Date.now();
      await deliver([makeCall(id!, { callTimestamp: '2025-08-01T10:00:00Z' })]);
      const event = await s.waitFor(isCalls, 2000);
      expect(event.at - sent).toBeLessThan(2000);
      expect(JSON.parse(event.data!)).toEqual({ inserted: 1, updated: 0, newestCallTimestamp: '2025-08-01T10:00:00.000Z' });
    } finally {
      await second.close();
    }
  });
}

if (testEngine() === 'postgres') {
  test('the listening connection comes back after it is cut, and streams hear that something may have changed', async () => {
    const s = await stream(analyst.token);
    const cut = await t.db.query<{ cut: boolean }>(
      `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
    );
    expect(cut.length).toBeGreaterThanOrEqual(1);
    const resumed = await s.waitFor(isCalls, 5000);
    expect(JSON.parse(resumed.data!)).toEqual({ inserted: 0, updated: 0, newestCallTimestamp: null });
    const from = s.messages.length;
    const [id] = ids(1);
    await deliver([makeCall(id!, { callTimestamp: '2025-08-02T10:00:00Z' })]);
    expect(JSON.parse((await s.waitFor(isCalls, 2000, from)).data!)).toMatchObject({ inserted: 1 });
  });
}

async function eventually(check: () => Promise<void>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

