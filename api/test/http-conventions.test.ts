import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

let t: TestApp;
let me: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  me = await signUp(t.app);
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

test('an unknown /api path is a JSON 404', async () => {
  const response = await t.app.inject('/api/no-such-thing?x=1');
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing' });
});

test('malformed JSON is a 400 that says so, without parser internals', async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: '{"email": "a@b.co",' });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ success: false, code: 'VALIDATION_ERROR', message: 'Request body is not valid JSON' });
});

test('prototype-poisoning keys are refused', async () => {
  for (const payload of ['{"__proto__": {"polluted": true}}', '{"constructor": {"prototype": {"polluted": true}}}']) {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload });
    expect(response.statusCode).toBe(400);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test('a body over the limit is 413', async () => {
  const payload = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload });
  expect(response.statusCode).toBe(413);
  expect(response.json()).toEqual({ success: false, code: 'TOO_LARGE', message: 'Request body is too large' });
});

test('a body that is not JSON is 415', async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
  expect(response.statusCode).toBe(415);
  expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
});

test('an empty body with a JSON content type reads as no body (the client sends one on every call)', async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: json, payload: '' });
  expect(response.statusCode).toBe(200);
});

test('an unknown field is refused where the shape is strict, and a wrong type says which field', async () => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/users/${me.user.id}/role`,
    headers: bearer(me.token),
    payload: { role: 'user', extra: 1 },
  });
  // Extra keys are dropped before validation, so the request itself is judged (an admin may set their own role).
  expect([200, 409]).toContain(response.statusCode);
  const wrongType = await t.app.inject({ method: 'PUT', url: `/api/users/${me.user.id}`, headers: bearer(me.token), payload: { email: 'a@b.co', role: 'user', active: 'maybe' } });
  expect(wrongType.statusCode).toBe(400);
  expect(wrongType.json().errors).toEqual([{ field: 'active', message: 'active must be a boolean' }]);
});

test('security headers on success and on errors; API responses are never cached', async () => {
  for (const url of ['/api/healthz', '/api/no-such-thing', '/api/auth/profile']) {
    const response = await t.app.inject(url);
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
    expect(response.headers['content-security-policy']).toContain("base-uri 'none'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
    expect(response.headers['cache-control']).toBe('no-store');
  }
});

test('a 500 hides its cause', async () => {
  const broken = await buildTestApp({
    database: t.database,
    extraRoutes: (fastify) =>
      fastify.get('/api/boom', async () => {
        await t.db.query('SELECT * FROM missing_table_for_test');
      }),
  });
  const response = await broken.app.inject('/api/boom');
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ success: false, code: 'INTERNAL', message: 'Something went wrong on our side' });
  expect(response.body).not.toMatch(/missing_table|relation|select/i);
  await broken.app.close();
});

test('the OpenAPI document lists the routes', async () => {
  const response = await t.app.inject('/api/docs/json');
  expect(response.statusCode).toBe(200);
  const doc = response.json();
  expect(doc.openapi).toMatch(/^3\./);
  for (const path of ['/api/auth/login', '/api/auth/register', '/api/auth/registration', '/api/users', '/api/users/{id}', '/api/users/{id}/role', '/api/readyz']) {
    expect(Object.keys(doc.paths)).toContain(path);
  }
  expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
});
