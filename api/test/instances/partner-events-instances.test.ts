/**
 * A partner's live events across instances (issue 34: "a partner's scope and deactivation apply at once
 * on both"): a partner connected to instance B is told of its calls ingested through instance A, and of
 * no one else's, and its stream on B ends within a heartbeat when its scope changes or it is deactivated.
 * Two app instances in this process, each with its own pool and listening connection on one PostgreSQL
 * database, as two processes would have: NOTIFY carries the change between them.
 */
import { randomUUID } from 'node:crypto';
import { INGEST_KEY, makeCall, postCalls } from '../support/calls-fixtures';
import { eventsOf, openEventStream, type OpenedStream } from '../support/event-stream';
import { changePartnerScope, partnerScope, signUpPartner, sourceIds } from '../support/partner-accounts';
import { buildTestApp, signUp, type TestApp } from '../support/test-app';
import { anotherPoolOn } from '../support/test-database';

const HEARTBEAT_MS = 300;

let a: TestApp;
let b: TestApp;
let bUrl: string;
const opened: OpenedStream[] = [];

beforeAll(async () => {
  a = await buildTestApp({ ingestApiKey: INGEST_KEY, liveEvents: { heartbeatMs: HEARTBEAT_MS } });
  b = await buildTestApp({ ingestApiKey: INGEST_KEY, liveEvents: { heartbeatMs: HEARTBEAT_MS }, database: await anotherPoolOn(a.database), jwtSecret: a.jwtSecret });
  bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
  await signUp(a.app, 'Admin');
  const seeded = await postCalls(a.app, [
    makeCall('inst-seed-a', { publisherName: 'Publisher A', buyerName: 'Buyer A' }),
    makeCall('inst-seed-b', { publisherName: 'Publisher B', buyerName: 'Buyer B' }),
  ]);
  expect(seeded.statusCode).toBe(200);
}, 60_000);

afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function streamOnB(token: string): Promise<OpenedStream> {
  const s = await openEventStream(bUrl, token);
  opened.push(s);
  expect(s.status).toBe(200);
  await s.waitFor((m) => m.comment === 'connected');
  return s;
}

test('a partner on instance B is told of its own calls ingested through instance A, and only those', async () => {
  const ids = await sourceIds(a.db);
  const partner = await signUpPartner(a.app, a.db, partnerScope('publisher', [ids.publisher['Publisher A']!]), 'Instances partner');
  const s = await streamOnB(partner.token);
  const ingested = await postCalls(a.app, [
    makeCall(`inst-${randomUUID()}`, { publisherName: 'Publisher B', buyerName: 'Buyer B', callTimestamp: '2025-06-11T12:00:00Z' }),
    makeCall(`inst-${randomUUID()}`, { publisherName: 'Publisher A', buyerName: 'Buyer B', callTimestamp: '2025-06-10T12:00:00Z' }),
  ]);
  expect(ingested.statusCode).toBe(200);
  await s.waitFor((m) => m.event === 'calls', 2000);
  await new Promise((r) => setTimeout(r, 500));
  expect(eventsOf(s.messages).map(({ at: _at, ...change }) => change)).toEqual([{ inserted: 1, updated: 0, newestCallTimestamp: '2025-06-10T12:00:00.000Z' }]);
});

test('a scope changed through A or a deactivation ends the partner’s stream on B within a heartbeat', async () => {
  const ids = await sourceIds(a.db);
  const partner = await signUpPartner(a.app, a.db, partnerScope('buyer', [ids.buyer['Buyer A']!]), 'Moving partner');
  const first = await streamOnB(partner.token);
  await changePartnerScope(a.db, partner.user.id, partnerScope('buyer', [ids.buyer['Buyer B']!]));
  await first.ended;

  const second = await streamOnB(partner.token);
  await a.db.query('UPDATE users SET active = false WHERE id = $1', [partner.user.id]);
  await second.ended;
});
