/**
 * Identical reads asked at the same moment share one round trip
 * (domain/calls/read-rounds.ts), and an answer is never older than its
 * request: a call stored before a request arrives is in its answer even when
 * an identical read was already running.
 */
import type { Database } from '../src/db/database';
import { INGEST_KEY, makeCall, postCalls, qs } from './support/calls-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

let t: TestApp;
let analyst: SignedIn;
/** Statements the records page runs (its one statement ends in LIMIT/OFFSET); the session and counter checks do not. */
let pageQueries = 0;
/** While set, each records-page statement's answer is held this long: a round kept in flight. */
let holdPagesMs = 0;

const RANGE = qs({ datePreset: 'custom', startDate: '2025-06-10T00:00', endDate: '2025-06-11T00:00' });

beforeAll(async () => {
  const database = await createTestDatabase();
  const watched = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
      const query: Database['query'] = async <Row>(text: string, params?: readonly unknown[]) => {
        if (!(/\bLIMIT\b/.test(text) && /\bOFFSET\b/.test(text))) return target.query<Row>(text, params);
        pageQueries += 1;
        const rows = await target.query<Row>(text, params);
        // Held after the statement ran: the answer is of the database as it was before the wait.
        if (holdPagesMs > 0) await new Promise((resolve) => setTimeout(resolve, holdPagesMs));
        return rows;
      };
      return query;
    },
  });
  // Ten requests of one person at once: more than a person runs at once (fair-shares.ts), which is not what this is about.
  t = await buildTestApp({ database: { ...database, db: watched }, ingestApiKey: INGEST_KEY, fairShares: { personRunning: 20 } });
  analyst = await signUp(t.app, 'Analyst');
  const stored = await postCalls(t.app, Array.from({ length: 5 }, (_, i) => makeCall(`rounds-${i}`)));
  expect(stored.statusCode).toBe(200);
});
afterAll(() => t.close());

const page = (token = analyst.token) => t.app.inject({ method: 'GET', url: `/api/calls/records${RANGE}`, headers: bearer(token) });
const totalOf = (response: { json(): unknown }) => (response.json() as { meta: { total: number } }).meta.total;

test('twenty identical requests at once: identical answers from a few rounds of the query, not twenty', async () => {
  const other = await signUp(t.app, 'Colleague');
  pageQueries = 0;
  // Each round held 200 ms: requests whose session checks end at different moments on a busy machine still
  // find one running, and the ones that arrive during it share the next.
  holdPagesMs = 200;
  try {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => page(i % 2 === 0 ? analyst.token : other.token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(totalOf(answers[0] as { json(): unknown })).toBe(5);
  } finally {
    holdPagesMs = 0;
  }
  expect(pageQueries).toBeGreaterThanOrEqual(1);
  expect(pageQueries).toBeLessThanOrEqual(4);
});

test('a request that arrives while an identical read runs gets a newer round: a call stored just before it is counted', async () => {
  holdPagesMs = 300;
  try {
    const running = page();
    // The first round is in flight (held); a call is stored and acknowledged; then the same question again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await postCalls(t.app, [makeCall('rounds-late')])).statusCode).toBe(200);
    const asked = page();
    const [before, after] = await Promise.all([running, asked]);
    expect(totalOf(before)).toBe(5);
    expect(totalOf(after)).toBe(6);
  } finally {
    holdPagesMs = 0;
  }
});

test('different questions are not shared', async () => {
  const [day, otherDay] = await Promise.all([
    page(),
    t.app.inject({ method: 'GET', url: `/api/calls/records${qs({ datePreset: 'custom', startDate: '2025-06-11T00:00', endDate: '2025-06-12T00:00' })}`, headers: bearer(analyst.token) }),
  ]);
  expect(totalOf(day)).toBe(6);
  expect(totalOf(otherDay)).toBe(0);
});
