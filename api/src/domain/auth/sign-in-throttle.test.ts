import { HttpError } from '../../http/http-error';
import { MemoryLoginThrottle } from './login-throttle';
import { accountThrottleOptions, addressThrottleOptions, SIGN_IN_DEFAULTS, SignInThrottle } from './sign-in-throttle';

const EMAIL = 'alice@example.com';

function setup() {
  let time = 1_700_000_000_000;
  const clock = () => time;
  const perAddress = new MemoryLoginThrottle(addressThrottleOptions(SIGN_IN_DEFAULTS), clock);
  const perAccount = new MemoryLoginThrottle(accountThrottleOptions(SIGN_IN_DEFAULTS), clock);
  const throttle = new SignInThrottle(perAddress, perAccount);
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
  const attempt = async (ip: string, check: () => Promise<string | undefined> = wrong) => {
    try {
      return (await throttle.attempt(ip, EMAIL, check)) ?? 'wrong';
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return Number(error.headers?.['retry-after']);
      throw error;
    }
  };
  return {
    throttle,
    perAddress,
    perAccount,
    attempt,
    right,
    checks: () => checks,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

/** Thirty wrong passwords from six addresses, five each: the account's count is full. */
async function fillAccount(t: ReturnType<typeof setup>) {
  for (let i = 0; i < 30; i += 1) expect(await t.attempt(`203.0.113.${Math.floor(i / 5)}`)).toBe('wrong');
}

describe('SignInThrottle', () => {
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
    t.advance(30_000);
    expect(await t.attempt('198.51.100.2')).toBe(30);
    t.advance(30_000);
    // A minute after the last counted attempt, one gets through; the next waits a minute again.
    expect(await t.attempt('198.51.100.3')).toBe('wrong');
    expect(await t.attempt('198.51.100.4', t.right)).toBe(60);
    t.advance(60_000);
    expect(await t.attempt('198.51.100.4', t.right)).toBe('opened');
    expect(t.checks()).toBe(32);
  });

  test('never a lock: a stranger keeping the account slowed cannot spend the owner\'s own attempts', async () => {
    const t = setup();
    await fillAccount(t);
    // The owner tries again and again while slowed: each refusal is the account's, and takes nothing from the owner's address.
    for (let i = 0; i < 10; i += 1) {
      expect(await t.attempt('192.0.2.10', t.right)).toBeGreaterThan(0);
      t.advance(1_000);
    }
    t.advance(60_000);
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
    t.advance(60_000);
    expect(await t.attempt('192.0.2.10', t.right)).toBe('opened');
    expect(await t.attempt('203.0.113.9')).toBe(60);
    t.advance(60_000);
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
    expect(t.perAddress.retryAfterSeconds(`192.0.2.10|${EMAIL}`)).toBe(0);
    expect(t.perAccount.retryAfterSeconds(`account|${EMAIL}`)).toBe(0);
    expect(await t.attempt('192.0.2.10', t.right)).toBe('opened');
  });
});
