import { request as httpRequest } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { defaultExportSlotLimits, EXPORT_SLOTS_RETRY_AFTER_S } from '../src/domain/export/export-slots';
import exportRoutes from '../src/routes/api/calls/export';
import { bearer, buildTestApp, signUp, type TestApp } from './support/test-app';

const KEY = 'test-ingest-key-slots-0123456789ab';
// A day holding ~18 MB of CSV: far more than the socket buffers, so a client that reads nothing holds its export open.
const BIG_RANGE = 'datePreset=custom&startDate=2025-07-01T00:00&endDate=2025-07-02T00:00';
const BIG_CALLS = 300;
const TRANSCRIPT = 'The caller asked about coverage and the agent went through every option, twice. '.repeat(750); // ~60 KB
// A day with no calls: exports that only need to hold or wait for a turn.
const EMPTY_RANGE = 'datePreset=custom&startDate=2025-01-01T00:00&endDate=2025-01-02T00:00';
/** The bounded mount's threshold for a client that reads nothing. */
const STALL_MS = 300;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({
    ingestApiKey: KEY,
    extraRoutes: (f) => {
      // One export at a time, one waiting, and a stalled reader cut after STALL_MS.
      f.register(exportRoutes, { prefix: '/api/bounded/calls', slots: { running: 1, queued: 1 }, stalledReaderMs: STALL_MS });
    },
  });
  await signUp(t.app); // the first account is the admin; the tests export as ordinary users
  for (let start = 0; start < BIG_CALLS; start += 15) {
    const calls = Array.from({ length: 15 }, (_, k) => ({
      systemCallId: `big-${start + k}`,
      callTimestamp: new Date(Date.parse('2025-07-01T14:00:00Z') + (start + k) * 60_000).toISOString(),
      callerId: '+15550001111',
      campaignName: 'Medicare',
      publisherName: 'Pub A',
      durationSec: 60,
      transcript: TRANSCRIPT,
    }));
    const response = await t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': KEY }, payload: { calls } });
    expect(response.statusCode).toBe(200);
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An export over a raw socket that takes the response's first bytes and then reads nothing more.
 * Resolves once those bytes came; `readRest` resumes reading and resolves with all that came
 * once the server has closed the connection.
 */
async function stalledExport(path: string, token: string): Promise<{ socket: net.Socket; head: string; readRest: () => Promise<string> }> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  const chunks: Buffer[] = [];
  const head = await new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      chunks.push(chunk);
      resolve(chunk.toString('latin1'));
    });
    socket.once('close', () => reject(new Error('closed before any response')));
  });
  const readRest = () =>
    new Promise<string>((resolve) => {
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.once('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.resume();
    });
  return { socket, head, readRest };
}

/** A normal client: status and body length, read to the end. */
function download(path: string, token: string): Promise<{ status: number; bytes: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, headers: bearer(token) }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.once('end', () => resolve({ status: res.statusCode as number, bytes, headers: res.headers }));
      res.once('error', reject);
    })
      .once('error', reject)
      .end();
  });
}

async function statsAnswer(token: string): Promise<number> {
  const started = performance.now();
  const response = await t.app.inject({ url: '/api/stats?datePreset=last_30_days', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return performance.now() - started;
}

/** Backends of this test's database still running a COPY (PostgreSQL only; 0 on PGlite). */
async function copyBackends(): Promise<number> {
  if (t.db.kind !== 'postgres') return 0;
  const [row] = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'COPY%'",
  );
  return row?.n ?? 0;
}

async function eventually(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

test('the pool size bounds exports per instance, half the pool left to the dashboard', () => {
  expect(defaultExportSlotLimits('postgres', 10).running).toBe(5);
  expect(defaultExportSlotLimits('postgres', 3).running).toBe(1);
  expect(defaultExportSlotLimits('pglite').running).toBe(2);
});

test('beyond the bound, exports wait their turn, then get 429; the dashboard answers throughout', async () => {
  const { running, queued } = defaultExportSlotLimits(t.db.kind);
  const viewer = await signUp(t.app);
  const holders = await Promise.all(Array.from({ length: running }, () => signUp(t.app)));
  const stalled = [];
  for (const holder of holders) stalled.push(await stalledExport(`/api/calls/export?fmt=csv&${BIG_RANGE}`, holder.token));
  for (const s of stalled) expect(s.head).toMatch(/^HTTP\/1\.1 200/);
  if (t.db.kind === 'postgres') expect(await copyBackends()).toBe(running);

  // The next ones wait: no answer while every slot is held.
  const waiters = await Promise.all(Array.from({ length: queued }, () => signUp(t.app)));
  const waiting = waiters.map((w) => download(`/api/calls/export?fmt=csv&${EMPTY_RANGE}`, w.token));
  let answered = 0;
  for (const w of waiting) void w.then(() => (answered += 1));
  await sleep(300);
  expect(answered).toBe(0);

  // One more is refused at once, in the envelope, saying when to come back.
  const late = await signUp(t.app);
  const refused = await t.app.inject({ url: `/api/calls/export?fmt=csv&${EMPTY_RANGE}`, headers: bearer(late.token) });
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  expect(refused.json().message).toMatch(/already running \d+ exports?, its limit/);
  expect(refused.headers['retry-after']).toBe(String(EXPORT_SLOTS_RETRY_AFTER_S));

  // The dashboard, meanwhile, is served at once: the exports hold at most half the pool.
  for (let i = 0; i < 5; i += 1) expect(await statsAnswer(viewer.token)).toBeLessThan(2000);

  // The holders leave: the waiting exports run, and every COPY connection goes back.
  for (const s of stalled) s.socket.destroy();
  for (const result of await Promise.all(waiting)) expect(result.status).toBe(200);
  await eventually(async () => (await copyBackends()) === 0);
}, 60_000);

test('a client that reads nothing has its export cut, its slot and connection freed, and the dashboard still answers', async () => {
  const [stuck, next, viewer] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
  const stalled = await stalledExport(`/api/bounded/calls/export?fmt=csv&${BIG_RANGE}`, stuck.token);
  expect(stalled.head).toMatch(/^HTTP\/1\.1 200/);
  // Once its buffer has stayed full for STALL_MS the server gives the export up: its COPY connection goes.
  await sleep(STALL_MS);
  await eventually(async () => (await copyBackends()) === 0);
  // Its slot is free again: the bounded mount, one export at a time and a short wait, serves the next one whole.
  const whole = await download(`/api/bounded/calls/export?fmt=csv&${BIG_RANGE}`, next.token);
  expect(whole.status).toBe(200);
  expect(whole.headers['x-total-count']).toBe(String(BIG_CALLS));
  expect(whole.bytes).toBeGreaterThan(BIG_CALLS * TRANSCRIPT.length);
  expect(await statsAnswer(viewer.token)).toBeLessThan(2000);
  // What the stalled client gets, when it reads again, is a cut download: part of the file and no closing chunk.
  const received = await stalled.readRest();
  expect(received.length).toBeLessThan(whole.bytes);
  expect(received.endsWith('0\r\n\r\n')).toBe(false);
}, 60_000);
