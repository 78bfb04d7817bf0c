import { DEFAULT_PARTNER_FIELDS, type PartnerScope } from '@callboard/contract';
import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn & { password: string };
let member: SignedIn & { password: string };
let publisherIds: number[];
let buyerIds: number[];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

const scopeOf = (overrides: Partial<PartnerScope> = {}): PartnerScope => ({
  kind: 'publisher',
  ids: [publisherIds[0]!, publisherIds[1]!],
  historyFrom: '2026-10-01',
  ...DEFAULT_PARTNER_FIELDS,
  ...overrides,
});

let emails = 0;
const newEmail = () => `partner${(emails += 1)}.${Math.random().toString(36).slice(2, 8)}@example.com`;

async function createPartner(scope: PartnerScope = scopeOf(), fields: Record<string, unknown> = {}) {
  const email = newEmail();
  const response = await call(admin.token, 'POST', '/api/users', { name: 'Blue Lead', email, password: 'partner-pw', role: 'partner', partnerScope: scope, ...fields });
  expect(response.statusCode).toBe(201);
  return { ...response.json().data, password: 'partner-pw' } as { id: string; email: string; password: string; partnerScope: PartnerScope };
}

const scopeRows = async (userId: string) => (await t.db.query('SELECT 1 FROM partner_scopes WHERE user_id = $1', [userId])).length;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUp(t.app, 'Alice Admin');
  member = await signUp(t.app, 'Mo Member');
  const insert = async (table: string, names: string[]) =>
    (await t.db.query<{ id: number }>(`INSERT INTO ${table} (name) SELECT unnest($1::text[]) RETURNING id`, [names])).map((r) => Number(r.id));
  publisherIds = await insert('publishers', ['Blue Lead Co', 'Blue Lead Two', 'Red Traffic']);
  buyerIds = await insert('buyers', ['Acme Insurance', 'Beta Solar']);
});
afterAll(() => t.close());

describe('partner accounts in the users API', () => {
  test('create: the scope is stored and answered by create, get, list and search', async () => {
    const partner = await createPartner(scopeOf({ ids: [publisherIds[1]!, publisherIds[0]!, publisherIds[1]!] }));
    const expected = scopeOf({ ids: [publisherIds[0]!, publisherIds[1]!].sort((a, b) => a - b) });
    expect(partner.partnerScope).toEqual(expected);
    expect((await call(admin.token, 'GET', `/api/users/${partner.id}`)).json().data.partnerScope).toEqual(expected);
    const listed = (await call(admin.token, 'GET', '/api/users')).json().data;
    expect(listed.find((u: { id: string }) => u.id === partner.id).partnerScope).toEqual(expected);
    expect(listed.find((u: { id: string }) => u.id === member.user.id)).not.toHaveProperty('partnerScope');
    const found = (await call(admin.token, 'GET', `/api/users/search?q=${encodeURIComponent(partner.email)}`)).json().data;
    expect(found[0].partnerScope).toEqual(expected);
  });

  test('validation: each problem under its field, nothing written', async () => {
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [{ role: 'partner' }, [{ field: 'partnerScope', message: 'A partner account needs a scope: its publishers or buyers, history start and fields' }]],
      [{ role: 'reviewer', partnerScope: scopeOf() }, [{ field: 'partnerScope', message: 'Only a partner account has a scope; remove it or choose the Partner role' }]],
      [{ role: 'partner', partnerScope: scopeOf({ kind: 'seller' as never }) }, [{ field: 'partnerScope.kind', message: 'Partner kind must be publisher or buyer' }]],
      [{ role: 'partner', partnerScope: scopeOf({ kind: 'buyer', ids: [] }) }, [{ field: 'partnerScope.ids', message: 'Choose at least one buyer' }]],
      [{ role: 'partner', partnerScope: scopeOf({ ids: ['1' as never] }) }, [{ field: 'partnerScope.ids', message: 'Publishers or buyers must be a list of ids' }]],
      [
        { role: 'partner', partnerScope: scopeOf({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }) },
        [{ field: 'partnerScope.ids', message: 'A partner account covers at most 100 publishers' }],
      ],
      [{ role: 'partner', partnerScope: scopeOf({ historyFrom: '2026-02-30' }) }, [{ field: 'partnerScope.historyFrom', message: 'History start must be a date (YYYY-MM-DD), or null for all history' }]],
      [{ role: 'partner', partnerScope: scopeOf({ callerId: 'last4' as never }) }, [{ field: 'partnerScope.callerId', message: 'Caller id must be full, masked or hidden' }]],
      [{ role: 'partner', partnerScope: scopeOf({ transcripts: 'yes' as never }) }, [{ field: 'partnerScope.transcripts', message: 'Must be true or false' }]],
      [{ role: 'partner', partnerScope: 'publisher' }, [{ field: 'partnerScope', message: expect.stringContaining('Scope must be an object') }]],
      [{ role: 'partner', partnerScope: scopeOf({ kind: 'buyer', ids: [buyerIds[0]!, 999_999] }) }, [{ field: 'partnerScope.ids', message: 'No buyer with id 999999' }]],
    ];
    for (const [fields, errors] of cases) {
      const email = newEmail();
      const response = await call(admin.token, 'POST', '/api/users', { name: 'X', email, password: 'partner-pw', ...fields });
      expect({ fields, status: response.statusCode, errors: response.json().errors }).toEqual({ fields, status: 400, errors });
      expect(await t.db.query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
    }
    // A buyer's id is no publisher's: the kind decides the table.
    const wrongKind = await call(admin.token, 'POST', '/api/users', { email: newEmail(), password: 'partner-pw', role: 'partner', partnerScope: scopeOf({ ids: [Math.max(...publisherIds) + 1000] }) });
    expect(wrongKind.json().errors[0].field).toBe('partnerScope.ids');
  });

  test('a scope that fails to be written leaves no user (one transaction)', async () => {
    await t.db.exec(`CREATE FUNCTION refuse_scope() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'scope refused'; END $$;
      CREATE TRIGGER refuse_scope BEFORE INSERT ON partner_scopes FOR EACH ROW EXECUTE FUNCTION refuse_scope();`);
    try {
      const email = newEmail();
      const response = await call(admin.token, 'POST', '/api/users', { email, password: 'partner-pw', role: 'partner', partnerScope: scopeOf() });
      expect(response.statusCode).toBe(500);
      expect(await t.db.query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
    } finally {
      await t.db.exec('DROP TRIGGER refuse_scope ON partner_scopes; DROP FUNCTION refuse_scope();');
    }
  });

  test('edit: a new scope applies; another role removes it; a user made partner with a scope', async () => {
    const partner = await createPartner();
    const edited = scopeOf({ kind: 'buyer', ids: [buyerIds[1]!], historyFrom: null, callerId: 'hidden', recordings: false, counterparty: true });
    const put = await call(admin.token, 'PUT', `/api/users/${partner.id}`, { email: partner.email, role: 'partner', partnerScope: edited });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.partnerScope).toEqual(edited);
    const missing = await call(admin.token, 'PUT', `/api/users/${partner.id}`, { email: partner.email, role: 'partner' });
    expect(missing.json().errors).toEqual([{ field: 'partnerScope', message: expect.stringContaining('needs a scope') }]);

    const demoted = await call(admin.token, 'PUT', `/api/users/${partner.id}`, { email: partner.email, role: 'user' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().data).not.toHaveProperty('partnerScope');
    expect(await scopeRows(partner.id)).toBe(0);

    const back = await call(admin.token, 'PUT', `/api/users/${partner.id}`, { email: partner.email, role: 'partner', partnerScope: scopeOf() });
    expect(back.json().data).toMatchObject({ role: 'partner', partnerScope: scopeOf() });
  });

  test('PATCH role: to partner needs the dialog; from partner removes the scope', async () => {
    const person = (await call(admin.token, 'POST', '/api/users', { email: newEmail(), password: 'person-pw', role: 'user' })).json().data;
    const refused = await call(admin.token, 'PATCH', `/api/users/${person.id}/role`, { role: 'partner' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'role', message: 'A partner account needs a scope: edit the user to choose Partner and set its scope' }]);

    const partner = await createPartner();
    const changed = await call(admin.token, 'PATCH', `/api/users/${partner.id}/role`, { role: 'reviewer' });
    expect(changed.json().data.role).toBe('reviewer');
    expect(await scopeRows(partner.id)).toBe(0);
  });

  test('the last-admin rule holds for the partner role too, and only admins manage partners', async () => {
    const lastAdmin = await call(admin.token, 'PUT', `/api/users/${admin.user.id}`, { email: admin.user.email, role: 'partner', partnerScope: scopeOf() });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().message).toBe('The last active admin cannot be demoted or deactivated');
    const byMember = await call(member.token, 'POST', '/api/users', { email: newEmail(), password: 'partner-pw', role: 'partner', partnerScope: scopeOf() });
    expect(byMember.statusCode).toBe(403);
  });

  test('a partner signing in reads as its scope; deactivation and a new scope apply at its next request', async () => {
    const partner = await createPartner();
    const session = await login(t.app, partner.email, partner.password);
    expect((await call(session.token, 'GET', '/api/stats?datePreset=last_30_days')).statusCode).toBe(200);
    expect((await call(session.token, 'GET', '/api/users')).statusCode).toBe(403);
    await call(admin.token, 'PUT', `/api/users/${partner.id}`, { email: partner.email, role: 'partner', active: false, partnerScope: partner.partnerScope });
    expect((await call(session.token, 'GET', '/api/stats?datePreset=last_30_days')).statusCode).toBe(401);
  });
});

describe('view as partner', () => {
  const viewAs = (token: string, id: string) => call(token, 'POST', `/api/users/${id}/view-as`);

  test('an admin views a partner read-only in its scope, audited, until Exit', async () => {
    const partner = await createPartner();
    const started = await viewAs(admin.token, partner.id);
    expect(started.statusCode).toBe(200);
    const payload = started.json().data;
    expect(payload.user).toMatchObject({ id: partner.id, role: 'partner', partnerScope: partner.partnerScope, viewAsBy: { id: admin.user.id, name: 'Alice Admin' } });
    expect(payload.expiresIn).toBe(900);

    // Reads go through in the partner's scope; the network's own areas and every write do not.
    const stats = await call(payload.token, 'GET', '/api/stats?datePreset=last_30_days');
    expect(stats.json()).toMatchObject({ success: true });
    const me = await call(payload.token, 'GET', '/api/auth/profile');
    expect(me.json().data).toMatchObject({ id: partner.id, role: 'partner', viewAsBy: { id: admin.user.id, name: 'Alice Admin' } });
    const users = await call(payload.token, 'GET', '/api/users');
    expect(users.statusCode).toBe(403);
    expect(users.json().message).toBe('Partner accounts cannot use this');
    for (const [method, url] of [['POST', '/api/users'], ['PUT', `/api/users/${partner.id}`], ['POST', `/api/users/${partner.id}/view-as`], ['PUT', '/api/auth/profile']] as const) {
      const write = await call(payload.token, method, url, {});
      expect({ url, status: write.statusCode, message: write.json().message }).toEqual({ url, status: 403, message: 'View as is read-only' });
    }

    const open = (await call(admin.token, 'GET', `/api/users/${partner.id}/view-as-log`)).json().data;
    expect(open).toEqual([
      { id: expect.any(String), adminId: admin.user.id, adminEmail: admin.user.email, partnerId: partner.id, startedAt: expect.any(String), endedAt: null, expiresAt: expect.any(String) },
    ]);

    const ended = await call(payload.token, 'DELETE', '/api/users/view-as');
    expect(ended.statusCode).toBe(200);
    const own = ended.json().data;
    expect(own.user).toMatchObject({ id: admin.user.id, role: 'admin' });
    expect(own.user).not.toHaveProperty('viewAsBy');
    expect((await call(own.token, 'GET', '/api/users')).statusCode).toBe(200);
    const closed = (await call(admin.token, 'GET', `/api/users/${partner.id}/view-as-log`)).json().data;
    expect(closed[0].endedAt).toEqual(expect.any(String));
    // The view's token stops at once; ending twice is refused.
    const after = await call(payload.token, 'GET', '/api/stats?datePreset=last_30_days');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('This view as a partner has ended');
    expect((await call(admin.token, 'DELETE', '/api/users/view-as')).statusCode).toBe(409);
  });

  test('only an admin, only an active partner; the partner deactivated or the admin signed out ends it', async () => {
    const partner = await createPartner();
    expect((await viewAs(member.token, partner.id)).statusCode).toBe(403);
    expect((await call(member.token, 'GET', `/api/users/${partner.id}/view-as-log`)).statusCode).toBe(403);
    const notPartner = await viewAs(admin.token, member.user.id);
    expect(notPartner.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'id', message: 'Only a partner account can be viewed as' }] });
    expect((await viewAs(admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const viewing = (await viewAs(admin.token, partner.id)).json().data.token;
    await call(admin.token, 'PUT', `/api/users/${partner.id}`, { email: partner.email, role: 'partner', active: false, partnerScope: partner.partnerScope });
    expect((await call(viewing, 'GET', '/api/stats?datePreset=last_30_days')).statusCode).toBe(401);
    expect((await viewAs(admin.token, partner.id)).statusCode).toBe(409);

    // A second admin's view ends with that admin's session (sign-out).
    const other = await createPartner();
    const second = (await call(admin.token, 'POST', '/api/users', { name: 'Second Admin', email: newEmail(), password: 'second-pw', role: 'admin' })).json().data;
    const secondSession = await login(t.app, second.email, 'second-pw');
    const secondView = (await viewAs(secondSession.token, other.id)).json().data.token;
    expect((await call(secondView, 'GET', '/api/stats?datePreset=last_30_days')).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(secondSession.token) });
    expect((await call(secondView, 'GET', '/api/stats?datePreset=last_30_days')).statusCode).toBe(401);
  });

  test('a plain partner cannot end or start a view', async () => {
    const partner = await createPartner();
    const session = await login(t.app, partner.email, partner.password);
    expect((await call(session.token, 'DELETE', '/api/users/view-as')).statusCode).toBe(403);
    expect((await viewAs(session.token, partner.id)).statusCode).toBe(403);
  });
});
