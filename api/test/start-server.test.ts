import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ApiSuccess, AuthPayload } from '@callboard/contract';
import { ConfigError } from '../src/config/env';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open-database';
import { startServer, type RunningServer } from '../src/start-server';
import { TEST_PASSWORD_COST } from './support/test-app';
import { createPostgresDatabase, testEngine } from './support/test-database';

// Cheap scrypt, and a few hundred demo calls instead of the 50,000 of a real first start.
const cheap = { passwordCost: TEST_PASSWORD_COST, demoCalls: 300 };
let dataDir: string;
let dropDatabase: (() => Promise<void>) | undefined;
let env: Record<string, string>;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'callboard-start-'));
  env = { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (testEngine() === 'postgres') {
    const database = await createPostgresDatabase();
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
});
afterEach(async () => {
  await dropDatabase?.();
  dropDatabase = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function withServer<T>(extraEnv: Record<string, string>, use: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startServer({ env: { ...env, ...extraEnv }, ...cheap });
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

const login = (server: RunningServer, email: string, password: string) =>
  fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

/** The session a successful sign-in answers with. */
const signedIn = async (response: Response) => ((await response.json()) as ApiSuccess<AuthPayload>).data;

test('a wrong environment stops start-up with every problem named', async () => {
  await expect(startServer({ env: { ...env, PORT: 'abc', LOG_LEVEL: 'loud' } })).rejects.toThrow(ConfigError);
  await expect(startServer({ env: { ...env, PORT: 'abc', LOG_LEVEL: 'loud' } })).rejects.toThrow(/PORT[\s\S]*LOG_LEVEL/);
});

test('serves over HTTP: readyz, the front-end settings, and demo data only where it is the default', async () => {
  const cdn = 'https://cdn.example.com/users/remoteEntry.js';
  await withServer({ WEB_ROOT: dataDir, REMOTE_USERS_URL: cdn }, async (server) => {
    const ready = await fetch(`${server.url}/api/readyz`);
    expect(ready.status).toBe(200);
    // WEB_ROOT holds no build: the API works and the page says what to run.
    expect((await fetch(server.url)).status).toBe(503);
    const remotes = await fetch(`${server.url}/remotes.json`);
    expect(((await remotes.json()) as { remote_users: string }).remote_users).toBe(cdn);
    expect(remotes.headers.get('content-security-policy')).toContain("script-src 'self' https://cdn.example.com");
    const demoLogin = await login(server, 'admin@callboard.demo', 'callboard-demo');
    // Fresh embedded database: demo team seeded. PostgreSQL: never by default.
    expect(demoLogin.status).toBe(testEngine() === 'pglite' ? 200 : 401);
    expect(server.demo).toBe(testEngine() === 'pglite');
  });
});

test('TRUST_PROXY and RATE_LIMIT_USER_PER_MIN reach the server: behind a TLS proxy the refresh cookie is Secure', async () => {
  const admin = { email: 'ops@example.com', password: 'a-long-password' };
  const extra = { DEMO_DATA: 'false', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, TRUST_PROXY: '1', RATE_LIMIT_USER_PER_MIN: '321' };
  await withServer(extra, async (server) => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify(admin),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
    const { token } = await signedIn(response);
    const profile = await fetch(`${server.url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('x-ratelimit-limit')).toBe('321');
  });
});

test('DEMO_DATA=false on a fresh database seeds nobody; DEMO_DATA=true seeds the team once', async () => {
  await withServer({ DEMO_DATA: 'false' }, async (server) => {
    expect((await login(server, 'admin@callboard.demo', 'callboard-demo')).status).toBe(401);
  });
  for (let start = 0; start < 2; start += 1) {
    await withServer({ DEMO_DATA: 'true' }, async (server) => {
      expect((await login(server, 'admin@callboard.demo', 'callboard-demo')).status).toBe(200);
      const [row] = await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
      expect(row?.count).toBe(30);
    });
  }
});

test('ADMIN_EMAIL + ADMIN_PASSWORD create that admin once and leave an existing account alone', async () => {
  const admin = { DEMO_DATA: 'false', ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'first-password' };
  await withServer(admin, async (server) => {
    const response = await login(server, 'boss@example.com', 'first-password');
    expect(response.status).toBe(200);
    expect((await signedIn(response)).user.role).toBe('admin');
  });
  await withServer({ ...admin, ADMIN_PASSWORD: 'second-password' }, async (server) => {
    expect((await login(server, 'boss@example.com', 'first-password')).status).toBe(200);
    expect((await login(server, 'boss@example.com', 'second-password')).status).toBe(401);
  });
});

test('the generated JWT secret survives a restart, so tokens stay valid', async () => {
  const token = await withServer({ DEMO_DATA: 'true' }, async (server) =>
    (await signedIn(await login(server, 'admin@callboard.demo', 'callboard-demo'))).token,
  );
  await withServer({}, async (server) => {
    const profile = await fetch(`${server.url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
  });
});

test('stop lets an in-flight request finish, while new requests are refused', async () => {
  const server = await startServer({ env: { ...env, DEMO_DATA: 'true' }, ...cheap });
  const body = JSON.stringify({ email: 'admin@callboard.demo', password: 'callboard-demo' });
  const { port } = new URL(server.url);
  // Headers and half the body arrive before the stop; the rest after it.
  const response = new Promise<number>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 10));
    setTimeout(() => request.end(body.slice(10)), 300);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const stopping = server.stop();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await expect(fetch(`${server.url}/api/healthz`)).rejects.toThrow();
  expect(await response).toBe(200);
  await stopping;
});

test('migrations are not bound by the 5 s statement limit of ordinary queries', async () => {
  const db = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: undefined });
  try {
    // A migration that refuses to run under any statement limit, as a long index build would fail under one.
    const unlimited = {
      version: '9999-needs-unlimited-time',
      statements: [`DO $$ BEGIN IF current_setting('statement_timeout') <> '0' THEN RAISE EXCEPTION 'statement_timeout is %', current_setting('statement_timeout'); END IF; END $$`],
    };
    await expect(migrate(db, [unlimited])).resolves.toMatchObject({ applied: ['9999-needs-unlimited-time'] });
    if (db.kind === 'postgres') {
      // Ordinary queries keep their limit.
      const [row] = await db.query<{ limit: string }>(`SELECT current_setting('statement_timeout') AS limit`);
      expect(row?.limit).toBe('5s');
    }
  } finally {
    await db.close();
  }
});
