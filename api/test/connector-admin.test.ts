/**
 * The connectors' admin routes (issue 37 item 3): what the connectors screen is built on. Admins only; the URL
 * and templates to paste, the mapping's checks, the token's rotation and the last 50 events.
 */
import { PARTNER_ROUTE_DENIED, PERMISSION_DENIED } from '@callboard/contract';
import {
  CONNECTOR_EVENTS_KEPT,
  CONNECTOR_MESSAGES,
  connectorUrl,
  presetMapping,
  type Connector,
  type ConnectorEvent,
} from '@callboard/contract/connectors';
import { partnerScope, signUpPartner } from './support/partner-accounts';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUp(t.app, 'Ada Admin');
  member = await signUp(t.app, 'Mo Member');
});
afterAll(() => t.close());

function as(person: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearer(person.token), payload: payload as never });
}

async function create(payload: Record<string, unknown>): Promise<Connector> {
  const response = await as(admin, 'POST', '/api/connectors', payload);
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

test('a new connector: an unguessable id, its token, the URL and the templates to paste, the preset mapping', async () => {
  const connector = await create({ name: ' Ringba – main account ', platform: 'ringba' });
  expect(connector).toMatchObject({ name: 'Ringba – main account', platform: 'ringba', timeZone: 'America/New_York', enabled: true, heldCalls: 0, lastEventAt: null });
  expect(connector.id).toMatch(/^cn_[A-Za-z0-9_-]{22}$/);
  expect(connector.token.length).toBeGreaterThanOrEqual(43);
  expect(connector.url).toBe(connectorUrl('http://localhost:80', connector.id, connector.token));
  expect(connector.mapping).toEqual(presetMapping('ringba'));
  expect(connector.templates.map((tpl) => tpl.on)).toEqual(['Incoming', 'Connected', 'Completed', 'Finalized', 'Converted', 'Payout', 'Recording']);
  expect(connector.templates.every((tpl) => tpl.url.startsWith(`${connector.url}&inboundCallId=[Call:InboundCallId]`))).toBe(true);

  const again = await as(admin, 'GET', `/api/connectors/${connector.id}`);
  expect(again.json().data).toEqual(connector);
  const list = (await as(admin, 'GET', '/api/connectors')).json().data as Connector[];
  expect(list.map((c) => c.id)).toContain(connector.id);
  // The URL is built on the origin the admin reached this server at.
  const proxied = await t.app.inject({ method: 'GET', url: `/api/connectors/${connector.id}`, headers: { ...bearer(admin.token), host: 'calls.example.com' } });
  expect(proxied.json().data.url).toBe(connectorUrl('http://calls.example.com', connector.id, connector.token));
});

test('the mapping is checked: an unknown field, a transform the field cannot take, no call id', async () => {
  const response = await as(admin, 'POST', '/api/connectors', {
    name: 'Custom',
    platform: 'generic',
    timeZone: 'Nowhere/City',
    mapping: [
      { name: 'id', field: 'systemCallId' },
      { name: 'phone', field: 'callerPhone', transform: 'text' },
      { name: 'amount', field: 'revenue', transform: 'boolean' },
    ],
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'VALIDATION_ERROR',
    errors: [
      { field: 'timeZone', message: CONNECTOR_MESSAGES.timeZoneUnknown('Nowhere/City') },
      { field: 'mapping[1].field', message: CONNECTOR_MESSAGES.fieldUnknown('callerPhone') },
      { field: 'mapping[2].transform', message: 'revenue cannot take the boolean transform: use money' },
    ],
  });
  const noId = await as(admin, 'POST', '/api/connectors', { name: 'x', platform: 'generic', mapping: [{ name: 'phone', field: 'callerId' }] });
  expect(noId.json().errors).toEqual([{ field: 'mapping', message: CONNECTOR_MESSAGES.noCallId }]);
  // A token is made by the server, never chosen: one sent is dropped with the body's other unknown keys.
  const chosen = await as(admin, 'POST', '/api/connectors', { name: 'x', platform: 'generic', secret: 'mine-and-guessable-0000000000000000' });
  expect(chosen.json().data.token).not.toBe('mine-and-guessable-0000000000000000');
});

test("a change: the name, the zone and a mapping of one's own; a new platform without a mapping takes its preset", async () => {
  const connector = await create({ name: 'Generic', platform: 'generic' });
  const mapping = [
    { name: 'call', field: 'systemCallId', transform: 'text', token: '{{call.id}}' },
    { name: 'at', field: 'callTimestamp', transform: 'epoch' },
  ];
  const changed = await as(admin, 'PUT', `/api/connectors/${connector.id}`, { name: 'Our QC bot', timeZone: 'America/Chicago', mapping });
  expect(changed.statusCode).toBe(200);
  expect(changed.json().data).toMatchObject({ name: 'Our QC bot', timeZone: 'America/Chicago', mapping, platform: 'generic', token: connector.token });
  expect(changed.json().data.templates[0].url).toBe(`${connector.url}&call={{call.id}}`);
  const moved = (await as(admin, 'PUT', `/api/connectors/${connector.id}`, { platform: 'trackdrive' })).json().data as Connector;
  expect(moved).toMatchObject({ platform: 'trackdrive', mapping: presetMapping('trackdrive'), name: 'Our QC bot' });
  expect((await as(admin, 'PUT', '/api/connectors/cn_nosuchconnector0000000', { name: 'x' })).statusCode).toBe(404);
  expect((await as(admin, 'PUT', `/api/connectors/${connector.id}`, { name: '' })).json().errors).toEqual([{ field: 'name', message: CONNECTOR_MESSAGES.nameRequired }]);
});

test('rotating the token: the old URL stops working at once, the new one works', async () => {
  const connector = await create({ name: 'Rotating', platform: 'generic' });
  const send = (token: string) => t.app.inject({ method: 'GET', url: `/api/ingest/connectors/${connector.id}?token=${token}&systemCallId=rot-1&campaignName=C&publisherName=P` });
  expect((await send(connector.token)).statusCode).toBe(200);
  const rotated = (await as(admin, 'POST', `/api/connectors/${connector.id}/rotate-secret`)).json().data as Connector;
  expect(rotated.token).not.toBe(connector.token);
  expect(rotated.url).toBe(connectorUrl('http://localhost:80', connector.id, rotated.token));
  expect((await send(connector.token)).statusCode).toBe(401);
  expect((await send(rotated.token)).statusCode).toBe(200);
});

test(`the events list keeps the newest ${CONNECTOR_EVENTS_KEPT}, newest first, with what each became`, async () => {
  const connector = await create({ name: 'Busy', platform: 'generic' });
  const total = CONNECTOR_EVENTS_KEPT + 5;
  for (let n = 0; n < total; n += 1) {
    const response = await t.app.inject({ method: 'GET', url: `/api/ingest/connectors/${connector.id}?token=${connector.token}&systemCallId=busy-${n}&campaignName=C&publisherName=P` });
    expect(response.statusCode).toBe(200);
  }
  const events = (await as(admin, 'GET', `/api/connectors/${connector.id}/events`)).json().data as ConnectorEvent[];
  expect(events).toHaveLength(CONNECTOR_EVENTS_KEPT);
  expect(events[0]).toMatchObject({ method: 'GET', outcome: 'created', platformCallId: `busy-${total - 1}`, contentType: null });
  expect(events.at(-1)!.platformCallId).toBe(`busy-${total - CONNECTOR_EVENTS_KEPT}`);
  expect(Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM connector_events WHERE connector_id = $1', [connector.id]))[0]!.n)).toBe(CONNECTOR_EVENTS_KEPT);
  const listed = (await as(admin, 'GET', `/api/connectors/${connector.id}`)).json().data as Connector;
  expect(listed.lastEventAt).toBe(events[0]!.receivedAt);
});

test('deleting a connector: its URL answers 404, its calls stay', async () => {
  const connector = await create({ name: 'Short-lived', platform: 'generic' });
  const url = `/api/ingest/connectors/${connector.id}?token=${connector.token}&systemCallId=gone-1&campaignName=C&publisherName=P`;
  expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  expect((await as(admin, 'DELETE', `/api/connectors/${connector.id}`)).json()).toEqual({ success: true, message: 'Connector deleted' });
  expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  expect((await as(admin, 'GET', `/api/connectors/${connector.id}`)).statusCode).toBe(404);
  expect((await as(admin, 'GET', `/api/connectors/${connector.id}/events`)).statusCode).toBe(404);
  expect((await t.db.query("SELECT 1 FROM calls WHERE system_call_id = 'gone-1'")).length).toBe(1);
});

test('admins only: a user gets 403, a partner the partner refusal', async () => {
  const connector = await create({ name: 'Guarded', platform: 'generic' });
  const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
    ['GET', '/api/connectors'],
    ['POST', '/api/connectors'],
    ['GET', `/api/connectors/${connector.id}`],
    ['PUT', `/api/connectors/${connector.id}`],
    ['DELETE', `/api/connectors/${connector.id}`],
    ['GET', `/api/connectors/${connector.id}/events`],
    ['POST', `/api/connectors/${connector.id}/rotate-secret`],
  ];
  const [publisher] = await t.db.query<{ id: number }>("INSERT INTO publishers (name) VALUES ('Guarded publisher') RETURNING id");
  const partner = await signUpPartner(t.app, t.db, partnerScope('publisher', [Number(publisher!.id)]), 'Pat Partner');
  for (const [method, url] of routes) {
    const byMember = await as(member, method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', platform: 'generic' });
    expect({ url, status: byMember.statusCode, message: byMember.json().message }).toEqual({ url, status: 403, message: PERMISSION_DENIED.manageIngestKeys });
    const byPartner = await as(partner, method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', platform: 'generic' });
    expect({ url, status: byPartner.statusCode, message: byPartner.json().message }).toEqual({ url, status: 403, message: PARTNER_ROUTE_DENIED });
  }
  expect((await as(admin, 'GET', `/api/connectors/${connector.id}`)).json().data.name).toBe('Guarded');
});
