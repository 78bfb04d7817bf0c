/**
 * What an ingest key may deliver (contract/src/ingest-keys.ts, migration 0012): `calls`, `qc`
 * or both; INGEST_API_KEY from the environment holds both.
 */
import Fastify from 'fastify';
import { migrate } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import { ingestKeyScopes } from '../src/db/migrations/0012-ingest-key-scopes';
import { hashIngestKey } from '../src/domain/ingest/ingest-keys';
import ingestRoutes from '../src/routes/api/ingest';
import { INGEST_KEY, getOk, makeCall, postCalls, postQc } from './support/calls-fixtures';
import { createTestDatabase } from './support/test-database';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { AcceptedIngestKeys } from '../src/domain/rate-limit/accepted-ingest-keys';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin'); // first account: admin
});
afterAll(() => t.close());

interface CreatedKey {
  id: string;
  key: string;
  scopes: string[];
  lastUsedAt: string | null;
}

const createKey = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: bearer(admin.token), payload });

async function keyWith(scopes: string[] | undefined): Promise<CreatedKey> {
  const response = await createKey(scopes === undefined ? { name: 'scoped' } : { name: 'scoped', scopes });
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

async function listed(id: string): Promise<CreatedKey> {
  return (await getOk(t.app, admin.token, '/api/ingest-keys')).data.find((key: { id: string }) => key.id === id);
}

const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query<{ n: string }>(sql, params))[0]?.n);
const callsNamed = (systemCallId: string) => count('SELECT count(*) AS n FROM calls WHERE system_call_id = $1', [systemCallId]);
const qcOf = async (systemCallId: string) => (await t.db.query<{ qc: string | null }>('SELECT qc_disposition AS qc FROM calls WHERE system_call_id = $1', [systemCallId]))[0]?.qc;

describe('POST /api/ingest-keys: scopes', () => {
  test.each([
    [['calls'], ['calls']],
    [['qc'], ['qc']],
    [['calls', 'qc'], ['calls', 'qc']],
    [['qc', 'calls'], ['calls', 'qc']],
  ])('%j is created, answered and listed as %j', async (asked, scopes) => {
    const created = await keyWith(asked);
    expect(created.scopes).toEqual(scopes);
    expect((await listed(created.id)).scopes).toEqual(scopes);
    const stored = await t.db.query<{ scopes: string[] }>('SELECT scopes FROM ingest_keys WHERE id = $1', [created.id]);
    expect([...stored[0]!.scopes].sort()).toEqual(scopes);
  });

  test('without scopes a key gets both', async () => {
    const created = await keyWith(undefined);
    expect(created.scopes).toEqual(['calls', 'qc']);
    expect((await listed(created.id)).scopes).toEqual(['calls', 'qc']);
  });

  test.each([
    ['an empty list', [], 'scopes must name at least one scope: calls, qc, read'],
    ['an unknown scope', ['calls', 'admin'], 'scopes names an unknown scope "admin": the scopes are calls, qc, read'],
    ['a scope in another case', ['QC'], 'scopes names an unknown scope "QC": the scopes are calls, qc, read'],
    ['a number', [1], 'scopes names an unknown scope 1: the scopes are calls, qc, read'],
    ['a scope twice', ['calls', 'qc', 'calls'], 'scopes names "calls" more than once'],
    ['a string', 'calls', 'scopes must be a list of scopes: any of calls, qc, read'],
    ['a comma-joined string', 'calls,qc', 'scopes must be a list of scopes: any of calls, qc, read'],
    ['null', null, 'scopes must be a list of scopes: any of calls, qc, read'],
    ['an object', { calls: true }, 'scopes must be a list of scopes: any of calls, qc, read'],
  ])('%s → 400 naming it; no key is made', async (_label, scopes, message) => {
    const before = await count('SELECT count(*) AS n FROM ingest_keys');
    const response = await createKey({ name: 'bad scopes', scopes });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, code: 'VALIDATION_ERROR', message, errors: [{ field: 'scopes', message }] });
    expect(await count('SELECT count(*) AS n FROM ingest_keys')).toBe(before);
  });
});

describe('the ingest routes check the scope', () => {
  test('a calls-only key delivers calls, and gets 403 on the QC route; only its granted use marks it used', async () => {
    const { id, key } = await keyWith(['calls']);
    const refused = await postQc(t.app, [{ systemCallId: 'scope-calls-1', disposition: 'Sales' }], key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, code: 'FORBIDDEN', message: 'This key lacks the "qc" scope: it may not deliver the QC bot\'s verdicts' });
    expect((await listed(id)).lastUsedAt).toBeNull();

    const delivered = await postCalls(t.app, [makeCall('scope-calls-1')], key);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data).toEqual({ inserted: 1, updated: 0, rejected: [] });
    const usedAt = (await listed(id)).lastUsedAt;
    expect(Date.parse(usedAt!)).not.toBeNaN();

    // Refused again: the call keeps no verdict, and the key's last use stays the delivery.
    expect((await postQc(t.app, [{ systemCallId: 'scope-calls-1', disposition: 'Sales' }], key)).statusCode).toBe(403);
    expect(await qcOf('scope-calls-1')).toBeNull();
    expect((await listed(id)).lastUsedAt).toBe(usedAt);
  });

  test('a qc-only key delivers verdicts, and gets 403 on the calls route; nothing is stored', async () => {
    const { id, key } = await keyWith(['qc']);
    const refused = await postCalls(t.app, [makeCall('scope-qc-new')], key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, code: 'FORBIDDEN', message: 'This key lacks the "calls" scope: it may not deliver calls' });
    expect(await callsNamed('scope-qc-new')).toBe(0);
    expect((await listed(id)).lastUsedAt).toBeNull();

    expect((await postCalls(t.app, [makeCall('scope-qc-1')])).statusCode).toBe(200);
    const verdict = await postQc(t.app, [{ systemCallId: 'scope-qc-1', disposition: 'Sales' }], key);
    expect(verdict.statusCode).toBe(200);
    expect(verdict.json().data).toEqual({ updated: 1, rejected: [] });
    expect(await qcOf('scope-qc-1')).toBe('Sales');
    expect(Date.parse((await listed(id)).lastUsedAt!)).not.toBeNaN();
  });

  test('the scope is checked before the body: a bad body with the wrong scope is a 403', async () => {
    const { key } = await keyWith(['qc']);
    const response = await t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': key }, payload: { calls: [] } });
    expect(response.statusCode).toBe(403);
  });

  test('a key with both scopes uses both routes', async () => {
    const { key } = await keyWith(['calls', 'qc']);
    expect((await postCalls(t.app, [makeCall('scope-both-1')], key)).statusCode).toBe(200);
    expect((await postQc(t.app, [{ systemCallId: 'scope-both-1', disposition: 'DNC' }], key)).statusCode).toBe(200);
    expect(await qcOf('scope-both-1')).toBe('DNC');
  });

  test('INGEST_API_KEY from the environment holds both scopes', async () => {
    expect((await postCalls(t.app, [makeCall('scope-env-1')], INGEST_KEY)).statusCode).toBe(200);
    expect((await postQc(t.app, [{ systemCallId: 'scope-env-1', disposition: 'IVR' }], INGEST_KEY)).statusCode).toBe(200);
    expect(await qcOf('scope-env-1')).toBe('IVR');
  });

  test.each([[['calls']], [['qc']]])('a revoked %j key is a 401 on both routes, the one it lacked included', async (scopes) => {
    const { id, key } = await keyWith(scopes);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/ingest-keys/${id}`, headers: bearer(admin.token) })).statusCode).toBe(200);
    for (const response of [await postCalls(t.app, [makeCall('scope-revoked')], key), await postQc(t.app, [{ systemCallId: 'scope-revoked', disposition: 'Sales' }], key)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'A valid X-Api-Key header is required' });
    }
    expect(await callsNamed('scope-revoked')).toBe(0);
  });

  test('an unknown key is a 401 on both routes, not a 403', async () => {
    const unknown = `${(await keyWith(['calls'])).key.slice(0, -2)}zz`;
    expect((await postCalls(t.app, [makeCall('scope-unknown')], unknown)).statusCode).toBe(401);
    expect((await postQc(t.app, [{ systemCallId: 'scope-unknown', disposition: 'Sales' }], unknown)).statusCode).toBe(401);
  });

  test('an ingest route that names no scope stops the server from starting', async () => {
    const bare = Fastify();
    void bare.register(async (instance) => {
      await ingestRoutes(instance, { ingestApiKey: INGEST_KEY, acceptedKeys: new AcceptedIngestKeys(INGEST_KEY), concurrency: 1, repeatWindowDays: 7 });
      instance.post('/unscoped', async () => ({ success: true }));
    });
    await expect(bare.ready()).rejects.toThrow('ingest route POST /unscoped names no ingestScope');
    await bare.close();
  });
});

describe('migration 0012', () => {
  test('keys made before it keep both scopes; the table refuses an empty or unknown scope list', async () => {
    expect(MIGRATIONS.indexOf(ingestKeyScopes)).toBeGreaterThan(0);
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(ingestKeyScopes));
    const database = await createTestDatabase(before);
    try {
      await database.db.query("INSERT INTO ingest_keys (name, key_hash, key_prefix) VALUES ('old webhook', $1, 'cbk_old')", [hashIngestKey('cbk_old-key')]);
      expect((await migrate(database.db)).applied).toEqual(MIGRATIONS.slice(MIGRATIONS.indexOf(ingestKeyScopes)).map((m) => m.version));
      const [old] = await database.db.query<{ scopes: string[] }>("SELECT scopes FROM ingest_keys WHERE name = 'old webhook'");
      expect(old!.scopes).toEqual(['calls', 'qc']);

      const insert = (scopes: unknown) =>
        database.db.query("INSERT INTO ingest_keys (name, key_hash, key_prefix, scopes) VALUES ('new', $1, 'cbk_new', $2)", [hashIngestKey(`k${String(scopes)}`), scopes]);
      for (const scopes of [[], ['admin'], ['calls', null]]) {
        await expect(insert(scopes)).rejects.toThrow(/ingest_keys_scopes_known/);
      }
      // No default any more: the API always says which scopes a key holds.
      await expect(database.db.query("INSERT INTO ingest_keys (name, key_hash, key_prefix) VALUES ('new', 'h', 'cbk_new')")).rejects.toThrow(/scopes/);
    } finally {
      await database.drop();
    }
  });
});
