/**
 * Outbound events across instances (issue 37: "two instances deliver once"): two real server processes on one
 * PostgreSQL database, calls delivered and changed through both at once. Each hears every change's NOTIFY and
 * nudges the dispatcher; the cursor's row lock lets one dispatch at a time and the deliveries' leases let one
 * send each. The receiver (verifying every request) gets each change exactly once, and one call's events in the
 * order of the change log.
 */
import { Webhook } from 'standardwebhooks';
import { DELIVERY_ENDPOINTS_PATH, type EndpointWithSecret } from '@callboard/contract/delivery';
import { EVENT_SUBSCRIPTIONS_PATH, type CallEventData } from '@callboard/contract/event-subscriptions';
import { startReceiver, type Receiver } from '../support/delivery-fixtures';
import { INSTANCE_INGEST_KEY, bearer, buildServer, queryDatabase, send, signIn, startServerProcesses, type ServerCluster } from '../support/server-processes';

let cluster: ServerCluster;
let receiver: Receiver;

beforeAll(async () => {
  await buildServer();
  receiver = await startReceiver();
  cluster = await startServerProcesses(2);
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
  await receiver?.close();
});

const CALLS_PER_SERVER = 30;

test('every change reaches the receiver once, each call’s in order, with both instances nudging and sending', async () => {
  const [a, b] = cluster.servers as [ServerCluster['servers'][number], ServerCluster['servers'][number]];
  const session = await signIn(a);
  const endpointResponse = await send(a, 'POST', DELIVERY_ENDPOINTS_PATH, { headers: bearer(session.token), body: { name: 'Warehouse', kind: 'webhook', url: receiver.url } });
  expect(endpointResponse.status).toBe(201);
  const endpoint = ((await endpointResponse.json()) as { data: EndpointWithSecret }).data;
  const subscribed = await send(b, 'POST', EVENT_SUBSCRIPTIONS_PATH, {
    headers: bearer(session.token),
    body: { name: 'Everything', endpointId: endpoint.id, eventTypes: ['call.created', 'call.updated', 'call.disposition_changed'] },
  });
  expect(subscribed.status).toBe(201);

  // Calls through both instances at once, one per request, each of its own caller (no repeats between them).
  const deliver = (server: typeof a, n: number) =>
    send(server, 'POST', '/api/ingest/calls', {
      headers: { 'x-api-key': INSTANCE_INGEST_KEY },
      body: { calls: [{ systemCallId: `INST-${n}`, callTimestamp: new Date(Date.now() - 60_000).toISOString(), callerId: `555${String(n).padStart(7, '0')}`, campaignName: 'C', publisherName: 'P', durationSec: 30 }] },
    });
  const responses = await Promise.all(Array.from({ length: CALLS_PER_SERVER * 2 }, (_, n) => deliver(n % 2 === 0 ? a : b, n)));
  expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
  // Then a second change to every third call, through the other instance: a delivery of it again with a verdict.
  const verdicts = await Promise.all(
    Array.from({ length: CALLS_PER_SERVER * 2 }, (_, n) => n)
      .filter((n) => n % 3 === 0)
      .map((n) =>
        send(n % 2 === 0 ? b : a, 'POST', '/api/ingest/qc', { headers: { 'x-api-key': INSTANCE_INGEST_KEY }, body: { results: [{ systemCallId: `INST-${n}`, disposition: 'Sales' }] } }),
      ),
  );
  expect(verdicts.map((r) => r.status)).toEqual(verdicts.map(() => 200));

  const [{ changes }] = (await queryDatabase<{ changes: number }>(
    cluster,
    "SELECT count(*)::int AS changes FROM call_changes WHERE system_call_id LIKE 'INST-%' AND changed::jsonb <> '{}'::jsonb",
  )) as [{ changes: number }];
  expect(changes).toBe(CALLS_PER_SERVER * 2 + Math.ceil((CALLS_PER_SERVER * 2) / 3));

  const deadline = Date.now() + 60_000;
  while (receiver.requests.length < changes && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  // A little longer: a second copy of anything would arrive now.
  await new Promise((resolve) => setTimeout(resolve, 3_000));

  const events = receiver.requests.map((request) => ({
    webhookId: request.headers['webhook-id'] as string,
    ...(new Webhook(endpoint.secret!).verify(request.body, request.headers as Record<string, string>) as { type: string; data: CallEventData }),
  }));
  expect(events).toHaveLength(changes);
  expect(new Set(events.map((e) => e.webhookId)).size).toBe(changes);
  expect(new Set(events.map((e) => e.data.seq)).size).toBe(changes);
  const byCall = new Map<string, number[]>();
  for (const event of events) byCall.set(event.data.systemCallId, [...(byCall.get(event.data.systemCallId) ?? []), event.data.seq]);
  for (const [systemCallId, seqs] of byCall) expect({ systemCallId, seqs }).toEqual({ systemCallId, seqs: [...seqs].sort((x, y) => x - y) });
  expect(events.filter((e) => e.type === 'call.disposition_changed')).toHaveLength(Math.ceil((CALLS_PER_SERVER * 2) / 3));

  const [{ deliveries }] = (await queryDatabase<{ deliveries: number }>(cluster, "SELECT count(*)::int AS deliveries FROM deliveries WHERE source_kind = 'event' AND status = 'sent'")) as [
    { deliveries: number },
  ];
  expect(deliveries).toBe(changes);
}, 120_000);
