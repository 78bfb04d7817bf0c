import { createSigner } from 'fast-jwt';
import { REFRESH_COOKIE, REGISTRATION_CLOSED_MESSAGE } from '@callboard/contract';
import type { RegistrationPolicy } from '../src/domain/users/registration-policy';
import { bearer, buildTestApp, login, observedHasher, refreshCookieOf, register, signUp, TEST_PASSWORD_COST, type TestApp } from './support/test-app';

let t: TestApp;
const hashing = observedHasher();
beforeAll(async () => {
  t = await buildTestApp({ passwords: hashing.hasher });
});
afterAll(() => t.close());

const profile = (token: string) => t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });

describe('register', () => {
  test.each([
    [{ email: 'a@b.co', password: 'secret1' }, 'name', 'Full name is required'],
    [{ name: '   ', email: 'a@b.co', password: 'secret1' }, 'name', 'Full name is required'],
    [{ name: 'A', password: 'secret1' }, 'email', 'Email is required'],
    [{ name: 'A', email: 'not-an-email', password: 'secret1' }, 'email', 'Email is invalid'],
    [{ name: 'A', email: 'a@b.co' }, 'password', 'Password is required'],
    [{ name: 'A', email: 'a@b.co', password: '12345' }, 'password', 'Password must be at least 6 characters'],
  ])('%j is refused: %s %s', async (body, field, message) => {
    const response = await register(t.app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect(response.json().errors).toContainEqual({ field, message });
  });

  test('reports every problem at once', async () => {
    const response = await register(t.app, {});
    expect(response.json().errors).toEqual([
      { field: 'name', message: 'Full name is required' },
      { field: 'email', message: 'Email is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  test('the first account becomes admin, later ones are users, and a role in the body is ignored', async () => {
    const first = await register(t.app, { name: 'First', email: 'first@example.com', password: 'secret-1' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, message: 'Registered successfully! Please login.' });
    const second = await register(t.app, { name: 'Second', email: 'second@example.com', password: 'secret-2', role: 'admin' });
    expect(second.statusCode).toBe(201);
    expect((await login(t.app, 'first@example.com', 'secret-1')).user.role).toBe('admin');
    expect((await login(t.app, 'second@example.com', 'secret-2')).user.role).toBe('user');
  });

  test('a taken email is refused whatever its case', async () => {
    await register(t.app, { name: 'Casey', email: 'casey@example.com', password: 'secret-1' });
    const again = await register(t.app, { name: 'Other', email: '  CASEY@Example.COM ', password: 'secret-9' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: 'Email is already registered' });
  });

});

describe('who may register (ALLOW_SIGNUP, resolved by engine in domain/users/registration-policy.ts)', () => {
  const registrationStatus = async (app: TestApp) => {
    const response = await app.app.inject({ url: '/api/auth/registration' });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const expectClosed = (response: Awaited<ReturnType<typeof register>>) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, code: 'FORBIDDEN', message: REGISTRATION_CLOSED_MESSAGE });
  };
  async function withApp(registration: RegistrationPolicy, use: (app: TestApp) => Promise<void>) {
    const app = await buildTestApp({ registration });
    try {
      await use(app);
    } finally {
      await app.close();
    }
  }

  test('open: anyone, however many accounts exist, and the status says so without signing in', async () => {
    // `t` is 'open' and already holds accounts.
    expect(await registrationStatus(t)).toEqual({ success: true, data: { open: true, setupTokenRequired: false } });
    expect((await register(t.app, { name: 'Late', email: 'late@example.com', password: 'secret-1' })).statusCode).toBe(201);
  });

  test('closed: refused before the body is even looked at, on an empty database too', async () => {
    await withApp('closed', async (app) => {
      expect(await registrationStatus(app)).toEqual({ success: true, data: { open: false, setupTokenRequired: false } });
      expectClosed(await register(app.app, { name: 'A', email: 'a@example.com', password: 'secret1' }));
      expectClosed(await register(app.app, {}));
      const [row] = await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
      expect(row?.count).toBe(0);
    });
  });

  test('first-account: open while no user exists; the first becomes admin and the door shuts behind them', async () => {
    await withApp('first-account', async (app) => {
      expect(await registrationStatus(app)).toEqual({ success: true, data: { open: true, setupTokenRequired: false } });
      expect((await register(app.app, { name: 'Owner', email: 'owner@example.com', password: 'secret-1' })).statusCode).toBe(201);
      expect((await login(app.app, 'owner@example.com', 'secret-1')).user.role).toBe('admin');
      expect(await registrationStatus(app)).toEqual({ success: true, data: { open: false, setupTokenRequired: false } });
      expectClosed(await register(app.app, { name: 'Second', email: 'second@example.com', password: 'secret-2' }));
    });
  });

  test('first-account: two first sign-ups at the same moment make one admin, and the other is refused', async () => {
    await withApp('first-account', async (app) => {
      const responses = await Promise.all(
        ['one', 'two'].map((name) => register(app.app, { name, email: `${name}@example.com`, password: `secret-${name}` })),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 403]);
      expectClosed(responses.find((response) => response.statusCode === 403) as (typeof responses)[number]);
      const users = await app.db.query<{ role: string }>('SELECT role FROM users');
      expect(users).toEqual([{ role: 'admin' }]);
    });
  });
});

describe('login', () => {
  test('returns a token, the user without secrets, and an httpOnly refresh cookie scoped to /api/auth', async () => {
    await register(t.app, { name: 'Lee', email: 'lee@example.com', password: 'secret-lee' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'LEE@example.com', password: 'secret-lee' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Login successful.', data: { expiresIn: 900 } });
    expect(body.data.user).toEqual({
      _id: body.data.user.id,
      id: expect.any(String),
      name: 'Lee',
      email: 'lee@example.com',
      role: 'user',
      active: true,
      avatar: null,
      createdAt: expect.any(String),
    });
    const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  });

  test('two logins get different tokens', async () => {
    const { password, user } = await signUp(t.app);
    const a = await login(t.app, user.email, password);
    const b = await login(t.app, user.email, password);
    expect(a.token).not.toBe(b.token);
  });

  test("validation uses the contract's messages", async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x', password: '1' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'email', message: 'Email is invalid' },
      { field: 'password', message: 'Password must be at least 6 characters' },
    ]);
  });

  test('unknown email, wrong password and a deactivated account all get the same 401, for the same work', async () => {
    const { user, password } = await signUp(t.app);
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
    const attempts = [
      { email: 'nobody@example.com', password: 'whatever1' },
      { email: 'lee@example.com', password: 'wrong-password' },
      { email: user.email, password },
    ];
    for (const payload of attempts) {
      hashing.derivations.length = 0;
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Invalid email or password' });
      // One key derived at the cost accounts are hashed with: the time does not tell the three apart.
      expect(hashing.derivations).toEqual([TEST_PASSWORD_COST]);
    }
  });

  test('past the hashing queue: 503 in the envelope with Retry-After, before any work; the queued ones are answered', async () => {
    const bounded = observedHasher({ concurrency: 1, maxWaiting: 1 });
    const busy = await buildTestApp({ passwords: bounded.hasher });
    try {
      await register(busy.app, { name: 'Busy', email: 'busy@example.com', password: 'right-password' });
      bounded.hold();
      bounded.derivations.length = 0;
      const attempts = Array.from({ length: 3 }, () =>
        busy.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'busy@example.com', password: 'right-password' } }),
      );
      // While the checks are held, only the refused attempt can be answered.
      const refused = await Promise.race(attempts);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.json()).toEqual({
        success: false,
        code: 'UNAVAILABLE',
        message: 'The server is busy checking passwords; try again in a few seconds',
      });
      expect(bounded.derivations).toHaveLength(1);
      bounded.release();
      const statuses = (await Promise.all(attempts)).map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 200, 503]);
    } finally {
      bounded.release();
      await busy.close();
    }
  });
});

describe('sessions', () => {
  test('profile returns the signed-in user', async () => {
    const me = await signUp(t.app, 'Profile Person');
    const response = await profile(me.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(me.user);
  });

  test('no token, a malformed header or a garbage token: 401', async () => {
    expect((await t.app.inject('/api/auth/profile')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/profile', headers: { authorization: 'Token abc' } })).statusCode).toBe(401);
    expect((await profile('not.a.token')).statusCode).toBe(401);
  });

  test('forged tokens are refused: alg none, another key, expired, wrong audience, wrong type', async () => {
    const me = await signUp(t.app);
    const [, payloadPart] = me.token.split('.');
    const claims = JSON.parse(Buffer.from(payloadPart as string, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payloadPart}.`;
    const sign = (key: string, extra: Record<string, unknown> = {}, options: Record<string, unknown> = {}) =>
      createSigner({ key, algorithm: 'HS256', ...options })({ ...claims, exp: undefined, iat: undefined, ...extra });
    const forged = [
      none,
      sign('another-secret-that-is-long-enough-000'),
      sign(t.jwtSecret, { exp: Math.floor(Date.now() / 1000) - 60 }),
      sign(t.jwtSecret, { aud: 'someone-else', exp: Math.floor(Date.now() / 1000) + 60 }),
      sign(t.jwtSecret, { typ: 'refresh', exp: Math.floor(Date.now() / 1000) + 60 }),
    ];
    for (const token of forged) {
      const response = await profile(token);
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toMatch(/stack|FST_JWT|fast-jwt/i);
    }
    expect((await profile(me.token)).statusCode).toBe(200);
  });

  test('logout ends the session at once', async () => {
    const me = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(me.token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Logged out' });
    expect((await profile(me.token)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: me.refresh } });
    expect(refresh.statusCode).toBe(401);
  });

  test('logout with only the refresh cookie also ends the session', async () => {
    const me = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: me.refresh } });
    expect((await profile(me.token)).statusCode).toBe(401);
  });

  test('refresh rotates the cookie and returns a new working token; the old cookie is spent', async () => {
    const me = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'content-type': 'application/json' },
      cookies: { [REFRESH_COOKIE]: me.refresh },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.user.id).toBe(me.user.id);
    expect(data.token).not.toBe(me.token);
    expect((await profile(data.token)).statusCode).toBe(200);
    const next = refreshCookieOf(response);
    expect(next).toBeDefined();
    expect(next).not.toBe(me.refresh);
    // Spent: presenting it again ends the session, the newer cookie included (session-lifecycle.test.ts has the rest).
    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: me.refresh } });
    expect(replay.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: next as string } })).statusCode).toBe(401);
  });

  test('refresh without a cookie, or after the idle window, is 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    const me = await signUp(t.app);
    await t.db.query("UPDATE sessions SET last_used_at = now() - interval '31 minutes' WHERE user_id = $1", [me.user.id]);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: me.refresh } });
    expect(response.statusCode).toBe(401);
  });

  test('a deactivated user cannot refresh and their token stops working', async () => {
    const me = await signUp(t.app);
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [me.user.id]);
    expect((await profile(me.token)).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: me.refresh } });
    expect(response.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  test('repeated failed logins for one email from one address get 429 with Retry-After; other emails do not', async () => {
    const limited = await buildTestApp({ limits: { loginFailures: 3 } });
    try {
      await register(limited.app, { name: 'Target', email: 'target@example.com', password: 'right-password' });
      const attempt = (email: string, password: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      for (let i = 0; i < 3; i += 1) expect((await attempt('target@example.com', 'wrong-pass')).statusCode).toBe(401);
      const blocked = await attempt('target@example.com', 'right-password');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt('someone@example.com', 'wrong-pass')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  test('register and refresh are limited per address', async () => {
    const limited = await buildTestApp({ limits: { registerPerMinute: 2, refreshPerMinute: 2 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await register(limited.app, { name: 'N', email: `n${i}@example.com`, password: 'secret1' })).statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      const refreshes = [];
      for (let i = 0; i < 3; i += 1) {
        refreshes.push((await limited.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode);
      }
      expect(refreshes).toEqual([401, 401, 429]);
      const limitedResponse = await limited.app.inject({ method: 'POST', url: '/api/auth/refresh' });
      expect(limitedResponse.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(limitedResponse.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
