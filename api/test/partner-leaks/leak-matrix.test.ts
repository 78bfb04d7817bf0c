/**
 * The generated leak matrix (issue 34): every generated partner account × every read endpoint a partner may
 * use (specs.ts): no call outside its scope or before its history start, no hidden field, no money its kind
 * may not see, and every figure equal to brute force over its own calls. Routes are closed to partners by
 * default; one opened without a spec here fails, and a sample of closed ones must answer 403.
 */
import { PARTNER_ROUTE_DENIED } from '@callboard/contract';
import { buildPartnerWorld, type PartnerWorld } from '../support/partner-fixtures';
import { partnerGet } from './matrix';
import { ENDPOINT_SPECS } from './specs';

let world: PartnerWorld;
beforeAll(async () => {
  world = await buildPartnerWorld();
}, 120_000);
afterAll(() => world?.t.close());

test('every partner kind and field-visibility combination is generated', () => {
  const distinct = (key: (scope: PartnerWorld['partners'][number]['scope']) => unknown) => new Set(world.partners.map((p) => JSON.stringify(key(p.scope)))).size;
  // Each kind × every combination of the switches; each kind × each caller-id and history setting; caller id × history.
  expect(distinct((s) => [s.kind, s.recordings, s.transcripts, s.counterparty])).toBe(2 * 8);
  expect(distinct((s) => [s.kind, s.callerId])).toBe(2 * 3);
  expect(distinct((s) => [s.kind, s.historyFrom])).toBe(2 * 2);
  expect(distinct((s) => [s.callerId, s.historyFrom])).toBe(3 * 2);
  expect(world.calls.length).toBeGreaterThan(40);
});

describe.each(ENDPOINT_SPECS.map((spec) => [spec.name, spec] as const))('%s', (_name, spec) => {
  test('answers every partner only its own calls, fields and figures', async () => {
    for (const partner of world.partners) {
      try {
        await spec.check(world, partner);
      } catch (error) {
        (error as Error).message = `${spec.name} as ${partner.label}:\n${(error as Error).message}`;
        throw error;
      }
    }
  }, 120_000);
});

/** A route as Fastify registered it; HEAD runs its GET's handler, so the GET's spec covers it. */
const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

test('no route is open to partners without a spec in the matrix', () => {
  const covered = new Set(ENDPOINT_SPECS.flatMap((spec) => spec.routes.map((r) => routeKey(r.method, r.url))));
  const open = world.routes
    .filter((route) => route.config?.partner === 'scoped')
    .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => routeKey(method, route.url)));
  expect(open.length).toBeGreaterThan(0);
  expect([...new Set(open)].filter((key) => !covered.has(key))).toEqual([]);
  // And every spec names a route that is open, so a spec cannot outlive its route unnoticed.
  expect([...covered].filter((key) => !open.includes(key))).toEqual([]);
});

test.each([
  ['GET', '/api/users'],
  ['GET', '/api/ingest-keys'],
  ['PUT', '/api/calls/bulk-update'],
  ['PUT', '/api/calls/1/disposition'],
  ['POST', '/api/calls/1/restore-verdict'],
  ['GET', '/api/scorecard'],
  ['GET', '/api/connectors'],
  ['GET', '/api/connectors/cn_0000000000000000000000/events'],
  ['POST', '/api/connectors/cn_0000000000000000000000/rotate-secret'],
  ['GET', '/api/imports'],
  ['POST', '/api/imports'],
  ['GET', '/api/imports/00000000-0000-4000-8000-000000000000/rejects.csv'],
  ['POST', '/api/imports/00000000-0000-4000-8000-000000000000/run'],
  ['GET', '/api/delivery-endpoints'],
  ['POST', '/api/delivery-endpoints'],
  ['GET', '/api/deliveries'],
  ['POST', '/api/deliveries/00000000-0000-4000-8000-000000000000/replay'],
  ['GET', '/api/outbox'],
  ['GET', '/api/event-subscriptions'],
  ['POST', '/api/event-subscriptions'],
  ['PUT', '/api/event-subscriptions/00000000-0000-4000-8000-000000000000'],
  ['DELETE', '/api/event-subscriptions/00000000-0000-4000-8000-000000000000'],
  ['GET', '/api/report-schedules'],
  ['POST', '/api/report-schedules'],
  ['POST', '/api/report-schedules/00000000-0000-4000-8000-000000000000/send-now'],
  ['GET', '/api/report-schedules/00000000-0000-4000-8000-000000000000/deliveries'],
  ['GET', '/api/report-schedules'],
  ['POST', '/api/report-schedules'],
  ['POST', '/api/report-schedules/00000000-0000-4000-8000-000000000000/send-now'],
  ['GET', '/api/report-schedules/00000000-0000-4000-8000-000000000000/deliveries'],
  ['GET', '/api/alerts'],
  ['POST', '/api/alerts'],
  ['POST', '/api/alerts/preview'],
  ['GET', '/api/alerts/00000000-0000-4000-8000-000000000000/transitions'],
  ['PUT', '/api/alerts/00000000-0000-4000-8000-000000000000/subscription'],
] as const)('a partner gets 403 on %s %s', async (method, url) => {
  for (const partner of [world.partners[0]!, world.partners[world.partners.length - 1]!]) {
    const response = await world.t.app.inject({ method, url, headers: { authorization: `Bearer ${partner.token}` }, payload: method === 'GET' ? undefined : {} });
    expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 403, message: PARTNER_ROUTE_DENIED });
  }
});

test('a signed recording link is issued only to a partner that reads recordings, and only for its calls', async () => {
  for (const partner of world.partners) {
    const body = (await partnerGet(world, partner, `/api/calls/records?datePreset=custom&startDate=2025-01-01T00:00&endDate=2026-01-01T00:00&limit=100`)).json();
    const links = (body.data as Array<{ recordingUrl: string | null }>).map((r) => r.recordingUrl).filter((u): u is string => u !== null);
    if (!partner.scope.recordings) expect(links).toEqual([]);
    for (const link of links.filter((u) => u.startsWith('/recordings/'))) {
      const played = await world.t.app.inject({ method: 'GET', url: link });
      expect(played.statusCode).toBe(200);
    }
  }
});
