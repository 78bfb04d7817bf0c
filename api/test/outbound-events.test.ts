/**
 * Outbound events (domain/outbound-events/, issue 37 item 2) on both engines, with a real receiver that verifies
 * every request with the Standard Webhooks library: the change log's changes and the alert transitions become
 * signed events for the subscriptions they match; one call's events go in order while another call's are not
 * held up; a 500 is retried with the same webhook-id and a replay sends the same bytes; the buyer's postback
 * (disposition becomes Sales) and narrowing by campaign, publisher and buyer; dispute events; a batch that fails
 * writes nothing and moves nothing, then is dispatched once; a subscription hears only what came after it was
 * made or enabled; a second dispatcher finds the cursor taken. The dispatcher and the delivery worker are driven
 * here; the job runner only triggers them (outbound-event-routes.test.ts has it end to end).
 */
import { Webhook } from 'standardwebhooks';
import type { CallChange } from '@callboard/contract/changes';
import { DELIVERY_ENDPOINTS_PATH, type EndpointWithSecret } from '@callboard/contract/delivery';
import { EVENT_SUBSCRIPTIONS_PATH, eventSubscriptionPath, type CallEventData, type EventSubscription } from '@callboard/contract/event-subscriptions';
import { createDeliveryService, type DeliveryService } from '../src/domain/delivery/delivery-service';
import type { DeliveryContext } from '../src/domain/delivery/delivery-worker';
import type { DeliverySettings } from '../src/domain/delivery/delivery-settings';
import { emailSender } from '../src/domain/delivery/email-sender';
import { deliveriesRepository } from '../src/domain/delivery/deliveries-repository';
import { notify } from '../src/domain/notifications/notifications';
import { dispatchOutboundEvents, type EventDeliveries } from '../src/domain/outbound-events/dispatcher';
import { INGEST_KEY, makeCall, postCalls, postQc } from './support/calls-fixtures';
import { startReceiver, type Receiver } from './support/delivery-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { testEngine } from './support/test-database';

let t: TestApp;
let admin: SignedIn;
let receiver: Receiver;
let delivery: DeliveryService;
/** Each endpoint's secret, by its URL's path: the receiver verifies a request with its endpoint's. */
const secrets = new Map<string, string>();

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Events Admin');
  receiver = await startReceiver('/');
  const settings: DeliverySettings = {
    smtpUrl: undefined,
    mailFrom: 'Callboard <events@example.com>',
    outboxDir: '/nonexistent',
    publicUrl: 'https://callboard.example.com',
    pauseAfterFailures: 5,
    retryScheduleSeconds: [30, 120],
    sendTimeoutMs: 2_000,
  };
  const ctx: DeliveryContext = {
    db: t.db,
    // The worker is driven by the test (sendDue): the jobs it would queue are not needed.
    jobs: { send: async () => 'job' },
    settings,
    email: emailSender(settings),
    notify,
    warn: () => {},
  };
  delivery = createDeliveryService(ctx);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.requests.length = 0;
  receiver.otherwise = 200;
});
afterEach(async () => {
  // Each test's endpoints go, and their subscriptions with them (migration 0039's cascade).
  await t.db.query('DELETE FROM delivery_endpoints');
});

const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(admin.token), payload });

let endpoints = 0;
async function webhook(): Promise<EndpointWithSecret> {
  endpoints += 1;
  const response = await as('POST', DELIVERY_ENDPOINTS_PATH, { name: `Receiver ${endpoints}`, kind: 'webhook', url: `${receiver.url}endpoint-${endpoints}` });
  expect(response.statusCode).toBe(201);
  const endpoint = response.json<{ data: EndpointWithSecret }>().data;
  secrets.set(`/endpoint-${endpoints}`, endpoint.secret!);
  return endpoint;
}

async function subscribe(body: Record<string, unknown>): Promise<EventSubscription> {
  const response = await as('POST', EVENT_SUBSCRIPTIONS_PATH, { name: 'Test subscription', ...body });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: EventSubscription }>().data;
}

let calls = 0;
/** A call of its own caller (no repeat of another test's), made an hour ago, so a dispute may be opened on it. */
function newCall(overrides: Record<string, unknown> = {}) {
  calls += 1;
  return makeCall(`OUT-${process.pid}-${calls}`, { callerId: `555${String(calls).padStart(7, '0')}`, callTimestamp: new Date(Date.now() - 3_600_000).toISOString(), ...overrides });
}

async function ingest(...list: ReturnType<typeof newCall>[]): Promise<void> {
  const response = await postCalls(t.app, list);
  expect(response.statusCode).toBe(200);
  expect(response.json().data.rejected).toEqual([]);
}

async function callIdOf(systemCallId: string): Promise<string> {
  const [row] = await t.db.query<{ id: string }>('SELECT id::text AS id FROM calls WHERE system_call_id = $1', [systemCallId]);
  return row!.id;
}

async function setDisposition(systemCallId: string, status: string): Promise<void> {
  const response = await as('PUT', `/api/calls/${await callIdOf(systemCallId)}/disposition`, { status });
  expect(response.statusCode).toBe(200);
}

const dimensionId = async (table: 'campaigns' | 'publishers' | 'buyers', name: string) =>
  Number((await t.db.query<{ id: number }>(`SELECT id FROM ${table} WHERE name = $1`, [name]))[0]!.id);

/** Sends every delivery that is due at `now`, oldest first, until none is left that may go (a retry waits for its time). */
async function sendDue(now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await deliveriesRepository.due(t.db, now, 500);
    if (due.length === 0) return sent;
    for (const id of due) if ((await delivery.send(id, now)) === 'sent') sent += 1;
    if (due.length < 500 && (await deliveriesRepository.due(t.db, now, 1)).length === 0) return sent;
  }
}

interface Received {
  webhookId: string;
  path: string;
  type: string;
  data: CallEventData & Record<string, unknown>;
}

/**
 * What the receiver got, each request verified with the Standard Webhooks library under its endpoint's secret
 * (the receiver keeps no URL: the secret that verifies a request tells its endpoint; a forged one matches none).
 */
function received(): Received[] {
  return receiver.requests.map((request) => {
    const headers = request.headers as Record<string, string>;
    for (const [path, secret] of secrets) {
      let verified: { type: string; data: Received['data'] };
      try {
        verified = new Webhook(secret).verify(request.body, headers) as typeof verified;
      } catch {
        continue;
      }
      return { webhookId: headers['webhook-id']!, path, type: verified.type, data: verified.data };
    }
    throw new Error(`no endpoint's secret verifies this request: ${request.body.slice(0, 200)}`);
  });
}

const dispatch = (deliveries: EventDeliveries = delivery) => dispatchOutboundEvents(t.db, deliveries, { batchSize: 50 });

const eventsOf = (list: Received[], path?: string) => list.filter((r) => path === undefined || r.path === path).map((r) => ({ type: r.type, systemCallId: r.data.systemCallId, kind: r.data.kind }));

test('a change becomes a signed event carrying the change and the call as it is now', async () => {
  const endpoint = await webhook();
  const subscription = await subscribe({ endpointId: endpoint.id, eventTypes: ['call.created', 'call.updated'] });
  const call = newCall({ revenue: 42.5, payout: 12, transcript: 'Agent: thanks for calling. Caller: I want to enrol.' });
  await ingest(call);

  const outcome = await dispatch();
  expect(outcome).toMatchObject({ delivered: 1, busy: false, caughtUp: true });
  expect(await sendDue()).toBe(1);

  const [event] = received();
  expect(event!.webhookId).toMatch(/^msg_[0-9a-f]{32}$/);
  expect(event!.type).toBe('call.created');
  const callId = await callIdOf(call.systemCallId);
  const feed = (await as('GET', `/api/changes?after=0&limit=10000`)).json<{ data: CallChange[] }>().data.filter((c) => c.callId === callId);
  expect(feed).toHaveLength(1);
  const record = (await as('GET', `/api/calls/records/${callId}`)).json().data as Record<string, unknown>;
  const { transcript, audit: _audit, callerCalls: _callerCalls, ...fields } = record;
  expect(event!.data).toEqual({
    seq: feed[0]!.seq,
    kind: 'created',
    occurredAt: feed[0]!.at,
    callId,
    systemCallId: call.systemCallId,
    changed: feed[0]!.changed,
    call: { ...fields, hasTranscript: transcript !== null },
    subscriptionId: subscription.id,
  });
  expect(event!.data.changed.revenue).toEqual([null, 42.5]);
  expect(event!.data.call!.payout).toBe(12);
  // Whether there is a transcript, not its text (read it from the call).
  expect(event!.data.call!.hasTranscript).toBe(true);
  expect(JSON.stringify(event!.data)).not.toContain('I want to enrol');

  // Sent again unchanged: logged as an update that changed nothing, which is no event.
  await ingest(call);
  expect(await dispatch()).toMatchObject({ changesRead: 1, delivered: 0 });
});

test("one call's events go in order, retried after a 500 with the same webhook-id, while another call's go on; a replay sends the same bytes", async () => {
  const endpoint = await webhook();
  await subscribe({ endpointId: endpoint.id, eventTypes: ['call.created', 'call.updated', 'call.disposition_changed'] });
  const first = newCall();
  await ingest(first);
  await postQc(t.app, [{ systemCallId: first.systemCallId, disposition: 'Voicemail' }]);
  await setDisposition(first.systemCallId, 'Sales');
  const other = newCall();
  await ingest(other);
  expect(await dispatch()).toMatchObject({ delivered: 4 });

  // The first call's first event is refused; its later two wait behind it; the other call's goes.
  receiver.answer(500);
  const t0 = new Date();
  expect(await sendDue(t0)).toBe(1);
  expect(eventsOf(received())).toEqual([
    { type: 'call.created', systemCallId: first.systemCallId, kind: 'created' },
    { type: 'call.created', systemCallId: other.systemCallId, kind: 'created' },
  ]);
  expect(await sendDue(new Date(t0.getTime() + 29_000))).toBe(0);
  expect(await sendDue(new Date(t0.getTime() + 30_000))).toBe(3);

  const all = received();
  expect(eventsOf(all)).toEqual([
    { type: 'call.created', systemCallId: first.systemCallId, kind: 'created' },
    { type: 'call.created', systemCallId: other.systemCallId, kind: 'created' },
    { type: 'call.created', systemCallId: first.systemCallId, kind: 'created' },
    { type: 'call.disposition_changed', systemCallId: first.systemCallId, kind: 'qc_verdict' },
    { type: 'call.disposition_changed', systemCallId: first.systemCallId, kind: 'disposition_changed' },
  ]);
  expect(all[2]!.webhookId).toBe(all[0]!.webhookId);
  expect(all[3]!.data.seq).toBeLessThan(all[4]!.data.seq);
  expect(all[4]!.data.changed.status).toEqual(['Voicemail', 'Sales']);

  const [last] = await t.db.query<{ id: string }>('SELECT id FROM deliveries WHERE message_id = $1', [all[4]!.webhookId]);
  const replay = await delivery.replay(last!.id);
  expect(await sendDue()).toBe(1);
  const replayed = receiver.requests[receiver.requests.length - 1]!;
  expect(replayed.body).toBe(receiver.requests[4]!.body);
  expect(replayed.headers['webhook-id']).toBe(all[4]!.webhookId);
  expect((await deliveriesRepository.find(t.db, replay))?.replayOf).toBe(last!.id);
});

test("the buyer's postback: only a change that makes a call of that buyer Sales, and a narrowed subscription's campaigns and publishers", async () => {
  // The sources exist before the subscriptions name them.
  await ingest(newCall({ buyerName: 'Postback Buyer', campaignName: 'Narrow Campaign', publisherName: 'Narrow Publisher' }), newCall({ buyerName: 'Other Buyer' }));
  const [buyer, otherBuyer, campaign, publisher] = [
    await dimensionId('buyers', 'Postback Buyer'),
    await dimensionId('buyers', 'Other Buyer'),
    await dimensionId('campaigns', 'Narrow Campaign'),
    await dimensionId('publishers', 'Narrow Publisher'),
  ];
  expect(otherBuyer).not.toBe(buyer);
  const postback = await webhook();
  await subscribe({ endpointId: postback.id, eventTypes: ['call.created', 'call.disposition_changed'], buyerIds: [buyer], dispositionBecomes: 'Sales' });
  const narrowed = await webhook();
  await subscribe({ endpointId: narrowed.id, eventTypes: ['call.created'], campaignIds: [campaign], publisherIds: [publisher] });

  const becomesSales = newCall({ buyerName: 'Postback Buyer', qc: { disposition: 'Voicemail' } });
  const bornSales = newCall({ buyerName: 'Postback Buyer', qc: { disposition: 'Sales' } });
  const verdictSales = newCall({ buyerName: 'Postback Buyer', qc: { disposition: 'Voicemail' } });
  const otherBuyersSale = newCall({ buyerName: 'Other Buyer', qc: { disposition: 'Voicemail' } });
  const inNarrow = newCall({ campaignName: 'Narrow Campaign', publisherName: 'Narrow Publisher' });
  const wrongPublisher = newCall({ campaignName: 'Narrow Campaign', publisherName: 'Publisher A' });
  await ingest(becomesSales, bornSales, verdictSales, otherBuyersSale, inNarrow, wrongPublisher);
  await setDisposition(becomesSales.systemCallId, 'Sales');
  await setDisposition(becomesSales.systemCallId, 'Voicemail');
  await setDisposition(becomesSales.systemCallId, 'Sales');
  await postQc(t.app, [{ systemCallId: verdictSales.systemCallId, disposition: 'Sales' }]);
  await setDisposition(otherBuyersSale.systemCallId, 'Sales');
  // Sales to Sales changes nothing else the subscription waits for.
  await postQc(t.app, [{ systemCallId: bornSales.systemCallId, disposition: 'Sales', reason: 'Confirmed' }]);

  await dispatch();
  await sendDue();
  const all = received();
  const pathOfEndpoint = (n: number) => `/endpoint-${n}`;
  expect(eventsOf(all, pathOfEndpoint(endpoints - 1)).sort((a, b) => a.systemCallId.localeCompare(b.systemCallId) || a.kind.localeCompare(b.kind))).toEqual(
    [
      { type: 'call.disposition_changed', systemCallId: becomesSales.systemCallId, kind: 'disposition_changed' },
      { type: 'call.disposition_changed', systemCallId: becomesSales.systemCallId, kind: 'disposition_changed' },
      { type: 'call.created', systemCallId: bornSales.systemCallId, kind: 'created' },
      { type: 'call.disposition_changed', systemCallId: verdictSales.systemCallId, kind: 'qc_verdict' },
    ].sort((a, b) => a.systemCallId.localeCompare(b.systemCallId) || a.kind.localeCompare(b.kind)),
  );
  for (const event of all.filter((r) => r.path === pathOfEndpoint(endpoints - 1))) {
    expect(event.data.call!.status).toBe('Sales');
    expect(event.data.call!.buyerName).toBe('Postback Buyer');
  }
  expect(eventsOf(all, pathOfEndpoint(endpoints))).toEqual([{ type: 'call.created', systemCallId: inNarrow.systemCallId, kind: 'created' }]);
});

test('a dispute opened and decided: dispute.* to a subscription asking for them, call.updated to one asking for that alone', async () => {
  const disputes = await webhook();
  await subscribe({ endpointId: disputes.id, eventTypes: ['dispute.opened', 'dispute.decided'] });
  const updates = await webhook();
  await subscribe({ endpointId: updates.id, eventTypes: ['call.updated'] });
  const call = newCall({ revenue: 30, payout: 10 });
  await ingest(call);
  const opened = await as('POST', `/api/calls/${await callIdOf(call.systemCallId)}/disputes`, { reason: 'not_qualified', note: 'Not our customer' });
  expect(opened.statusCode).toBe(201);
  const decided = await as('POST', `/api/disputes/${opened.json().data.dispute.id as string}/decision`, { decision: 'accept', clawBack: 'full', note: 'Agreed' });
  expect(decided.statusCode).toBe(200);

  await dispatch();
  await sendDue();
  const all = received();
  expect(eventsOf(all, `/endpoint-${endpoints - 1}`)).toEqual([
    { type: 'dispute.opened', systemCallId: call.systemCallId, kind: 'dispute_opened' },
    { type: 'dispute.decided', systemCallId: call.systemCallId, kind: 'dispute_decided' },
  ]);
  expect(eventsOf(all, `/endpoint-${endpoints}`)).toEqual([
    { type: 'call.updated', systemCallId: call.systemCallId, kind: 'dispute_opened' },
    { type: 'call.updated', systemCallId: call.systemCallId, kind: 'dispute_decided' },
  ]);
  const decidedEvent = all.find((r) => r.type === 'dispute.decided')!;
  expect(decidedEvent.data.changed.revenue).toEqual([30, 0]);
  expect(decidedEvent.data.call!.revenue).toBe(0);
});

test('alert transitions: a firing and its end become alert.fired and alert.resolved, in order, with the rule’s own message', async () => {
  const endpoint = await webhook();
  const callsOnly = await webhook();
  await subscribe({ endpointId: callsOnly.id, eventTypes: ['call.created'] });
  const [rule] = await t.db.query<{ id: string }>(
    `INSERT INTO alert_rules (name, metric, scope_kind, window_minutes, condition, threshold, reset_level, min_calls, pending_minutes, cooldown_minutes)
     VALUES ('Voicemail watch', 'Voicemail', 'network', 60, 'above', 20, 15, 0, 0, 0) RETURNING id`,
  );
  await t.db.query("INSERT INTO alert_states (rule_id, state, since) VALUES ($1, 'ok', now())", [rule!.id]);
  const transition = (from: string, to: string, minute: string, value: number) =>
    t.db.query(`INSERT INTO alert_transitions (rule_id, from_state, to_state, at, figures) VALUES ($1, $2, $3, $4, $5::jsonb)`, [
      rule!.id,
      from,
      to,
      minute,
      JSON.stringify({ windowFrom: '2026-03-02T14:00:00.000Z', windowTo: minute, calls: 40, value }),
    ]);
  // Before the subscription: not its.
  await transition('ok', 'firing', '2026-03-02T15:00:00.000Z', 25);
  await transition('firing', 'ok', '2026-03-02T15:01:00.000Z', 10);
  await subscribe({ endpointId: endpoint.id, eventTypes: ['alert.fired', 'alert.resolved'] });
  await transition('ok', 'pending', '2026-03-02T16:00:00.000Z', 22);
  await transition('pending', 'firing', '2026-03-02T16:05:00.000Z', 27.5);
  await transition('firing', 'resolved', '2026-03-02T17:00:00.000Z', 12);

  // The two before the subscription are nobody's: skipped unread.
  expect(await dispatch()).toMatchObject({ transitionsRead: 3, delivered: 2, caughtUp: true });
  await sendDue();
  const all = received();
  expect(all.map((r) => [r.path, r.type])).toEqual([
    [`/endpoint-${endpoints - 1}`, 'alert.fired'],
    [`/endpoint-${endpoints - 1}`, 'alert.resolved'],
  ]);
  expect(all[0]!.data).toMatchObject({ ruleId: rule!.id, ruleName: 'Voicemail watch', from: 'pending', to: 'firing', metric: 'Voicemail', figures: { value: 27.5 } });
  expect(all[1]!.data).toMatchObject({ ruleId: rule!.id, from: 'firing', to: 'resolved' });
  expect(all[0]!.data.subscriptionId).toBeDefined();
  expect(await dispatch()).toMatchObject({ transitionsRead: 0, delivered: 0 });
  await t.db.query('DELETE FROM alert_rules WHERE id = $1', [rule!.id]);
});

test('a batch whose delivery cannot be written writes nothing and moves nothing; dispatched again, each event once', async () => {
  const endpoint = await webhook();
  await subscribe({ endpointId: endpoint.id, eventTypes: ['call.created'] });
  const list = [newCall(), newCall(), newCall()];
  await ingest(...list);
  const [before] = await t.db.query<{ change_seq: string }>('SELECT change_seq::text AS change_seq FROM outbound_event_cursor');

  let writes = 0;
  const failing: EventDeliveries = {
    deliverToEndpoint: async (...args) => {
      writes += 1;
      if (writes === 3) throw new Error('the disk is full');
      return delivery.deliverToEndpoint(...args);
    },
  };
  await expect(dispatch(failing)).rejects.toThrow('the disk is full');
  expect(await t.db.query('SELECT 1 FROM deliveries WHERE endpoint_id = $1', [endpoint.id])).toHaveLength(0);
  expect(await t.db.query<{ change_seq: string }>('SELECT change_seq::text AS change_seq FROM outbound_event_cursor')).toEqual([before]);

  expect(await dispatch()).toMatchObject({ delivered: 3 });
  expect(await dispatch()).toMatchObject({ changesRead: 0, delivered: 0 });
  await sendDue();
  expect(eventsOf(received()).map((e) => e.systemCallId).sort()).toEqual(list.map((c) => c.systemCallId).sort());
});

test('a subscription hears what was logged while it was enabled, however late the dispatcher reads it; its endpoint deleted, it goes too', async () => {
  const endpoint = await webhook();
  const early = newCall();
  await ingest(early);
  const subscription = await subscribe({ endpointId: endpoint.id, eventTypes: ['call.created'] });
  const made = newCall();
  await ingest(made);
  const body = { name: subscription.name, endpointId: endpoint.id, eventTypes: ['call.created'] };
  expect((await as('PUT', eventSubscriptionPath(subscription.id), { ...body, enabled: false })).statusCode).toBe(200);
  const whileDisabled = newCall();
  await ingest(whileDisabled);
  // Read after it was disabled: the call made while it was enabled is still its, the one made since is not.
  await dispatch();
  expect((await as('PUT', eventSubscriptionPath(subscription.id), { ...body, enabled: true })).statusCode).toBe(200);
  const enabledAgain = newCall();
  await ingest(enabledAgain);
  await dispatch();
  await sendDue();
  expect(eventsOf(received()).map((e) => e.systemCallId)).toEqual([made.systemCallId, enabledAgain.systemCallId]);
  expect(eventsOf(received()).map((e) => e.systemCallId)).not.toContain(whileDisabled.systemCallId);

  expect((await as('DELETE', `${DELIVERY_ENDPOINTS_PATH}/${endpoint.id}`)).statusCode).toBe(200);
  expect((await as('GET', EVENT_SUBSCRIPTIONS_PATH)).json<{ data: EventSubscription[] }>().data.find((s) => s.id === subscription.id)).toBeUndefined();
});

test('what was logged while nobody could hear it is skipped unread', async () => {
  await ingest(newCall(), newCall(), newCall());
  expect(await dispatch()).toMatchObject({ changesRead: 0, delivered: 0, caughtUp: true });
  const [marks] = await t.db.query<{ cursor: string; logged: string }>(
    'SELECT (SELECT change_seq::text FROM outbound_event_cursor) AS cursor, (SELECT max(seq)::text FROM call_changes) AS logged',
  );
  expect(marks!.cursor).toBe(marks!.logged);

  // A subscription made while the dispatcher is far behind: what came before it is not read either.
  await t.db.query('UPDATE outbound_event_cursor SET change_seq = 0');
  const endpoint = await webhook();
  await subscribe({ endpointId: endpoint.id, eventTypes: ['call.created'] });
  const later = newCall();
  await ingest(later);
  expect(await dispatch()).toMatchObject({ changesRead: 1, delivered: 1 });
  await sendDue();
  expect(eventsOf(received()).map((e) => e.systemCallId)).toEqual([later.systemCallId]);
});

const onPostgres = testEngine() === 'postgres' ? test : test.skip;

onPostgres('a second dispatcher finds the cursor taken and does nothing; the first one dispatches each event', async () => {
  const endpoint = await webhook();
  await subscribe({ endpointId: endpoint.id, eventTypes: ['call.created'] });
  await ingest(newCall());
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = t.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM outbound_event_cursor FOR UPDATE');
    locked();
    await held;
  });
  await isLocked;
  expect(await dispatch()).toMatchObject({ busy: true, delivered: 0, changesRead: 0 });
  release();
  await holder;
  expect(await dispatch()).toMatchObject({ busy: false, delivered: 1 });
});
