/**
 * Two server processes on one PostgreSQL database behave as one server:
 * tokens, sign-in throttling and the device cookie, idempotent payments, logout and a person's
 * request budget hold across both, and a change stored through one reaches
 * the live event streams of the other. The servers run with production scrypt, so sign-ins are few.
 */
import pg from 'pg';
import { API_PATHS, CALLS_CHANGED_EVENT, REFRESH_COOKIE, type CallsChanged } from '@callboard/contract';
import {
  attemptSignIn,
  bearer,
  buildServer,
  createUser,
  ingestCalls,
  queryDatabase,
  sampleCall,
  send,
  signIn,
  startServerProcesses,
  type ProcessSession,
  type ServerCluster,
  type ServerProcess,
} from '../support/server-processes';

const USER_BUDGET = 80;

let cluster: ServerCluster;
let a: ServerProcess;
let b: ServerProcess;
let admin: ProcessSession;

beforeAll(async () => {
  await buildServer();
  // A budget small enough to spend in a test, large enough for the admin's requests in every other one;
  // every sign-in here comes from 127.0.0.1, more than the address's ten a minute.
  cluster = await startServerProcesses(2, { env: { RATE_LIMIT_USER_PER_MIN: String(USER_BUDGET), RATE_LIMIT_SIGN_IN_PER_MIN: '1000' } });
  [a, b] = cluster.servers as [ServerProcess, ServerProcess];
  admin = await signIn(a);
}, 240_000);
afterAll(() => cluster?.stop(), 60_000);

const profileStatus = async (server: ServerProcess, token: string) => (await send(server, 'GET', '/api/auth/profile', { headers: bearer(token) })).status;

test('a process prints its banner after its log says it listens, so a terminal ends on the banner', async () => {
  const single = await startServerProcesses(1, { env: { LOG_LEVEL: 'info' } });
  try {
    const output = single.servers[0]!.output();
    const listening = output.indexOf('Server listening at');
    expect(listening).toBeGreaterThanOrEqual(0);
    expect(output.indexOf('Callboard is running at')).toBeGreaterThan(listening);
  } finally {
    await single.stop();
  }
}, 120_000);

describe('sessions', () => {
  test('both instances sign with the one secret kept in the database: a token from one works on the other', async () => {
    expect(await profileStatus(b, admin.token)).toBe(200);
    const secrets = await queryDatabase<{ n: number }>(cluster, 'SELECT count(*)::int AS n FROM app_secrets');
    expect(secrets[0]?.n).toBe(1);
    // The refresh cookie one instance set is honoured by the other.
    const refreshed = await send(b, 'POST', '/api/auth/refresh', { headers: { cookie: `${REFRESH_COOKIE}=${admin.refresh}` } });
    expect(refreshed.status).toBe(200);
    const { data } = (await refreshed.json()) as { data: { token: string } };
    expect(await profileStatus(a, data.token)).toBe(200);
  });

  test('logout on one refuses the token on the other at once', async () => {
    const session = await signIn(b);
    expect(await profileStatus(a, session.token)).toBe(200);
    expect((await send(b, 'POST', '/api/auth/logout', { headers: bearer(session.token) })).status).toBe(200);
    expect(await profileStatus(a, session.token)).toBe(401);
    expect(await profileStatus(b, session.token)).toBe(401);
  });
});

describe('the sign-in throttle', () => {
  test('five failed sign-ins spread over both lock the account on both', async () => {
    const user = await createUser(a, admin, 'spread');
    const statuses = [];
    for (const server of [a, b, a, b, a]) statuses.push((await attemptSignIn(server, user.email, 'wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const server of [a, b]) {
      const locked = await attemptSignIn(server, user.email, user.password);
      expect(locked.status).toBe(429);
      expect(((await locked.json()) as { code: string }).code).toBe('RATE_LIMITED');
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  test('30 wrong passwords at once over both: no more than five are checked', async () => {
    const user = await createUser(b, admin, 'burst');
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => attemptSignIn(i % 2 === 0 ? a : b, user.email, `wrong-${i}`)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });
});

describe('the device cookie', () => {
  test('given by one instance, it lets its owner into an account slowed by strangers on the other', async () => {
    const user = await createUser(a, admin, 'device');
    const first = await attemptSignIn(a, user.email, user.password);
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((c) => c.startsWith('cb_device='))?.split(';')[0];
    expect(device).toBeDefined();
    // Thirty failures just counted for the account, as strangers over many addresses would leave them.
    await queryDatabase(
      cluster,
      `INSERT INTO login_throttle (throttle_key, attempts, expires_at, last_attempt_at)
       VALUES ($1, ARRAY(SELECT now() FROM generate_series(1, 30)), now() + interval '1 hour', now())
       ON CONFLICT (throttle_key) DO UPDATE SET attempts = EXCLUDED.attempts, expires_at = EXCLUDED.expires_at, last_attempt_at = now()`,
      [`account|${user.email}`],
    );
    expect((await attemptSignIn(b, user.email, user.password)).status).toBe(429);
    const known = await send(b, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password }, headers: { cookie: device as string } });
    expect(known.status).toBe(200);
  });
});

describe('payments with an Idempotency-Key', () => {
  let publisherId: string;
  beforeAll(async () => {
    expect((await ingestCalls(b, [sampleCall('instances-payment-call', { publisherName: 'Paid Publisher' })])).status).toBe(200);
    const [row] = await queryDatabase<{ id: number }>(cluster, "SELECT id FROM publishers WHERE name = 'Paid Publisher'");
    publisherId = String(row?.id);
  });

  const payment = (amount: string) => ({ publisherId, amount, paidAt: '2026-01-15', method: 'wire', note: 'instances' });
  const pay = (server: ServerProcess, key: string, body: object) =>
    send(server, 'POST', '/api/cost/payments', { headers: { ...bearer(admin.token), 'idempotency-key': key }, body });
  const recorded = async (amountCents: number) =>
    (await queryDatabase<{ n: number }>(cluster, 'SELECT count(*)::int AS n FROM payments WHERE amount_cents = $1', [amountCents]))[0]?.n;

  test('sent to each in turn: recorded once, and the second instance answers with the first answer', async () => {
    const first = await pay(a, 'instances-key-1', payment('101.00'));
    const second = await pay(b, 'instances-key-1', payment('101.00'));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await recorded(10_100)).toBe(1);
    // The same key with another request is refused on either.
    expect((await pay(b, 'instances-key-1', payment('102.00'))).status).toBe(422);
  });

  test('sent to both at once, three times each: recorded once, one payment in every answer', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => pay(i % 2 === 0 ? a : b, 'instances-key-2', payment('103.00'))));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { data: { id: string } }).data.id));
    expect(new Set(ids).size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await recorded(10_300)).toBe(1);
  });

  test('a request still in flight elsewhere holds the key: after a short wait, 409 with Retry-After; once it fails, the key is free', async () => {
    // An instance part-way through recording: its claim is written but not committed.
    const inFlight = new pg.Client({ connectionString: cluster.databaseUrl });
    await inFlight.connect();
    try {
      await inFlight.query('BEGIN');
      await inFlight.query(
        `INSERT INTO idempotency_keys (scope, idempotency_key, fingerprint, expires_at) VALUES ($1, 'instances-key-3', 'elsewhere', now() + interval '1 hour')`,
        [admin.userId],
      );
      const waited = await pay(a, 'instances-key-3', payment('104.00'));
      expect(waited.status).toBe(409);
      expect(waited.headers.get('retry-after')).toBe('1');
      expect(((await waited.json()) as { code: string }).code).toBe('CONFLICT');
      await inFlight.query('ROLLBACK');
    } finally {
      await inFlight.end();
    }
    expect((await pay(b, 'instances-key-3', payment('104.00'))).status).toBe(201);
    expect(await recorded(10_400)).toBe(1);
  });
});

describe("a person's request budget", () => {
  test('is one budget over both instances: spent half on each, the next request on either gets 429', async () => {
    const user = await createUser(a, admin, 'budget');
    const session = await signIn(b, user.email, user.password);
    const half = USER_BUDGET / 2;
    // Ten at a time: more at once than a person may have in progress on an instance would get 429 TOO_MANY_CONCURRENT.
    const spend = async (server: ServerProcess) => {
      const answers: Response[] = [];
      for (let sent = 0; sent < half; sent += 10) {
        answers.push(...(await Promise.all(Array.from({ length: Math.min(10, half - sent) }, () => send(server, 'GET', '/api/auth/profile', { headers: bearer(session.token) })))));
      }
      return answers;
    };
    const spent = [...(await spend(a)), ...(await spend(b))];
    expect(spent.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    for (const server of [a, b]) {
      const refused = await send(server, 'GET', '/api/auth/profile', { headers: bearer(session.token) });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The admin's own budget is untouched by this person's.
    expect(await profileStatus(a, admin.token)).toBe(200);
  });
});

describe('live events', () => {
  /** Reads an open event stream until its first `calls` event, or fails after `withinMs`. */
  async function firstCallsEvent(body: ReadableStream<Uint8Array>, withinMs: number): Promise<CallsChanged> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    const timeout = setTimeout(() => void reader.cancel(), withinMs);
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`no ${CALLS_CHANGED_EVENT} event within ${withinMs} ms; the stream said:\n${buffered}`);
        buffered += decoder.decode(value, { stream: true });
        for (const block of buffered.split('\n\n').slice(0, -1)) {
          const lines = block.split('\n');
          if (!lines.includes(`event: ${CALLS_CHANGED_EVENT}`)) continue;
          const data = lines.find((line) => line.startsWith('data: '));
          if (data) return JSON.parse(data.slice('data: '.length)) as CallsChanged;
        }
      }
    } finally {
      clearTimeout(timeout);
      await reader.cancel().catch(() => {});
    }
  }

  test('a subscriber on one instance hears a call ingested through the other within 2 s', async () => {
    const listening = await fetch(`${b.url}${API_PATHS.events}`, { headers: bearer(admin.token) });
    expect(listening.status).toBe(200);
    expect(listening.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const heard = firstCallsEvent(listening.body as ReadableStream<Uint8Array>, 2000);
    const sent = Date.now();
    const callTimestamp = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    expect((await ingestCalls(a, [sampleCall('instances-live-call', { callTimestamp })])).status).toBe(200);
    const event = await heard;
    expect(Date.now() - sent).toBeLessThan(2000);
    expect(event).toEqual({ inserted: 1, updated: 0, newestCallTimestamp: callTimestamp });
  });
});
