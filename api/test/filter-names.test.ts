import { FILTER_DIMENSIONS } from '@callboard/contract';
import { getOk, ingestAll, makeCall, qs, INGEST_KEY } from './support/calls-fixtures';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

// GET /api/filters/{dimension}?ids=…: the names of a view's ids, for the chips of a view opened from a link.

type Option = { value: string; label: string; count: number };

let t: TestApp;
let member: SignedIn;
/** name → id, per table. */
const idsOf: Record<string, Map<string, string>> = {};
const DAY = { datePreset: 'custom', startDate: '2025-06-10T00:00', endDate: '2025-06-11T00:00' };

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  await signUp(t.app, 'Ada Admin');
  member = await signUp(t.app, 'Mo Member');
  await ingestAll(t.app, [
    makeCall('n-1', { campaignName: 'Names One', publisherName: 'Pub One', targetName: 'Tgt One', buyerName: 'Buy One' }),
    makeCall('n-2', { campaignName: 'Names One', publisherName: 'Pub Two', targetName: 'Tgt Two', buyerName: 'Buy Two' }),
    makeCall('n-3', { campaignName: 'Names Two', publisherName: 'Pub Two', targetName: 'Tgt Two', buyerName: 'Buy Two', callTimestamp: '2025-06-12T12:00:00-04:00' }),
  ]);
  for (const table of FILTER_DIMENSIONS) {
    const rows = await t.db.query<{ id: string; name: string }>(`SELECT id::text AS id, name FROM ${table}`);
    idsOf[table] = new Map(rows.map((r) => [r.name, r.id]));
  }
});
afterAll(() => t.close());

const id = (table: string, name: string) => idsOf[table]!.get(name)!;
const named = async (dimension: string, params: Record<string, string>) =>
  (await getOk(t.app, member.token, `/api/filters/${dimension}${qs(params)}`)).data[dimension] as Option[];

test('each picker answers exactly the ids asked, in their order, with their calls in the range', async () => {
  const [one, two] = [id('campaigns', 'Names One'), id('campaigns', 'Names Two')];
  expect(await named('campaigns', { ...DAY, ids: `${two},${one}` })).toEqual([
    { value: two, label: 'Names Two', count: 0 },
    { value: one, label: 'Names One', count: 2 },
  ]);
  expect(await named('publishers', { ...DAY, ids: id('publishers', 'Pub Two') })).toEqual([{ value: id('publishers', 'Pub Two'), label: 'Pub Two', count: 1 }]);
  expect(await named('targets', { ...DAY, ids: id('targets', 'Tgt One') })).toEqual([{ value: id('targets', 'Tgt One'), label: 'Tgt One', count: 1 }]);
  expect(await named('buyers', { datePreset: 'custom', startDate: '2025-06-10T00:00', endDate: '2025-06-13T00:00', ids: id('buyers', 'Buy Two') })).toEqual([
    { value: id('buyers', 'Buy Two'), label: 'Buy Two', count: 2 },
  ]);
});

test('ids that name nothing are left out; duplicates answered once; search and limit do not narrow the answer', async () => {
  const one = id('campaigns', 'Names One');
  const answer = await named('campaigns', { ...DAY, ids: `999999,${one},${one}`, search: 'nothing like it', limit: '1' });
  expect(answer.map((o) => o.label)).toEqual(['Names One']);
  expect(await named('campaigns', { ...DAY, ids: '' })).toEqual([]);
});

test('a wrong ids list is a 400 naming ids; the other filter params are still judged', async () => {
  for (const ids of ['1,x', '0', '-1', Array.from({ length: 1001 }, (_, i) => i + 1).join(',')]) {
    const response = await t.app.inject({ method: 'GET', url: `/api/filters/campaigns${qs({ ids })}`, headers: bearer(member.token) });
    expect([ids.slice(0, 10), response.statusCode, response.json().code, response.json().errors[0].field]).toEqual([ids.slice(0, 10), 400, 'VALIDATION_ERROR', 'ids']);
  }
  const badPreset = await t.app.inject({ method: 'GET', url: `/api/filters/buyers${qs({ ids: '1', datePreset: 'forever' })}`, headers: bearer(member.token) });
  expect(badPreset.statusCode).toBe(400);
  expect(badPreset.json().errors[0].field).toBe('datePreset');
});

test('signed in only', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/filters/campaigns?ids=1' })).statusCode).toBe(401);
});
