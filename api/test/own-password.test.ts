/**
 * Changing your own password (PUT /api/users/{id} with `password` for your own account): it needs the
 * current one, a wrong one is counted on the session it came from (ten an hour), and the change
 * ends every other session of yours while the one it was made from stays signed in. An admin setting
 * someone else's password needs none of that and ends all of their sessions.
 */
import { REFRESH_COOKIE } from '@callboard/contract';
import { ACCOUNT_SIGN_IN_LIMITS } from '../src/domain/auth/sign-in-throttle';
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

  test("a wrong current password: 403 naming the field, counted on the session's own count, not the sign-in form's", async () => {
    const me = await signUp(t.app, 'Wrong Current');
    // Four failed sign-ins from this address: one more and the form is refused here.
    for (let i = 0; i < 4; i += 1) expect(await signInStatus(me.user.email, `not-it-${i}`)).toBe(401);
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
    // The wrong current passwords spent the session's count (ten an hour: below), not the address's.
    expect(await signInStatus(me.user.email, me.password)).toBe(200);
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

describe('strangers guessing your password', () => {
  test('slow sign-in to a minute, but never your password change: a signed-in session has a budget of its own', async () => {
    const slowed = await buildTestApp({ limits: { loginFailures: 5, ...ACCOUNT_SIGN_IN_LIMITS } });
    try {
      const me = await signUp(slowed.app, 'Slowed Owner');
      const from = (remoteAddress: string, password: string) =>
        slowed.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: me.user.email, password }, remoteAddress });
      // Thirty wrong passwords from six addresses: the account is slowed, the owner's own sign-in too.
      for (let i = 0; i < 30; i += 1) expect((await from(`203.0.113.${Math.floor(i / 5)}`, `wrong-${i}`)).statusCode).toBe(401);
      expect((await from('198.51.100.1', me.password)).statusCode).toBe(429);
      const change = (currentPassword: string) =>
        slowed.app.inject({
          method: 'PUT',
          url: '/api/auth/profile',
          payload: { currentPassword, newPassword: 'changed-in-time' },
          headers: bearer(me.token),
        });
      // The owner mistypes once, then gets it right: both checked at once, whatever the strangers do.
      expect((await change('not-my-password')).statusCode).toBe(403);
      expect((await change(me.password)).statusCode).toBe(200);
    } finally {
      await slowed.close();
    }
  });

  test('ten wrong current passwords in an hour stop that session from trying more; sign-in is not slowed by them', async () => {
    const me = await signUp(t.app, 'Session Guesser');
    for (let i = 0; i < 10; i += 1) expect((await changeOwn(me, { password: 'brand-new-pw', currentPassword: `guess-${i}` })).statusCode).toBe(403);
    const refused = await changeOwn(me, { password: 'brand-new-pw', currentPassword: me.password });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another session of the same person has its own ten; the form signs in as before.
    const other = await login(t.app, me.user.email, me.password);
    expect((await changeOwn(other, { password: 'brand-new-pw', currentPassword: me.password })).statusCode).toBe(200);
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
