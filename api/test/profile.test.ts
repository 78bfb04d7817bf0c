/**
 * PUT /api/auth/profile: the signed-in person changes their own name, avatar and password, whatever
 * their role. Each field is checked with the words the Profile dialog shows (validateProfileUpdate); a
 * new password follows the rules of changing your own password through PUT /api/users/{id} (the current
 * one, counted on the session it comes from; the other sessions end, this one goes on); email and role are refused.
 */
import { REFRESH_COOKIE } from '@callboard/contract';
import { bearer, buildTestApp, login, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let admin: SignedIn & { password: string };

beforeAll(async () => {
  // The production limit per address and email, so the test can see a wrong current password counted.
  t = await buildTestApp({ limits: { loginFailures: 5 } });
  admin = await signUp(t.app, 'Alice Admin'); // first account: admin
});
afterAll(() => t.close());

const putProfile = (who: SignedIn | null, payload?: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: payload as object, headers: who ? bearer(who.token) : {} });
const getProfile = (token: string) => t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
const refreshStatus = async (refresh: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: refresh } })).statusCode;
const signInStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;

function validationError(field: string, message: string) {
  return { success: false, code: 'VALIDATION_ERROR', message, errors: [{ field, message }] };
}

describe('who may use it', () => {
  test('every role changes their own name, and only their own', async () => {
    const member = await signUp(t.app, 'Mo Member');
    for (const [who, name] of [[admin, 'Alice Renamed'], [member, 'Mo Renamed']] as const) {
      const response = await putProfile(who, { name });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Profile updated',
        data: { ...who.user, name },
      });
    }
    expect((await getProfile(admin.token)).json().data.name).toBe('Alice Renamed');
    expect((await getProfile(member.token)).json().data).toMatchObject({ name: 'Mo Renamed', role: 'user' });
  });

  test('signed out: 401', async () => {
    const response = await putProfile(null, { name: 'Nobody' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('name', () => {
  test('trimmed, and seen at once in GET /api/auth/profile and in the users list', async () => {
    const me = await signUp(t.app, 'Before Rename');
    const response = await putProfile(me, { name: '  Quentin Quarrington  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Quentin Quarrington');

    expect((await getProfile(me.token)).json().data.name).toBe('Quentin Quarrington');
    const listed = await t.app.inject({ url: '/api/users?search=quarrington', headers: bearer(admin.token) });
    expect(listed.json().data).toEqual([expect.objectContaining({ id: me.user.id, name: 'Quentin Quarrington', email: me.user.email })]);
  });

  test.each([
    ['', 'Full name is required'],
    ['   ', 'Full name is required'],
    ['n'.repeat(101), 'Name must be at most 100 characters'],
  ])('%j: 400 naming the field, and nothing changes', async (name, message) => {
    const me = await signUp(t.app, 'Keeps Name');
    const response = await putProfile(me, { name });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('name', message));
    expect((await getProfile(me.token)).json().data.name).toBe('Keeps Name');
  });

  test('100 characters after trimming are allowed', async () => {
    const me = await signUp(t.app, 'Long Name');
    const response = await putProfile(me, { name: ` ${'n'.repeat(100)} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('n'.repeat(100));
  });

  test('not text: 400 naming the field', async () => {
    const me = await signUp(t.app);
    const response = await putProfile(me, { name: { first: 'Ada' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'name', message: 'name must be a string' }] });
  });
});

describe('avatar', () => {
  test('an http(s) URL is set, null removes it, and a name change leaves it alone', async () => {
    const me = await signUp(t.app, 'Ava Tar');
    const url = 'https://cdn.example.com/avatars/ava.png';
    expect((await putProfile(me, { avatar: url })).json().data.avatar).toBe(url);
    expect((await getProfile(me.token)).json().data.avatar).toBe(url);
    expect((await putProfile(me, { name: 'Ava Renamed' })).json().data).toMatchObject({ name: 'Ava Renamed', avatar: url });
    expect((await putProfile(me, { avatar: 'http://example.com/a.png' })).json().data.avatar).toBe('http://example.com/a.png');
    const removed = await putProfile(me, { avatar: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ name: 'Ava Renamed', avatar: null });
  });

  test.each(['', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.com/a.png', '//example.com/a.png'])(
    '%j: 400, http(s) only',
    async (avatar) => {
      const me = await signUp(t.app);
      const response = await putProfile(me, { avatar });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(validationError('avatar', 'Avatar URL must start with http:// or https://'));
      expect((await getProfile(me.token)).json().data.avatar).toBeNull();
    },
  );

  test('past 2000 characters: 400', async () => {
    const me = await signUp(t.app);
    const base = 'https://example.com/';
    expect((await putProfile(me, { avatar: base + 'a'.repeat(2000 - base.length) })).statusCode).toBe(200);
    const response = await putProfile(me, { avatar: base + 'a'.repeat(2001 - base.length) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('avatar', 'Avatar URL must be at most 2000 characters'));
  });

  test('the same rule as the users API: what one refuses, the other refuses too', async () => {
    const me = await signUp(t.app);
    const viaUsers = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.user.id}`,
      payload: { name: me.user.name, email: me.user.email, role: 'user', avatar: 'javascript:alert(1)' },
      headers: bearer(me.token),
    });
    expect(viaUsers.statusCode).toBe(400);
    expect(viaUsers.json().errors).toEqual([expect.objectContaining({ field: 'avatar' })]);
  });
});

describe('what cannot be sent', () => {
  test.each([
    [{ email: 'someone.else@example.com' }, 'email', 'Email cannot be changed in your profile; an admin can change it'],
    [{ role: 'admin' }, 'role', 'Role cannot be changed in your profile; an admin can change it'],
  ])('%j: 400 naming the field, and nothing changes', async (fields, field, message) => {
    const me = await signUp(t.app, 'Plain User');
    const response = await putProfile(me, { name: 'Sneaky Rename', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError(field, message));
    expect((await getProfile(me.token)).json().data).toMatchObject({ name: 'Plain User', email: me.user.email, role: 'user' });
  });

  test('even your own email and role unchanged are refused: the client expects them applied', async () => {
    const response = await putProfile(admin, { email: admin.user.email, role: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual(['email', 'role']);
  });

  test('`password`, the users API\'s name for a new one: 400 rather than a change that silently changes nothing', async () => {
    const me = await signUp(t.app);
    const response = await putProfile(me, { name: 'Other Field', password: 'a-new-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('password', 'Send a new password as newPassword, with currentPassword'));
    expect(await signInStatus(me.user.email, 'a-new-password')).toBe(401);
  });

  test('any other field is dropped, as everywhere in this API: an account cannot deactivate itself here', async () => {
    const me = await signUp(t.app);
    const response = await putProfile(me, { name: 'Still Active', active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Still Active', active: true });
    expect((await getProfile(me.token)).statusCode).toBe(200);
  });

  test('no body: 400 under body', async () => {
    const me = await signUp(t.app);
    const response = await putProfile(me);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'body' }] });
  });

  test.each([
    ['an empty object', {}],
    ['an empty new password alone', { newPassword: '' }],
    ['only fields that are dropped', { active: true }],
  ])('%s: 400, nothing to change', async (_label, payload) => {
    const me = await signUp(t.app);
    const response = await putProfile(me, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('body', 'Nothing to change: give a name, an avatar or a new password'));
  });
});

describe('a new password', () => {
  test('without the current one: 400 naming the field, and nothing changes', async () => {
    const me = await signUp(t.app, 'Missing Current');
    for (const currentPassword of [undefined, '']) {
      const response = await putProfile(me, { name: 'Not Applied', newPassword: 'brand-new-pw', currentPassword });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(validationError('currentPassword', 'Current password is required'));
    }
    expect(await signInStatus(me.user.email, me.password)).toBe(200);
    expect((await getProfile(me.token)).json().data.name).toBe('Missing Current');
  });

  test('a current password without a new one: 400 under newPassword', async () => {
    const me = await signUp(t.app);
    const response = await putProfile(me, { name: 'Forgot The New One', currentPassword: me.password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('newPassword', 'New password is required'));
  });

  test.each([
    ['abc12', 'Password must be at least 6 characters'],
    ['p'.repeat(257), 'Password must be at most 256 characters'],
  ])('of the wrong length (%#): 400 under newPassword', async (newPassword, message) => {
    const me = await signUp(t.app);
    const response = await putProfile(me, { currentPassword: me.password, newPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('newPassword', message));
    expect(await signInStatus(me.user.email, me.password)).toBe(200);
  });

  test("a wrong current password: 403 naming the field, counted on this session's own count, nothing changed", async () => {
    const me = await signUp(t.app, 'Wrong Current');
    // Ten wrong current passwords: the session's ten an hour (sign-in-throttle.ts's DEVICE_SIGN_IN_LIMITS).
    for (let i = 0; i < 10; i += 1) {
      const response = await putProfile(me, { name: 'Not Applied', currentPassword: `guess-${i}`, newPassword: 'brand-new-pw' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'Current password is incorrect',
        errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      });
    }
    // The limit is reached: the right current password is refused unchecked from this session; signing in is not slowed.
    const refused = await putProfile(me, { currentPassword: me.password, newPassword: 'brand-new-pw' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many failed sign-in attempts; try again in \d+ seconds$/);
    expect(await signInStatus(me.user.email, me.password)).toBe(200);
    // No wrong guess changed the name or ended the session.
    const profile = await getProfile(me.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.name).toBe('Wrong Current');
  });

  test('the right one: 200 with the other changes; every other session ends, this one goes on', async () => {
    const me = await signUp(t.app, 'Right Current');
    const elsewhere = await login(t.app, me.user.email, me.password);
    expect((await getProfile(elsewhere.token)).statusCode).toBe(200);

    const response = await putProfile(me, { name: 'Right And Renamed', currentPassword: me.password, newPassword: 'brand-new-pw' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Right And Renamed');

    expect((await getProfile(elsewhere.token)).statusCode).toBe(401);
    expect(await refreshStatus(elsewhere.refresh)).toBe(401);
    expect((await getProfile(me.token)).statusCode).toBe(200);
    expect(await refreshStatus(me.refresh)).toBe(200);
    expect(await signInStatus(me.user.email, me.password)).toBe(401);
    expect(await signInStatus(me.user.email, 'brand-new-pw')).toBe(200);
  });

  test('an admin changes theirs the same way', async () => {
    const other = await signUp(t.app, 'Second Admin');
    const promoted = await t.app.inject({ method: 'PATCH', url: `/api/users/${other.user.id}/role`, payload: { role: 'admin' }, headers: bearer(admin.token) });
    expect(promoted.statusCode).toBe(200);
    // The role change ended their sessions: signed in again, as an admin.
    const asAdmin = await login(t.app, other.user.email, other.password);
    expect(asAdmin.user.role).toBe('admin');
    expect((await putProfile(asAdmin, { newPassword: 'admin-new-pw' })).json().message).toBe('Current password is required');
    const response = await putProfile(asAdmin, { currentPassword: other.password, newPassword: 'admin-new-pw' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.role).toBe('admin');
    expect(await signInStatus(other.user.email, 'admin-new-pw')).toBe(200);
  });
});
