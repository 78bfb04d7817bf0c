/**
 * A partner account's own account routes (issue 34): it reads and changes its profile and password,
 * refreshes and signs out like anyone; the scorecard across sources stays closed to it (403).
 */
import { PARTNER_ROUTE_DENIED, REFRESH_COOKIE } from '@callboard/contract';
import { INGEST_KEY, ingestAll, makeCall } from './support/calls-fixtures';
import { partnerScope, signUpPartner, sourceIds, type PartnerSignedIn } from './support/partner-accounts';
import { bearer, buildTestApp, login, signUp, type TestApp } from './support/test-app';

let t: TestApp;
let publisherPartner: PartnerSignedIn;
let buyerPartner: PartnerSignedIn;

beforeAll(async () => {
  t = await buildTestApp({ ingestApiKey: INGEST_KEY });
  await signUp(t.app, 'Admin'); // the first account is the admin
  await ingestAll(t.app, [makeCall('acct-1', { publisherName: 'Publisher A', buyerName: 'Buyer A' })]);
  const ids = await sourceIds(t.db);
  publisherPartner = await signUpPartner(t.app, t.db, partnerScope('publisher', [ids.publisher['Publisher A']!], { historyFrom: '2025-06-01' }), 'Pat Publisher');
  buyerPartner = await signUpPartner(t.app, t.db, partnerScope('buyer', [ids.buyer['Buyer A']!]), 'Bea Buyer');
});
afterAll(() => t.close());

const getProfile = (token: string) => t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
const putProfile = (token: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload });
const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: cookie } });

test('a partner reads its own profile', async () => {
  for (const partner of [publisherPartner, buyerPartner]) {
    const response = await getProfile(partner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: partner.user.id, role: 'partner' });
  }
});

test('a partner changes its own name', async () => {
  const response = await putProfile(publisherPartner.token, { name: 'Pat Renamed' });
  expect(response.statusCode).toBe(200);
  expect(response.json().data).toMatchObject({ id: publisherPartner.user.id, name: 'Pat Renamed', role: 'partner' });
  expect((await getProfile(publisherPartner.token)).json().data.name).toBe('Pat Renamed');
});

test('a partner changes its own password: the new one signs in, its other sessions end, this one goes on', async () => {
  const ids = await sourceIds(t.db);
  const partner = await signUpPartner(t.app, t.db, partnerScope('buyer', [ids.buyer['Buyer A']!]), 'Password Partner');
  const other = await login(t.app, partner.user.email, partner.password);
  const response = await putProfile(partner.token, { currentPassword: partner.password, newPassword: 'a-new-partner-password-1' });
  expect(response.statusCode).toBe(200);
  expect((await refresh(other.refresh)).statusCode).toBe(401);
  expect((await getProfile(partner.token)).statusCode).toBe(200);
  // The sign-in's answer carries the scope, so the screens show the partner's view from the first paint.
  await expect(login(t.app, partner.user.email, 'a-new-partner-password-1')).resolves.toMatchObject({
    user: { role: 'partner', partnerScope: { kind: 'buyer', ids: [ids.buyer['Buyer A']] } },
  });
});

test('a partner refreshes its session and signs out; after that its token and cookie are refused', async () => {
  const ids = await sourceIds(t.db);
  const partner = await signUpPartner(t.app, t.db, partnerScope('publisher', [ids.publisher['Publisher A']!]), 'Leaving Partner');
  const renewed = await refresh(partner.refresh);
  expect(renewed.statusCode).toBe(200);
  expect(renewed.json().data.user.partnerScope).toMatchObject({ kind: 'publisher', ids: [ids.publisher['Publisher A']] });
  const { token } = renewed.json().data as { token: string };
  const cookie = renewed.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;
  expect((await getProfile(token)).statusCode).toBe(200);

  const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token), cookies: { [REFRESH_COOKIE]: cookie } });
  expect(out.statusCode).toBe(200);
  expect((await getProfile(token)).statusCode).toBe(401);
  expect((await refresh(cookie)).statusCode).toBe(401);
});

test('the scorecard across sources stays closed to partners of either kind (403), its file too', async () => {
  for (const partner of [publisherPartner, buyerPartner]) {
    const read = await t.app.inject({ url: '/api/scorecard?datePreset=all_time&groupBy=publisher', headers: bearer(partner.token) });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ success: false, message: PARTNER_ROUTE_DENIED });
    const file = await t.app.inject({ method: 'POST', url: '/api/scorecard/export', headers: bearer(partner.token), payload: { datePreset: 'all_time', groupBy: 'publisher', fmt: 'csv' } });
    expect(file.statusCode).toBe(403);
  }
});
