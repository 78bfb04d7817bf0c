import { mkdtempSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REGISTRATION_CLOSED_MESSAGE, SETUP_TOKEN_WRONG_MESSAGE, type ApiSuccess, type AuthPayload, type RegistrationStatus } from '@callboard/contract';
import { ConfigError } from '../src/config/env';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open-database';
import { openPgliteDatabase } from '../src/db/pglite-database';
import { PasswordHasher } from '../src/domain/auth/password-hasher';
import { startServer, type RunningServer, type StartOptions } from '../src/start-server';
import { DEMO_ADMIN_EMAIL } from '../src/startup/demo-users';
import { startBanner, type BannerOptions } from '../src/startup/start-banner';
import { TEST_PASSWORD_COST } from './support/test-app';
import { createPostgresDatabase, migratedSnapshot, testEngine, writeMigratedDataDir } from './support/test-database';

// Cheap scrypt, and a few hundred demo calls instead of the 50,000 of a real first start.
const cheap = { passwordCost: TEST_PASSWORD_COST, demoCalls: 300 };
// Most tests here start a real server two or three times. A first start on a new embedded database
// runs initdb (most of it) and every migration: 7 to 9 s on a busy 2-core machine, and over 25 s seen.
jest.setTimeout(120_000);
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

async function withServer<T>(
  extraEnv: Record<string, string>,
  use: (server: RunningServer) => Promise<T>,
  options: Pick<StartOptions, 'logStream'> = {},
): Promise<T> {
  const server = await startServer({ env: { ...env, ...extraEnv }, ...cheap, ...options });
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

/**
 * For a test that needs a started server, not a first start: DATA_DIR gets the suite's migrated
 * embedded database (about a second, where a first start takes 7 to 9). The tests about a new
 * database (the default demo data, DEMO_DATA=false on one, the demo password's first start) do
 * not call this. On PostgreSQL the test's database stays empty: it migrates in well under a second.
 */
async function fromMigratedDatabase(): Promise<void> {
  if (testEngine() === 'pglite') await writeMigratedDataDir(dataDir);
}

const login = (server: RunningServer, email: string, password: string) =>
  fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

/** The session a successful sign-in answers with. */
const signedIn = async (response: Response) => ((await response.json()) as ApiSuccess<AuthPayload>).data;

/** The demo admin's password as this start printed it (to a log, unless `onTerminal`); fails the test when it printed none. */
function demoPassword(server: RunningServer, options: BannerOptions = { onTerminal: false }): string {
  const printed = /Demo sign-in: (\S+) \/ (\S+)/.exec(startBanner(server, options));
  expect(printed?.[1]).toBe(DEMO_ADMIN_EMAIL);
  expect(printed?.[2]).toBe(server.demo?.admin?.password);
  return printed?.[2] as string;
}

const register = (server: RunningServer, name: string, setupToken?: string) =>
  fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: `${name.toLowerCase()}@example.com`, password: `${name}-password`, setupToken }),
  });

const registrationStatus = async (server: RunningServer) =>
  ((await (await fetch(`${server.url}/api/auth/registration`)).json()) as ApiSuccess<RegistrationStatus>).data;
const registrationOpen = async (server: RunningServer) => (await registrationStatus(server)).open;

/** The setup token this start printed, if it printed one. */
const printedSetupToken = (server: RunningServer) => /Setup token: (\S+)/.exec(startBanner(server))?.[1];

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
    // Fresh embedded database: demo team seeded. PostgreSQL: never by default.
    if (testEngine() === 'pglite') {
      expect((await login(server, DEMO_ADMIN_EMAIL, demoPassword(server))).status).toBe(200);
    } else {
      expect(server.demo).toBeUndefined();
      expect(startBanner(server)).not.toContain('Demo sign-in');
    }
  });
});

test('ADMIN_EMAIL + ADMIN_PASSWORD create that admin once and leave an existing account alone; TRUST_PROXY and RATE_LIMIT_USER_PER_MIN reach the server; the generated JWT secret survives a restart', async () => {
  await fromMigratedDatabase();
  const admin = { DEMO_DATA: 'false', ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'first-password' };
  // One pair of starts for the three: each setting is read at start and none changes what the others do,
  // and a start is most of this file's time.
  const token = await withServer({ ...admin, TRUST_PROXY: '1', RATE_LIMIT_USER_PER_MIN: '321' }, async (server) => {
    // Behind a TLS proxy the refresh cookie is Secure.
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'first-password' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
    const { token, user } = await signedIn(response);
    expect(user.role).toBe('admin');
    const profile = await fetch(`${server.url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('x-ratelimit-limit')).toBe('321');
    return token;
  });
  await withServer({ ...admin, ADMIN_PASSWORD: 'second-password' }, async (server) => {
    expect((await login(server, 'boss@example.com', 'first-password')).status).toBe(200);
    expect((await login(server, 'boss@example.com', 'second-password')).status).toBe(401);
    // JWT_SECRET unset: the secret the first start generated is kept, so its token stays valid.
    const profile = await fetch(`${server.url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
  });
});

test('stop lets an in-flight request finish, while new requests are refused', async () => {
  await fromMigratedDatabase();
  const server = await startServer({ env: { ...env, DEMO_DATA: 'true' }, ...cheap });
  const body = JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: demoPassword(server) });
  const { port } = new URL(server.url);
  // The stop comes once the server has the request's headers (its 'request' event, after the app's own
  // listener has taken the request in), not after a fixed wait, which a busy machine can outlast.
  const received = new Promise((resolve) => server.fastify.server.once('request', resolve));
  // Headers and half the body arrive before the stop; the rest after it.
  let request!: http.ClientRequest;
  // Node's default agent keeps the connection alive, as browsers and proxies do.
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        resolve(res);
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 10));
  });
  await received;
  const stopping = server.stop();
  // Not a fixed wait either: until the listening socket is closed (fastify closes it after its onClose hooks).
  while (server.fastify.server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
  await expect(fetch(`${server.url}/api/healthz`)).rejects.toThrow();
  request.end(body.slice(10));
  const answer = await response;
  expect(answer.statusCode).toBe(200);
  // Its connection closes with the answer: kept alive, it held the stop open until the client let it go
  // (the server's keep-alive timeout is 72 s, and the process is given 10 s to stop before it is killed).
  expect(answer.headers.connection).toBe('close');
  const answered = Date.now();
  await stopping;
  expect(Date.now() - answered).toBeLessThan(2000);
});

describe('the demo team cannot become a back door', () => {
  /** Where the password is kept: DATA_DIR/demo-admin-password (owner-only) embedded, app_secrets on PostgreSQL. */
  async function keptPassword(server: RunningServer): Promise<string | undefined> {
    if (server.db.kind === 'postgres') {
      const [row] = await server.db.query<{ value: string }>("SELECT value FROM app_secrets WHERE name = 'demo-admin-password'");
      return row?.value;
    }
    const file = path.join(dataDir, 'demo-admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    return readFileSync(file, 'utf8').trim();
  }

  test('DEMO_DATA=false on a fresh database seeds nobody; DEMO_DATA=true seeds the team once, its password generated at that start, kept, and printed by it; a later start prints it on a terminal, else says where it is kept', async () => {
    // On a new database, not the migrated one: what this checks is a first start.
    await withServer({ DEMO_DATA: 'false' }, async (server) => {
      expect(server.demo).toBeUndefined();
      const [row] = await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
      expect(row?.count).toBe(0);
    });
    const first = await withServer({ DEMO_DATA: 'true' }, async (server) => {
      // Printed whatever the output: nobody would know it otherwise.
      const password = demoPassword(server);
      expect(password).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
      expect(await keptPassword(server)).toBe(password);
      expect(startBanner(server, { onTerminal: false })).toContain(`  Demo sign-in: ${DEMO_ADMIN_EMAIL} / ${password}\n`);
      expect((await login(server, DEMO_ADMIN_EMAIL, password)).status).toBe(200);
      // The demo partners share the admin's password, printed beside it (api/src/demo/demo-partners.ts).
      expect(startBanner(server, { onTerminal: false })).toContain(`  Demo partner sign-in (publisher partner): partner-publisher@callboard.demo / ${password}\n`);
      expect((await login(server, 'partner-buyer@callboard.demo', password)).status).toBe(200);
      // 30 people and the 2 partners.
      const [row] = await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
      expect(row?.count).toBe(32);
      expect(server.demo?.accounts).toBe(32);
      return password;
    });
    // DEMO_DATA=true again: the team is not seeded twice, nor given a new password.
    await withServer({ DEMO_DATA: 'true' }, async (server) => {
      const [row] = await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
      expect(row?.count).toBe(32);
      expect(demoPassword(server, { onTerminal: true })).toBe(first);
      // Standard output is a log (a container's): the password stays where it is kept, and the banner says where.
      const logged = startBanner(server, { onTerminal: false });
      expect(logged).not.toContain(first);
      const place =
        server.db.kind === 'postgres'
          ? `in the database: psql "$DATABASE_URL" -Atc "SELECT value FROM app_secrets WHERE name = 'demo-admin-password'"`
          : `in ${path.join(dataDir, 'demo-admin-password')}`;
      expect(logged).toContain(`  Demo sign-in: ${DEMO_ADMIN_EMAIL}, its password ${place}\n`);
      expect(await keptPassword(server)).toBe(first);
      // The statement printed reads it.
      const statement = /-Atc "(.*)"\n/.exec(logged)?.[1];
      if (statement !== undefined) expect((await server.db.query<{ value: string }>(statement))[0]?.value).toBe(first);
      expect((await login(server, DEMO_ADMIN_EMAIL, first)).status).toBe(200);
    });
  });

  test('it has one admin, the printed one, and a few active reviewers, the others not signing in with its password; once that admin changes its password, starts say so and no longer show one', async () => {
    await fromMigratedDatabase();
    const generated = await withServer({ DEMO_DATA: 'true' }, async (server) => {
      const password = demoPassword(server);
      const admins = await server.db.query<{ email: string }>("SELECT email FROM users WHERE role = 'admin'");
      expect(admins).toEqual([{ email: DEMO_ADMIN_EMAIL }]);
      const reviewers = await server.db.query<{ active: boolean }>("SELECT active FROM users WHERE role = 'reviewer'");
      expect(reviewers).toEqual([{ active: true }, { active: true }, { active: true }, { active: true }]);
      const [dana] = await server.db.query<{ role: string }>("SELECT role FROM users WHERE email = 'dana.whitfield@callboard.demo'");
      expect(dana?.role).toBe('user');
      expect((await login(server, 'dana.whitfield@callboard.demo', password)).status).toBe(401);
      const { token, user } = await signedIn(await login(server, DEMO_ADMIN_EMAIL, password));
      const changed = await fetch(`${server.url}/api/users/${user.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: user.name, email: user.email, role: user.role, password: 'a-password-of-my-own', currentPassword: password }),
      });
      expect(changed.status).toBe(200);
      return password;
    });
    await withServer({}, async (server) => {
      expect(server.demo?.admin).toEqual({ email: DEMO_ADMIN_EMAIL, password: undefined });
      const banner = startBanner(server);
      expect(banner).toContain(`Demo sign-in: ${DEMO_ADMIN_EMAIL} (its password was changed since it was generated, so it is no longer shown)`);
      expect(banner).not.toContain(generated);
      expect((await login(server, DEMO_ADMIN_EMAIL, 'a-password-of-my-own')).status).toBe(200);
    });
  });

  test('a demo team found without a kept password (one seeded with a shared password) gets new ones', async () => {
    await fromMigratedDatabase();
    const shared = 'a-password-everyone-knew';
    await withServer({ DEMO_DATA: 'true' }, async (server) => {
      const hash = await new PasswordHasher(cheap.passwordCost).hash(shared);
      await server.db.query("UPDATE users SET password_hash = $1 WHERE email LIKE '%@callboard.demo'", [hash]);
      if (server.db.kind === 'postgres') await server.db.query("DELETE FROM app_secrets WHERE name = 'demo-admin-password'");
      else unlinkSync(path.join(dataDir, 'demo-admin-password'));
      expect((await login(server, 'dana.whitfield@callboard.demo', shared)).status).toBe(200);
    });
    await withServer({}, async (server) => {
      expect(server.demo?.change).toBe('rekeyed');
      const password = demoPassword(server);
      expect(await keptPassword(server)).toBe(password);
      expect((await login(server, DEMO_ADMIN_EMAIL, shared)).status).toBe(401);
      expect((await login(server, 'dana.whitfield@callboard.demo', shared)).status).toBe(401);
      expect((await login(server, DEMO_ADMIN_EMAIL, password)).status).toBe(200);
    });
  });

  test('reachable from the network (HOST=0.0.0.0), the start prints and logs a warning; on 127.0.0.1, or without demo accounts, it does not', async () => {
    await fromMigratedDatabase();
    const WARNING = 'WARNING: the demo accounts are reachable from the network.';
    const logged: Array<{ level: number; msg: string }> = [];
    const logStream = { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) };
    await withServer(
      { DEMO_DATA: 'true', HOST: '0.0.0.0', LOG_LEVEL: 'warn' },
      async (server) => {
        const banner = startBanner(server);
        expect(banner).toContain(WARNING);
        expect(banner).toContain('This server listens on 0.0.0.0 (HOST) and its database holds 32 demo accounts (@callboard.demo)');
        expect(banner).toContain('Among them is an admin');
        expect(banner).toContain('delete every @callboard.demo user on the Users screen');
      },
      { logStream },
    );
    expect(logged).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining(WARNING) }));

    logged.length = 0;
    await withServer({ HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, async (server) => {
      expect(server.demo?.accounts).toBe(32);
      expect(startBanner(server)).not.toContain(WARNING);
    }, { logStream });
    expect(logged.filter((line) => line.msg.includes(WARNING))).toEqual([]);
  });

  test('with the demo, request lines go at debug so the sign-in stays on a terminal; a server keeps them at info; REQUEST_LOG_LEVEL decides', async () => {
    await fromMigratedDatabase();
    const requestLines = async (extraEnv: Record<string, string>) => {
      const logged: Array<{ level: number; msg: string }> = [];
      const logStream = { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) };
      await withServer({ LOG_LEVEL: 'debug', ...extraEnv }, async (server) => {
        expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);
        expect((await fetch(`${server.url}/api/nothing-here`)).status).toBe(404);
      }, { logStream });
      return logged.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed').map((line) => line.level);
    };
    const [DEBUG, INFO] = [20, 30];
    expect(await requestLines({ DEMO_DATA: 'false' })).toEqual([INFO, INFO, INFO, INFO]);
    expect(await requestLines({ DEMO_DATA: 'true' })).toEqual([DEBUG, DEBUG, DEBUG, DEBUG]);
    expect(await requestLines({ DEMO_DATA: 'true', REQUEST_LOG_LEVEL: 'info' })).toEqual([INFO, INFO, INFO, INFO]);
  });
});

describe('registration as ALLOW_SIGNUP, the engine and HOST decide', () => {
  test('unset: open on the embedded database on loopback even with accounts in it; on PostgreSQL open only until the first account', async () => {
    await fromMigratedDatabase();
    // Embedded, the demo team a new database gets by default (asked for, as this one is migrated) holds the first accounts.
    await withServer(testEngine() === 'pglite' ? { DEMO_DATA: 'true' } : {}, async (server) => {
      expect(await registrationOpen(server)).toBe(true);
      expect((await register(server, 'First', printedSetupToken(server))).status).toBe(201);
      expect(await registrationOpen(server)).toBe(testEngine() === 'pglite');
      const second = await register(server, 'Second');
      if (testEngine() === 'pglite') {
        expect(second.status).toBe(201);
      } else {
        expect(second.status).toBe(403);
        expect(await second.json()).toMatchObject({ code: 'FORBIDDEN', message: REGISTRATION_CLOSED_MESSAGE });
      }
    });
  });

  test('false closes it and true opens it, on either engine', async () => {
    await fromMigratedDatabase();
    await withServer({ ALLOW_SIGNUP: 'false', DEMO_DATA: 'false' }, async (server) => {
      expect(await registrationOpen(server)).toBe(false);
      expect((await register(server, 'First')).status).toBe(403);
    });
    await withServer({ ALLOW_SIGNUP: 'true', DEMO_DATA: 'false' }, async (server) => {
      expect((await register(server, 'First', printedSetupToken(server))).status).toBe(201);
      expect((await register(server, 'Second')).status).toBe(201);
      expect(await registrationOpen(server)).toBe(true);
    });
  });

  test('unset: closed on the embedded database once HOST lets the network in, and the banner says how to open it (and, with no demo accounts, warns of nothing)', async () => {
    await fromMigratedDatabase();
    const admin = { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'a-long-password', DEMO_DATA: 'false', HOST: '0.0.0.0' };
    await withServer(admin, async (server) => {
      // On PostgreSQL closed too: ADMIN_EMAIL made the first account.
      expect(await registrationStatus(server)).toEqual({ open: false, setupTokenRequired: false });
      const refused = await register(server, 'Visitor');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ success: false, code: 'FORBIDDEN', message: REGISTRATION_CLOSED_MESSAGE });
      if (testEngine() === 'pglite') expect(startBanner(server)).toContain('To let anyone who reaches this server register: ALLOW_SIGNUP=true.');
      expect(printedSetupToken(server)).toBeUndefined();
      // Accounts but none of them a demo one: HOST=0.0.0.0 is no reason for a warning.
      expect(startBanner(server)).not.toContain('WARNING');
    });
    await withServer({ ...admin, ALLOW_SIGNUP: 'true' }, async (server) => {
      expect((await register(server, 'Visitor')).status).toBe(201);
      expect(startBanner(server)).not.toContain('Sign-up: closed');
    });
  });

  test('with no user yet, where the first visitor must not become admin, the first account needs the setup token printed at start', async () => {
    await fromMigratedDatabase();
    // PostgreSQL as deployed; the embedded database only when opened to the network.
    const extra: Record<string, string> = testEngine() === 'pglite' ? { HOST: '0.0.0.0', ALLOW_SIGNUP: 'true', DEMO_DATA: 'false' } : {};
    let token: string | undefined;
    await withServer(extra, async (server) => {
      token = printedSetupToken(server);
      expect(token).toMatch(/^[0-9a-f]{32}$/);
      expect(await registrationStatus(server)).toEqual({ open: true, setupTokenRequired: true });
      for (const wrong of [undefined, 'not-the-token', `${token}0`]) {
        const refused = await register(server, 'Visitor', wrong);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN', message: SETUP_TOKEN_WRONG_MESSAGE, errors: [{ field: 'setupToken' }] });
      }
      expect((await register(server, 'Owner', token)).status).toBe(201);
      const owner = await signedIn(await login(server, 'owner@example.com', 'Owner-password'));
      expect(owner.user.role).toBe('admin');
      // Spent: nobody else gets in with it (PostgreSQL), and later accounts are not asked for it (ALLOW_SIGNUP=true).
      expect(await registrationStatus(server)).toEqual({ open: testEngine() === 'pglite', setupTokenRequired: false });
      expect((await register(server, 'Late', token)).status).toBe(testEngine() === 'pglite' ? 201 : 403);
    });
    // A start after the first account prints no token.
    await withServer(extra, async (server) => expect(printedSetupToken(server)).toBeUndefined());
  });
});

test('migrations are not bound by the 5 s statement limit of ordinary queries', async () => {
  // Embedded: an in-memory copy of the migrated database (the suite's own migrations are not what this checks).
  const db = env.DATABASE_URL ? await openDatabase({ databaseUrl: env.DATABASE_URL }) : await openPgliteDatabase(undefined, { from: await migratedSnapshot() });
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
