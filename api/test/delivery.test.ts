/**
 * The delivery mechanism's domain (domain/delivery/), on both engines, with real receivers: a signed webhook to
 * a local HTTP server that verifies it with the Standard Webhooks library, retried with the same webhook-id; one
 * ordering key's deliveries in order; an endpoint paused after its failures, its owner told, resumed; Slack's
 * payload; email through a real SMTP server and, without one, into the outbox; replay; the caller's
 * transaction. The worker is driven here with the test's own clock; the job runner only triggers it
 * (delivery-routes.test.ts has it end to end).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { DELIVERY_MESSAGES, endpointScreenLink } from '@callboard/contract/delivery';
import type { FastifyBaseLogger } from 'fastify';
import { JOB_RUNNER_SCHEMA } from '../src/db/migrations/0032-job-runner';
import { createDeliveryService, type DeliveryService } from '../src/domain/delivery/delivery-service';
import { DELIVERY_SEND_QUEUE, type DeliveryContext } from '../src/domain/delivery/delivery-worker';
import type { DeliverySettings } from '../src/domain/delivery/delivery-settings';
import { emailSender, type EmailSender } from '../src/domain/delivery/email-sender';
import { endpointsRepository } from '../src/domain/delivery/endpoints-repository';
import { listOutbox, readOutboxMessage } from '../src/domain/delivery/outbox';
import { newWebhookSecret } from '../src/domain/delivery/webhook-signing';
import { startJobRunner } from '../src/domain/jobs/job-runner';
import { notify } from '../src/domain/notifications/notifications';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startReceiver, type Receiver } from './support/delivery-fixtures';
import { attachmentsOf, bodyOf, headerOf, parseMime } from './support/mime-reader';
import { startMailServer } from './support/report-mail';

let database: TestDatabase;
let receiver: Receiver;
let outboxDir: string;
let owner: string;

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startReceiver();
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'callboard-outbox-'));
  owner = await addUser('Endpoint Owner', 'admin');
});
afterAll(async () => {
  await receiver?.close();
  await database?.drop();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});
beforeEach(() => {
  receiver.requests.length = 0;
  receiver.otherwise = 200;
});

async function addUser(name: string, role = 'user', active = true): Promise<string> {
  const [row] = await database.db.query<{ id: string }>(
    "INSERT INTO users (name, email, password_hash, role, active) VALUES ($1, $2, 'x', $3, $4) RETURNING id",
    [name, `${randomBytes(4).toString('hex')}@example.com`, role, active],
  );
  return row!.id;
}

/** The jobs the service queued, as the job runner would have been asked. */
interface QueuedJob {
  queue: string;
  data: { deliveryId: string };
  options: { startAfterSeconds?: number; singletonKey?: string };
}

/** The service with the test's settings; its jobs are recorded, or sent to `use.jobs` (a real job runner) when given. */
function service(settings: Partial<DeliverySettings> = {}, use: Partial<Pick<DeliveryContext, 'jobs' | 'email'>> = {}): { delivery: DeliveryService; jobs: QueuedJob[] } {
  const jobs: QueuedJob[] = [];
  const full: DeliverySettings = {
    smtpUrl: undefined,
    mailFrom: 'Callboard <alerts@example.com>',
    outboxDir,
    publicUrl: 'https://callboard.example.com',
    pauseAfterFailures: 5,
    retryScheduleSeconds: [30, 120],
    sendTimeoutMs: 2_000,
    ...settings,
  };
  const ctx: DeliveryContext = {
    db: database.db,
    jobs: use.jobs ?? {
      send: async (queue, data, options = {}) => {
        jobs.push({ queue, data: data as QueuedJob['data'], options });
        return 'job';
      },
    },
    settings: full,
    email: use.email ?? emailSender(full),
    notify,
    warn: () => {},
  };
  return { delivery: createDeliveryService(ctx), jobs };
}

async function webhookEndpoint(url = receiver.url): Promise<{ id: string; secret: string }> {
  const secret = newWebhookSecret();
  const id = await endpointsRepository.create(database.db, owner, { name: `Hook ${randomBytes(3).toString('hex')}`, kind: 'webhook', url }, secret);
  return { id, secret };
}

const message = (overrides: Partial<Parameters<DeliveryService['deliverToEndpoint']>[1]> = {}) => ({
  source: { kind: 'alert' as const, id: 'rule-7' },
  subject: 'Voicemail share above 20%',
  text: 'Publisher 3 is at 27% voicemail today.',
  link: '/reporting?publisher=3&datePreset=today',
  ...overrides,
});

async function deliveryRow(id: string) {
  const [row] = await database.db.query<{ status: string; attempts: number; last_status_code: number | null; next_attempt_at: Date | null; sent_at: Date | null }>(
    'SELECT status, attempts, last_status_code, next_attempt_at, sent_at FROM deliveries WHERE id = $1',
    [id],
  );
  return row!;
}

const seconds = (from: Date, s: number) => new Date(from.getTime() + s * 1000);

test('a webhook is signed in the Standard Webhooks format; a 500 is retried on the schedule with the same webhook-id', async () => {
  const { delivery, jobs } = service();
  const endpoint = await webhookEndpoint();
  const id = await delivery.deliverToEndpoint(endpoint.id, message({ event: { type: 'alert.fired', payload: { rule: 'rule-7', value: 27 } } }));
  expect(jobs).toEqual([{ queue: DELIVERY_SEND_QUEUE, data: { deliveryId: id }, options: expect.objectContaining({ startAfterSeconds: 0, singletonKey: expect.stringMatching(new RegExp(`^${id}@`)) }) }]);

  receiver.answer(500);
  const t0 = new Date();
  expect(await delivery.send(id, t0)).toBe('retrying');
  const afterFirst = await deliveryRow(id);
  expect(afterFirst).toMatchObject({ status: 'retrying', attempts: 1, last_status_code: 500 });
  expect(new Date(afterFirst.next_attempt_at!).getTime()).toBe(seconds(t0, 30).getTime());
  expect(jobs[1]).toEqual({ queue: DELIVERY_SEND_QUEUE, data: { deliveryId: id }, options: expect.objectContaining({ startAfterSeconds: 30 }) });

  // Not due before its time.
  expect(await delivery.send(id, seconds(t0, 29))).toBe('not-now');
  expect(await delivery.send(id, seconds(t0, 30))).toBe('sent');
  expect(await deliveryRow(id)).toMatchObject({ status: 'sent', attempts: 2, last_status_code: 200, next_attempt_at: null });

  expect(receiver.requests).toHaveLength(2);
  const [first, second] = receiver.requests as [(typeof receiver.requests)[0], (typeof receiver.requests)[0]];
  expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
  expect(first.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
  expect(second.body).toBe(first.body);
  for (const request of receiver.requests) {
    const verified = new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>);
    expect(verified).toEqual({ type: 'alert.fired', timestamp: expect.any(String), data: { rule: 'rule-7', value: 27 } });
  }
  // Another secret does not verify it.
  expect(() => new Webhook(newWebhookSecret()).verify(first.body, first.headers as Record<string, string>)).toThrow();

  const attempts = await database.db.query<{ outcome: string; status_code: number; error: string | null; duration_ms: number }>(
    'SELECT outcome, status_code, error, duration_ms FROM delivery_attempts WHERE delivery_id = $1 ORDER BY id',
    [id],
  );
  expect(attempts).toEqual([
    { outcome: 'failed', status_code: 500, error: 'HTTP 500: refused with 500', duration_ms: expect.any(Number) },
    { outcome: 'sent', status_code: 200, error: null, duration_ms: expect.any(Number) },
  ]);
});

test('without an event, a webhook carries the subject, text, absolute link and source; failures past the schedule fail it', async () => {
  const { delivery } = service({ retryScheduleSeconds: [0] });
  const endpoint = await webhookEndpoint();
  receiver.otherwise = 503;
  const id = await delivery.deliverToEndpoint(endpoint.id, message());
  const now = new Date();
  expect(await delivery.send(id, now)).toBe('retrying');
  expect(await delivery.send(id, now)).toBe('failed');
  expect(await deliveryRow(id)).toMatchObject({ status: 'failed', attempts: 2, last_status_code: 503, next_attempt_at: null });
  expect(JSON.parse(receiver.requests[0]!.body)).toEqual({
    type: 'message',
    timestamp: expect.any(String),
    data: {
      subject: 'Voicemail share above 20%',
      text: 'Publisher 3 is at 27% voicemail today.',
      link: 'https://callboard.example.com/reporting?publisher=3&datePreset=today',
      source: { kind: 'alert', id: 'rule-7' },
    },
  });
});

test('a receiver that does not answer within the limit, or refuses the connection, is a failed attempt', async () => {
  const { delivery } = service({ retryScheduleSeconds: [0, 0], sendTimeoutMs: 300 });
  const silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const closed = await startReceiver();
  await closed.close();
  try {
    const slow = await webhookEndpoint(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`);
    const refused = await webhookEndpoint(closed.url);
    const slowId = await delivery.deliverToEndpoint(slow.id, message());
    const refusedId = await delivery.deliverToEndpoint(refused.id, message());
    expect(await delivery.send(slowId)).toBe('retrying');
    expect(await delivery.send(refusedId)).toBe('retrying');
    const attempts = await database.db.query<{ status_code: number | null; error: string; duration_ms: number }>(
      'SELECT status_code, error, duration_ms FROM delivery_attempts WHERE delivery_id = ANY($1::uuid[]) ORDER BY id',
      [[slowId, refusedId]],
    );
    expect(attempts).toEqual([
      { status_code: null, error: 'no answer within 0.3 s', duration_ms: expect.any(Number) },
      { status_code: null, error: expect.stringMatching(/ECONNREFUSED/), duration_ms: expect.any(Number) },
    ]);
    expect(attempts[0]!.duration_ms).toBeGreaterThanOrEqual(290);
  } finally {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  }
});

test('deliveries to one endpoint with one ordering key go strictly in order; other keys do not wait', async () => {
  const { delivery, jobs } = service({ retryScheduleSeconds: [60] });
  const endpoint = await webhookEndpoint();
  const first = await delivery.deliverToEndpoint(endpoint.id, message({ subject: 'first', orderingKey: 'call-1' }));
  const second = await delivery.deliverToEndpoint(endpoint.id, message({ subject: 'second', orderingKey: 'call-1' }));
  const other = await delivery.deliverToEndpoint(endpoint.id, message({ subject: 'other', orderingKey: 'call-2' }));
  const now = new Date();

  // The later one waits while the first is still to send, even after the first failed once.
  expect(await delivery.send(second, now)).toBe('not-now');
  receiver.answer(500);
  expect(await delivery.send(first, now)).toBe('retrying');
  expect(await delivery.send(second, now)).toBe('not-now');
  expect(await delivery.send(other, now)).toBe('sent');

  jobs.length = 0;
  expect(await delivery.send(first, seconds(now, 60))).toBe('sent');
  // Its end queues the next of its key.
  expect(jobs.map((job) => job.data.deliveryId)).toEqual([second]);
  expect(await delivery.send(second, seconds(now, 60))).toBe('sent');
  expect(receiver.requests.map((r) => (JSON.parse(r.body) as { data: { subject: string } }).data.subject)).toEqual(['first', 'other', 'first', 'second']);
});

test('an endpoint failing N deliveries in a row is paused, its owner told; new ones wait; resuming sends them', async () => {
  const { delivery, jobs } = service({ retryScheduleSeconds: [], pauseAfterFailures: 2 });
  const endpoint = await webhookEndpoint();
  receiver.otherwise = 500;
  let now = new Date();
  for (const subject of ['one', 'two']) {
    const id = await delivery.deliverToEndpoint(endpoint.id, message({ subject }));
    now = new Date();
    expect(await delivery.send(id, now)).toBe('failed');
  }
  const paused = await endpointsRepository.find(database.db, endpoint.id);
  expect(paused).toMatchObject({ consecutiveFailures: 2, pausedAt: now.toISOString(), pauseReason: '2 deliveries in a row failed; the last: HTTP 500: refused with 500' });
  const told = await database.db.query<{ kind: string; title: string; link: string }>('SELECT kind, title, link FROM notifications WHERE user_id = $1', [owner]);
  expect(told).toEqual([{ kind: 'endpoint.paused', title: `Endpoint paused: ${paused!.name}`, link: endpointScreenLink(endpoint.id) }]);

  // Paused: nothing is sent; new messages queue as pending.
  receiver.otherwise = 200;
  const waiting = await delivery.deliverToEndpoint(endpoint.id, message({ subject: 'three' }));
  expect(await delivery.send(waiting, now)).toBe('not-now');
  expect(await deliveryRow(waiting)).toMatchObject({ status: 'pending', attempts: 0 });
  jobs.length = 0;
  await delivery.queueDue();
  expect(jobs.map((job) => job.data.deliveryId)).not.toContain(waiting);
  const requestsWhilePaused = receiver.requests.length;

  jobs.length = 0;
  await delivery.resume(endpoint.id);
  expect(jobs.map((job) => job.data.deliveryId)).toEqual([waiting]);
  expect(await delivery.send(waiting)).toBe('sent');
  expect(receiver.requests.length).toBe(requestsWhilePaused + 1);
  expect(await endpointsRepository.find(database.db, endpoint.id)).toMatchObject({ consecutiveFailures: 0, pausedAt: null, pauseReason: null });
  await expect(delivery.resume(endpoint.id)).rejects.toMatchObject({ statusCode: 409 });
});

test('resuming sends at once a delivery whose retry was an hour off, though that retry\'s job still waits', async () => {
  const runner = await startJobRunner(database.db, { error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger, { working: false });
  const sendJobs = async (deliveryId: string) =>
    database.db.query<{ state: string; due_now: boolean }>(
      `SELECT state::text, start_after <= now() + interval '1 minute' AS due_now FROM ${JOB_RUNNER_SCHEMA}.job WHERE name = $1 AND data->>'deliveryId' = $2 ORDER BY start_after`,
      [DELIVERY_SEND_QUEUE, deliveryId],
    );
  try {
    const { delivery } = service({ retryScheduleSeconds: [3600] }, { jobs: runner });
    const endpoint = await webhookEndpoint();
    receiver.otherwise = 500;
    const id = await delivery.deliverToEndpoint(endpoint.id, message({ subject: 'retried in an hour' }));
    // A worker takes the first send's job, and the attempt fails: the retry's job waits an hour.
    await database.db.query(`UPDATE ${JOB_RUNNER_SCHEMA}.job SET state = 'active' WHERE name = $1 AND data->>'deliveryId' = $2`, [DELIVERY_SEND_QUEUE, id]);
    expect(await delivery.send(id)).toBe('retrying');
    expect(await sendJobs(id)).toEqual([
      { state: 'active', due_now: true },
      { state: 'created', due_now: false },
    ]);

    // Another delivery's failure pauses the endpoint; its admin resumes it: what waited is due now, and has a job for now.
    await database.db.query("UPDATE delivery_endpoints SET paused_at = now(), pause_reason = 'failing' WHERE id = $1", [endpoint.id]);
    await delivery.resume(endpoint.id);
    expect(await sendJobs(id)).toEqual([
      { state: 'active', due_now: true },
      { state: 'created', due_now: true },
      { state: 'created', due_now: false },
    ]);
    // The sweep asks again for the same time: refused, one job is enough.
    await delivery.queueDue();
    expect(await sendJobs(id)).toHaveLength(3);
  } finally {
    await runner.stop();
  }
});

test('an attempt that outlasts its lease leaves the delivery to the worker that took it over', async () => {
  let id = '';
  let attempts = 0;
  const email: EmailSender = {
    async send() {
      attempts += 1;
      if (attempts > 1) return { sent: true, statusCode: 250, error: null };
      // This attempt hangs past its 2-minute lease; meanwhile another worker takes the delivery and sends it.
      expect(await delivery.send(id, new Date(Date.now() + 3 * 60_000))).toBe('sent');
      return { sent: false, statusCode: 451, error: 'the mail server gave up at last' };
    },
  };
  const { delivery } = service({ retryScheduleSeconds: [60] }, { email });
  id = (await delivery.deliverToUser(await addUser('Slow Mail'), message()))!;
  expect(await delivery.send(id)).toBe('lease-lost');
  expect(await deliveryRow(id)).toMatchObject({ status: 'sent', attempts: 1, last_status_code: 250, next_attempt_at: null });
});

test('a sent delivery sets the count of failures in a row back to 0', async () => {
  const { delivery } = service({ retryScheduleSeconds: [], pauseAfterFailures: 2 });
  const endpoint = await webhookEndpoint();
  receiver.answer(500);
  await delivery.send(await delivery.deliverToEndpoint(endpoint.id, message()));
  expect((await endpointsRepository.find(database.db, endpoint.id))!.consecutiveFailures).toBe(1);
  await delivery.send(await delivery.deliverToEndpoint(endpoint.id, message()));
  receiver.answer(500);
  await delivery.send(await delivery.deliverToEndpoint(endpoint.id, message()));
  expect(await endpointsRepository.find(database.db, endpoint.id)).toMatchObject({ consecutiveFailures: 1, pausedAt: null });
});

test('Slack gets its text and blocks: the subject as a header, the text, a button to the absolute link', async () => {
  const { delivery } = service();
  const slack = await startReceiver('/services/T0/B0/x');
  try {
    const id = await endpointsRepository.create(database.db, owner, { name: 'QC channel', kind: 'slack', url: slack.url }, null);
    const sent = await delivery.deliverToEndpoint(id, message({ text: 'Calls from <Acme> & co: 27% voicemail' }));
    expect(await delivery.send(sent)).toBe('sent');
    const [request] = slack.requests;
    expect(request!.headers['webhook-signature']).toBeUndefined();
    expect(request!.headers['content-type']).toBe('application/json');
    const link = 'https://callboard.example.com/reporting?publisher=3&datePreset=today';
    expect(JSON.parse(request!.body)).toEqual({
      text: `Voicemail share above 20%: Calls from &lt;Acme&gt; &amp; co: 27% voicemail <${link}|Open in Callboard>`,
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Voicemail share above 20%', emoji: false } },
        { type: 'section', text: { type: 'mrkdwn', text: 'Calls from &lt;Acme&gt; &amp; co: 27% voicemail' } },
        { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in Callboard' }, url: link }] },
      ],
    });
  } finally {
    await slack.close();
  }
});

const attachment = { filename: 'voicemail.csv', contentType: 'text/csv', content: Buffer.from('publisher,share\nAcme,27%\n') };

test('email goes through SMTP_URL to a real SMTP server: subject, body with the link, an attachment', async () => {
  const smtp = await startMailServer();
  try {
    const { delivery } = service({ smtpUrl: smtp.url });
    const recipient = await addUser('Ana Analyst');
    const [{ email } = { email: '' }] = await database.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [recipient]);
    const id = await delivery.deliverToUser(recipient, message({ attachments: [attachment] }));
    expect(await delivery.send(id!)).toBe('sent');
    expect(await deliveryRow(id!)).toMatchObject({ status: 'sent', attempts: 1, last_status_code: 250 });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([email]);
    expect(headerOf(mail!.message, 'from')).toBe('Callboard <alerts@example.com>');
    expect(headerOf(mail!.message, 'subject')).toBe('Voicemail share above 20%');
    expect(headerOf(mail!.message, 'to')).toBe(email);
    const text = bodyOf(mail!.message, 'text/plain');
    expect(text).toContain('Publisher 3 is at 27% voicemail today.');
    expect(text).toContain('Open in Callboard: https://callboard.example.com/reporting?publisher=3&datePreset=today');
    expect(bodyOf(mail!.message, 'text/html')).toContain('<a href="https://callboard.example.com/reporting?publisher=3&amp;datePreset=today">Open in Callboard</a>');
    expect(attachmentsOf(mail!.message)).toEqual([attachment]);

    // A replay sends the very same message again (same Message-ID), as a new delivery.
    const replay = await delivery.replay(id!);
    expect(await delivery.send(replay)).toBe('sent');
    const [, again] = await smtp.waitFor(2);
    expect(headerOf(again!.message, 'message-id')).toBe(headerOf(mail!.message, 'message-id'));
  } finally {
    await smtp.close();
  }
});

test('an SMTP server that refuses the message is a failed attempt with its reply code', async () => {
  const { delivery } = service({ smtpUrl: 'smtp://127.0.0.1:1', retryScheduleSeconds: [] });
  const id = await delivery.deliverToUser(await addUser('Nobody Home'), message());
  expect(await delivery.send(id!)).toBe('failed');
  const [attempt] = await database.db.query<{ outcome: string; error: string }>('SELECT outcome, error FROM delivery_attempts WHERE delivery_id = $1', [id]);
  expect(attempt).toEqual({ outcome: 'failed', error: expect.stringMatching(/ECONNREFUSED|connect/i) });
});

test('without SMTP_URL the email is written to the outbox: an .eml and what the app shows of it', async () => {
  const { delivery } = service();
  const recipient = await addUser('Olga Outbox');
  const id = await delivery.deliverToUser(recipient, message({ subject: 'Daily QC report', attachments: [attachment] }));
  expect(await delivery.send(id!)).toBe('sent');
  const eml = parseMime(await readFile(path.join(outboxDir, `${id}.eml`), 'utf8'));
  expect(headerOf(eml, 'subject')).toBe('Daily QC report');
  expect(attachmentsOf(eml)).toEqual([attachment]);
  const listed = await listOutbox(outboxDir, 10);
  expect(listed[0]).toEqual({ id, from: 'Callboard <alerts@example.com>', to: expect.stringMatching(/@example\.com$/), subject: 'Daily QC report', date: expect.any(String) });
  expect(await readOutboxMessage(outboxDir, id!)).toMatchObject({
    text: expect.stringContaining('Open in Callboard: https://callboard.example.com/reporting?publisher=3&datePreset=today'),
    html: expect.stringContaining('<p>Publisher 3 is at 27% voicemail today.</p>'),
    attachments: [{ filename: 'voicemail.csv', contentType: 'text/csv', size: attachment.content.length }],
  });
  expect(await readOutboxMessage(outboxDir, '../secret')).toBeUndefined();
});

test("a subject or a producer's header carrying line breaks (a view's name) adds no header, nor a recipient", async () => {
  const { delivery } = service();
  const recipient = await addUser('Hedda Header');
  const id = await delivery.deliverToUser(
    recipient,
    message({ subject: 'Sales desk\r\nBcc: thief@example.net\r\n\r\nforged body', headers: { 'List-Unsubscribe': '<https://x.example.com>\r\nCc: thief@example.net' } }),
  );
  expect(await delivery.send(id!)).toBe('sent');
  const raw = await readFile(path.join(outboxDir, `${id}.eml`), 'utf8');
  const eml = parseMime(raw);
  expect(headerOf(eml, 'bcc')).toBeUndefined();
  expect(headerOf(eml, 'cc')).toBeUndefined();
  expect(headerOf(eml, 'subject')).toMatch(/^Sales desk\s+Bcc: thief@example\.net\s+forged body$/);
  expect(raw).not.toMatch(/^(Bcc|Cc):/im);
  expect((await readOutboxMessage(outboxDir, id!))?.to).not.toContain('thief');
});

test('an outbox that cannot be written is a failed attempt, logged and retried', async () => {
  const blocker = path.join(outboxDir, 'not-a-folder');
  await writeFile(blocker, '');
  const { delivery } = service({ outboxDir: path.join(blocker, 'outbox'), retryScheduleSeconds: [0] });
  const id = await delivery.deliverToUser(await addUser('Disk Full'), message());
  expect(await delivery.send(id!)).toBe('retrying');
  const [attempt] = await database.db.query<{ outcome: string; error: string }>('SELECT outcome, error FROM delivery_attempts WHERE delivery_id = $1', [id]);
  expect(attempt).toEqual({ outcome: 'failed', error: expect.stringMatching(/ENOTDIR/) });
});

test('a deactivated or unknown user is sent nothing', async () => {
  const { delivery, jobs } = service();
  expect(await delivery.deliverToUser(await addUser('Gone', 'user', false), message())).toBeNull();
  expect(await delivery.deliverToUser('00000000-0000-4000-8000-000000000000', message())).toBeNull();
  expect(jobs).toEqual([]);
});

test('a replay is a new delivery with the same payload and webhook-id; one still being tried is refused', async () => {
  const { delivery } = service({ retryScheduleSeconds: [60] });
  const endpoint = await webhookEndpoint();
  receiver.answer(500);
  const id = await delivery.deliverToEndpoint(endpoint.id, message());
  expect(await delivery.send(id)).toBe('retrying');
  await expect(delivery.replay(id)).rejects.toMatchObject({ statusCode: 409 });
  expect(await delivery.send(id, seconds(new Date(), 61))).toBe('sent');

  const replay = await delivery.replay(id);
  expect(await delivery.send(replay)).toBe('sent');
  const [original, again] = [receiver.requests[1]!, receiver.requests[2]!];
  expect(again.headers['webhook-id']).toBe(original.headers['webhook-id']);
  expect(again.body).toBe(original.body);
  const [row] = await database.db.query<{ replay_of: string }>('SELECT replay_of FROM deliveries WHERE id = $1', [replay]);
  expect(row!.replay_of).toBe(id);
  await expect(delivery.replay('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ statusCode: 404 });
});

test('an email is replayed only to its recipient, still active at that address', async () => {
  const { delivery } = service();
  const replayed = async (change: (userId: string) => Promise<unknown>) => {
    const userId = await addUser('Replayed Reader');
    const id = (await delivery.deliverToUser(userId, message()))!;
    expect(await delivery.send(id)).toBe('sent');
    await change(userId);
    return delivery.replay(id);
  };
  await expect(replayed(async () => {})).resolves.toEqual(expect.any(String));
  for (const change of [
    (userId: string) => database.db.query('UPDATE users SET active = false WHERE id = $1', [userId]),
    (userId: string) => database.db.query("UPDATE users SET email = 'moved-' || email WHERE id = $1", [userId]),
    (userId: string) => database.db.query('DELETE FROM users WHERE id = $1', [userId]),
  ]) {
    await expect(replayed(change)).rejects.toMatchObject({ statusCode: 409, message: DELIVERY_MESSAGES.recipientGone });
  }
});

test("in the caller's transaction: written only if it commits, and queued without waiting for it", async () => {
  const { delivery, jobs } = service();
  const endpoint = await webhookEndpoint();
  const rolledBack = await database.db
    .transaction(async (tx) => {
      await delivery.deliverToEndpoint(endpoint.id, message({ subject: 'rolled back' }), { db: tx });
      throw new Error('the alert was not recorded after all');
    })
    .catch((error: Error) => error.message);
  expect(rolledBack).toBe('the alert was not recorded after all');
  const committed = await database.db.transaction((tx) => delivery.deliverToEndpoint(endpoint.id, message({ subject: 'committed' }), { db: tx }));
  const subjects = await database.db.query<{ subject: string }>('SELECT subject FROM deliveries WHERE endpoint_id = $1', [endpoint.id]);
  expect(subjects).toEqual([{ subject: 'committed' }]);
  // Both were queued, a moment after the commit; the rolled back one's job finds no row and does nothing.
  await new Promise((resolve) => setImmediate(resolve));
  expect(jobs.map((job) => job.options.startAfterSeconds)).toEqual([2, 2]);
  expect(jobs.map((job) => job.data.deliveryId)).toContain(committed);
  const rolledBackJob = jobs.find((job) => job.data.deliveryId !== committed)!;
  expect(await delivery.send(rolledBackJob.data.deliveryId)).toBe('missing');
  expect(await delivery.send(committed)).toBe('sent');
});

test('deleting an endpoint fails what it still had to send and keeps the log', async () => {
  const { delivery } = service();
  const endpoint = await webhookEndpoint();
  const id = await delivery.deliverToEndpoint(endpoint.id, message());
  expect(await database.db.transaction((tx) => endpointsRepository.delete(tx, endpoint.id))).toBe(true);
  const [row] = await database.db.query<{ status: string; endpoint_id: string | null; last_error: string }>('SELECT status, endpoint_id, last_error FROM deliveries WHERE id = $1', [id]);
  expect(row).toEqual({ status: 'failed', endpoint_id: null, last_error: 'The endpoint was deleted' });
  expect(await delivery.send(id)).toBe('not-now');
});

test("the partner role reads and writes none of the delivery tables: an endpoint's secret and URL, the log, its attempts", async () => {
  const asPartner = (sql: string) =>
    database.db.transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE callboard_partner');
      return tx.query(sql);
    });
  for (const sql of [
    'SELECT secret, url FROM delivery_endpoints',
    'SELECT payload, address FROM deliveries',
    'SELECT error FROM delivery_attempts',
    "UPDATE delivery_endpoints SET url = 'https://elsewhere.example.com'",
  ]) {
    await expect(asPartner(sql)).rejects.toThrow(/permission denied for table/);
  }
});
