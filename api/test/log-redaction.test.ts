/**
 * A caller id searched for never reaches the log: not in the request line, not in an error that
 * quotes the URL, not in the filter of a statement cancelled at its time limit or of an export.
 */
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';

const DIGITS = '5551234';
const RANGE = 'datePreset=custom&startDate=2025-02-03T00:00&endDate=2025-02-04T00:00';

let t: TestApp;
let me: SignedIn;
const lines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    logLevel: 'info',
    logStream: { write: (line) => lines.push(line) },
    extraRoutes: (fastify) => {
      fastify.get('/api/test/failing', async (request) => {
        throw new Error(`could not answer ${request.url}`);
      });
      fastify.get('/api/test/cancelled-statement', async () => {
        throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
      });
    },
  });
  me = await signUp(t.app);
  lines.length = 0;
});
afterAll(() => t.close());

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { msg?: string; req?: { url?: string } });

test('request, error, statement-timeout and export logs hold no searched caller id', async () => {
  const requests = [
    { url: `/api/calls/records?${RANGE}&search=${DIGITS}`, status: 200 },
    { url: `/api/calls/records?${RANGE}&callerId=%2B1${DIGITS}000`, status: 200 },
    { url: `/api/test/failing?search=${DIGITS}&x=1`, status: 500 },
    { url: `/api/test/cancelled-statement?${RANGE}&search=${DIGITS}&callerId=1${DIGITS}`, status: 503 },
    { url: `/api/calls/export?fmt=csv&${RANGE}&search=${DIGITS}`, status: 200 },
  ];
  for (const { url, status } of requests) {
    expect([url, (await t.app.inject({ url, headers: bearer(me.token) })).statusCode]).toEqual([url, status]);
  }
  // The export logs its outcome as its stream ends, which may be a moment after the body was read.
  for (let waited = 0; waited < 5000 && !parsed().some((l) => l.msg === 'calls export'); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const logged = parsed();
  expect(logged.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url)).toEqual([
    `/api/calls/records?${RANGE}&search=[redacted]`,
    `/api/calls/records?${RANGE}&callerId=[redacted]`,
    '/api/test/failing?search=[redacted]&x=1',
    `/api/test/cancelled-statement?${RANGE}&search=[redacted]&callerId=[redacted]`,
    `/api/calls/export?fmt=csv&${RANGE}&search=[redacted]`,
  ]);
  expect(logged.find((l) => l.msg === 'unhandled error')).toMatchObject({
    err: { message: 'could not answer /api/test/failing?search=[redacted]&x=1' },
  });
  expect(logged.find((l) => l.msg === 'statement cancelled at the time limit')).toMatchObject({
    filter: { datePreset: 'custom', search: '[redacted]', callerId: '[redacted]' },
  });
  const exportLines = logged.filter((l) => l.msg === 'calls export');
  expect(exportLines.length).toBeGreaterThan(0);
  for (const line of exportLines) expect(line).toMatchObject({ filter: { search: '[redacted]' } });

  for (const line of lines) expect(line).not.toContain(DIGITS);
});

test("request and statement-timeout logs hold no sign-in's email or password and no transcript search's words", async () => {
  lines.length = 0;
  const WORDS = 'hunter2refund';
  const requests = [
    // An address holding a sign-in, as a form sent by the browser itself as a GET writes it.
    { url: `/api/nothing-here?email=ada%40example.com&password=${WORDS}`, status: 404 },
    { url: `/api/calls/records?${RANGE}&q=${WORDS}`, status: 200 },
    { url: `/api/test/cancelled-statement?${RANGE}&Q=${WORDS}`, status: 503 },
  ];
  for (const { url, status } of requests) {
    expect([url, (await t.app.inject({ url, headers: bearer(me.token) })).statusCode]).toEqual([url, status]);
  }
  expect(parsed().filter((l) => l.msg === 'incoming request').map((l) => l.req?.url)).toEqual([
    '/api/nothing-here?email=[redacted]&password=[redacted]',
    `/api/calls/records?${RANGE}&q=[redacted]`,
    `/api/test/cancelled-statement?${RANGE}&Q=[redacted]`,
  ]);
  for (const line of lines) expect(line).not.toMatch(new RegExp(`${WORDS}|ada%40`));
});
