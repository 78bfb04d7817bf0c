/**
 * Partner accounts over two server processes on one PostgreSQL database: what an admin changes about a
 * partner through one instance (its scope, its being active) applies at the partner's very next request on
 * both, and a view as a partner started on one is read, ended and refused on the other. Nothing is cached
 * per instance: authentication reads the account and its scope on every request.
 */
import { DEFAULT_PARTNER_FIELDS, viewAsPath, VIEW_AS_END_PATH, type PartnerScope } from '@callboard/contract';
import {
  bearer,
  buildServer,
  ingestCalls,
  queryDatabase,
  sampleCall,
  send,
  signIn,
  startServerProcesses,
  type ProcessSession,
  type ServerCluster,
  type ServerProcess,
} from '../support/server-processes';

let cluster: ServerCluster;
let a: ServerProcess;
let b: ServerProcess;
let admin: ProcessSession;
let north: number;
let south: number;

const STATS = '/api/stats?datePreset=last_2_days';
const totalCalls = async (server: ServerProcess, token: string) => {
  const response = await send(server, 'GET', STATS, { headers: bearer(token) });
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { data: { totalCalls: number } }).data.totalCalls;
};

beforeAll(async () => {
  await buildServer();
  cluster = await startServerProcesses(2, { env: { RATE_LIMIT_SIGN_IN_PER_MIN: '1000' } });
  [a, b] = cluster.servers as [ServerProcess, ServerProcess];
  admin = await signIn(a);
  const delivered = await ingestCalls(a, [
    sampleCall('partner-north-1', { publisherName: 'Partner North' }),
    sampleCall('partner-north-2', { publisherName: 'Partner North' }),
    sampleCall('partner-south-1', { publisherName: 'Partner South' }),
  ]);
  expect(delivered.status).toBeLessThan(300);
  const ids = Object.fromEntries(
    (await queryDatabase<{ id: number; name: string }>(cluster, `SELECT id, name FROM publishers WHERE name LIKE 'Partner %'`)).map((row) => [row.name, Number(row.id)]),
  );
  [north, south] = [ids['Partner North'] as number, ids['Partner South'] as number];
}, 240_000);
afterAll(() => cluster?.stop(), 60_000);

async function createPartner(email: string, scope: PartnerScope): Promise<string> {
  const response = await send(a, 'POST', '/api/users', {
    headers: bearer(admin.token),
    body: { name: 'North Partner', email, password: 'partner-password-1', role: 'partner', partnerScope: scope },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

const scopeOf = (ids: number[]): PartnerScope => ({ kind: 'publisher', ids, historyFrom: null, ...DEFAULT_PARTNER_FIELDS });

test('a new scope and a deactivation apply at the partner’s next request on both instances', async () => {
  const email = 'north.partner@instances.example.com';
  const id = await createPartner(email, scopeOf([north]));
  const partner = await signIn(b, email, 'partner-password-1');
  expect([await totalCalls(a, partner.token), await totalCalls(b, partner.token)]).toEqual([2, 2]);

  const widened = await send(b, 'PUT', `/api/users/${id}`, { headers: bearer(admin.token), body: { email, role: 'partner', partnerScope: scopeOf([north, south]) } });
  expect(widened.status).toBe(200);
  expect([await totalCalls(a, partner.token), await totalCalls(b, partner.token)]).toEqual([3, 3]);

  const narrowed = await send(a, 'PUT', `/api/users/${id}`, { headers: bearer(admin.token), body: { email, role: 'partner', partnerScope: scopeOf([south]) } });
  expect(narrowed.status).toBe(200);
  expect([await totalCalls(b, partner.token), await totalCalls(a, partner.token)]).toEqual([1, 1]);

  const deactivated = await send(b, 'PUT', `/api/users/${id}`, { headers: bearer(admin.token), body: { email, role: 'partner', active: false, partnerScope: scopeOf([south]) } });
  expect(deactivated.status).toBe(200);
  expect([await totalCalls(a, partner.token), await totalCalls(b, partner.token)]).toEqual([401, 401]);
});

test('a view as a partner started on one instance reads on the other, and its end applies on both', async () => {
  const id = await createPartner('viewed.partner@instances.example.com', scopeOf([north]));
  const started = await send(a, 'POST', viewAsPath(id), { headers: bearer(admin.token) });
  expect(started.status).toBe(200);
  const viewing = ((await started.json()) as { data: { token: string } }).data.token;
  expect(await totalCalls(b, viewing)).toBe(2);
  expect((await send(b, 'POST', '/api/users', { headers: bearer(viewing), body: {} })).status).toBe(403);

  expect((await send(b, 'DELETE', VIEW_AS_END_PATH, { headers: bearer(viewing) })).status).toBe(200);
  expect([await totalCalls(a, viewing), await totalCalls(b, viewing)]).toEqual([401, 401]);
  const log = await queryDatabase<{ ended: boolean }>(cluster, 'SELECT ended_at IS NOT NULL AS ended FROM view_as_log WHERE partner_id = $1', [id]);
  expect(log).toEqual([{ ended: true }]);
});
