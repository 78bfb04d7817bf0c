/**
 * GET /api/events for partner accounts (issue 34 item 2): a partner's stream tells only of changes to its
 * own calls (its publishers or buyers, from its history day on) and counts only those; the network's
 * streams are told every write's totals as before.
 */
import { randomUUID } from 'node:crypto';
import { INGEST_KEY, bulkUpdate, makeCall, postCalls, postQc } from './support/calls-fixtures';
import { eventsOf, openEventStream, type OpenedStream } from './support/event-stream';
import { changePartnerScope, partnerScope, signUpPartner, sourceIds, type PartnerSignedIn } from './support/partner-accounts';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

const HEARTBEAT_MS = 300;

let t: TestApp;
let baseUrl: string;
let admin: SignedIn;
let analyst: SignedIn;
/** Publisher A's partner, from 2025-06-05 on. */
let publisherPartner: PartnerSignedIn;
/** Buyer B's partner, all history. */
let buyerPartner: PartnerSignedIn;
const opened: OpenedStream[] = [];

const id = (label: string) => `pe-${label}-${randomUUID().slice(0, 8)}`;

async function stream(token: string): Promise<OpenedStream> {
  const s = await openEventStream(baseUrl, token);
  opened.push(s);
  expect(s.status).toBe(200);
  await s.waitFor((m) => m.comment === 'connected');
  return s;
}

/** The calls events of a stream so far, summed as one change. */
function told(s: OpenedStream) {
  const events = eventsOf(s.messages);
  return {
    events: events.length,
    inserted: events.reduce((n, e) => n + e.inserted, 0),
    updated: events.reduce((n, e) => n + e.updated, 0),
    newest: events.map((e) => e.newestCallTimestamp as string | null).filter((n) => n !== null).sort().at(-1) ?? null,
  };
}

/** Waits until a stream has been told at least this many calls in all. */
async function untilTold(s: OpenedStream, calls: number) {
  const deadline = Date.now() + 5000;
  while (told(s).inserted + told(s).updated < calls) {
    if (Date.now() > deadline) throw new Error(`told ${JSON.stringify(told(s))}, waited for ${calls} calls`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function deliver(calls: unknown[]) {
  const response = await postCalls(t.app, calls);
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY, liveEvents: { heartbeatMs: HEARTBEAT_MS } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signUp(t.app, 'Admin');
  analyst = await signUp(t.app, 'Analyst');
  // The names exist once a call has named them.
  await deliver([
    makeCall(id('seed'), { publisherName: 'Publisher A', buyerName: 'Buyer A', targetName: 'Target A' }),
    makeCall(id('seed'), { publisherName: 'Publisher B', buyerName: 'Buyer B', targetName: 'Target B' }),
    makeCall(id('seed'), { publisherName: 'Publisher C', buyerName: 'Buyer C', targetName: 'Target C' }),
  ]);
  const ids = await sourceIds(t.db);
  publisherPartner = await signUpPartner(t.app, t.db, partnerScope('publisher', [ids.publisher['Publisher A']!], { historyFrom: '2025-06-05' }), 'Pub A partner');
  buyerPartner = await signUpPartner(t.app, t.db, partnerScope('buyer', [ids.buyer['Buyer B']!]), 'Buyer B partner');
});

afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

afterAll(async () => {
  await t?.close();
});

test('two partners of different scopes and a staff user at once: each stream is told exactly its own calls', async () => {
  const [staff, pub, buy] = await Promise.all([stream(analyst.token), stream(publisherPartner.token), stream(buyerPartner.token)]);
  const calls = {
    // Publisher A's, in its history: the publisher partner's only.
    pubA: makeCall(id('a'), { publisherName: 'Publisher A', buyerName: 'Buyer A', callTimestamp: '2025-06-10T12:00:00-04:00' }),
    // Publisher A's but before its partner's history day (New York), sold to Buyer B: the buyer partner's only.
    pubAEarly: makeCall(id('a-early'), { publisherName: 'Publisher A', buyerName: 'Buyer B', callTimestamp: '2025-06-04T23:30:00-04:00' }),
    // Buyer B's from another publisher: the buyer partner's.
    buyB: makeCall(id('b'), { publisherName: 'Publisher B', buyerName: 'Buyer B', callTimestamp: '2025-06-12T09:00:00-04:00' }),
    // Nobody's here but the network's.
    other: makeCall(id('c'), { publisherName: 'Publisher C', buyerName: 'Buyer C', callTimestamp: '2025-06-20T09:00:00-04:00' }),
    // Publisher A's with no buyer: the publisher partner's, no buyer's.
    pubANoBuyer: makeCall(id('a-nobuyer'), { publisherName: 'Publisher A', buyerName: undefined, targetName: undefined, callTimestamp: '2025-06-11T09:00:00-04:00' }),
  };
  await deliver(Object.values(calls));

  await untilTold(staff, 5);
  await untilTold(pub, 2);
  await untilTold(buy, 2);

  // A QC verdict and a person's correction on the buyer partner's call; a redelivery of the network's.
  expect((await postQc(t.app, [{ systemCallId: calls.buyB.systemCallId, disposition: 'Sales', reason: 'Bought' }])).statusCode).toBe(200);
  const [stored] = await t.db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE system_call_id = $1', [calls.pubA.systemCallId]);
  expect((await bulkUpdate(t.app, admin.token, { ids: [stored!.id], set: { status: 'Sales' } })).statusCode).toBe(200);
  await deliver([calls.other]);

  await untilTold(staff, 8);
  await untilTold(pub, 3);
  await untilTold(buy, 3);
  // Long enough for anything more to have arrived (events go out at most every 250 ms).
  await new Promise((r) => setTimeout(r, 600));

  expect(told(staff)).toMatchObject({ inserted: 5, updated: 3, newest: '2025-06-20T13:00:00.000Z' });
  expect(told(pub)).toMatchObject({ inserted: 2, updated: 1, newest: '2025-06-11T13:00:00.000Z' });
  expect(told(buy)).toMatchObject({ inserted: 2, updated: 1, newest: '2025-06-12T13:00:00.000Z' });
});

test('a write of none of a partner’s calls sends that partner nothing', async () => {
  const [staff, pub, buy] = await Promise.all([stream(analyst.token), stream(publisherPartner.token), stream(buyerPartner.token)]);
  await deliver([makeCall(id('c2'), { publisherName: 'Publisher C', buyerName: 'Buyer C', callTimestamp: '2025-06-21T09:00:00-04:00' })]);
  await untilTold(staff, 1);
  await new Promise((r) => setTimeout(r, 500));
  expect(told(pub).events).toBe(0);
  expect(told(buy).events).toBe(0);
});

test('a partner’s stream ends within a heartbeat when its scope changes, and the next one has the new scope', async () => {
  const ids = await sourceIds(t.db);
  const partner = await signUpPartner(t.app, t.db, partnerScope('publisher', [ids.publisher['Publisher C']!]), 'Changing partner');
  const before = await stream(partner.token);
  await changePartnerScope(t.db, partner.user.id, partnerScope('publisher', [ids.publisher['Publisher B']!]));
  await before.ended;

  const after = await stream(partner.token);
  await deliver([
    makeCall(id('c3'), { publisherName: 'Publisher C', buyerName: 'Buyer C' }),
    makeCall(id('b3'), { publisherName: 'Publisher B', buyerName: 'Buyer C' }),
  ]);
  await untilTold(after, 1);
  await new Promise((r) => setTimeout(r, 500));
  expect(told(after)).toMatchObject({ inserted: 1, updated: 0 });
});

test('a deactivated partner’s stream ends within a heartbeat', async () => {
  const ids = await sourceIds(t.db);
  const partner = await signUpPartner(t.app, t.db, partnerScope('buyer', [ids.buyer['Buyer C']!]), 'Leaving partner');
  const s = await stream(partner.token);
  await t.db.query('UPDATE users SET active = false WHERE id = $1', [partner.user.id]);
  await s.ended;
});

test('an admin viewing as a partner gets the partner’s stream, which outlives heartbeats and ends with the view', async () => {
  const started = await t.app.inject({ method: 'POST', url: `/api/users/${buyerPartner.user.id}/view-as`, headers: bearer(admin.token) });
  expect(started.statusCode).toBe(200);
  const viewAsToken = started.json().data.token as string;
  const s = await stream(viewAsToken);
  // Several heartbeats: the view's session check holds (the admin's session, the partner's account).
  await new Promise((r) => setTimeout(r, HEARTBEAT_MS * 3));
  await deliver([
    makeCall(id('va-a'), { publisherName: 'Publisher A', buyerName: 'Buyer A' }),
    makeCall(id('va-b'), { publisherName: 'Publisher A', buyerName: 'Buyer B', callTimestamp: '2025-06-13T12:00:00Z' }),
  ]);
  await untilTold(s, 1);
  await new Promise((r) => setTimeout(r, 500));
  expect(told(s)).toMatchObject({ inserted: 1, updated: 0, newest: '2025-06-13T12:00:00.000Z' });

  const ended = await t.app.inject({ method: 'DELETE', url: '/api/users/view-as', headers: bearer(viewAsToken) });
  expect(ended.statusCode).toBe(200);
  await s.ended;
});
