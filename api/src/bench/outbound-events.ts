/**
 * The outbound events row (issue 37 item 5): deliveries keep up with ingest at 100 calls a second with a receiver
 * that answers in 200 ms. A webhook endpoint on a local receiver (each request answered 200 after 200 ms, many at
 * once, as a real receiver serves them) is subscribed to call.created through the admin routes; calls are then
 * delivered to the ingest API at 100 a second (10 a request every 100 ms, the requests not waiting for each
 * other; one refused with 503 sent again after its Retry-After, as a platform does) for a minute. Each event's lag
 * is from the moment its call's delivery was first sent to the moment the event arrived; it stays bounded when
 * the p95 of the last 20 s is no worse than the first 20 s's, and every call's event arrives once. The calls are `bench-` ones, removed after the run with the ingest rows' (run-bench.ts); the endpoint is
 * deleted, and its subscription with it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DELIVERY_ENDPOINTS_PATH, deliveryEndpointPath } from '@callboard/contract/delivery';
import { EVENT_SUBSCRIPTIONS_PATH } from '@callboard/contract/event-subscriptions';
import { int, type BenchRow } from './report';
import { summarise } from './timing';

type Record = (section: string, name: string, unit: BenchRow['unit'], value: string, target?: string) => void;

const CALLS_PER_SECOND = 100;
const CALLS_PER_REQUEST = 10;
/** A delivery refused with 503 (the ingest queue full) is sent again after its Retry-After, as a platform does, at most this often. */
const INGEST_TRIES = 5;
const INGEST_SECONDS = 60;
const RECEIVER_ANSWER_MS = 200;
/** How long after the last delivery the bench waits for the last events. */
const DRAIN_MS = 60_000;

interface Receiver {
  url: string;
  /** systemCallId → when each of its events arrived (performance.now()). */
  arrivals: Map<string, number[]>;
  close(): Promise<void>;
}

async function startSlowReceiver(): Promise<Receiver> {
  const arrivals = new Map<string, number[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { systemCallId: string } };
      arrivals.set(data.systemCallId, [...(arrivals.get(data.systemCallId) ?? []), at]);
      setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), RECEIVER_ANSWER_MS);
    });
  });
  // Node's default closes a kept-alive connection that idles 5 s; the sender's pool reuses them.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    arrivals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

export async function measureOutboundEvents(baseUrl: string, admin: { email: string; password: string }, ingestKey: string, record: Record, log: (line: string) => void): Promise<void> {
  const receiver = await startSlowReceiver();
  const json = { 'content-type': 'application/json' };
  const signIn = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(admin) });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const auth = { ...json, authorization: `Bearer ${((await signIn.json()) as { data: { token: string } }).data.token}` };
  const madeEndpoint = await fetch(`${baseUrl}${DELIVERY_ENDPOINTS_PATH}`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Bench receiver', kind: 'webhook', url: receiver.url }) });
  if (madeEndpoint.status !== 201) throw new Error(`adding the endpoint answered ${madeEndpoint.status}: ${await madeEndpoint.text()}`);
  const endpointId = ((await madeEndpoint.json()) as { data: { id: string } }).data.id;
  try {
    const subscribed = await fetch(`${baseUrl}${EVENT_SUBSCRIPTIONS_PATH}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Bench: every new call', endpointId, eventTypes: ['call.created'] }),
    });
    if (subscribed.status !== 201) throw new Error(`subscribing answered ${subscribed.status}: ${await subscribed.text()}`);

    const label = Date.now().toString(36);
    const sentAt = new Map<string, number>();
    const answers: Promise<void>[] = [];
    const failures: string[] = [];
    let refusals = 0;
    const requests = (CALLS_PER_SECOND * INGEST_SECONDS) / CALLS_PER_REQUEST;
    const interval = (1000 * CALLS_PER_REQUEST) / CALLS_PER_SECOND;
    const started = performance.now();
    const callTimestamp = new Date(Date.now() - 60_000).toISOString();
    for (let r = 0; r < requests; r += 1) {
      await sleepUntil(started + r * interval);
      const calls = Array.from({ length: CALLS_PER_REQUEST }, (_, i) => {
        const n = r * CALLS_PER_REQUEST + i;
        return { systemCallId: `bench-outbound-${label}-${n}`, callTimestamp, callerId: `+1555${String(n).padStart(7, '0')}`, campaignName: 'Bench Outbound', publisherName: 'Bench Outbound Publisher', durationSec: 60 };
      });
      const at = performance.now();
      for (const call of calls) sentAt.set(call.systemCallId, at);
      answers.push(
        (async () => {
          for (let attempt = 1; ; attempt += 1) {
            const response = await fetch(`${baseUrl}/api/ingest/calls`, { method: 'POST', headers: { ...json, 'x-api-key': ingestKey }, body: JSON.stringify({ calls }) });
            if (response.status === 200) return void (await response.arrayBuffer());
            const text = await response.text();
            if (response.status !== 503 || attempt === INGEST_TRIES) return void failures.push(`${response.status} ${text}`);
            refusals += 1;
            await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
          }
        })().catch((error: unknown) => void failures.push(String(error))),
      );
    }
    await Promise.all(answers);
    const ingestEnded = performance.now();
    if (failures.length > 0) throw new Error(`${failures.length} ingest requests failed, e.g. ${failures[0]}`);
    log(`  ${int(sentAt.size)} calls delivered in ${((ingestEnded - started) / 1000).toFixed(1)} s (${int(refusals)} requests refused with 503 and sent again); waiting for their events`);

    const deadline = performance.now() + DRAIN_MS;
    while (receiver.arrivals.size < sentAt.size && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    // A little longer: a second copy of an event would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const lags: Array<{ sent: number; lag: number }> = [];
    let duplicates = 0;
    for (const [systemCallId, arrivals] of receiver.arrivals) {
      const sent = sentAt.get(systemCallId);
      if (sent === undefined) continue;
      lags.push({ sent: sent - started, lag: arrivals[0]! - sent });
      duplicates += arrivals.length - 1;
    }
    const all = summarise(lags.map((l) => l.lag));
    const worst = lags.reduce((most, l) => Math.max(most, l.lag), 0);
    const first = summarise(lags.filter((l) => l.sent < 20_000).map((l) => l.lag));
    const last = summarise(lags.filter((l) => l.sent >= (INGEST_SECONDS - 20) * 1000).map((l) => l.lag));
    const name = `call.created to a receiver answering in ${RECEIVER_ANSWER_MS} ms, ${CALLS_PER_SECOND} calls/s ingested for ${INGEST_SECONDS} s`;
    record('outbound', `${name}: lag p50 / p95 / max`, 'ms', `${all.median.toFixed(0)} / ${all.p95.toFixed(0)} / ${worst.toFixed(0)}`, 'bounded');
    record('outbound', `${name}: lag p95, first 20 s / last 20 s`, 'ms', `${first.p95.toFixed(0)} / ${last.p95.toFixed(0)}`, 'last ≤ first + 1,000');
    record('outbound', `${name}: events received / calls / duplicates`, 'answers', `${int(lags.length)} / ${int(sentAt.size)} / ${int(duplicates)}`, 'all, once');
    record('outbound', `${name}: ingest requests refused with 503 and sent again (of ${int(requests)})`, 'answers', int(refusals));
  } finally {
    await fetch(`${baseUrl}${deliveryEndpointPath(endpointId)}`, { method: 'DELETE', headers: { authorization: auth.authorization } });
    await receiver.close();
  }
}
