import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn & { password: string };
let member: SignedIn & { password: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUp(t.app, 'Alice Admin'); // first account: admin
  member = await signUp(t.app, 'Mo Member');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: SignedIn | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? bearer(who.token) : {} });

async function createUser(fields: Record<string, unknown> = {}) {
  const email = `u${Math.random().toString(36).slice(2, 10)}@example.com`;
  const response = await call(admin, 'POST', '/api/users', { name: 'New Person', email, password: 'secret-new', role: 'user', ...fields });
  expect(response.statusCode).toBe(201);
  return { ...response.json().data, password: 'secret-new' };
}

/** Every key of a JSON value, at any depth. */
function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysDeep(v)]);
  return [];
}

describe('reading', () => {
  test('list: newest first, pageInfo, limit and page', async () => {
    for (let i = 0; i < 3; i += 1) await createUser({ name: `Paging ${i}` });
    const response = await call(member, 'GET', '/api/users?limit=2&page=2');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(5);
    expect(body.pageInfo).toEqual({ currentPage: 2, totalPages: Math.ceil(body.total / 2), hasNext: true, hasPrev: true });
    const first = (await call(member, 'GET', '/api/users')).json();
    expect(first.data[0].name).toBe('Paging 2');
    expect(first.data.length).toBe(Math.min(50, first.total));
  });

  test('search matches name, email or role, case-insensitively, with wildcards taken literally', async () => {
    await createUser({ name: 'Zed Quinlan' });
    expect((await call(member, 'GET', '/api/users?search=quinlan')).json().data.map((u: { name: string }) => u.name)).toEqual(['Zed Quinlan']);
    const admins = (await call(member, 'GET', '/api/users?search=ADMIN')).json();
    expect(admins.data.every((u: { role: string; name: string; email: string }) => u.role === 'admin' || /admin/i.test(u.name + u.email))).toBe(true);
    expect(admins.total).toBeGreaterThanOrEqual(1);
    expect((await call(member, 'GET', '/api/users?search=%25')).json().total).toBe(0);
    expect((await call(member, 'GET', '/api/users?search=_')).json().total).toBe(0);
  });

  test('bad query parameters get a 400 that says what is wrong', async () => {
    for (const [query, field] of [['limit=abc', 'limit'], ['limit=0', 'limit'], ['limit=101', 'limit'], ['page=0', 'page']]) {
      const response = await call(member, 'GET', `/api/users?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.json().errors[0].field).toBe(field);
    }
    expect((await call(member, 'GET', '/api/users?limit=abc')).json().message).toBe('limit must be an integer');
    expect((await call(member, 'GET', `/api/users?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  test('a page past the end is empty with the right totals', async () => {
    const body = (await call(member, 'GET', '/api/users?page=999')).json();
    expect(body.data).toEqual([]);
    expect(body.pageInfo.hasNext).toBe(false);
    expect(body.pageInfo.currentPage).toBe(999);
  });

  test('one user by id; unknown id 404; malformed id 400', async () => {
    const response = await call(member, 'GET', `/api/users/${admin.user.id}`);
    expect(response.json().data).toEqual(admin.user);
    const missing = await call(member, 'GET', '/api/users/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    const malformed = await call(member, 'GET', '/api/users/123');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('id must be a valid id');
  });

  test('roles and search endpoints', async () => {
    expect((await call(member, 'GET', '/api/users/roles')).json()).toEqual({
      success: true,
      data: [{ value: 'user', label: 'User' }, { value: 'reviewer', label: 'Reviewer' }, { value: 'admin', label: 'Admin' }, { value: 'partner', label: 'Partner' }],
    });
    const found = (await call(member, 'GET', '/api/users/search?q=alice')).json();
    expect(found.data.map((u: { id: string }) => u.id)).toEqual([admin.user.id]);
    expect((await call(member, 'GET', '/api/users/search')).statusCode).toBe(400);
  });

  test('no response carries a password hash or any other secret', async () => {
    const bodies = await Promise.all([
      call(member, 'GET', '/api/users'),
      call(member, 'GET', `/api/users/${member.user.id}`),
      call(member, 'GET', '/api/users/search?q=a'),
      call(member, 'GET', '/api/auth/profile'),
    ]);
    const created = await call(admin, 'POST', '/api/users', { email: 'secretless@example.com', password: 'secret-x', role: 'user' });
    for (const response of [...bodies, created]) {
      expect(keysDeep(response.json()).filter((k) => /pass|hash|salt|secret|token/i.test(k))).toEqual([]);
    }
  });
});

describe('permissions', () => {
  test('signed out: 401 everywhere', async () => {
    const target = `/api/users/${member.user.id}`;
    for (const [method, url] of [
      ['GET', '/api/users'], ['GET', target], ['GET', '/api/users/roles'], ['GET', '/api/users/search?q=a'],
      ['POST', '/api/users'], ['PUT', target], ['DELETE', target], ['PATCH', `${target}/role`],
    ] as Array<[Method, string]>) {
      const response = await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 401 });
    }
  });

  test('a user: writes to others and role changes are 403 (never 401), and nothing changes', async () => {
    const other = await createUser({ name: 'Other Person' });
    const attempts: Array<[Method, string, object | undefined]> = [
      ['POST', '/api/users', { email: 'sneaky@example.com', password: 'secret-1', role: 'admin' }],
      ['PUT', `/api/users/${other.id}`, { name: 'Hacked', email: other.email, role: 'user' }],
      ['DELETE', `/api/users/${other.id}`, undefined],
      ['PATCH', `/api/users/${other.id}/role`, { role: 'admin' }],
      ['PATCH', `/api/users/${member.user.id}/role`, { role: 'admin' }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(member, method, url, payload);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect((await call(admin, 'GET', `/api/users/${other.id}`)).json().data).toMatchObject({ name: 'Other Person', role: 'user' });
    expect((await call(admin, 'GET', '/api/users/search?q=sneaky')).json().data).toEqual([]);
  });

  test('a user may change their own name and password, but not their role, status or email', async () => {
    const self = await createUser({ name: 'Self Editor' });
    const me = await login(t.app, self.email, self.password);
    const rename = await call(me, 'PUT', `/api/users/${self.id}`, { name: 'Renamed Self', email: self.email, password: '', role: 'user' });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().data.name).toBe('Renamed Self');
    for (const change of [{ role: 'admin' }, { active: false }, { email: 'new-address@example.com' }]) {
      const response = await call(me, 'PUT', `/api/users/${self.id}`, { name: 'X', email: self.email, role: 'user', ...change });
      expect(response.statusCode).toBe(403);
    }
    expect((await call(me, 'GET', `/api/users/${self.id}`)).json().data).toMatchObject({ name: 'Renamed Self', role: 'user', active: true });
  });
});

describe('writing as admin', () => {
  test("create: the user form's messages", async () => {
    const cases: Array<[object, Array<{ field: string; message: string }>]> = [
      [{}, [
        { field: 'email', message: 'Email is required' },
        { field: 'password', message: 'Password is required' },
        { field: 'role', message: 'Role is required' },
      ]],
      [{ email: 'bad', password: '123', role: 'boss' }, [
        { field: 'email', message: 'Email is invalid' },
        { field: 'password', message: 'Password must be at least 6 characters' },
        { field: 'role', message: 'Role must be user, reviewer, admin or partner' },
      ]],
    ];
    for (const [payload, errors] of cases) {
      const response = await call(admin, 'POST', '/api/users', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
  });

  test('create: success message, the new user can sign in, a taken email is 409, extra fields are ignored', async () => {
    const response = await call(admin, 'POST', '/api/users', {
      name: '', email: 'Fresh@Example.com', password: 'fresh-pass', role: 'admin', active: false, password_hash: 'x',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: 'User created successfully', data: { name: '', email: 'fresh@example.com', role: 'admin', active: true } });
    await expect(login(t.app, 'fresh@example.com', 'fresh-pass')).resolves.toBeDefined();
    const again = await call(admin, 'POST', '/api/users', { email: 'FRESH@example.com', password: 'fresh-pass', role: 'user' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Email is already registered');
  });

  test('update: an empty password keeps the current one; a new one replaces it', async () => {
    const user = await createUser();
    const keep = await call(admin, 'PUT', `/api/users/${user.id}`, { name: 'Kept', email: user.email, password: '', role: 'user' });
    expect(keep.json()).toMatchObject({ success: true, message: 'User updated successfully', data: { name: 'Kept' } });
    await expect(login(t.app, user.email, user.password)).resolves.toBeDefined();
    await call(admin, 'PUT', `/api/users/${user.id}`, { name: 'Kept', email: user.email, password: 'brand-new-pw', role: 'user' });
    await expect(login(t.app, user.email, user.password)).rejects.toThrow(/401/);
    await expect(login(t.app, user.email, 'brand-new-pw')).resolves.toBeDefined();
  });

  test('update: email collision 409, unknown user 404, validation 400', async () => {
    const user = await createUser();
    expect((await call(admin, 'PUT', `/api/users/${user.id}`, { email: admin.user.email, role: 'user' })).statusCode).toBe(409);
    expect((await call(admin, 'PUT', '/api/users/00000000-0000-4000-8000-000000000000', { email: 'x@example.com', role: 'user' })).statusCode).toBe(404);
    const invalid = await call(admin, 'PUT', `/api/users/${user.id}`, { email: '', role: 'user', password: '123' });
    expect(invalid.json().errors).toEqual([
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password must be at least 6 characters' },
    ]);
  });

  test('patch role and delete', async () => {
    const user = await createUser();
    const promoted = await call(admin, 'PATCH', `/api/users/${user.id}/role`, { role: 'admin' });
    expect(promoted.json().data.role).toBe('admin');
    expect((await call(admin, 'PATCH', `/api/users/${user.id}/role`, { role: 'owner' })).statusCode).toBe(400);
    const deleted = await call(admin, 'DELETE', `/api/users/${user.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'User deleted successfully' });
    expect((await call(admin, 'GET', `/api/users/${user.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/users/${user.id}`)).statusCode).toBe(404);
  });

  test('an admin cannot delete their own account', async () => {
    const response = await call(admin, 'DELETE', `/api/users/${admin.user.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You cannot delete your own account');
  });
});

describe('the last active admin', () => {
  test('cannot be demoted, deactivated or deleted; with a second admin it can', async () => {
    const solo = await buildTestApp();
    try {
      const boss = await signUp(solo.app, 'Only Admin');
      const as = (method: Method, url: string, payload?: object) =>
        solo.app.inject({ method, url, payload, headers: bearer(boss.token) });
      const id = boss.user.id;
      const demote = await as('PATCH', `/api/users/${id}/role`, { role: 'user' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toMatchObject({ code: 'CONFLICT', message: 'The last active admin cannot be demoted' });
      const deactivate = await as('PUT', `/api/users/${id}`, { name: 'Only Admin', email: boss.user.email, role: 'admin', active: false });
      expect(deactivate.statusCode).toBe(409);
      expect(deactivate.json().message).toBe('The last active admin cannot be demoted or deactivated');
      const demoteByPut = await as('PUT', `/api/users/${id}`, { name: 'Only Admin', email: boss.user.email, role: 'user' });
      expect(demoteByPut.statusCode).toBe(409);

      const second = (await as('POST', '/api/users', { email: 'second-admin@example.com', password: 'secret-2', role: 'admin' })).json().data;
      const secondSession = await login(solo.app, 'second-admin@example.com', 'secret-2');
      // An inactive admin does not count as "another active admin".
      await as('PUT', `/api/users/${second.id}`, { email: second.email, role: 'admin', active: false });
      expect((await as('PATCH', `/api/users/${id}/role`, { role: 'user' })).statusCode).toBe(409);
      await as('PUT', `/api/users/${second.id}`, { email: second.email, role: 'admin', active: true });
      expect((await as('PATCH', `/api/users/${id}/role`, { role: 'user' })).statusCode).toBe(200);
      // The second admin is now the last one.
      const fresh = await login(solo.app, 'second-admin@example.com', 'secret-2');
      expect(secondSession.token).not.toBe(fresh.token);
      const deleteLast = await solo.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: bearer(fresh.token) });
      expect(deleteLast.statusCode).toBe(200);
      const lastDelete = await solo.app.inject({ method: 'DELETE', url: `/api/users/${second.id}`, headers: bearer(fresh.token) });
      expect(lastDelete.statusCode).toBe(409);
    } finally {
      await solo.close();
    }
  });
});

describe('revocation: the very next request with an old token is 401', () => {
  const profileStatus = async (token: string) =>
    (await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) })).statusCode;

  test.each([
    ['password change', (u: { id: string; email: string }) => call(admin, 'PUT', `/api/users/${u.id}`, { email: u.email, role: 'user', password: 'changed-pw' })],
    ['role change (PATCH)', (u: { id: string }) => call(admin, 'PATCH', `/api/users/${u.id}/role`, { role: 'admin' })],
    ['role change (PUT)', (u: { id: string; email: string }) => call(admin, 'PUT', `/api/users/${u.id}`, { email: u.email, role: 'admin' })],
    ['deactivation', (u: { id: string; email: string }) => call(admin, 'PUT', `/api/users/${u.id}`, { email: u.email, role: 'user', active: false })],
    ['deletion', (u: { id: string }) => call(admin, 'DELETE', `/api/users/${u.id}`)],
  ])('after %s', async (_what, change) => {
    const user = await createUser();
    const session = await login(t.app, user.email, user.password);
    expect(await profileStatus(session.token)).toBe(200);
    expect((await change(user)).statusCode).toBe(200);
    expect(await profileStatus(session.token)).toBe(401);
  });

  test('a name change alone keeps the session', async () => {
    const user = await createUser();
    const session = await login(t.app, user.email, user.password);
    await call(admin, 'PUT', `/api/users/${user.id}`, { name: 'Just Renamed', email: user.email, role: 'user' });
    expect(await profileStatus(session.token)).toBe(200);
  });

  test('a deactivated user cannot sign in; reactivated, they can', async () => {
    const user = await createUser();
    await call(admin, 'PUT', `/api/users/${user.id}`, { email: user.email, role: 'user', active: false });
    await expect(login(t.app, user.email, user.password)).rejects.toThrow(/401/);
    await call(admin, 'PUT', `/api/users/${user.id}`, { email: user.email, role: 'user', active: true });
    await expect(login(t.app, user.email, user.password)).resolves.toBeDefined();
  });
});
