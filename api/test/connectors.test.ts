/**
 * Inbound connectors receiving (issue 37 item 3): each platform's events as the platform sends them, built here
 * from the platform's own token and field names through the templates the connector gives to paste, become
 * the right call; out of order, twice, early or refused, on both engines.
 */
import { randomUUID } from 'node:crypto';
import { CONNECTOR_MESSAGES, CONNECTOR_TOKEN_HEADER, type Connector, type ConnectorEvent } from '@callboard/contract/connectors';
import type { Platform } from '@callboard/contract/platforms';
import { pruneConnectorMemory } from '../src/domain/connectors/connector-pruning';
import { INGEST_KEY, makeCall, postCalls, postQc } from './support/calls-fixtures';
import { eventsOf, openEventStream } from './support/event-stream';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin');
});
afterAll(() => t.close());

async function createConnector(platform: Platform, extra: Record<string, unknown> = {}): Promise<Connector> {
  const response = await t.app.inject({ method: 'POST', url: '/api/connectors', headers: bearer(admin.token), payload: { name: `${platform} ${randomUUID().slice(0, 6)}`, platform, ...extra } });
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

async function eventsOfConnector(connector: Connector): Promise<ConnectorEvent[]> {
  return (await t.app.inject({ method: 'GET', url: `/api/connectors/${connector.id}/events`, headers: bearer(admin.token) })).json().data;
}

/** A template's URL as the platform fires it: each of its tokens replaced by the call's value (a token with none left as the platform leaves it). */
function fired(templateUrl: string, values: Record<string, string>): string {
  let url = templateUrl;
  for (const [token, value] of Object.entries(values)) url = url.split(token).join(encodeURIComponent(value));
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function templateOn(connector: Connector, on: string): string {
  const template = connector.templates.find((tpl) => tpl.on === on);
  if (!template) throw new Error(`${connector.platform} has no template for ${on}`);
  return template.url;
}

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function received(url: string, headers: Record<string, string> = {}) {
  const response = await get(url, headers);
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data as { outcome: string; reason: string | null; platformCallId: string };
}

interface StoredCall {
  id: string;
  call_ts: Date;
  caller_id: string;
  campaign: string;
  publisher: string;
  target: string | null;
  buyer: string | null;
  system_publisher_id: string | null;
  system_buyer_id: string | null;
  duration_sec: number;
  connected: boolean;
  recording_url: string | null;
  revenue_cents: string;
  payout_cents: string;
  status: string;
  qc_disposition: string | null;
  qc_reason: string | null;
}

async function storedCall(systemCallId: string): Promise<StoredCall | undefined> {
  const [row] = await t.db.query<StoredCall>(
    `SELECT c.id::text AS id, c.call_ts, c.caller_id, cp.name AS campaign, p.name AS publisher, tg.name AS target, b.name AS buyer,
       c.system_publisher_id, c.system_buyer_id, c.duration_sec, c.connected, c.recording_url, c.revenue_cents::text, c.payout_cents::text,
       c.status, c.qc_disposition, c.qc_reason
     FROM calls c JOIN campaigns cp ON cp.id = c.campaign_id JOIN publishers p ON p.id = c.publisher_id
     LEFT JOIN targets tg ON tg.id = c.target_id LEFT JOIN buyers b ON b.id = c.buyer_id
     WHERE c.system_call_id = $1`,
    [systemCallId],
  );
  return row;
}

const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query<{ n: string }>(sql, params))[0]?.n);

describe('Ringba: pixels per fire point, with Ringba tokens', () => {
  test('Incoming, Connected, Completed, Converted, Payout and Recording make one call, step by step', async () => {
    const connector = await createConnector('ringba');
    const id = `RGB${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const tokens = {
      '[Call:InboundCallId]': id,
      '[tag:InboundNumber:Number]': '+15551230001',
      '[tag:Campaign:Name]': 'Solar Leads',
      '[tag:Publisher:Name]': 'Acme Media',
      '[tag:Publisher:Id]': 'PUB-7',
      '[tag:Target:Name]': 'Sunny Target',
      '[tag:Buyer:Name]': 'Bright Buyer',
      '[tag:CallLength:Total]': '204',
      '[Call:ConversionAmount]': '40.00',
      '[Call:ConversionPayout]': '12.50',
      '[Call:RecordingUrl]': 'https://recordings.example.com/r1.mp3',
    };
    const before = Date.now();
    expect(await received(fired(templateOn(connector, 'Incoming'), tokens))).toMatchObject({ outcome: 'created', platformCallId: id });
    const created = await storedCall(id);
    // Ringba's pixels carry no call time: the call is when its first pixel came.
    expect(created!.call_ts.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(created!.call_ts.getTime()).toBeLessThanOrEqual(Date.now());
    expect(created).toMatchObject({ caller_id: '+15551230001', campaign: 'Solar Leads', publisher: 'Acme Media', system_publisher_id: 'PUB-7', target: null, connected: false });

    expect((await received(fired(templateOn(connector, 'Connected'), tokens))).outcome).toBe('updated');
    expect(await storedCall(id)).toMatchObject({ target: 'Sunny Target', buyer: 'Bright Buyer', connected: true, duration_sec: 0 });
    // A Converted pixel fired before Ringba knows the amount leaves its token as it is: nothing new.
    const early = await received(fired(templateOn(connector, 'Converted'), { ...tokens, '[Call:ConversionAmount]': '[Call:ConversionAmount]' }));
    expect(early).toMatchObject({ outcome: 'ignored_stale', reason: 'a duplicate: the call holds these values already' });
    for (const on of ['Completed', 'Converted', 'Payout', 'Recording']) expect((await received(fired(templateOn(connector, on), tokens))).outcome).toBe('updated');

    const call = await storedCall(id);
    expect(call).toMatchObject({
      duration_sec: 204,
      connected: true,
      revenue_cents: '4000',
      payout_cents: '1250',
      recording_url: 'https://recordings.example.com/r1.mp3',
      call_ts: created!.call_ts,
    });
    const events = await eventsOfConnector(connector);
    expect(events.map((e) => e.outcome)).toEqual(['updated', 'updated', 'updated', 'updated', 'ignored_stale', 'updated', 'created']);
    expect(new Set(events.map((e) => e.callId))).toEqual(new Set([call!.id]));
    // The list shows what came, without the token.
    expect(events[0]!.payload.query).toMatchObject({ token: '[redacted]', inboundCallId: id, recordingUrl: 'https://recordings.example.com/r1.mp3' });
    expect(JSON.stringify(events)).not.toContain(connector.token);
  });

  test("a call-log column's time, read in the connector's zone, is the call's time whichever pixel brings it", async () => {
    const connector = await createConnector('ringba', { timeZone: 'America/Los_Angeles' });
    const id = `RGB-${randomUUID()}`;
    const base = fired(templateOn(connector, 'Incoming'), { '[Call:InboundCallId]': id, '[tag:InboundNumber:Number]': '+1555', '[tag:Campaign:Name]': 'C', '[tag:Publisher:Name]': 'P', '[tag:Publisher:Id]': '' });
    await received(base);
    await received(`${base}&callDt=${encodeURIComponent('04/13/2026 11:08:40 AM')}`);
    expect((await storedCall(id))!.call_ts.toISOString()).toBe('2026-04-13T18:08:40.000Z');
  });
});

describe('Retreaver: webhooks ordered by their updated_at', () => {
  const tokensFor = (id: string, updatedAt: string, extra: Record<string, string> = {}) => ({
    '[call_uuid]': id,
    '[start_time]': '2026-04-13T15:00:00Z',
    '[updated_at]': updatedAt,
    '[caller]': '+17195220377',
    '[campaign_name]': 'Home Warranty',
    '[affiliate_name]': 'Lead Partners',
    '[afid]': '03994',
    '[target_name]': 'Warranty Co',
    '[tid]': 'T-88',
    '[total_duration]': '0',
    '[connected]': 'false',
    '[revenue]': '0',
    '[payout]': '0',
    '[recording_url]': '',
    ...extra,
  });

  test('a late webhook never overwrites a newer one, and a duplicate changes nothing', async () => {
    const connector = await createConnector('retreaver');
    const id = randomUUID();
    const end = templateOn(connector, 'end of call');
    const start = templateOn(connector, 'start');
    const final = tokensFor(id, '2026-04-13T15:05:00Z', { '[total_duration]': '204', '[connected]': 'true', '[revenue]': '35', '[payout]': '10.5', '[recording_url]': 'https://rec.example/1.mp3' });
    // The end-of-call webhook arrives first; a stale one from the middle of the call, sent again by a retry, after it.
    expect((await received(fired(end, final))).outcome).toBe('created');
    const stale = await received(fired(end, tokensFor(id, '2026-04-13T15:02:00Z', { '[connected]': 'true', '[total_duration]': '30' })));
    expect(stale).toMatchObject({ outcome: 'ignored_stale', reason: 'older than what the call holds: its duration, revenue, payout kept' });
    expect((await received(fired(start, tokensFor(id, '2026-04-13T15:00:01Z')))).outcome).toBe('ignored_stale');
    expect(await received(fired(end, final))).toMatchObject({ outcome: 'ignored_stale', reason: 'a duplicate: the call holds these values already' });
    expect(await storedCall(id)).toMatchObject({
      call_ts: new Date('2026-04-13T15:00:00Z'),
      caller_id: '+17195220377',
      campaign: 'Home Warranty',
      publisher: 'Lead Partners',
      target: 'Warranty Co',
      buyer: 'Warranty Co',
      system_publisher_id: '03994',
      system_buyer_id: 'T-88',
      duration_sec: 204,
      connected: true,
      revenue_cents: '3500',
      payout_cents: '1050',
    });
    // A newer correction does change it (a payout adjusted after the call).
    expect((await received(fired(end, { ...final, '[updated_at]': '2026-04-14T09:00:00Z', '[payout]': '8' }))).outcome).toBe('updated');
    expect((await storedCall(id))!.payout_cents).toBe('800');
  });

  test('the same fields as a JSON body, POSTed', async () => {
    const connector = await createConnector('retreaver');
    const id = randomUUID();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/connectors/${connector.id}`,
      headers: { [CONNECTOR_TOKEN_HEADER]: connector.token },
      payload: { uuid: id, start_time: '2026-04-13T10:00:00-04:00', caller: '+1555', campaign_name: 'HW', affiliate_name: 'LP', revenue: 12, total_duration: 61, connected: true },
    });
    expect(response.statusCode).toBe(200);
    expect(await storedCall(id)).toMatchObject({ campaign: 'HW', publisher: 'LP', revenue_cents: '1200', duration_sec: 61, connected: true });
  });
});

describe('TrackDrive: a form post with its own names', () => {
  test('times with their offset, durations as m:ss, money with a dollar sign', async () => {
    const connector = await createConnector('trackdrive');
    const id = randomUUID();
    const form = new URLSearchParams({
      trackdrive_call_uuid: id,
      created_at: '2026-04-13 11:08:40 -0400',
      caller_id: '+13015236555',
      offer: 'Final Expense',
      traffic_source: 'Blue Media',
      trackdrive_traffic_source_id: 'TS-4',
      buyer: 'Senior Life',
      trackdrive_buyer_id: 'B-2',
      duration: '3:24',
      revenue: '$25.00',
      payout: '$9.75',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/connectors/${connector.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${connector.token}` },
      payload: form.toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(await storedCall(id)).toMatchObject({
      call_ts: new Date('2026-04-13T15:08:40Z'),
      campaign: 'Final Expense',
      publisher: 'Blue Media',
      buyer: 'Senior Life',
      system_publisher_id: 'TS-4',
      system_buyer_id: 'B-2',
      duration_sec: 204,
      connected: true,
      revenue_cents: '2500',
      payout_cents: '975',
    });
  });
});

describe('held events', () => {
  test('an early QC verdict is held, then applied when its call arrives', async () => {
    const connector = await createConnector('generic');
    const id = `gen-${randomUUID()}`;
    const url = `/api/ingest/connectors/${connector.id}?token=${connector.token}`;
    const verdict = await t.app.inject({ method: 'POST', url, payload: { systemCallId: id, qc: { disposition: 'Sales', reason: 'Booked an install' } } });
    expect(verdict.json().data).toEqual({ outcome: 'held', reason: "waiting for the call's campaign, publisher", platformCallId: id });
    expect((await eventsOfConnector(connector))[0]).toMatchObject({ outcome: 'held', callId: null });
    expect(await storedCall(id)).toBeUndefined();
    expect(await count('SELECT count(*) AS n FROM connector_calls WHERE connector_id = $1 AND NOT stored', [connector.id])).toBe(1);

    const call = await t.app.inject({ method: 'POST', url, payload: { systemCallId: id, callTimestamp: '2026-04-13T11:00:00-04:00', campaignName: 'Solar', publisherName: 'Acme', durationSec: 95 } });
    expect(call.json().data.outcome).toBe('created');
    expect(await storedCall(id)).toMatchObject({ status: 'Sales', qc_disposition: 'Sales', qc_reason: 'Booked an install', duration_sec: 95 });
    const events = await eventsOfConnector(connector);
    expect(events.map((e) => [e.outcome, e.reason])).toEqual([
      ['created', null],
      ['applied', 'its call arrived'],
    ]);
    expect(events[1]!.callId).toBe((await storedCall(id))!.id);
    expect(events[0]!.callId).toBe(events[1]!.callId);
  });

  test("a Ringba conversion before the call's campaign is known is held, then applied", async () => {
    const connector = await createConnector('ringba');
    const id = `RGB-${randomUUID()}`;
    const converted = fired(templateOn(connector, 'Converted'), { '[Call:InboundCallId]': id, '[Call:ConversionAmount]': '55.5' });
    expect((await received(converted)).outcome).toBe('held');
    const incoming = fired(templateOn(connector, 'Incoming'), { '[Call:InboundCallId]': id, '[tag:Campaign:Name]': 'Solar', '[tag:Publisher:Name]': 'Acme' });
    expect((await received(incoming)).outcome).toBe('created');
    expect((await storedCall(id))!.revenue_cents).toBe('5550');
  });

  test('a verdict for a call another way in stored is applied to it at once', async () => {
    const connector = await createConnector('generic');
    const id = `json-${randomUUID()}`;
    expect((await postCalls(t.app, [makeCall(id)])).statusCode).toBe(200);
    const data = await received(`/api/ingest/connectors/${connector.id}?token=${connector.token}&systemCallId=${id}&qc.disposition=Voicemail`);
    expect(data.outcome).toBe('applied');
    expect((await eventsOfConnector(connector))[0]).toMatchObject({ outcome: 'applied', callId: (await storedCall(id))!.id });
    expect(await storedCall(id)).toMatchObject({ status: 'Voicemail', campaign: 'Campaign A' });
  });

  test("a verdict applied to a call stored another way is applied once: the connector's later events leave a newer verdict alone", async () => {
    const connector = await createConnector('generic');
    const id = `json-${randomUUID()}`;
    const url = `/api/ingest/connectors/${connector.id}?token=${connector.token}&systemCallId=${id}`;
    expect((await postCalls(t.app, [makeCall(id)])).statusCode).toBe(200);
    expect((await received(`${url}&qc.disposition=Voicemail`)).outcome).toBe('applied');
    // The QC bot judges the call again afterwards, through its own way in.
    expect((await postQc(t.app, [{ systemCallId: id, disposition: 'Sales', reason: 'Booked' }])).statusCode).toBe(200);
    expect(await storedCall(id)).toMatchObject({ qc_disposition: 'Sales' });
    const changesBefore = await count('SELECT count(*) AS n FROM call_changes ch JOIN calls c ON c.id = ch.call_id WHERE c.system_call_id = $1', [id]);

    // The platform then sends the call's revenue: the connector still holds it (no campaign from it), with the old verdict in its memory.
    expect((await received(`${url}&revenue=3`)).outcome).toBe('held');
    expect(await storedCall(id)).toMatchObject({ qc_disposition: 'Sales', status: 'Sales' });
    expect(await count('SELECT count(*) AS n FROM call_changes ch JOIN calls c ON c.id = ch.call_id WHERE c.system_call_id = $1', [id])).toBe(changesBefore);

    // Once it sends the rest, the call takes the connector's fields but keeps its newer verdict, and the held line is applied.
    expect((await received(`${url}&campaignName=Solar&publisherName=Acme`)).outcome).toBe('updated');
    expect(await storedCall(id)).toMatchObject({ campaign: 'Solar', revenue_cents: '300', qc_disposition: 'Sales' });
    expect((await eventsOfConnector(connector)).map((e) => e.outcome)).toEqual(['updated', 'applied', 'applied']);
  });

  test("each event that changes a call is one change in the change log, by the connector; a duplicate is none", async () => {
    const connector = await createConnector('generic');
    const url = `/api/ingest/connectors/${connector.id}?token=${connector.token}`;
    const id = `log-${randomUUID()}`;
    const logged = () =>
      t.db.query<{ kind: string; actor: string; fields: string[] }>(
        `SELECT ch.kind, ch.actor, ARRAY(SELECT jsonb_object_keys(ch.changed::jsonb) ORDER BY 1) AS fields
         FROM call_changes ch JOIN calls c ON c.id = ch.call_id WHERE c.system_call_id = $1 ORDER BY ch.seq`,
        [id],
      );
    expect((await received(`${url}&systemCallId=${id}&qc.disposition=Sales`)).outcome).toBe('held');
    expect(await logged()).toEqual([]);
    expect((await received(`${url}&systemCallId=${id}&callTimestamp=2026-04-13T11:00:00-04:00&campaignName=Solar&publisherName=Acme`)).outcome).toBe('created');
    expect((await received(`${url}&systemCallId=${id}&revenue=4`)).outcome).toBe('updated');
    expect((await received(`${url}&systemCallId=${id}&revenue=4`)).outcome).toBe('ignored_stale');
    const actor = `connector:${connector.id}`;
    const changes = await logged();
    expect(changes.map(({ kind, actor: by }) => [kind, by])).toEqual([
      ['created', actor],
      ['updated', actor],
    ]);
    expect(changes[0]!.fields).toEqual(expect.arrayContaining(['campaignName', 'status']));
    expect(changes[1]!.fields).toEqual(['revenue']);

    // A verdict for a call stored another way: the QC verdict's change, by the connector.
    const other = `json-${randomUUID()}`;
    expect((await postCalls(t.app, [makeCall(other)])).statusCode).toBe(200);
    expect((await received(`${url}&systemCallId=${other}&qc.disposition=Voicemail`)).outcome).toBe('applied');
    const [verdict] = await t.db.query<{ kind: string; actor: string }>(
      `SELECT ch.kind, ch.actor FROM call_changes ch JOIN calls c ON c.id = ch.call_id WHERE c.system_call_id = $1 ORDER BY ch.seq DESC LIMIT 1`,
      [other],
    );
    expect(verdict).toEqual({ kind: 'qc_verdict', actor });
  });

  test("a held call expires after its days, and its events say so; a stored call's memory stays for its own", async () => {
    const connector = await createConnector('generic');
    const url = `/api/ingest/connectors/${connector.id}?token=${connector.token}`;
    await received(`${url}&systemCallId=late-${randomUUID()}&revenue=3`);
    await received(`${url}&systemCallId=kept-${randomUUID()}&campaignName=C&publisherName=P`);
    const rows = () => t.db.query<{ stored: boolean }>('SELECT stored FROM connector_calls WHERE connector_id = $1 ORDER BY stored', [connector.id]);
    await pruneConnectorMemory(t.db, new Date(Date.now() + 6 * 86_400_000));
    expect(await rows()).toEqual([{ stored: false }, { stored: true }]);
    const pruned = await pruneConnectorMemory(t.db, new Date(Date.now() + 8 * 86_400_000));
    expect(pruned.expiredHeld).toBeGreaterThanOrEqual(1);
    expect(await rows()).toEqual([{ stored: true }]);
    expect((await eventsOfConnector(connector)).map((e) => [e.outcome, e.reason])).toEqual([
      ['created', null],
      ['rejected', 'expired: its call did not arrive within 7 days'],
    ]);
    await pruneConnectorMemory(t.db, new Date(Date.now() + 31 * 86_400_000));
    expect(await rows()).toEqual([]);
  });
});

describe('refused', () => {
  test.each([
    ['no token', (c: Connector) => `/api/ingest/connectors/${c.id}?systemCallId=X1&campaignName=C&publisherName=P`, 'no token'],
    ['a wrong token', (c: Connector) => `/api/ingest/connectors/${c.id}?token=${c.token.slice(1)}x&systemCallId=X1&campaignName=C&publisherName=P`, 'a wrong token'],
  ])('%s → 401, nothing stored, listed as rejected without the token', async (_label, urlOf, reason) => {
    const connector = await createConnector('generic');
    const calls = await count('SELECT count(*) AS n FROM calls');
    const response = await get(urlOf(connector));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: CONNECTOR_MESSAGES.tokenRefused });
    expect(await count('SELECT count(*) AS n FROM calls')).toBe(calls);
    expect(await count('SELECT count(*) AS n FROM connector_calls WHERE connector_id = $1', [connector.id])).toBe(0);
    const [event] = await eventsOfConnector(connector);
    expect(event).toMatchObject({ outcome: 'rejected', reason, platformCallId: null, callId: null });
    expect(event!.payload.query).toMatchObject({ systemCallId: 'X1' });
    expect(JSON.stringify(event)).not.toContain(connector.token.slice(1));
  });

  test('an unknown connector is 404; a disabled one 403, listed', async () => {
    expect((await get(`/api/ingest/connectors/cn_nosuchconnector000000?token=x`)).statusCode).toBe(404);
    const connector = await createConnector('generic', { enabled: false });
    const response = await get(`/api/ingest/connectors/${connector.id}?token=${connector.token}&systemCallId=D1`);
    expect(response.statusCode).toBe(403);
    expect((await eventsOfConnector(connector))[0]).toMatchObject({ outcome: 'rejected', reason: 'the connector is disabled' });
  });

  test('a value that cannot be read, or a call that would not be valid, is 400 with what is wrong; nothing of it kept', async () => {
    const connector = await createConnector('ringba');
    const id = `RGB-${randomUUID()}`;
    const base = `/api/ingest/connectors/${connector.id}?token=${connector.token}&inboundCallId=${id}&campaignName=C&publisherName=P`;
    const unreadable = await get(`${base}&callLengthInSeconds=long&hasConnected=maybe`);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().errors).toEqual([
      { field: 'callLengthInSeconds', message: 'callLengthInSeconds (durationSec): "long" is not a duration: give whole seconds (95) or h:mm:ss (0:01:35)' },
      { field: 'hasConnected', message: 'hasConnected (connected): "maybe" is not yes/no, true/false or 1/0' },
    ]);
    const invalid = await get(`${base}&recordingUrl=${encodeURIComponent('ftp://x')}`);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([{ field: 'recordingUrl', message: 'recordingUrl must be an http or https URL' }]);
    const nameless = await get(`/api/ingest/connectors/${connector.id}?token=${connector.token}&campaignName=C`);
    expect(nameless.json().message).toBe('The event names no call: send its id as inboundCallId or Call ID');
    expect(await storedCall(id)).toBeUndefined();
    expect(await count('SELECT count(*) AS n FROM connector_calls WHERE connector_id = $1', [connector.id])).toBe(0);
    const events = await eventsOfConnector(connector);
    expect(events.map((e) => e.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(events[1]!.reason).toBe('recordingUrl must be an http or https URL');
  });
});

describe('together', () => {
  test("events of one call sent at once are put together, none lost", async () => {
    const connector = await createConnector('generic');
    const id = `burst-${randomUUID()}`;
    const url = `/api/ingest/connectors/${connector.id}?token=${connector.token}&systemCallId=${id}&campaignName=C&publisherName=P`;
    const parts = ['callerId=5551234', 'durationSec=61', 'revenue=4', 'payout=1', 'targetName=T', 'buyerName=B', `recordingUrl=${encodeURIComponent('https://r.example/a.mp3')}`, 'systemBuyerId=B9'];
    const outcomes = await Promise.all(parts.map(async (part) => (await received(`${url}&${part}`)).outcome));
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(await storedCall(id)).toMatchObject({ caller_id: '5551234', duration_sec: 61, revenue_cents: '400', payout_cents: '100', target: 'T', buyer: 'B', system_buyer_id: 'B9' });
  });

  test("a connector's new call reaches the live event stream like any delivery", async () => {
    const connector = await createConnector('generic');
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(baseUrl, admin.token);
    try {
      await stream.waitFor((m) => m.comment === 'connected');
      await received(`/api/ingest/connectors/${connector.id}?token=${connector.token}&systemCallId=live-${randomUUID()}&campaignName=C&publisherName=P&callTimestamp=2026-04-13T10:00:00Z`);
      await stream.waitFor((m) => m.event === 'calls', 5000);
      expect(eventsOf(stream.messages)[0]).toMatchObject({ inserted: 1, newestCallTimestamp: '2026-04-13T10:00:00.000Z' });
    } finally {
      stream.close();
    }
  });
});

describe('rate limits', () => {
  test("once its token is accepted, a connector spends a budget of its own; a stranger with its URL spends the address's", async () => {
    const limited = await buildTestApp({ limits: { addressPerMinute: 3, ingestKeyPerMinute: 1000 } });
    try {
      const first = await signUp(limited.app, 'Admin');
      const made = await limited.app.inject({ method: 'POST', url: '/api/connectors', headers: bearer(first.token), payload: { name: 'g', platform: 'generic' } });
      const connector: Connector = made.json().data;
      const url = (n: number) => `/api/ingest/connectors/${connector.id}?token=${connector.token}&systemCallId=rl-${n}&campaignName=C&publisherName=P`;
      for (let n = 0; n < 6; n += 1) expect((await limited.app.inject({ method: 'GET', url: url(n) })).statusCode).toBe(200);
      const strangers = [];
      for (let n = 0; n < 4; n += 1) strangers.push((await limited.app.inject({ method: 'GET', url: `/api/ingest/connectors/${connector.id}?token=guess${n}` })).statusCode);
      expect(strangers).toEqual([401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
