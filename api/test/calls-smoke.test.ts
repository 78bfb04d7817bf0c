import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

const KEY = 'test-ingest-key-0123456789abcdef';
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: KEY });
  admin = await signUp(t.app);
});
afterAll(() => t.close());

test('ingest, then stats, records and filters agree', async () => {
  const now = new Date();
  const calls = Array.from({ length: 30 }, (_, i) => ({
    systemCallId: `smoke-${i}`,
    callTimestamp: new Date(now.getTime() - i * 60_000).toISOString(),
    callerId: `+1555000${String(i).padStart(4, '0')}`,
    campaignName: i % 2 ? 'Medicare' : 'ACA',
    publisherName: `Pub ${i % 3}`,
    targetName: i % 5 === 0 ? null : 'Target A',
    buyerName: i % 5 === 0 ? null : 'Buyer A',
    durationSec: i % 5 === 0 ? 0 : 60 + i,
    revenue: i % 4 === 0 ? '25.50' : 0,
    payout: 10,
    qc: { disposition: ['sales', 'Voicemail', 'DNC', 'Weird'][i % 4] as string, reason: 'because' },
  }));
  const ingest = await t.app.inject({ method: 'POST', url: '/api/ingest/calls', headers: { 'x-api-key': KEY }, payload: { calls } });
  expect(ingest.statusCode).toBe(200);
  expect(ingest.json().data).toEqual({ inserted: 30, updated: 0, rejected: [] });

  const stats = (await t.app.inject({ url: '/api/stats?datePreset=last_2_days', headers: bearer(admin.token) })).json().data;
  expect(stats.totalCalls).toBe(30);
  expect(stats.dispositions.find((d: { disposition: string }) => d.disposition === 'Sales')).toEqual({ disposition: 'Sales', count: 8, percentage: 26.67 });
  expect(stats.flags.rejectedUnknownCount).toBe(7);
  expect(stats.flags.redNoConnectCount).toBe(6);

  const records = (await t.app.inject({ url: '/api/calls/records?datePreset=last_2_days&limit=10&page=2', headers: bearer(admin.token) })).json();
  expect(records.meta).toEqual({ total: 30, page: 2, pages: 3, limit: 10, nextCursor: expect.stringMatching(/^\d+\.\d+$/) });
  expect(records.data[0].systemCallId).toBe('smoke-10');
  // The next page by the cursor is page 3.
  const after = (await t.app.inject({ url: `/api/calls/records?datePreset=last_2_days&limit=10&cursor=${records.meta.nextCursor}`, headers: bearer(admin.token) })).json();
  const third = (await t.app.inject({ url: '/api/calls/records?datePreset=last_2_days&limit=10&page=3', headers: bearer(admin.token) })).json();
  expect(after.data.map((c: { id: string }) => c.id)).toEqual(third.data.map((c: { id: string }) => c.id));

  const detail = (await t.app.inject({ url: `/api/calls/records/${records.data[0].id}`, headers: bearer(admin.token) })).json().data;
  expect(detail).toMatchObject({ systemCallId: 'smoke-10', status: 'DNC', qc: { disposition: 'DNC', reason: 'because' }, audit: [] });

  const pubs = (await t.app.inject({ url: '/api/filters/publishers?datePreset=last_2_days', headers: bearer(admin.token) })).json().data.publishers;
  expect(pubs.map((p: { count: number }) => p.count).reduce((a: number, b: number) => a + b, 0)).toBe(30);
});
