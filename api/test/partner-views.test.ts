/**
 * Saved views of partner accounts (issue 34 item 2): private to the partner. A partner cannot share one
 * (400 naming `shared`), never sees the team's shared views (not listed, 404 by id, not a default), and
 * the network's people never see a partner's views, even one shared before its owner became a partner.
 */
import { API_PATHS, VIEW_MESSAGES, viewDefaultPath, viewPath, type SavedView } from '@callboard/contract';
import { partnerScope, signUpPartner, type PartnerSignedIn } from './support/partner-accounts';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { savePartnerScope } from '../src/domain/partners/partner-scopes-repository';

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let partner: PartnerSignedIn;
let otherPartner: PartnerSignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUp(t.app, 'Alice Admin'); // first account: admin
  member = await signUp(t.app, 'Mo Member');
  // No call needs to exist: a scope names ids, and views read no calls.
  partner = await signUpPartner(t.app, t.db, partnerScope('publisher', [1]), 'Pat Partner');
  otherPartner = await signUpPartner(t.app, t.db, partnerScope('buyer', [1]), 'Bo Buyer Partner');
}, 60_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedIn, method: Method, url: string, payload?: object) => t.app.inject({ method, url, payload, headers: bearer(who.token) });

let named = 0;
const uniqueName = (base = 'View') => `${base} ${(named += 1)}`;

async function save(who: SignedIn, fields: Record<string, unknown> = {}): Promise<SavedView> {
  const response = await call(who, 'POST', API_PATHS.views, { name: uniqueName(), area: 'reporting', query: 'datePreset=last_7_days', ...fields });
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

const listed = async (who: SignedIn) => {
  const response = await call(who, 'GET', API_PATHS.views);
  expect(response.statusCode).toBe(200);
  return (response.json().data as SavedView[]).map((v) => v.id);
};

const refusedSharing = { success: false, code: 'VALIDATION_ERROR', errors: [{ field: 'shared', message: VIEW_MESSAGES.partnerCannotShare }] };

test('a partner keeps views of its own, private, and makes one its default', async () => {
  const mine = await save(partner, { area: 'callLogs' });
  expect(mine).toMatchObject({ shared: false, ownerId: partner.user.id });
  expect(await listed(partner)).toContain(mine.id);
  const renamed = await call(partner, 'PUT', viewPath(mine.id), { name: uniqueName('Renamed') });
  expect(renamed.statusCode).toBe(200);
  const defaults = await call(partner, 'PUT', viewDefaultPath('callLogs'), { viewId: mine.id });
  expect(defaults.statusCode).toBe(200);
  expect(defaults.json().data.callLogs).toMatchObject({ id: mine.id });
  expect((await call(partner, 'GET', `${API_PATHS.views}/defaults`)).json().data.callLogs).toMatchObject({ id: mine.id });
  expect((await call(partner, 'DELETE', viewPath(mine.id))).statusCode).toBe(200);
});

test('a partner cannot share a view: 400 naming shared, on saving and on changing', async () => {
  const created = await call(partner, 'POST', API_PATHS.views, { name: uniqueName(), area: 'reporting', query: '', shared: true });
  expect(created.statusCode).toBe(400);
  expect(created.json()).toMatchObject(refusedSharing);
  const mine = await save(partner);
  const changed = await call(partner, 'PUT', viewPath(mine.id), { shared: true });
  expect(changed.statusCode).toBe(400);
  expect(changed.json()).toMatchObject(refusedSharing);
  expect((await call(partner, 'GET', API_PATHS.views)).json().data.find((v: SavedView) => v.id === mine.id)).toMatchObject({ shared: false });
});

test('the team’s shared views are not listed to a partner, and by id they do not exist (404)', async () => {
  const teams = await save(member, { shared: true });
  expect(await listed(admin)).toContain(teams.id);
  expect(await listed(partner)).not.toContain(teams.id);
  expect((await call(partner, 'PUT', viewPath(teams.id), { name: uniqueName() })).statusCode).toBe(404);
  expect((await call(partner, 'DELETE', viewPath(teams.id))).statusCode).toBe(404);
  const asDefault = await call(partner, 'PUT', viewDefaultPath('reporting'), { viewId: teams.id });
  expect(asDefault.statusCode).toBe(404);
  expect(asDefault.json().message).toBe(VIEW_MESSAGES.notFound);
});

test('the network’s people never see a partner’s view, nor does another partner', async () => {
  const mine = await save(partner);
  for (const who of [admin, member, otherPartner]) {
    expect(await listed(who)).not.toContain(mine.id);
    expect((await call(who, 'PUT', viewPath(mine.id), { name: uniqueName() })).statusCode).toBe(404);
    expect((await call(who, 'DELETE', viewPath(mine.id))).statusCode).toBe(404);
    expect((await call(who, 'PUT', viewDefaultPath('reporting'), { viewId: mine.id })).statusCode).toBe(404);
  }
  expect(await listed(partner)).toContain(mine.id);
});

test('a person made a partner: its shared views leave the team’s menu and defaults at once, and become private when it changes them', async () => {
  const former = await signUp(t.app, 'Fran Former Analyst');
  const shared = await save(former, { shared: true });
  expect((await call(member, 'PUT', viewDefaultPath('reporting'), { viewId: shared.id })).statusCode).toBe(200);
  expect(await listed(member)).toContain(shared.id);

  await t.db.transaction(async (tx) => {
    await tx.query(`UPDATE users SET role = 'partner' WHERE id = $1`, [former.user.id]);
    await savePartnerScope(tx, former.user.id, partnerScope('publisher', [1]));
  });
  expect(await listed(member)).not.toContain(shared.id);
  expect((await call(member, 'GET', `${API_PATHS.views}/defaults`)).json().data.reporting).toBeNull();
  expect((await call(admin, 'DELETE', viewPath(shared.id))).statusCode).toBe(404);

  expect(await listed(former)).toContain(shared.id);
  const changed = await call(former, 'PUT', viewPath(shared.id), { name: uniqueName('Now private') });
  expect(changed.statusCode).toBe(200);
  expect(changed.json().data).toMatchObject({ shared: false });
});
