/**
 * Changing your own password (PUT /api/users/{id} with `password` for your own account): it needs the
 * current one, a wrong one counts as a failed sign-in for that email from that address, and the change
 * ends every other session of yours while the one it was made from stays signed in. An admin setting
 * someone else's password needs none of that and ends all of their sessions.
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

const changeOwn = (who: SignedIn, fields: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users/${who.user.id}`,
    payload: { name: who.user.name, email: who.user.email, role: who.user.role, ...fields },
    headers: bearer(who.token),
  });

const profileStatus = async (token: string) => (await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) })).statusCode;
const refreshStatus = async (refresh: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: refresh } })).statusCode;
const signInStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;

describe('your own new password', () => {
  test('without the current one: 400 naming the field, and nothing changes', async () => {
    const me = await signUp(t.app, 'Missing Current');
    for (const currentPassword of [undefined, '']) {
      const response = await changeOwn(me, { password: 'brand-new-pw', currentPassword });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Current password is required',
        errors: [{ field: 'currentPassword', message: 'Current password is required' }],
      });
    }
    expect(await signInStatus(me.user.email, me.password)).toBe(200);
    expect(await profileStatus(me.token)).toBe(200);
    // No new password, no current one needed: a rename alone goes through.
    expect((await changeOwn(me, { name: 'Renamed Only', password: '' })).statusCode).toBe(200);
  });

  test('a wrong current password: 403 naming the field, counted as a failed sign-in from this address', async () => {
    const me = await signUp(t.app, 'Wrong Current');
    // Two failed sign-ins, then three wrong current passwords: five failures for this email from this address.
    expect(await signInStatus(me.user.email, 'not-it-1')).toBe(401);
    expect(await signInStatus(me.user.email, 'not-it-2')).toBe(401);
    for (let i = 0; i < 3; i += 1) {
      const response = await changeOwn(me, { password: 'brand-new-pw', currentPassword: `guess-${i}` });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'Current password is incorrect',
        errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      });
    }
    // The limit is reached: the right current password is refused unchecked, and so is signing in.
    const refused = await changeOwn(me, { password: 'brand-new-pw', currentPassword: me.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many failed sign-in attempts; try again in \d+ seconds$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await signInStatus(me.user.email, me.password)).toBe(429);
    // A wrong guess changed nothing and ended no session.
    expect(await profileStatus(me.token)).toBe(200);
  });

  test('the right one: 200; every other session ends at once, this one goes on', async () => {
    const me = await signUp(t.app, 'Right Current');
    const elsewhere = await login(t.app, me.user.email, me.password);
    expect(await profileStatus(elsewhere.token)).toBe(200);

    const response = await changeOwn(me, { password: 'brand-new-pw', currentPassword: me.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'User updated successfully' });

    expect(await profileStatus(elsewhere.token)).toBe(401);
    expect(await refreshStatus(elsewhere.refresh)).toBe(401);
    expect(await profileStatus(me.token)).toBe(200);
    expect(await refreshStatus(me.refresh)).toBe(200);
    expect(await signInStatus(me.user.email, me.password)).toBe(401);
    expect(await signInStatus(me.user.email, 'brand-new-pw')).toBe(200);
  });

  test('an admin changing their own needs theirs too', async () => {
    const response = await changeOwn(admin, { password: 'admin-new-pw' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Current password is required');
  });
});

describe("an admin setting someone else's password", () => {
  test('needs no current password and ends all of their sessions', async () => {
    const other = await signUp(t.app, 'Olive Other');
    const otherElsewhere = await login(t.app, other.user.email, other.password);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other.user.id}`,
      payload: { email: other.user.email, role: 'user', password: 'set-by-admin' },
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(await profileStatus(other.token)).toBe(401);
    expect(await profileStatus(otherElsewhere.token)).toBe(401);
    expect(await profileStatus(admin.token)).toBe(200);
    expect(await signInStatus(other.user.email, 'set-by-admin')).toBe(200);
  });
});
