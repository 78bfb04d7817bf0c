import { buildTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

test('healthz answers without touching the database', async () => {
  const response = await t.app.inject('/api/healthz');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ success: true, data: { status: 'ok' } });
});

test('readyz reports the database engine', async () => {
  const response = await t.app.inject('/api/readyz');
  expect(response.statusCode).toBe(200);
  expect(response.json().data).toEqual({ status: 'ready', database: process.env.CALLBOARD_TEST_ENGINE });
});
