/**
 * The database going away must read as "try again shortly" (503 UNAVAILABLE
 * with retry-after), never as "you are signed out" (401), and the app must
 * recover by itself when the database is back.
 *
 * On PostgreSQL the app's pool connects through a TCP proxy that the test cuts
 * and restores, so the shared server keeps running. PGlite lives in this
 * process and cannot come back once closed, so that project checks the
 * outage half only: a closed database gives 503, not 401.
 */
import type { LightMyRequestResponse } from 'fastify';
import { migrate } from '../src/db/migrate';
import { openPostgresDatabase } from '../src/db/postgres-database';
import { bearer, buildTestApp, signUp, type SignedIn, type TestApp } from './support/test-app';
import { createPostgresDatabase, testEngine } from './support/test-database';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/** Building the app (PGlite's WebAssembly start, or migrations) takes ~3 s alone, more on a busy machine. */
const SETUP_TIMEOUT_MS = 20_000;

/** Probes every 50 ms until `done` holds or `limitMs` has passed; returns the last answer. */
async function poll(
  probe: () => Promise<LightMyRequestResponse>,
  done: (response: LightMyRequestResponse) => boolean,
  limitMs = 5000,
): Promise<{ response: LightMyRequestResponse; elapsedMs: number }> {
  const started = Date.now();
  for (;;) {
    const response = await probe();
    const elapsedMs = Date.now() - started;
    if (done(response) || elapsedMs >= limitMs) return { response, elapsedMs };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function expectUnavailable(response: LightMyRequestResponse): void {
  expect({ status: response.statusCode, body: response.json() }).toEqual({
    status: 503,
    body: expect.objectContaining({ success: false, code: 'UNAVAILABLE' }),
  });
  expect(response.headers['retry-after']).toMatch(/^\d+$/);
}

if (testEngine() === 'postgres') {
  describe('PostgreSQL going away and coming back (through a TCP proxy)', () => {
    let proxy: TcpProxy;
    let dropDatabase: (() => Promise<void>) | undefined;
    let t: TestApp | undefined;
    let me: SignedIn;

    const readyz = () => t!.app.inject('/api/readyz');
    const profile = () => t!.app.inject({ url: '/api/auth/profile', headers: bearer(me.token) });
    const users = () => t!.app.inject({ url: '/api/users', headers: bearer(me.token) });

    beforeAll(async () => {
      const server = new URL(process.env.TEST_DATABASE_URL as string);
      proxy = await startTcpProxy(server.hostname.replace(/^\[|\]$/g, ''), Number(server.port || 5432));
      const created = await createPostgresDatabase();
      const proxied = new URL(created.url);
      proxied.hostname = proxy.host;
      proxied.port = String(proxy.port);
      const db = await openPostgresDatabase(proxied.toString());
      dropDatabase = async () => {
        await db.close();
        await created.drop();
      };
      await migrate(db);
      t = await buildTestApp({ database: { db, url: created.url, drop: dropDatabase } });
      me = await signUp(t.app);
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      proxy?.restore();
      if (t) await t.close();
      else await dropDatabase?.();
      await proxy?.close();
    });

    test('before the outage: ready, and the token works', async () => {
      expect((await readyz()).statusCode).toBe(200);
      expect((await profile()).statusCode).toBe(200);
      expect((await users()).statusCode).toBe(200);
    });

    test('while PostgreSQL is unreachable: readyz and authenticated requests answer 503, never 401', async () => {
      proxy.cut();
      const { response, elapsedMs } = await poll(readyz, (r) => r.statusCode !== 200);
      expectUnavailable(response);
      // The pool's sockets die with the proxy's, so the outage shows at once, well inside the 3 s connect timeout.
      expect(elapsedMs).toBeLessThan(3000);

      for (let round = 0; round < 3; round += 1) {
        expectUnavailable(await profile());
        expectUnavailable(await users());
        expectUnavailable(await readyz());
      }
    });

    test('when PostgreSQL is back: ready again and the same token works, without a restart', async () => {
      proxy.restore();
      const { response } = await poll(readyz, (r) => r.statusCode === 200);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ status: 'ready', database: 'postgres' });

      const again = await profile();
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toMatchObject({ id: me.user.id, email: me.user.email });
      const list = await users();
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((u: { id: string }) => u.id)).toContain(me.user.id);
    });
  });
} else {
  describe('PGlite closed under the app', () => {
    let t: TestApp;
    let me: SignedIn;

    beforeAll(async () => {
      t = await buildTestApp();
      me = await signUp(t.app);
    }, SETUP_TIMEOUT_MS);
    // drop() closes PGlite only if it is still open.
    afterAll(() => t?.close());

    test('readyz and an authenticated request answer 503, not 401, once the database is closed', async () => {
      const profile = () => t.app.inject({ url: '/api/auth/profile', headers: bearer(me.token) });
      expect((await t.app.inject('/api/readyz')).statusCode).toBe(200);
      expect((await profile()).statusCode).toBe(200);

      await t.db.close();

      expectUnavailable(await t.app.inject('/api/readyz'));
      expectUnavailable(await profile());
      expectUnavailable(await t.app.inject({ url: '/api/users', headers: bearer(me.token) }));
    });
  });
}
