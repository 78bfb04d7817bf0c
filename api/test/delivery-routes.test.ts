/**
 * The delivery routes (routes/api/delivery-endpoints, deliveries, outbox) end to end on both engines, with the
 * job runner working: who may use them, their validation errors, a webhook's secret shown only at creation and
 * rotation, a test message that a local receiver verifies, the log and its attempts, a replay by an admin with
 * the same webhook-id, a resumed endpoint sending what waited, and the outbox holding the demo's mail.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { userPath } from '@callboard/contract';
import {
  DELIVERIES_PATH,
  DELIVERY_ENDPOINTS_PATH,
  DELIVERY_MESSAGES,
  OUTBOX_PATH,
  deliveryEndpointPath,
  deliveryPath,
  outboxMessagePath,
  replayDeliveryPath,
  resumeEndpointPath,
  rotateEndpointSecretPath,
  testEndpointPath,
  type Delivery,
  type DeliveryDetail,
  type EndpointWithSecret,
} from '@callboard/contract/delivery';
import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';
import { startReceiver, type Receiver } from './support/delivery-fixtures';

let t: TestApp;
let admin: SignedIn;
let reviewer: SignedIn;
let user: SignedIn;
let receiver: Receiver;
let outboxDir: string;

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'callboard-outbox-'));
  receiver = await startReceiver();
  t = await buildTestApp({
    jobs: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, stopTimeoutMs: 3_000 },
    delivery: { outboxDir, publicUrl: 'https://callboard.example.com', retryScheduleSeconds: [1], sendTimeoutMs: 2_000 },
  });
  admin = await signUp(t.app, 'Delivery Admin');
  const reviewerAccount = await signUp(t.app, 'Delivery Reviewer');
  reviewer = reviewerAccount;
  user = await signUp(t.app, 'Delivery User');
  const promoted = await t.app.inject({ method: 'PATCH', url: `${userPath(reviewer.user.id)}/role`, headers: bearer(admin.token), payload: { role: 'reviewer' } });
  expect(promoted.statusCode).toBe(200);
  // A role change ends the person's sessions.
  reviewer = await login(t.app, reviewer.user.email, reviewerAccount.password);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

const as = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), payload });

/** Polls until `check` holds (the job runner works on its own time), failing after 10 s. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there after 10 s: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const deliveryOf = async (id: string) => (await as(admin, 'GET', deliveryPath(id))).json<{ data: DeliveryDetail }>().data;

async function addWebhook(name = 'BI feed'): Promise<EndpointWithSecret> {
  const response = await as(admin, 'POST', DELIVERY_ENDPOINTS_PATH, { name, kind: 'webhook', url: receiver.url });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: EndpointWithSecret }>().data;
}

test('the body is checked field by field, with the contract’s messages', async () => {
  const bad = await as(admin, 'POST', DELIVERY_ENDPOINTS_PATH, { name: '', kind: 'pager', url: '' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toMatchObject({
    code: 'VALIDATION_ERROR',
    message: DELIVERY_MESSAGES.nameRequired,
    errors: [
      { field: 'name', message: DELIVERY_MESSAGES.nameRequired },
      { field: 'kind', message: DELIVERY_MESSAGES.kindInvalid },
      { field: 'url', message: DELIVERY_MESSAGES.urlRequired },
    ],
  });
  const insecureSlack = await as(admin, 'POST', DELIVERY_ENDPOINTS_PATH, { name: 'QC', kind: 'slack', url: 'http://chat.example.com/hook' });
  expect(insecureSlack.json()).toMatchObject({ errors: [{ field: 'url', message: DELIVERY_MESSAGES.slackUrlInsecure }] });

  const hook = await addWebhook('Kind stays');
  const changedKind = await as(admin, 'PUT', deliveryEndpointPath(hook.id), { name: 'Kind stays', kind: 'slack', url: 'https://hooks.slack.com/x' });
  expect({ status: changedKind.statusCode, errors: changedKind.json().errors }).toEqual({
    status: 400,
    errors: [{ field: 'kind', message: "An endpoint's kind is fixed: this one is a webhook; add a new endpoint instead" }],
  });
  const ftp = await as(admin, 'PUT', deliveryEndpointPath(hook.id), { name: 'Kind stays', url: 'ftp://example.com/in' });
  expect(ftp.json()).toMatchObject({ errors: [{ field: 'url', message: DELIVERY_MESSAGES.urlInvalid }] });
  const renamed = await as(admin, 'PUT', deliveryEndpointPath(hook.id), { name: 'Renamed', url: `${receiver.url}?v=2` });
  expect(renamed.json()).toMatchObject({ data: { name: 'Renamed', url: `${receiver.url}?v=2`, kind: 'webhook' } });
  expect((await as(admin, 'PUT', deliveryEndpointPath('00000000-0000-4000-8000-000000000000'), { name: 'x', url: receiver.url })).statusCode).toBe(404);
  expect((await as(admin, 'GET', `${DELIVERIES_PATH}?status=lost`)).statusCode).toBe(400);
  expect((await as(admin, 'GET', `${DELIVERIES_PATH}?limit=1000`)).statusCode).toBe(400);
  const farPage = await as(admin, 'GET', `${DELIVERIES_PATH}?page=99999999999999999999`);
  expect({ status: farPage.statusCode, errors: farPage.json().errors }).toEqual({ status: 400, errors: [{ field: 'page', message: 'page must be at most 1000000' }] });
});

test('a webhook’s secret is shown at creation and rotation only; Slack has none', async () => {
  const hook = await addWebhook('Secret keeper');
  expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  expect(hook.owner).toEqual({ id: admin.user.id, name: 'Delivery Admin' });
  const listed = await as(admin, 'GET', DELIVERY_ENDPOINTS_PATH);
  expect(listed.body).not.toContain(hook.secret!);
  expect(listed.json<{ data: object[] }>().data.every((endpoint) => !('secret' in endpoint))).toBe(true);

  const rotated = (await as(admin, 'POST', rotateEndpointSecretPath(hook.id))).json<{ data: EndpointWithSecret }>().data;
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(rotated.secret).not.toBe(hook.secret);
  expect((await as(admin, 'GET', DELIVERY_ENDPOINTS_PATH)).body).not.toContain(rotated.secret!);

  const slack = await as(admin, 'POST', DELIVERY_ENDPOINTS_PATH, { name: 'QC channel', kind: 'slack', url: 'https://hooks.slack.com/services/T0/B0/x' });
  expect(slack.json()).toMatchObject({ data: { kind: 'slack', secret: null } });
  const rotateSlack = await as(admin, 'POST', rotateEndpointSecretPath(slack.json<{ data: { id: string } }>().data.id));
  expect({ status: rotateSlack.statusCode, message: rotateSlack.json().message }).toEqual({ status: 409, message: DELIVERY_MESSAGES.slackHasNoSecret });
});

test('reviewers list endpoints by name only; users and reviewers may change nothing nor read the log', async () => {
  await addWebhook('For reviewers');
  const names = (await as(reviewer, 'GET', DELIVERY_ENDPOINTS_PATH)).json<{ data: object[] }>().data;
  expect(names.length).toBeGreaterThan(0);
  for (const endpoint of names) expect(Object.keys(endpoint).sort()).toEqual(['id', 'kind', 'name', 'paused']);
  expect((await as(user, 'GET', DELIVERY_ENDPOINTS_PATH)).statusCode).toBe(403);
  for (const who of [reviewer, user]) {
    expect((await as(who, 'POST', DELIVERY_ENDPOINTS_PATH, { name: 'x', kind: 'webhook', url: receiver.url })).statusCode).toBe(403);
    expect((await as(who, 'GET', DELIVERIES_PATH)).statusCode).toBe(403);
    expect((await as(who, 'GET', OUTBOX_PATH)).statusCode).toBe(403);
  }
});

test('a test message reaches the receiver signed; the log shows it sent with its attempt; an admin replays it with the same webhook-id', async () => {
  const hook = await addWebhook('End to end');
  receiver.requests.length = 0;
  receiver.answer(500);
  const queued = await as(admin, 'POST', testEndpointPath(hook.id));
  expect(queued.statusCode).toBe(202);
  const { id } = queued.json<{ data: Delivery }>().data;
  expect(queued.json()).toMatchObject({ data: { status: 'pending', channel: 'webhook', endpoint: { id: hook.id, name: 'End to end' }, source: { kind: 'test', id: hook.id } } });

  // Refused once, retried a second later by the runner.
  const sent = await eventually(() => deliveryOf(id), (d) => d.status === 'sent');
  expect(sent.attemptLog.map((a) => [a.outcome, a.statusCode])).toEqual([
    ['failed', 500],
    ['sent', 200],
  ]);
  expect(receiver.requests).toHaveLength(2);
  for (const request of receiver.requests) {
    expect(new Webhook(hook.secret!).verify(request.body, request.headers as Record<string, string>)).toMatchObject({
      type: 'callboard.test',
      data: { endpoint: { id: hook.id, name: 'End to end' }, sentBy: admin.user.email },
    });
  }
  expect(receiver.requests[1]!.headers['webhook-id']).toBe(sent.messageId);

  const listed = (await as(admin, 'GET', `${DELIVERIES_PATH}?endpoint=${hook.id}&status=sent&source=test`)).json<{ data: Delivery[]; meta: object }>();
  expect(listed.data.map((d) => d.id)).toEqual([id]);
  expect(listed.meta).toEqual({ total: 1, page: 1, pages: 1, limit: 50 });

  const replayed = await as(admin, 'POST', replayDeliveryPath(id));
  expect(replayed.statusCode).toBe(202);
  const replay = replayed.json<{ data: Delivery }>().data;
  expect(replay).toMatchObject({ replayOf: id, messageId: sent.messageId });
  await eventually(() => deliveryOf(replay.id), (d) => d.status === 'sent');
  expect(receiver.requests[2]!.headers['webhook-id']).toBe(sent.messageId);
  expect(receiver.requests[2]!.body).toBe(receiver.requests[1]!.body);
  expect((await as(reviewer, 'POST', replayDeliveryPath(id))).statusCode).toBe(403);
  expect((await as(admin, 'GET', deliveryPath('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
});

test('a paused endpoint holds its messages until an admin resumes it, then sends them', async () => {
  const hook = await addWebhook('Paused');
  await t.db.query("UPDATE delivery_endpoints SET paused_at = now(), pause_reason = 'test', consecutive_failures = 5 WHERE id = $1", [hook.id]);
  const queued = await as(admin, 'POST', testEndpointPath(hook.id));
  expect(queued.json().message).toBe('Test queued: the endpoint is paused, so it is sent once an admin resumes it');
  const { id } = queued.json<{ data: Delivery }>().data;
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect((await deliveryOf(id)).status).toBe('pending');

  const resumed = await as(admin, 'POST', resumeEndpointPath(hook.id));
  expect(resumed.json()).toMatchObject({ data: { pausedAt: null, pauseReason: null, consecutiveFailures: 0 } });
  await eventually(() => deliveryOf(id), (d) => d.status === 'sent');
  const again = await as(admin, 'POST', resumeEndpointPath(hook.id));
  expect({ status: again.statusCode, message: again.json().message }).toEqual({ status: 409, message: DELIVERY_MESSAGES.notPaused });
  expect((await as(user, 'POST', resumeEndpointPath(hook.id))).statusCode).toBe(403);
});

test('without SMTP_URL an email lands in the outbox, which admins read in the app', async () => {
  const id = await t.app.delivery.deliverToUser(user.user.id, {
    source: { kind: 'report', id: 'daily-qc' },
    subject: 'Daily QC report',
    text: 'Yesterday: 1,204 calls, 27% voicemail.',
    link: '/reporting?datePreset=yesterday',
    attachments: [{ filename: 'qc.csv', contentType: 'text/csv', content: Buffer.from('calls,voicemail\n1204,27%\n') }],
  });
  await eventually(() => deliveryOf(id!), (d) => d.status === 'sent');
  const list = (await as(admin, 'GET', OUTBOX_PATH)).json<{ data: Array<{ id: string; subject: string; to: string }> }>().data;
  expect(list[0]).toMatchObject({ id, subject: 'Daily QC report', to: user.user.email });
  const message = await as(admin, 'GET', outboxMessagePath(id!));
  expect(message.json()).toMatchObject({
    data: {
      from: 'Callboard <callboard@localhost>',
      text: expect.stringContaining('Open in Callboard: https://callboard.example.com/reporting?datePreset=yesterday'),
      attachments: [{ filename: 'qc.csv', contentType: 'text/csv', size: 25 }],
    },
  });
  expect((await as(admin, 'GET', outboxMessagePath('nothing-here'))).statusCode).toBe(404);
});

test('deleting an endpoint: gone from the list, its log kept', async () => {
  const hook = await addWebhook('Short lived');
  const deleted = await as(admin, 'DELETE', deliveryEndpointPath(hook.id));
  expect(deleted.statusCode).toBe(200);
  expect((await as(admin, 'DELETE', deliveryEndpointPath(hook.id))).statusCode).toBe(404);
  const listed = (await as(admin, 'GET', DELIVERY_ENDPOINTS_PATH)).json<{ data: Array<{ id: string }> }>().data;
  expect(listed.map((e) => e.id)).not.toContain(hook.id);
  expect((await as(admin, 'POST', testEndpointPath(hook.id))).statusCode).toBe(404);
});
