/**
 * /api/event-subscriptions (routes/api/event-subscriptions) end to end on both engines, with the job runner
 * working: admins add, list, change, disable and delete subscriptions; each problem with a body answered under its
 * field in the contract's words; reviewers and users refused (the role matrix holds the writes, the leak matrix
 * partners); and a call delivered to the ingest API reaching a subscribed receiver, signed, with nobody driving
 * the dispatcher: the change log's NOTIFY nudges it, the runner runs it and the delivery worker sends.
 */
import { Webhook } from 'standardwebhooks';
import { DELIVERY_ENDPOINTS_PATH, type EndpointWithSecret } from '@callboard/contract/delivery';
import {
  EVENT_SUBSCRIPTIONS_PATH,
  EVENT_SUBSCRIPTION_MESSAGES,
  eventSubscriptionPath,
  type CallEventData,
  type EventSubscription,
} from '@callboard/contract/event-subscriptions';
import { PERMISSION_DENIED, userPath } from '@callboard/contract';
import { INGEST_KEY, makeCall, postCalls } from './support/calls-fixtures';
import { startReceiver, type Receiver } from './support/delivery-fixtures';
import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let receiver: Receiver;
let webhook: EndpointWithSecret;
let slack: EndpointWithSecret;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await buildTestApp({
    ingestApiKey: INGEST_KEY,
    jobs: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, stopTimeoutMs: 3_000 },
    delivery: { publicUrl: 'https://callboard.example.com', retryScheduleSeconds: [1], sendTimeoutMs: 2_000 },
  });
  admin = await signUp(t.app, 'Subscriptions Admin');
  user = await signUp(t.app, 'Subscriptions User');
  webhook = (await as(admin, 'POST', DELIVERY_ENDPOINTS_PATH, { name: 'Buyer system', kind: 'webhook', url: receiver.url })).json<{ data: EndpointWithSecret }>().data;
  slack = (await as(admin, 'POST', DELIVERY_ENDPOINTS_PATH, { name: 'QC channel', kind: 'slack', url: 'https://hooks.slack.com/services/T0/B0/x' })).json<{ data: EndpointWithSecret }>().data;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

function as(who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(who.token), payload });
}

/** Polls until `check` holds (the job runner works on its own time), failing after 15 s. */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there after 15 s: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('an admin adds, lists, changes, disables and deletes a subscription', async () => {
  const created = await as(admin, 'POST', EVENT_SUBSCRIPTIONS_PATH, {
    name: ' Acme postback ',
    endpointId: webhook.id,
    eventTypes: ['call.disposition_changed', 'call.created'],
    buyerIds: [7],
    dispositionBecomes: 'Sales',
  });
  expect(created.statusCode).toBe(201);
  const subscription = created.json<{ data: EventSubscription }>().data;
  expect(subscription).toEqual({
    id: expect.any(String),
    name: 'Acme postback',
    endpoint: { id: webhook.id, name: 'Buyer system', paused: false },
    eventTypes: ['call.created', 'call.disposition_changed'],
    campaignIds: [],
    publisherIds: [],
    buyerIds: [7],
    dispositionBecomes: 'Sales',
    enabled: true,
    createdBy: { id: admin.user.id, name: 'Subscriptions Admin' },
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });

  const listed = await as(admin, 'GET', EVENT_SUBSCRIPTIONS_PATH);
  expect(listed.json<{ data: EventSubscription[] }>().data).toEqual([subscription]);

  const changed = await as(admin, 'PUT', eventSubscriptionPath(subscription.id), { name: 'Acme: every change', endpointId: webhook.id, eventTypes: ['call.updated'], enabled: false });
  expect(changed.statusCode).toBe(200);
  expect(changed.json<{ data: EventSubscription }>().data).toMatchObject({ name: 'Acme: every change', eventTypes: ['call.updated'], buyerIds: [], dispositionBecomes: null, enabled: false });

  expect((await as(admin, 'DELETE', eventSubscriptionPath(subscription.id))).statusCode).toBe(200);
  expect((await as(admin, 'GET', EVENT_SUBSCRIPTIONS_PATH)).json<{ data: EventSubscription[] }>().data).toEqual([]);
  const again = await as(admin, 'DELETE', eventSubscriptionPath(subscription.id));
  expect({ status: again.statusCode, message: again.json().message }).toEqual({ status: 404, message: EVENT_SUBSCRIPTION_MESSAGES.notFound });
  const missing = await as(admin, 'PUT', eventSubscriptionPath(subscription.id), { name: 'x', endpointId: webhook.id, eventTypes: ['call.created'] });
  expect(missing.statusCode).toBe(404);
  expect((await as(admin, 'DELETE', eventSubscriptionPath('not-an-id'))).statusCode).toBe(400);
});

test('each problem with a body is answered under its field in the contract’s words', async () => {
  const refused = async (body: object) => {
    const response = await as(admin, 'POST', EVENT_SUBSCRIPTIONS_PATH, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    return response.json().errors as Array<{ field: string; message: string }>;
  };
  expect(await refused({})).toEqual([
    { field: 'name', message: EVENT_SUBSCRIPTION_MESSAGES.nameRequired },
    { field: 'endpointId', message: EVENT_SUBSCRIPTION_MESSAGES.endpointRequired },
    { field: 'eventTypes', message: EVENT_SUBSCRIPTION_MESSAGES.typesRequired },
  ]);
  expect(await refused({ name: 'n', endpointId: '00000000-0000-4000-8000-000000000000', eventTypes: ['call.created'] })).toEqual([
    { field: 'endpointId', message: EVENT_SUBSCRIPTION_MESSAGES.endpointNotFound },
  ]);
  expect(await refused({ name: 'n', endpointId: 'nonsense', eventTypes: ['call.created'] })).toEqual([{ field: 'endpointId', message: EVENT_SUBSCRIPTION_MESSAGES.endpointNotFound }]);
  expect(await refused({ name: 'n', endpointId: slack.id, eventTypes: ['call.created'], campaignIds: [1.5] })).toEqual([
    { field: 'campaignIds', message: EVENT_SUBSCRIPTION_MESSAGES.ids('campaignIds') },
    { field: 'endpointId', message: EVENT_SUBSCRIPTION_MESSAGES.endpointNotWebhook },
  ]);
  expect(await refused({ name: 'n', endpointId: webhook.id, eventTypes: ['alert.fired'], publisherIds: [3] })).toEqual([
    { field: 'eventTypes', message: EVENT_SUBSCRIPTION_MESSAGES.narrowedAlerts },
  ]);
  expect(await refused({ name: 'n', endpointId: webhook.id, eventTypes: ['dispute.opened'], dispositionBecomes: 'Sales' })).toEqual([
    { field: 'dispositionBecomes', message: EVENT_SUBSCRIPTION_MESSAGES.dispositionTypes },
  ]);
  expect((await as(admin, 'GET', EVENT_SUBSCRIPTIONS_PATH)).json<{ data: EventSubscription[] }>().data).toEqual([]);
});

test('reviewers and users are refused', async () => {
  const account = await signUp(t.app, 'Subscriptions Reviewer');
  expect((await as(admin, 'PATCH', `${userPath(account.user.id)}/role`, { role: 'reviewer' })).statusCode).toBe(200);
  // A role change ends the person's sessions.
  const reviewer = await login(t.app, account.user.email, account.password);
  for (const who of [reviewer, user]) {
    const response = await as(who, 'GET', EVENT_SUBSCRIPTIONS_PATH);
    expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 403, message: PERMISSION_DENIED.manageDeliveries });
  }
});

test('a delivered call reaches a subscribed receiver, signed, with the job runner doing the rest', async () => {
  const created = await as(admin, 'POST', EVENT_SUBSCRIPTIONS_PATH, { name: 'Every new call', endpointId: webhook.id, eventTypes: ['call.created'] });
  expect(created.statusCode).toBe(201);
  const subscription = created.json<{ data: EventSubscription }>().data;
  const call = makeCall(`ROUTES-${process.pid}`, { callerId: '5559990000' });
  expect((await postCalls(t.app, [call])).statusCode).toBe(200);

  await eventually(() => receiver.requests.length, (n) => n >= 1);
  const [request] = receiver.requests;
  const event = new Webhook(webhook.secret!).verify(request!.body, request!.headers as Record<string, string>) as { type: string; data: CallEventData };
  expect(event.type).toBe('call.created');
  expect(event.data).toMatchObject({ kind: 'created', systemCallId: call.systemCallId, subscriptionId: subscription.id });
  // The receiver answers before the worker records the attempt.
  const [delivery] = await eventually(
    () =>
      t.db.query<{ status: string; source_kind: string; source_id: string; ordering_key: string }>(
        'SELECT status, source_kind, source_id, ordering_key FROM deliveries WHERE endpoint_id = $1',
        [webhook.id],
      ),
    (rows) => rows[0]?.status === 'sent',
  );
  expect(delivery).toEqual({ status: 'sent', source_kind: 'event', source_id: subscription.id, ordering_key: `call:${event.data.callId}` });
});
