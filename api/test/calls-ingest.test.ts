import { INGEST_LIMITS } from '../src/domain/calls/ingest-validation';
import { INGEST_KEY, bulkUpdate, getOk, makeCall, postCalls, postQc, seededRandom, type IngestData } from './support/calls-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  admin = await signUp(t.app, 'Ada Admin'); // first account: admin
  member = await signUp(t.app, 'Mo Member');
});
afterAll(() => t.close());

interface CallRow {
  id: string;
  system_call_id: string;
  call_ts: Date;
  caller_id: string;
  campaign: string;
  publisher: string;
  target: string | null;
  buyer: string | null;
  system_name: string;
  duration_sec: number;
  connected: boolean;
  recording_url: string | null;
  revenue_cents: string | number;
  payout_cents: string | number;
  status: string;
  sub_disposition: string | null;
  reason: string | null;
  summary: string | null;
  status_overridden: boolean;
  qc_disposition: string | null;
  qc_sub_disposition: string | null;
  qc_reason: string | null;
  qc_summary: string | null;
}

async function rowsFor(...systemCallIds: string[]): Promise<CallRow[]> {
  return t.db.query<CallRow>(
    `SELECT c.id::text AS id, c.system_call_id, c.call_ts, c.caller_id, cp.name AS campaign, p.name AS publisher, tg.name AS target, b.name AS buyer,
       c.system_name, c.duration_sec, c.connected, c.recording_url, c.revenue_cents, c.payout_cents, c.status, c.sub_disposition, c.reason,
       c.summary, c.status_overridden, c.qc_disposition, c.qc_sub_disposition, c.qc_reason, c.qc_summary
     FROM calls c JOIN campaigns cp ON cp.id = c.campaign_id JOIN publishers p ON p.id = c.publisher_id
     LEFT JOIN targets tg ON tg.id = c.target_id LEFT JOIN buyers b ON b.id = c.buyer_id
     WHERE c.system_call_id = ANY($1::text[]) ORDER BY c.system_call_id`,
    [systemCallIds],
  );
}
const rowFor = async (systemCallId: string) => (await rowsFor(systemCallId))[0];
const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query<{ n: string }>(sql, params))[0]?.n);

async function ingestOk(calls: unknown[], key = INGEST_KEY): Promise<IngestData> {
  const response = await postCalls(t.app, calls, key);
  expect(response.statusCode).toBe(200);
  expect(response.json().success).toBe(true);
  return response.json().data;
}

describe('X-Api-Key', () => {
  test.each([
    ['no header', null],
    ['an empty key', ''],
    ['a wrong key', 'not-the-key'],
    ['the key with a character missing', INGEST_KEY.slice(0, -1)],
    ['the key plus a character', `${INGEST_KEY}x`],
    ['the key in another case', INGEST_KEY.toUpperCase()],
    ['a very long key', 'k'.repeat(5000)],
  ])('%s → 401 on both endpoints, nothing stored', async (_label, key) => {
    const before = await count('SELECT count(*) AS n FROM calls');
    for (const response of [await postCalls(t.app, [makeCall('key-refused')], key), await postQc(t.app, [{ systemCallId: 'x', disposition: 'Sales' }], key)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: 'A valid X-Api-Key header is required' });
    }
    expect(await count('SELECT count(*) AS n FROM calls')).toBe(before);
  });

  test("a person's session is not an ingest key", async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: bearer(admin.token), payload: { calls: [makeCall('bearer-only')] } });
    expect(response.statusCode).toBe(401);
    expect(await rowFor('bearer-only')).toBeUndefined();
  });

  test('the key is checked before the body: a bad body with a bad key is still a 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': 'nope' }, payload: { calls: [] } });
    expect(response.statusCode).toBe(401);
  });

  test('INGEST_API_KEY from the environment is accepted', async () => {
    expect(await ingestOk([makeCall('env-key-1')])).toEqual({ inserted: 1, updated: 0, rejected: [] });
    const qc = await postQc(t.app, [{ systemCallId: 'env-key-1', disposition: 'Sales' }]);
    expect(qc.statusCode).toBe(200);
    expect(qc.json().data).toEqual({ updated: 1, rejected: [] });
  });

  test('without INGEST_API_KEY configured, no key at all is accepted by default', async () => {
    const bare = await buildTestApp();
    try {
      for (const key of [null, '', 'undefined', 'null']) {
        expect((await postCalls(bare.app, [makeCall('bare-1')], key)).statusCode).toBe(401);
      }
    } finally {
      await bare.close();
    }
  });
});

describe('/api/ingest-keys', () => {
  test('an admin creates a key, shown once; the list never shows it; revoked keys stop working', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: bearer(admin.token), payload: { name: '  QC bot  ' } });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.success).toBe(true);
    const { key, id, prefix, name, createdBy, createdAt, lastUsedAt, revokedAt } = body.data;
    expect(key).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(prefix).toBe(key.slice(0, 10));
    expect({ name, createdBy, lastUsedAt, revokedAt }).toEqual({ name: 'QC bot', createdBy: 'Ada Admin', lastUsedAt: null, revokedAt: null });
    expect(Date.parse(createdAt)).not.toBeNaN();

    // Stored hashed: the key itself is nowhere in the table.
    const stored = await t.db.query<Record<string, unknown>>('SELECT * FROM ingest_keys WHERE id = $1', [id]);
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(JSON.stringify(stored)).not.toContain(key.slice(10));

    const list = await getOk(t.app, admin.token, '/api/ingest-keys');
    const listed = list.data.find((k: { id: string }) => k.id === id);
    expect(listed).toEqual({ id, name: 'QC bot', prefix, scopes: ['calls', 'qc'], createdBy: 'Ada Admin', createdAt, lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(key.slice(10));
    expect(JSON.stringify(list)).not.toMatch(/hash/i);

    // The new key works on both endpoints and is marked used.
    expect(await ingestOk([makeCall('made-key-1')], key)).toEqual({ inserted: 1, updated: 0, rejected: [] });
    expect((await postQc(t.app, [{ systemCallId: 'made-key-1', disposition: 'DNC' }], key)).statusCode).toBe(200);
    const used = (await getOk(t.app, admin.token, '/api/ingest-keys')).data.find((k: { id: string }) => k.id === id);
    expect(Date.parse(used.lastUsedAt)).not.toBeNaN();

    // Revoked: refused at once; revoking again is harmless and keeps the first time.
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/ingest-keys/${id}`, headers: bearer(admin.token) });
    expect(revoke.statusCode).toBe(200);
    const revokedAtFirst = (await getOk(t.app, admin.token, '/api/ingest-keys')).data.find((k: { id: string }) => k.id === id).revokedAt;
    expect(Date.parse(revokedAtFirst)).not.toBeNaN();
    expect((await postCalls(t.app, [makeCall('made-key-2')], key)).statusCode).toBe(401);
    expect((await postQc(t.app, [{ systemCallId: 'made-key-1', disposition: 'Sales' }], key)).statusCode).toBe(401);
    expect(await rowFor('made-key-2')).toBeUndefined();
    expect((await rowFor('made-key-1'))?.status).toBe('DNC');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/ingest-keys/${id}`, headers: bearer(admin.token) })).statusCode).toBe(200);
    expect((await getOk(t.app, admin.token, '/api/ingest-keys')).data.find((k: { id: string }) => k.id === id).revokedAt).toBe(revokedAtFirst);
    // The environment key is unaffected.
    expect((await postCalls(t.app, [makeCall('made-key-3')])).statusCode).toBe(200);
  });

  test('two keys are independent: revoking one leaves the other working', async () => {
    const make = async (name: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: bearer(admin.token), payload: { name } })).json().data;
    const [a, b] = [await make('platform'), await make('bot')];
    expect(a.key).not.toBe(b.key);
    await t.app.inject({ method: 'DELETE', url: `/api/ingest-keys/${a.id}`, headers: bearer(admin.token) });
    expect((await postCalls(t.app, [makeCall('two-keys')], a.key)).statusCode).toBe(401);
    expect((await postCalls(t.app, [makeCall('two-keys')], b.key)).statusCode).toBe(200);
  });

  test('a key name is required, not blank, at most 100 characters', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: null }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: bearer(admin.token), payload });
      expect([JSON.stringify(payload), response.statusCode]).toEqual([JSON.stringify(payload), 400]);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'name' }] });
    }
  });

  test('the server chooses the key: a key sent by the client is never used', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: bearer(admin.token), payload: { name: 'chooser', key: 'chosen-by-me-0123456789' } });
    if (response.statusCode === 201) expect(response.json().data.key).not.toBe('chosen-by-me-0123456789');
    else expect(response.statusCode).toBe(400);
    expect((await postCalls(t.app, [makeCall('chosen-key')], 'chosen-by-me-0123456789')).statusCode).toBe(401);
  });

  test('revoking an unknown key → 404, a malformed id → 400', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/ingest-keys/00000000-0000-4000-8000-000000000000', headers: bearer(admin.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/ingest-keys/12', headers: bearer(admin.token) })).statusCode).toBe(400);
  });

  test('a non-admin gets 403 on every key route, signed out 401; nothing is created or revoked', async () => {
    const created = (await t.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: bearer(admin.token), payload: { name: 'keep' } })).json().data;
    const before = await count('SELECT count(*) AS n FROM ingest_keys');
    const routes = [
      { method: 'GET' as const, url: '/api/ingest-keys' },
      { method: 'POST' as const, url: '/api/ingest-keys', payload: { name: 'sneaky' } },
      { method: 'DELETE' as const, url: `/api/ingest-keys/${created.id}` },
    ];
    for (const route of routes) {
      const asMember = await t.app.inject({ ...route, headers: bearer(member.token) });
      expect([route.method, asMember.statusCode, asMember.json().code]).toEqual([route.method, 403, 'FORBIDDEN']);
      const signedOut = await t.app.inject(route);
      expect([route.method, signedOut.statusCode]).toEqual([route.method, 401]);
    }
    expect(await count('SELECT count(*) AS n FROM ingest_keys')).toBe(before);
    expect((await postCalls(t.app, [makeCall('still-valid')], created.key)).statusCode).toBe(200);
  });
});

describe('POST /api/ingest/calls', () => {
  test('the body must hold 1 to 1000 calls', async () => {
    for (const payload of [{}, { calls: [] }, { calls: {} }, { calls: Array.from({ length: 1001 }, (_, i) => makeCall(`too-many-${i}`)) }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': INGEST_KEY }, payload });
      expect([JSON.stringify(payload).slice(0, 30), response.statusCode]).toEqual([JSON.stringify(payload).slice(0, 30), 400]);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.json().errors[0].field).toBe('calls');
    }
    expect(await count("SELECT count(*) AS n FROM calls WHERE system_call_id LIKE 'too-many-%'")).toBe(0);
    // Exactly 1000 is fine.
    const thousand = Array.from({ length: 1000 }, (_, i) => makeCall(`thousand-${i}`, { callerId: `${i}` }));
    expect(await ingestOk(thousand)).toEqual({ inserted: 1000, updated: 0, rejected: [] });
  });

  test('a call is stored as delivered; money in cents; systemName defaults to the publisher', async () => {
    const data = await ingestOk([
      makeCall('stored-1', {
        callTimestamp: '2025-06-10T09:15:30.250-04:00',
        callerId: ' +15551234567 ',
        campaignName: ' ACA Leads ',
        publisherName: 'Pub Stored',
        targetName: 'Target Stored',
        buyerName: 'Buyer Stored',
        durationSec: 125,
        recordingUrl: 'https://rec.example.com/1.mp3',
        transcript: 'hi there',
        revenue: '25.50',
        payout: 19.99,
        systemPublisherId: 'SP-1',
        systemBuyerId: 'SB-1',
        qc: { disposition: 'not interested', sub_disposition: 'Price', reason: 'Too expensive', summary: 'Caller balked' },
      }),
    ]);
    expect(data).toEqual({ inserted: 1, updated: 0, rejected: [] });
    const row = await rowFor('stored-1');
    expect(row).toMatchObject({
      caller_id: '+15551234567',
      campaign: 'ACA Leads',
      publisher: 'Pub Stored',
      target: 'Target Stored',
      buyer: 'Buyer Stored',
      system_name: 'Pub Stored',
      duration_sec: 125,
      connected: true,
      recording_url: 'https://rec.example.com/1.mp3',
      status: 'Not Interested',
      sub_disposition: 'Price',
      reason: 'Too expensive',
      summary: 'Caller balked',
      status_overridden: false,
      qc_disposition: 'Not Interested',
      qc_sub_disposition: 'Price',
      qc_reason: 'Too expensive',
      qc_summary: 'Caller balked',
    });
    expect(new Date(row!.call_ts).toISOString()).toBe('2025-06-10T13:15:30.250Z');
    expect(Number(row!.revenue_cents)).toBe(2550);
    expect(Number(row!.payout_cents)).toBe(1999);

    // The records API reads the same call back in dollars.
    const detail = (await getOk(t.app, admin.token, `/api/calls/records/${row!.id}`)).data;
    expect(detail).toMatchObject({
      systemCallId: 'stored-1',
      callTimestamp: '2025-06-10T13:15:30.250Z',
      revenue: 25.5,
      payout: 19.99,
      systemName: 'Pub Stored',
      systemPublisherId: 'SP-1',
      systemBuyerId: 'SB-1',
      transcript: 'hi there',
      target_name: 'Target Stored',
      buyerName: 'Buyer Stored',
      statusOverridden: false,
      qc: { disposition: 'Not Interested', sub_disposition: 'Price', reason: 'Too expensive', summary: 'Caller balked' },
    });
  });

  test('a call without a verdict has an empty status (Rejected / Unknown) and no qc', async () => {
    await ingestOk([makeCall('no-verdict', { targetName: undefined, buyerName: null })]);
    expect(await rowFor('no-verdict')).toMatchObject({ status: '', qc_disposition: null, target: null, buyer: null, sub_disposition: null });
  });

  test('connected defaults to durationSec > 0 unless given', async () => {
    await ingestOk([
      makeCall('conn-0', { durationSec: 0 }),
      makeCall('conn-1', { durationSec: 1 }),
      makeCall('conn-none', { durationSec: undefined }),
      makeCall('conn-forced-true', { durationSec: 0, connected: true }),
      makeCall('conn-forced-false', { durationSec: 300, connected: false }),
    ]);
    const rows = Object.fromEntries((await rowsFor('conn-0', 'conn-1', 'conn-none', 'conn-forced-true', 'conn-forced-false')).map((r) => [r.system_call_id, r.connected]));
    expect(rows).toEqual({ 'conn-0': false, 'conn-1': true, 'conn-none': false, 'conn-forced-true': true, 'conn-forced-false': false });
  });

  test('every invalid call is listed with its index, systemCallId and errors; valid siblings are stored; a rejected call leaves nothing behind', async () => {
    const invalid: Array<[Record<string, unknown>, string, string]> = [
      [{ systemCallId: undefined }, 'systemCallId', 'systemCallId is required'],
      [{ systemCallId: 'x'.repeat(201) }, 'systemCallId', 'systemCallId must be at most 200 characters'],
      [{ callTimestamp: undefined }, 'callTimestamp', 'callTimestamp is required'],
      [{ callTimestamp: '2025-06-10T12:00:00' }, 'callTimestamp', 'callTimestamp must be an ISO 8601 date-time with an offset, e.g. 2026-11-20T14:03:00-05:00'],
      [{ callTimestamp: '2025-02-30T12:00:00Z' }, 'callTimestamp', 'callTimestamp must be an ISO 8601 date-time with an offset, e.g. 2026-11-20T14:03:00-05:00'],
      [{ callerId: 'x'.repeat(51) }, 'callerId', 'callerId must be at most 50 characters'],
      [{ callerId: 5551234 }, 'callerId', 'callerId must be text'],
      [{ campaignName: '' }, 'campaignName', 'campaignName is required'],
      [{ publisherName: undefined }, 'publisherName', 'publisherName is required'],
      [{ targetName: 'x'.repeat(201) }, 'targetName', 'targetName must be at most 200 characters'],
      [{ buyerName: 42 }, 'buyerName', 'buyerName must be text'],
      [{ systemName: 'x'.repeat(201) }, 'systemName', 'systemName must be at most 200 characters'],
      [{ systemPublisherId: 'x'.repeat(201) }, 'systemPublisherId', 'systemPublisherId must be at most 200 characters'],
      [{ systemBuyerId: 7 }, 'systemBuyerId', 'systemBuyerId must be text'],
      [{ durationSec: -1 }, 'durationSec', `durationSec must be a whole number of seconds from 0 to ${INGEST_LIMITS.maxDurationSec}`],
      [{ durationSec: 2.5 }, 'durationSec', `durationSec must be a whole number of seconds from 0 to ${INGEST_LIMITS.maxDurationSec}`],
      [{ durationSec: '60' }, 'durationSec', `durationSec must be a whole number of seconds from 0 to ${INGEST_LIMITS.maxDurationSec}`],
      [{ connected: 'yes' }, 'connected', 'connected must be true or false'],
      [{ recordingUrl: 'javascript:alert(1)' }, 'recordingUrl', 'recordingUrl must be an http or https URL'],
      [{ recordingUrl: 'ftp://rec.example.com/a.mp3' }, 'recordingUrl', 'recordingUrl must be an http or https URL'],
      [{ transcript: 'x'.repeat(INGEST_LIMITS.transcript + 1) }, 'transcript', `transcript must be at most ${INGEST_LIMITS.transcript} characters`],
      [{ revenue: -5 }, 'revenue', 'revenue must be an amount in dollars from 0 to 1000000, with at most 2 decimals'],
      [{ revenue: '1.234' }, 'revenue', 'revenue must be an amount in dollars from 0 to 1000000, with at most 2 decimals'],
      [{ payout: '1000000.01' }, 'payout', 'payout must be an amount in dollars from 0 to 1000000, with at most 2 decimals'],
      [{ payout: 'ten' }, 'payout', 'payout must be an amount in dollars from 0 to 1000000, with at most 2 decimals'],
      [{ qc: 'Sales' }, 'qc', 'qc must be an object'],
      [{ qc: { reason: 'no disposition' } }, 'qc.disposition', 'qc.disposition is required'],
      [{ qc: { disposition: 'x'.repeat(101) } }, 'qc.disposition', 'qc.disposition must be at most 100 characters'],
      [{ qc: { disposition: 'Sales', reason: 'x'.repeat(2001) } }, 'qc.reason', 'qc.reason must be at most 2000 characters'],
    ];
    // Each invalid call brings new dimension names, which must not be created.
    const batch: unknown[] = [];
    const expected: IngestData['rejected'] = [];
    invalid.forEach(([overrides, field, message], i) => {
      batch.push(makeCall(`sibling-${i}`, { campaignName: 'Sibling Campaign' }));
      const systemCallId = `bad-${i}`;
      const call = makeCall(systemCallId, { campaignName: `Ghost Campaign ${i}`, publisherName: `Ghost Publisher ${i}`, targetName: `Ghost Target ${i}`, buyerName: `Ghost Buyer ${i}`, ...overrides });
      batch.push(call);
      const reportedId = typeof call.systemCallId === 'string' && call.systemCallId.length <= 200 ? call.systemCallId : call.systemCallId === undefined ? null : call.systemCallId;
      expected.push({ index: batch.length - 1, systemCallId: reportedId, errors: [{ field, message }] });
    });
    batch.push('not a call', null, 17);
    expected.push(
      { index: batch.length - 3, systemCallId: null, errors: [{ field: 'call', message: 'each call must be an object' }] },
      { index: batch.length - 2, systemCallId: null, errors: [{ field: 'call', message: 'each call must be an object' }] },
      { index: batch.length - 1, systemCallId: null, errors: [{ field: 'call', message: 'each call must be an object' }] },
    );

    const data = await ingestOk(batch);
    expect(data.inserted).toBe(invalid.length);
    expect(data.updated).toBe(0);
    expect(data.rejected).toEqual(expected);

    expect(await count("SELECT count(*) AS n FROM calls WHERE system_call_id LIKE 'sibling-%'")).toBe(invalid.length);
    expect(await count("SELECT count(*) AS n FROM calls WHERE system_call_id LIKE 'bad-%' OR length(system_call_id) > 200")).toBe(0);
    for (const table of ['campaigns', 'publishers', 'targets', 'buyers']) {
      expect([table, await count(`SELECT count(*) AS n FROM ${table} WHERE name LIKE 'Ghost %'`)]).toEqual([table, 0]);
    }
  });

  test('several problems in one call are all reported', async () => {
    const data = await ingestOk([{ systemCallId: 'multi-bad', callTimestamp: 'today', durationSec: -1, revenue: 'x' }]);
    expect(data.rejected).toEqual([
      {
        index: 0,
        systemCallId: 'multi-bad',
        errors: [
          { field: 'callTimestamp', message: 'callTimestamp must be an ISO 8601 date-time with an offset, e.g. 2026-11-20T14:03:00-05:00' },
          { field: 'campaignName', message: 'campaignName is required' },
          { field: 'publisherName', message: 'publisherName is required' },
          { field: 'durationSec', message: `durationSec must be a whole number of seconds from 0 to ${INGEST_LIMITS.maxDurationSec}` },
          { field: 'revenue', message: 'revenue must be an amount in dollars from 0 to 1000000, with at most 2 decimals' },
        ],
      },
    ]);
  });

  test('an invalid re-delivery of a stored call leaves it as it was', async () => {
    await ingestOk([makeCall('keep-me', { durationSec: 40, qc: { disposition: 'Sales' } })]);
    const before = await rowFor('keep-me');
    const data = await ingestOk([makeCall('keep-me', { durationSec: -1, campaignName: 'Moved Campaign' })]);
    expect(data).toMatchObject({ inserted: 0, updated: 0 });
    expect(data.rejected).toHaveLength(1);
    expect(await rowFor('keep-me')).toEqual(before);
  });

  test('delivering a call again updates it in place (inserted/updated counts), across days, dimensions and money', async () => {
    expect(await ingestOk([makeCall('again-1', { revenue: 10 }), makeCall('again-2')])).toEqual({ inserted: 2, updated: 0, rejected: [] });
    const first = await rowFor('again-1');
    const data = await ingestOk([
      makeCall('again-1', {
        callTimestamp: '2025-06-12T23:30:00-04:00',
        campaignName: 'Campaign Moved',
        publisherName: 'Publisher Moved',
        targetName: null,
        buyerName: null,
        durationSec: 0,
        revenue: '12.34',
        payout: '1.01',
        callerId: '5559990000',
      }),
      makeCall('again-3'),
    ]);
    expect(data).toEqual({ inserted: 1, updated: 1, rejected: [] });
    const moved = await rowFor('again-1');
    expect(moved?.id).toBe(first?.id);
    expect(moved).toMatchObject({ campaign: 'Campaign Moved', publisher: 'Publisher Moved', target: null, buyer: null, connected: false, caller_id: '5559990000' });
    expect(new Date(moved!.call_ts).toISOString()).toBe('2025-06-13T03:30:00.000Z');
    expect([Number(moved!.revenue_cents), Number(moved!.payout_cents)]).toEqual([1234, 101]);
    expect(await count("SELECT count(*) AS n FROM calls WHERE system_call_id LIKE 'again-%'")).toBe(3);
  });

  test('re-delivery without a verdict keeps the verdict and status; with one, it replaces them', async () => {
    await ingestOk([makeCall('verdict-keep', { qc: { disposition: 'Voicemail', reason: 'machine' } })]);
    await ingestOk([makeCall('verdict-keep', { durationSec: 5 })]);
    expect(await rowFor('verdict-keep')).toMatchObject({ status: 'Voicemail', reason: 'machine', qc_disposition: 'Voicemail' });
    await ingestOk([makeCall('verdict-keep', { qc: { disposition: 'Callback', sub_disposition: 'Tomorrow' } })]);
    expect(await rowFor('verdict-keep')).toMatchObject({ status: 'Callback', sub_disposition: 'Tomorrow', reason: null, qc_disposition: 'Callback', qc_reason: null });
  });

  test('the same call delivered 10 times at once makes exactly one row', async () => {
    const call = makeCall('concurrent-1', { campaignName: 'Concurrent Campaign', publisherName: 'Concurrent Publisher', targetName: 'Concurrent Target', buyerName: 'Concurrent Buyer', qc: { disposition: 'Sales' } });
    const responses = await Promise.all(Array.from({ length: 10 }, () => postCalls(t.app, [call])));
    const results = responses.map((r) => {
      expect(r.statusCode).toBe(200);
      return r.json().data as IngestData;
    });
    expect(results.reduce((n, r) => n + r.inserted, 0)).toBe(1);
    expect(results.reduce((n, r) => n + r.updated, 0)).toBe(9);
    expect(results.every((r) => r.rejected.length === 0)).toBe(true);
    expect(await count("SELECT count(*) AS n FROM calls WHERE system_call_id = 'concurrent-1'")).toBe(1);
    for (const table of ['campaigns', 'publishers', 'targets', 'buyers']) {
      expect([table, await count(`SELECT count(*) AS n FROM ${table} WHERE name LIKE 'Concurrent %'`)]).toEqual([table, 1]);
    }
    // The rollups count it once.
    const day = await t.db.query<{ calls: number }>(
      "SELECT sum(calls)::int AS calls FROM calls_daily WHERE day = '2025-06-10' AND status = 'Sales'",
    );
    const raw = await count("SELECT count(*) AS n FROM calls WHERE (call_ts AT TIME ZONE 'America/New_York')::date = '2025-06-10' AND status = 'Sales'");
    expect(day[0]?.calls).toBe(raw);
  });

  test('dimension rows are never deleted: calls refer to them by id, without a foreign key', async () => {
    await ingestOk([makeCall('kept-dims-1', { campaignName: 'Kept C', publisherName: 'Kept P', targetName: 'Kept T', buyerName: 'Kept B' })]);
    for (const table of ['campaigns', 'publishers', 'targets', 'buyers']) {
      await expect(t.db.query(`DELETE FROM ${table} WHERE name LIKE 'Kept %'`)).rejects.toThrow(`rows of ${table} are never deleted`);
      // publishers is also held by payments' foreign key and buyers by dispute_windows', which refuse first.
      const heldByForeignKey = table === 'publishers' || table === 'buyers';
      await expect(t.db.query(`TRUNCATE ${table}`)).rejects.toThrow(heldByForeignKey ? /foreign key|never deleted/ : `rows of ${table} are never deleted`);
      expect([table, await count(`SELECT count(*) AS n FROM ${table} WHERE name LIKE 'Kept %'`)]).toEqual([table, 1]);
    }
  });

  test('ingest_calls stores a batch whole or not at all: a call it cannot place fails the statement, keeping nothing', async () => {
    // A name missing from the list the function is given leaves its call unplaced: that must fail the batch, not drop the call.
    const row = (id: string, publisher: string) => ({
      system_call_id: id, call_ts: '2026-06-10T15:00:00Z', caller_id: '5550001', campaign_name: 'Whole C', publisher_name: publisher,
      target_name: null, buyer_name: null, system_name: publisher, duration_sec: 30, connected: true, revenue_cents: 0, payout_cents: 0,
    });
    const batch = [row('whole-1', 'Whole P'), row('whole-2', 'Whole Q')];
    await expect(
      t.db.query('SELECT * FROM ingest_calls($1::json, $2::int, $3::text[], $4::text[], $5::text[], $6::text[], $7::int)', [
        JSON.stringify(batch), 2, ['Whole C'], ['Whole P'], [], [], 7,
      ]),
    ).rejects.toThrow('ingest_calls stored 1 of 2 calls');
    expect(await count("SELECT count(*) AS n FROM calls WHERE system_call_id LIKE 'whole-%'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM publishers WHERE name LIKE 'Whole %'")).toBe(0);
  });

  test('10 different batches sharing new dimension names at once: every call stored, each name created once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, b) =>
        postCalls(
          t.app,
          Array.from({ length: 20 }, (_, i) =>
            makeCall(`shared-dims-${b}-${i}`, { campaignName: `Shared C${i % 3}`, publisherName: `Shared P${(i + b) % 4}`, targetName: `Shared T${i % 2}`, buyerName: 'Shared B' }),
          ),
        ),
      ),
    );
    for (const r of responses) expect(r.json().data).toEqual({ inserted: 20, updated: 0, rejected: [] });
    expect(await count("SELECT count(*) AS n FROM calls WHERE system_call_id LIKE 'shared-dims-%'")).toBe(200);
    expect(await count("SELECT count(*) AS n FROM campaigns WHERE name LIKE 'Shared C%'")).toBe(3);
    expect(await count("SELECT count(*) AS n FROM publishers WHERE name LIKE 'Shared P%'")).toBe(4);
    expect(await count("SELECT count(*) AS n FROM targets WHERE name LIKE 'Shared T%'")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM buyers WHERE name = 'Shared B'")).toBe(1);
  });

  test('concurrent batches of the same calls in different orders all succeed, and the rollups stay exact', async () => {
    const random = seededRandom(42);
    const statuses = ['Sales', 'DNC', 'Voicemail', 'Hungup', 'IVR', 'Weird', 'Callback'];
    const ids = Array.from({ length: 600 }, (_, i) => `overlap-${i}`);
    for (let round = 0; round < 2; round += 1) {
      const batches = Array.from({ length: 6 }, () =>
        [...ids]
          .sort(() => random.next() - 0.5)
          .map((id) =>
            makeCall(id, {
              callTimestamp: new Date(Date.parse('2025-08-01T04:00:00Z') + random.int(0, 30 * 24 * 60) * 60_000).toISOString(),
              campaignName: `Overlap C${random.int(0, 4)}`,
              publisherName: `Overlap P${random.int(0, 9)}`,
              qc: { disposition: random.pick(statuses) },
            }),
          ),
      );
      const responses = await Promise.all(batches.map((batch) => postCalls(t.app, batch)));
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const data = responses.map((r) => r.json().data as IngestData);
      expect(data.reduce((n, d) => n + d.inserted, 0)).toBe(round === 0 ? 600 : 0);
      expect(data.reduce((n, d) => n + d.updated, 0)).toBe(round === 0 ? 3000 : 3600);
    }
    expect(await count("SELECT count(*) AS n FROM calls WHERE system_call_id LIKE 'overlap-%'")).toBe(600);
    const rollup = await t.db.query<{ day: string; status: string; calls: number }>(
      'SELECT day::text AS day, status, calls FROM calls_daily WHERE calls <> 0 ORDER BY 1, 2',
    );
    const raw = await t.db.query<{ day: string; status: string; calls: number }>(
      "SELECT ((call_ts AT TIME ZONE 'America/New_York')::date)::text AS day, status, count(*)::int AS calls FROM calls GROUP BY 1, 2 ORDER BY 1, 2",
    );
    expect(rollup).toEqual(raw);
  }, 120_000);

  test('a systemCallId repeated in one batch: the last one is stored, the earlier ones are rejected', async () => {
    const data = await ingestOk([
      makeCall('dup-1', { durationSec: 1 }),
      makeCall('dup-other'),
      makeCall('dup-1', { durationSec: 2 }),
      makeCall('dup-1', { durationSec: 3, qc: { disposition: 'IVR' } }),
    ]);
    expect(data).toEqual({
      inserted: 2,
      updated: 0,
      rejected: [
        { index: 0, systemCallId: 'dup-1', errors: [{ field: 'systemCallId', message: 'systemCallId appears again at index 2 of this batch; that later call is the one stored' }] },
        { index: 2, systemCallId: 'dup-1', errors: [{ field: 'systemCallId', message: 'systemCallId appears again at index 3 of this batch; that later call is the one stored' }] },
      ],
    });
    expect(await rowFor('dup-1')).toMatchObject({ duration_sec: 3, status: 'IVR' });
    expect(await count("SELECT count(*) AS n FROM calls WHERE system_call_id = 'dup-1'")).toBe(1);
  });

  test('dimension rows are created by name once, trimmed, and reused', async () => {
    await ingestOk([makeCall('dim-1', { campaignName: 'Once Campaign', publisherName: 'Once Pub', targetName: 'Once Target', buyerName: 'Once Buyer' })]);
    await ingestOk([
      makeCall('dim-2', { campaignName: '  Once Campaign ', publisherName: 'Once Pub', targetName: 'Once Target', buyerName: 'Once Buyer' }),
      makeCall('dim-3', { campaignName: 'Once Campaign', publisherName: 'Once Pub', targetName: 'Once Target', buyerName: 'Once Buyer' }),
    ]);
    for (const [table, name] of [['campaigns', 'Once Campaign'], ['publishers', 'Once Pub'], ['targets', 'Once Target'], ['buyers', 'Once Buyer']]) {
      expect([table, await count(`SELECT count(*) AS n FROM ${table} WHERE name = $1`, [name])]).toEqual([table, 1]);
    }
    const ids = await t.db.query<{ campaign_id: number }>("SELECT DISTINCT campaign_id FROM calls WHERE system_call_id IN ('dim-1', 'dim-2', 'dim-3')");
    expect(ids).toHaveLength(1);
    // Names differing in case are different names.
    await ingestOk([makeCall('dim-4', { campaignName: 'once campaign' })]);
    expect(await count("SELECT count(*) AS n FROM campaigns WHERE lower(name) = 'once campaign'")).toBe(2);
  });
});

describe('POST /api/ingest/qc', () => {
  test('the body must hold 1 to 1000 results', async () => {
    for (const payload of [{}, { results: [] }, { results: {} }, { results: Array.from({ length: 1001 }, (_, i) => ({ systemCallId: `q${i}`, disposition: 'Sales' })) }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/ingest/qc', headers: { 'x-api-key': INGEST_KEY }, payload });
      expect([JSON.stringify(payload).slice(0, 30), response.statusCode]).toEqual([JSON.stringify(payload).slice(0, 30), 400]);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  test('a verdict sets qc and the status; unknown calls and invalid results are rejected one by one', async () => {
    await ingestOk([makeCall('qc-1'), makeCall('qc-2', { qc: { disposition: 'Sales', reason: 'old' } })]);
    const response = await postQc(t.app, [
      { systemCallId: 'qc-1', disposition: 'hungup', sub_disposition: 'Early', reason: 'Hung up at greeting', summary: 'Short' },
      { systemCallId: 'no-such-call', disposition: 'Sales' },
      { systemCallId: 'qc-2', disposition: 'DNC' },
      { disposition: 'Sales' },
      { systemCallId: 'qc-1' },
      'nope',
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      updated: 2,
      rejected: [
        { index: 1, systemCallId: 'no-such-call', errors: [{ field: 'systemCallId', message: 'No call has this systemCallId' }] },
        { index: 3, systemCallId: null, errors: [{ field: 'systemCallId', message: 'systemCallId is required' }] },
        { index: 4, systemCallId: 'qc-1', errors: [{ field: 'disposition', message: 'disposition is required' }] },
        { index: 5, systemCallId: null, errors: [{ field: 'result', message: 'each result must be an object' }] },
      ],
    });
    expect(await rowFor('qc-1')).toMatchObject({
      status: 'Hungup',
      sub_disposition: 'Early',
      reason: 'Hung up at greeting',
      summary: 'Short',
      qc_disposition: 'Hungup',
      qc_sub_disposition: 'Early',
      qc_reason: 'Hung up at greeting',
      qc_summary: 'Short',
    });
    // A new verdict replaces the notes too (none given → none).
    expect(await rowFor('qc-2')).toMatchObject({ status: 'DNC', reason: null, qc_reason: null });
    expect(await rowFor('no-such-call')).toBeUndefined();
  });

  test('a verdict a person has overridden: qc changes, the status stays', async () => {
    await ingestOk([makeCall('override-1', { qc: { disposition: 'Voicemail', sub_disposition: 'Machine', reason: 'beep' } })]);
    const id = (await rowFor('override-1'))!.id;
    const update = await bulkUpdate(t.app, admin.token, { ids: [id], set: { status: 'Sales', sub_disposition: 'Closed', reason: 'Listened: a sale' } });
    expect(update.statusCode).toBe(200);
    expect(await rowFor('override-1')).toMatchObject({ status: 'Sales', sub_disposition: 'Closed', reason: 'Listened: a sale', status_overridden: true, qc_disposition: 'Voicemail' });

    expect((await postQc(t.app, [{ systemCallId: 'override-1', disposition: 'DNC', sub_disposition: 'Asked', reason: 'bot again', summary: 'new summary' }])).json().data).toEqual({
      updated: 1,
      rejected: [],
    });
    expect(await rowFor('override-1')).toMatchObject({
      status: 'Sales',
      sub_disposition: 'Closed',
      reason: 'Listened: a sale',
      status_overridden: true,
      qc_disposition: 'DNC',
      qc_sub_disposition: 'Asked',
      qc_reason: 'bot again',
      qc_summary: 'new summary',
    });
    // A re-delivery with a verdict is the same: the person's status stays.
    await ingestOk([makeCall('override-1', { qc: { disposition: 'IVR' } })]);
    expect(await rowFor('override-1')).toMatchObject({ status: 'Sales', qc_disposition: 'IVR', status_overridden: true });
    // The stats follow the effective status.
    const day = await t.db.query<{ status: string; calls: number }>(
      "SELECT status, sum(calls)::int AS calls FROM calls_daily WHERE day = '2025-06-10' GROUP BY status",
    );
    const raw = await t.db.query<{ status: string; calls: number }>(
      "SELECT status, count(*)::int AS calls FROM calls WHERE (call_ts AT TIME ZONE 'America/New_York')::date = '2025-06-10' GROUP BY status",
    );
    const nonZero = (rows: Array<{ status: string; calls: number }>) => Object.fromEntries(rows.filter((r) => r.calls !== 0).map((r) => [r.status, r.calls]));
    expect(nonZero(day)).toEqual(nonZero(raw));
  });

  test('repeating a call in one QC batch applies one verdict and counts the call once', async () => {
    await ingestOk([makeCall('qc-dup')]);
    const data = (await postQc(t.app, [{ systemCallId: 'qc-dup', disposition: 'Sales' }, { systemCallId: 'qc-dup', disposition: 'DNC' }])).json().data;
    expect(data.updated).toBe(1);
    expect(['Sales', 'DNC']).toContain((await rowFor('qc-dup'))?.status);
  });
});

test('the dashboard sees ingested calls at once: stats, records and pickers agree with the table', async () => {
  const start = new Date('2025-06-10T04:00:00Z'); // New York midnight
  const range = `datePreset=custom&startDate=${encodeURIComponent('2025-06-10T00:00')}&endDate=${encodeURIComponent('2025-06-11T00:00')}`;
  const raw = await count('SELECT count(*) AS n FROM calls WHERE call_ts >= $1 AND call_ts < $2', [start, new Date(start.getTime() + 86_400_000)]);
  const stats = (await getOk(t.app, member.token, `/api/stats?${range}`)).data;
  expect(stats.totalCalls).toBe(raw);
  expect((await getOk(t.app, member.token, `/api/calls/records?${range}`)).meta.total).toBe(raw);
  const campaigns = (await getOk(t.app, member.token, `/api/filters/campaigns?${range}`)).data.campaigns as Array<{ count: number }>;
  expect(campaigns.reduce((n, c) => n + c.count, 0)).toBe(raw);
});

describe('batch shape', () => {
  test.each([['x'], [null], [{}], [42]])('a "calls" that is not an array (%j) is a 400, not a batch of one', async (calls) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': INGEST_KEY }, payload: { calls } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'calls' }] });
  });

  test('a systemCallId repeated in one QC batch reports the earlier result and applies the later one', async () => {
    await ingestOk([makeCall('qc-repeat-1')]);
    const response = await postQc(t.app, [
      { systemCallId: 'qc-repeat-1', disposition: 'DNC' },
      { systemCallId: 'qc-repeat-1', disposition: 'Sales' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      updated: 1,
      rejected: [{ index: 0, systemCallId: 'qc-repeat-1', errors: [{ field: 'systemCallId', message: 'systemCallId appears again at index 1 of this batch; that later result is the one applied' }] }],
    });
    expect((await rowFor('qc-repeat-1'))?.status).toBe('Sales');
  });
});
