/**
 * The sign-in throttle's windows on each engine: how long a full window asks
 * to wait, how attempts leave it, the soft limit, and how SignInThrottle
 * combines the per-address and per-account counts. The counts are timed by
 * the database's clock, so time is moved by moving every stored time back
 * (`advance`); the few milliseconds that really pass between statements are
 * why the waits below are never checked at the very millisecond a place frees.
 */
import { HttpError } from '../src/http/http-error';
import { LoginThrottle } from '../src/domain/auth/login-throttle';
import { accountThrottleOptions, addressThrottleOptions, deviceThrottleOptions, SIGN_IN_DEFAULTS, SignInThrottle } from '../src/domain/auth/sign-in-throttle';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
// Each test starts with no attempt counted, as a new server would.
beforeEach(() => database.db.query('DELETE FROM login_throttle'));

/** As if `ms` had passed: every attempt, turn and expiry moves that far into the past. */
async function advance(ms: number): Promise<void> {
  await database.db.query(
    `UPDATE login_throttle
     SET attempts = ARRAY(SELECT a - $1::float8 * interval '1 millisecond' FROM unnest(attempts) a ORDER BY a),
         last_attempt_at = last_attempt_at - $1::float8 * interval '1 millisecond',
         expires_at = expires_at - $1::float8 * interval '1 millisecond'`,
    [ms],
  );
}

const WINDOW_MS = 60_000;
const KEY = '203.0.113.7|alice@example.com';
const throttle = (maxFailures = 3, slowIntervalMs?: number) => new LoginThrottle(database.db, { maxFailures, windowMs: WINDOW_MS, slowIntervalMs });
/** `times` attempts one after another (parallel ones are counted in the order they reach the database, not the order asked). */
async function reserveTimes(t: LoginThrottle, times: number, key = KEY): Promise<number[]> {
  const waits: number[] = [];
  for (let i = 0; i < times; i += 1) waits.push(await t.reserveAttempt(key));
  return waits;
}

describe('LoginThrottle', () => {
  test('allows attempts until maxFailures, then asks to wait out the window', async () => {
    expect(await reserveTimes(throttle(3), 4)).toEqual([0, 0, 0, 60]);
  });

  test('the wait counts down from the oldest counted attempt and rounds up', async () => {
    const t = throttle(3);
    await t.reserveAttempt(KEY); // t = 0
    await advance(10_000);
    await t.reserveAttempt(KEY); // t = 10 s
    await advance(10_000);
    await t.reserveAttempt(KEY); // t = 20 s
    expect(await t.reserveAttempt(KEY)).toBe(40);
    await advance(500);
    expect(await t.reserveAttempt(KEY)).toBe(40); // 39.5 s rounds up
    await advance(39_000);
    expect(await t.reserveAttempt(KEY)).toBe(1); // half a second left
    await advance(500);
    expect(await t.reserveAttempt(KEY)).toBe(0); // the first attempt left the window
  });

  test('attempts older than the window stop counting', async () => {
    const t = throttle(3);
    await reserveTimes(t, 2);
    await advance(WINDOW_MS);
    expect(await reserveTimes(t, 4)).toEqual([0, 0, 0, 60]);
  });

  test('keys are independent; clear starts one key afresh', async () => {
    const t = throttle(2);
    const other = '198.51.100.1|alice@example.com';
    expect(await reserveTimes(t, 3)).toEqual([0, 0, 60]);
    expect(await reserveTimes(t, 2, other)).toEqual([0, 0]);
    await t.clear(KEY);
    expect(await t.reserveAttempt(KEY)).toBe(0);
    expect(await t.reserveAttempt(other)).toBe(60);
  });

  test('release takes back the newest attempt only', async () => {
    const t = throttle(3);
    await t.reserveAttempt(KEY); // t = 0
    await advance(10_000);
    await t.reserveAttempt(KEY); // t = 10 s
    await advance(10_000);
    await t.reserveAttempt(KEY); // t = 20 s
    await t.release(KEY);
    expect(await t.reserveAttempt(KEY)).toBe(0);
    // The two older attempts still count: the wait runs from the first.
    expect(await t.reserveAttempt(KEY)).toBe(40);
    await t.release('198.51.100.1|nobody@example.com'); // nothing counted: nothing happens
  });
});

describe('LoginThrottle with a soft limit', () => {
  const SLOW_MS = 10_000;

  test('past maxFailures, one attempt gets through each slow interval after the newest, however many ask', async () => {
    const t = throttle(3, SLOW_MS);
    // Full, and the newest is brand new: wait the slow interval (shorter than the window).
    expect(await reserveTimes(t, 4)).toEqual([0, 0, 0, 10]);
    await advance(4_000);
    expect(await t.reserveAttempt(KEY)).toBe(6);
    await advance(6_000);
    // One gets through, and the next waits a whole interval again.
    expect(await reserveTimes(t, 5)).toEqual([0, 10, 10, 10, 10]);
    for (let turn = 0; turn < 4; turn += 1) {
      await advance(SLOW_MS);
      expect(await reserveTimes(t, 2)).toEqual([0, 10]);
    }
  });

  test('the refused attempts are not counted, so they never push the next turn back', async () => {
    const t = throttle(2, SLOW_MS);
    await reserveTimes(t, 2);
    for (let i = 0; i < 9; i += 1) {
      await advance(1_000);
      expect(await t.reserveAttempt(KEY)).toBeGreaterThan(0);
    }
    await advance(1_000);
    expect(await t.reserveAttempt(KEY)).toBe(0);
  });

  test('once the window has emptied enough, attempts are free again, with no wait in between', async () => {
    const t = throttle(3, SLOW_MS);
    await reserveTimes(t, 3);
    await advance(WINDOW_MS);
    expect(await reserveTimes(t, 3)).toEqual([0, 0, 0]);
  });

  test('an attempt taken out of the count still used its turn: the next waits the interval from it', async () => {
    const t = throttle(2, SLOW_MS);
    await reserveTimes(t, 2);
    await advance(SLOW_MS);
    expect(await t.reserveAttempt(KEY)).toBe(0);
    await t.release(KEY);
    // Still full (two counted), and the turn was taken just now.
    expect(await t.reserveAttempt(KEY)).toBe(10);
    await advance(SLOW_MS);
    expect(await t.reserveAttempt(KEY)).toBe(0);
  });

  test('the wait is the sooner of the two: a place in the window or the slow interval', async () => {
    const t = new LoginThrottle(database.db, { maxFailures: 2, windowMs: WINDOW_MS, slowIntervalMs: 30_000 });
    await t.reserveAttempt(KEY); // t = 0
    await advance(50_000);
    await t.reserveAttempt(KEY); // t = 50 s
    // The first leaves the window at 60 s, sooner than 50 s + 30 s.
    expect(await t.reserveAttempt(KEY)).toBe(10);
  });
});

describe('SignInThrottle', () => {
  const EMAIL = 'alice@example.com';

  function setup() {
    const throttle = new SignInThrottle(
      new LoginThrottle(database.db, addressThrottleOptions(SIGN_IN_DEFAULTS)),
      new LoginThrottle(database.db, accountThrottleOptions(SIGN_IN_DEFAULTS)),
      new LoginThrottle(database.db, deviceThrottleOptions(SIGN_IN_DEFAULTS)),
    );
    let checks = 0;
    const wrong = async () => {
      checks += 1;
      return undefined;
    };
    const right = async () => {
      checks += 1;
      return 'opened';
    };
    /** The outcome of one attempt: what the check opened, 'wrong', or the 429's wait. */
    const outcome = async (attempted: Promise<string | undefined>) => {
      try {
        return (await attempted) ?? 'wrong';
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) return Number(error.headers?.['retry-after']);
        throw error;
      }
    };
    const attempt = (ip: string, check: () => Promise<string | undefined> = wrong) => outcome(throttle.attempt(ip, EMAIL, check));
    /** A sign-in bringing the device cookie of `deviceId`; which count it spent shows in `knownDevice`. */
    const fromDevice = (ip: string, deviceId: string, check: () => Promise<string | undefined> = wrong) => {
      let knownDevice: boolean | undefined;
      const result = outcome(
        throttle.signIn(ip, EMAIL, deviceId, (known) => {
          knownDevice = known;
          return check();
        }),
      );
      return result.then((value) => ({ value, knownDevice }));
    };
    const inSession = (sessionId: string, check: () => Promise<string | undefined> = wrong) => outcome(throttle.inSession(sessionId, check));
    return { throttle, attempt, fromDevice, inSession, right, checks: () => checks };
  }

  /** Thirty wrong passwords from six addresses, five each: the account's count is full. */
  async function fillAccount(t: ReturnType<typeof setup>) {
    for (let i = 0; i < 30; i += 1) expect(await t.attempt(`203.0.113.${Math.floor(i / 5)}`)).toBe('wrong');
  }

  test('a parallel burst from one address: five checks, the rest refused before any', async () => {
    const t = setup();
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => t.attempt('203.0.113.1')));
    expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 900)).toHaveLength(25);
    expect(t.checks()).toBe(5);
  });

  test('the 429 says how long to wait, in the message and Retry-After', async () => {
    const t = setup();
    for (let i = 0; i < 5; i += 1) await t.attempt('203.0.113.1');
    const refused = await t.throttle.attempt('203.0.113.1', EMAIL, t.right).catch((error: unknown) => error as HttpError);
    expect(refused).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many failed sign-in attempts; try again in 900 seconds' });
    expect(refused).toHaveProperty('headers', { 'retry-after': '900' });
  });

  test('thirty failures over many addresses slow the account: then one attempt a minute, from anywhere', async () => {
    const t = setup();
    await fillAccount(t);
    // A fresh address is refused too, with the minute's wait.
    expect(await t.attempt('198.51.100.1', t.right)).toBe(60);
    await advance(30_000);
    expect(await t.attempt('198.51.100.2')).toBe(30);
    await advance(30_000);
    // A minute after the last counted attempt, one gets through; the next waits a minute again.
    expect(await t.attempt('198.51.100.3')).toBe('wrong');
    expect(await t.attempt('198.51.100.4', t.right)).toBe(60);
    await advance(60_000);
    expect(await t.attempt('198.51.100.4', t.right)).toBe('opened');
    expect(t.checks()).toBe(32);
  });

  test("never a lock: a stranger keeping the account slowed cannot spend the owner's own attempts", async () => {
    const t = setup();
    await fillAccount(t);
    // The owner tries again and again while slowed: each refusal is the account's, and takes nothing from the owner's address.
    for (let i = 0; i < 10; i += 1) {
      expect(await t.attempt('192.0.2.10', t.right)).toBeGreaterThan(0);
      await advance(1_000);
    }
    await advance(60_000);
    expect(await t.attempt('192.0.2.10', t.right)).toBe('opened');
  });

  test("the owner's success takes back only its own place: the strangers' failures still count", async () => {
    const t = setup();
    for (let i = 0; i < 29; i += 1) await t.attempt(`203.0.113.${Math.floor(i / 5)}`);
    // Successes are not failures: the owner signs in as often as they like.
    for (let i = 0; i < 40; i += 1) expect(await t.attempt('192.0.2.10', t.right)).toBe('opened');
    // The thirtieth failure fills the count: the account is slowed despite the owner's sign-ins.
    expect(await t.attempt('203.0.113.9')).toBe('wrong');
    expect(await t.attempt('203.0.113.9')).toBe(60);
  });

  test("while slowed, the owner's sign-in takes the minute's turn: the next stranger waits a minute from it", async () => {
    const t = setup();
    await fillAccount(t);
    await advance(60_000);
    expect(await t.attempt('192.0.2.10', t.right)).toBe('opened');
    expect(await t.attempt('203.0.113.9')).toBe(60);
    await advance(60_000);
    expect(await t.attempt('203.0.113.9')).toBe('wrong');
  });

  test("a success clears this address's count, as before", async () => {
    const t = setup();
    for (let i = 0; i < 4; i += 1) await t.attempt('192.0.2.10');
    expect(await t.attempt('192.0.2.10', t.right)).toBe('opened');
    for (let i = 0; i < 5; i += 1) expect(await t.attempt('192.0.2.10')).toBe('wrong');
    expect(await t.attempt('192.0.2.10')).toBe(900);
  });

  test('a check that never decided (the server too busy) is taken back from both counts', async () => {
    const t = setup();
    const busy = async (): Promise<string | undefined> => {
      throw new HttpError(503, 'UNAVAILABLE', 'busy');
    };
    for (let i = 0; i < 40; i += 1) await expect(t.throttle.attempt('192.0.2.10', EMAIL, busy)).rejects.toMatchObject({ statusCode: 503 });
    const counted = await database.db.query<{ throttle_key: string; n: number }>(
      'SELECT throttle_key, cardinality(attempts) AS n FROM login_throttle ORDER BY throttle_key',
    );
    expect(counted).toEqual([
      { throttle_key: `192.0.2.10|${EMAIL}`, n: 0 },
      { throttle_key: `account|${EMAIL}`, n: 0 },
    ]);
    expect(await t.attempt('192.0.2.10', t.right)).toBe('opened');
  });

  test("a known device's attempts spend its own count: the account slowed by strangers lets it in at once", async () => {
    const t = setup();
    await fillAccount(t);
    expect(await t.attempt('192.0.2.10', t.right)).toBe(60);
    expect(await t.fromDevice('192.0.2.10', 'owners-laptop', t.right)).toEqual({ value: 'opened', knownDevice: true });
    // Nothing of it reached the shared counts: the strangers still wait their minute.
    expect(await t.attempt('203.0.113.9')).toBe(60);
  });

  test('ten failures distrust a device: its next attempts are anyone\'s, on the shared counts', async () => {
    const t = setup();
    for (let i = 0; i < 10; i += 1) expect(await t.fromDevice('192.0.2.10', 'owners-laptop')).toEqual({ value: 'wrong', knownDevice: true });
    expect(await t.fromDevice('192.0.2.10', 'owners-laptop')).toEqual({ value: 'wrong', knownDevice: false });
    // Another device of the same person has its own ten.
    expect(await t.fromDevice('192.0.2.10', 'owners-phone', t.right)).toEqual({ value: 'opened', knownDevice: true });
    await advance(60 * 60_000);
    expect(await t.fromDevice('192.0.2.10', 'owners-laptop', t.right)).toEqual({ value: 'opened', knownDevice: true });
  });

  test('a session\'s current-password checks: ten wrong in an hour, then 429 for that session alone', async () => {
    const t = setup();
    await fillAccount(t);
    for (let i = 0; i < 10; i += 1) expect(await t.inSession('session-1')).toBe('wrong');
    expect(await t.inSession('session-1', t.right)).toBe(3600);
    expect(await t.inSession('session-2', t.right)).toBe('opened');
  });
});

