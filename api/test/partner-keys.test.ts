/**
 * Partner API keys (contract/src/partner-keys.ts, domain/partners/partner-keys.ts): a partner makes, lists and
 * revokes its own keys; a key reads GET /api/stats, /api/calls/records and /api/calls/export exactly as its
 * owner's session does, and nothing else; a revoked key or a deactivated partner is refused at once; each key
 * spends a rate-limit budget of its own.
 */
import { PARTNER_ROUTE_DENIED, type PartnerScope, viewAsPath } from '@callboard/contract';
import {
  MAX_LIVE_PARTNER_KEYS,
  PARTNER_KEY_MESSAGES,
  PARTNER_KEY_PREFIX,
  type CreatedPartnerKey,
  type PartnerKey,
} from '@callboard/contract/partner-keys';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import JSZip from 'jszip';
import { savePartnerScope } from '../src/domain/partners/partner-scopes-repository';
import { INGEST_KEY, ingestAll, makeCall, nyIso, qs } from './support/calls-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

interface Partner {
  token: string;
  userId: string;
  scope: PartnerScope;
}

let t: TestApp;
let admin: SignedIn;
let publisher: Partner;
let buyer: Partner;
const ids: Record<string, number> = {};

/** Calls over two publishers, two buyers and a few days, with money, transcripts, recordings and caller ids. */
const CALLS = Array.from({ length: 12 }, (_, i) =>
  makeCall(`pk-${i}`, {
    callTimestamp: nyIso(`2025-06-${String(5 + i * 2).padStart(2, '0')}T1${i % 10}:15`),
    callerId: `+1555123${String(4000 + i)}`,
    publisherName: i % 3 === 0 ? 'Pub Other' : 'Pub Own',
    buyerName: i % 2 === 0 ? 'Buyer Own' : 'Buyer Other',
    targetName: `Target ${i % 2}`,
    revenue: 10 + i,
    payout: 4 + i / 2,
    transcript: `Agent: hello. Caller: call number ${i}.`,
    recordingUrl: `https://recordings.example.com/pk-${i}.mp3`,
  }),
);

/** A registered person made a partner of this scope (its scope row written directly, as the users API would). */
async function makePartner(app: FastifyInstance, scope: PartnerScope, name = 'Partner', on: TestApp = t): Promise<Partner> {
  const person = await signUp(app, name);
  await on.db.transaction(async (tx) => {
    await tx.query("UPDATE users SET role = 'partner' WHERE id = $1", [person.user.id]);
    await savePartnerScope(tx, person.user.id, scope);
  });
  return { token: person.token, userId: person.user.id, scope };
}

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Keys Admin');
  await ingestAll(t.app, CALLS);
  for (const table of ['publishers', 'buyers']) {
    for (const row of await t.db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`)) ids[row.name] = row.id;
  }
  publisher = await makePartner(t.app, {
    kind: 'publisher',
    ids: [ids['Pub Own']!],
    historyFrom: '2025-06-10',
    callerId: 'masked',
    recordings: false,
    transcripts: false,
    counterparty: false,
  });
  buyer = await makePartner(t.app, { kind: 'buyer', ids: [ids['Buyer Own']!], historyFrom: null, callerId: 'hidden', recordings: true, transcripts: true, counterparty: false });
});
afterAll(() => t.close());

const app = (): FastifyInstance => t.app;

async function createKey(token: string, name = 'Nightly import') {
  return app().inject({ method: 'POST', url: '/api/partner-keys', headers: bearer(token), payload: { name } });
}

async function newKey(token: string, name?: string): Promise<CreatedPartnerKey> {
  const response = await createKey(token, name);
  expect(response.statusCode).toBe(201);
  return response.json().data as CreatedPartnerKey;
}

async function listKeys(token: string): Promise<PartnerKey[]> {
  const response = await app().inject({ method: 'GET', url: '/api/partner-keys', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data as PartnerKey[];
}

const revoke = (token: string, id: string) => app().inject({ method: 'DELETE', url: `/api/partner-keys/${id}`, headers: bearer(token) });
const withKey = (key: string, url: string, method: 'GET' | 'POST' = 'GET') => app().inject({ method, url, headers: { 'x-api-key': key } });

/** What an answer says: its body; an XLSX file's workbook (the zip and docProps/core.xml carry the time it was made). */
async function contentOf(response: LightMyRequestResponse): Promise<unknown> {
  if (!String(response.headers['content-type']).includes('spreadsheetml')) return response.body;
  const zip = await JSZip.loadAsync(response.rawPayload);
  const entries = Object.keys(zip.files).filter((name) => name.startsWith('xl/')).sort();
  return Promise.all(entries.map(async (name) => [name, await zip.file(name)!.async('string')]));
}

const range = { datePreset: 'custom', startDate: '2025-06-01T00:00', endDate: '2025-07-01T00:00' };
/** The three reads a key may ask for, with the queries a polling integration would send. */
const READS = [
  `/api/stats${qs(range)}`,
  `/api/calls/records${qs({ ...range, limit: 200 })}`,
  `/api/calls/records${qs({ ...range, limit: 5, sortBy: 'callTimestamp', sortDir: 'asc' })}`,
  `/api/calls/export${qs({ ...range, fmt: 'csv' })}`,
  `/api/calls/export${qs({ ...range, fmt: 'xlsx', columns: 'callTimestamp,callerId,status,durationSec,recordingUrl' })}`,
  // Money and counterparty columns asked for: the file leaves out what its reader may not see, key or session.
  `/api/calls/export${qs({ ...range, fmt: 'csv', columns: 'callTimestamp,publisherName,systemBuyerId,revenue,payout,profit' })}`,
];
/** Reads the partner's session is refused (a counterparty filter, a caller id search): refused alike with a key. */
const REFUSED_READS = [
  `/api/calls/records${qs({ ...range, buyer: '1' })}`,
  `/api/stats${qs({ ...range, publisher: '1' })}`,
  `/api/calls/records${qs({ ...range, search: '555' })}`,
];

describe('making, listing and revoking keys', () => {
  test('a partner makes a key shown once, lists it without the key, and revokes it', async () => {
    const created = await newKey(publisher.token, '  Nightly import  ');
    expect(created.key.startsWith(PARTNER_KEY_PREFIX)).toBe(true);
    expect(created.key.length).toBeGreaterThan(40);
    expect(created).toMatchObject({ name: 'Nightly import', prefix: created.key.slice(0, PARTNER_KEY_PREFIX.length + 6), lastUsedAt: null });

    const listed = await listKeys(publisher.token);
    expect(listed).toEqual([{ id: created.id, name: 'Nightly import', prefix: created.prefix, createdAt: created.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const [stored] = await t.db.query<{ key_hash: string }>('SELECT key_hash FROM partner_api_keys WHERE id = $1', [created.id]);
    expect(stored!.key_hash).not.toContain(created.key.slice(PARTNER_KEY_PREFIX.length));

    // Another partner neither sees nor revokes it.
    expect(await listKeys(buyer.token)).toEqual([]);
    expect((await revoke(buyer.token, created.id)).statusCode).toBe(404);

    expect((await revoke(publisher.token, created.id)).statusCode).toBe(200);
    expect(await listKeys(publisher.token)).toEqual([]);
    expect((await revoke(publisher.token, created.id)).statusCode).toBe(404);
  });

  test('the name is required and bounded, with the field named', async () => {
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const response = await createKey(publisher.token, name);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'name', message: expect.any(String) }]);
    }
    const missing = await app().inject({ method: 'POST', url: '/api/partner-keys', headers: bearer(publisher.token), payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  test(`a partner holds at most ${MAX_LIVE_PARTNER_KEYS} live keys; revoking one makes room`, async () => {
    const made = [];
    for (let i = 0; i < MAX_LIVE_PARTNER_KEYS; i += 1) made.push(await newKey(buyer.token, `Key ${i}`));
    const refused = await createKey(buyer.token, 'One too many');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PARTNER_KEY_MESSAGES.tooMany);
    expect((await revoke(buyer.token, made[0]!.id)).statusCode).toBe(200);
    const room = await newKey(buyer.token, 'In its place');
    expect((await listKeys(buyer.token)).map((key) => key.id)).toContain(room.id);
    for (const key of [...made.slice(1), room]) expect((await revoke(buyer.token, key.id)).statusCode).toBe(200);
  });

  test('an admin viewing as the partner sees its keys but can neither make nor revoke one', async () => {
    const key = await newKey(publisher.token, 'Seen by the admin');
    const started = await app().inject({ method: 'POST', url: viewAsPath(publisher.userId), headers: bearer(admin.token) });
    expect(started.statusCode).toBe(200);
    const viewing = started.json().data.token as string;
    expect((await listKeys(viewing)).map((listed) => listed.id)).toEqual([key.id]);
    expect((await createKey(viewing)).statusCode).toBe(403);
    expect((await revoke(viewing, key.id)).statusCode).toBe(403);
    expect(await listKeys(publisher.token)).toHaveLength(1);
    expect((await revoke(publisher.token, key.id)).statusCode).toBe(200);
  });

  test('the network’s own people have no partner keys', async () => {
    const list = await app().inject({ method: 'GET', url: '/api/partner-keys', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(PARTNER_KEY_MESSAGES.partnersOnly);
    expect((await createKey(admin.token)).statusCode).toBe(403);
    expect((await app().inject({ method: 'GET', url: '/api/partner-keys' })).statusCode).toBe(401);
  });
});

describe('reading with a key', () => {
  let publisherKey: CreatedPartnerKey;
  let buyerKey: CreatedPartnerKey;
  beforeAll(async () => {
    publisherKey = await newKey(publisher.token, 'Publisher poll');
    buyerKey = await newKey(buyer.token, 'Buyer poll');
  });

  test.each(READS)('a key reads %s exactly as its owner’s session does', async (url) => {
    // A key's exports spend its owner's export budget (a few a minute: domain/export/export-guard.ts), as the
    // session's do; this test's own exports would run out of it, so each comparison starts with it unspent.
    await t.db.query('DELETE FROM export_leases');
    for (const [account, key] of [
      [publisher, publisherKey],
      [buyer, buyerKey],
    ] as const) {
      const session = await app().inject({ method: 'GET', url, headers: bearer(account.token) });
      expect(session.statusCode).toBe(200);
      const byHeader = await withKey(key.key, url);
      const byBearer = await app().inject({ method: 'GET', url, headers: bearer(key.key) });
      for (const response of [byHeader, byBearer]) {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(session.headers['content-type']);
        expect(response.headers['x-total-count']).toBe(session.headers['x-total-count']);
        expect(await contentOf(response)).toEqual(await contentOf(session));
      }
    }
  });

  test('a key answers only those reads: everything else, its own keys included, is 403', async () => {
    const [{ id: someCall }] = (await t.db.query<{ id: string }>('SELECT id::text AS id FROM calls LIMIT 1')) as [{ id: string }];
    const refused = [
      ['GET', `/api/stats/series${qs(range)}`],
      ['GET', `/api/calls/records/${someCall}`],
      ['GET', '/api/partner-keys'],
      ['POST', '/api/partner-keys'],
      ['GET', '/api/users'],
      ['GET', '/api/auth/profile'],
      ['GET', '/api/views'],
      ['GET', '/api/ingest-keys'],
    ] as const;
    for (const [method, url] of refused) {
      const response = await withKey(publisherKey.key, url, method);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
      expect(response.json().message).toBe(PARTNER_KEY_MESSAGES.routeRefused);
    }
  });

  test.each(REFUSED_READS)('a key is refused %s exactly as its owner’s session is', async (url) => {
    await t.db.query('DELETE FROM export_leases');
    for (const [account, key] of [
      [publisher, publisherKey],
      [buyer, buyerKey],
    ] as const) {
      const session = await app().inject({ method: 'GET', url, headers: bearer(account.token) });
      const keyed = await withKey(key.key, url);
      expect(keyed.statusCode).toBe(session.statusCode);
      expect(keyed.body).toBe(session.body);
    }
    // Each is refused to one of the two at least, so the comparison is not of two successes.
    const statuses = await Promise.all([publisherKey, buyerKey].map(async (key) => (await withKey(key.key, url)).statusCode));
    expect(statuses).toContain(400);
  });

  test('use is recorded at most once a minute, and shown in the list', async () => {
    await t.db.query('UPDATE partner_api_keys SET last_used_at = NULL WHERE id = $1', [publisherKey.id]);
    expect((await withKey(publisherKey.key, READS[0]!)).statusCode).toBe(200);
    const first = (await listKeys(publisher.token)).find((key) => key.id === publisherKey.id)!.lastUsedAt;
    expect(first).not.toBeNull();
    expect((await withKey(publisherKey.key, READS[0]!)).statusCode).toBe(200);
    expect((await listKeys(publisher.token)).find((key) => key.id === publisherKey.id)!.lastUsedAt).toBe(first);
    // Once the last use is older than the resolution, the next read moves it.
    await t.db.query("UPDATE partner_api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = $1", [publisherKey.id]);
    expect((await withKey(publisherKey.key, READS[0]!)).statusCode).toBe(200);
    const moved = (await listKeys(publisher.token)).find((key) => key.id === publisherKey.id)!.lastUsedAt!;
    expect(Date.now() - Date.parse(moved)).toBeLessThan(60_000);
  });

  test('a made-up key, an ingest key and a malformed header are 401', async () => {
    for (const headers of [
      { 'x-api-key': `${PARTNER_KEY_PREFIX}${'A'.repeat(43)}` },
      { 'x-api-key': INGEST_KEY },
      { authorization: `Bearer ${PARTNER_KEY_PREFIX}` },
      { authorization: `Basic ${publisherKey.key}` },
    ]) {
      const response = await app().inject({ method: 'GET', url: READS[0]!, headers });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('refused at once', () => {
  async function partnerWithKey(scope: PartnerScope) {
    const person = await makePartner(app(), scope, 'Refusal Partner');
    return { person, key: await newKey(person.token) };
  }

  test('a revoked key is 401 on the very next request', async () => {
    const { person, key } = await partnerWithKey(publisher.scope);
    expect((await withKey(key.key, READS[0]!)).statusCode).toBe(200);
    expect((await revoke(person.token, key.id)).statusCode).toBe(200);
    const refused = await withKey(key.key, READS[0]!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(PARTNER_KEY_MESSAGES.keyRefused);
  });

  test('a deactivated partner’s keys are 401, and work again when it is reactivated', async () => {
    const { person, key } = await partnerWithKey(buyer.scope);
    expect((await withKey(key.key, READS[0]!)).statusCode).toBe(200);
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [person.userId]);
    expect((await withKey(key.key, READS[0]!)).statusCode).toBe(401);
    await t.db.query('UPDATE users SET active = true WHERE id = $1', [person.userId]);
    expect((await withKey(key.key, READS[0]!)).statusCode).toBe(200);
  });

  test('an account no longer a partner has keys that read nothing', async () => {
    const { person, key } = await partnerWithKey(buyer.scope);
    await t.db.transaction(async (tx) => {
      await tx.query("UPDATE users SET role = 'user' WHERE id = $1", [person.userId]);
      await savePartnerScope(tx, person.userId, null);
    });
    expect((await withKey(key.key, READS[0]!)).statusCode).toBe(401);
  });

  test('a partner whose scope was removed reads nothing with a key, as with its session', async () => {
    const { person, key } = await partnerWithKey(buyer.scope);
    await savePartnerScope(t.db, person.userId, null);
    const response = await withKey(key.key, READS[0]!);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).not.toBe(PARTNER_ROUTE_DENIED);
  });
});

describe('rate limits', () => {
  const PER_MINUTE = 4;

  test('each key spends a budget of its own, apart from its owner’s session and the address', async () => {
    const limited = await buildTestApp({ limits: { userPerMinute: PER_MINUTE } });
    try {
      await signUp(limited.app, 'Limits Admin');
      const person = await makePartner(limited.app, { ...publisher.scope, ids: [1] }, 'Limits Partner', limited);
      const create = async (name: string) =>
        (await limited.app.inject({ method: 'POST', url: '/api/partner-keys', headers: bearer(person.token), payload: { name } })).json().data as CreatedPartnerKey;
      const first = await create('First');
      const second = await create('Second');
      const read = (key: string) => limited.app.inject({ method: 'GET', url: `/api/stats${qs(range)}`, headers: { 'x-api-key': key } });

      // A key's first request is counted against the address (it is not known to be real until then); then its own.
      const statuses: number[] = [];
      for (let i = 0; i < PER_MINUTE + 2; i += 1) statuses.push((await read(first.key)).statusCode);
      expect(statuses).toEqual([...Array<number>(PER_MINUTE + 1).fill(200), 429]);

      // The other key, and the partner's session (two requests spent making keys), still have theirs.
      expect((await read(second.key)).statusCode).toBe(200);
      expect((await read(second.key)).statusCode).toBe(200);
      const session = await limited.app.inject({ method: 'GET', url: `/api/stats${qs(range)}`, headers: bearer(person.token) });
      expect(session.statusCode).toBe(200);

      // A made-up key never gets a budget of its own: it spends the address's.
      const madeUp = await limited.app.inject({ method: 'GET', url: `/api/stats${qs(range)}`, headers: { 'x-api-key': `${PARTNER_KEY_PREFIX}${'B'.repeat(43)}` } });
      expect(madeUp.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
