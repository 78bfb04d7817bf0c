import { MemoryLoginThrottle } from './login-throttle';

const WINDOW_MS = 60_000;
const KEY = '203.0.113.7|alice@example.com';

function setup(maxFailures = 3, slowIntervalMs?: number) {
  let time = 1_700_000_000_000;
  const throttle = new MemoryLoginThrottle({ maxFailures, windowMs: WINDOW_MS, slowIntervalMs }, () => time);
  const advance = (ms: number) => {
    time += ms;
  };
  return { throttle, advance };
}

describe('MemoryLoginThrottle', () => {
  test('a key with no failures is allowed', () => {
    const { throttle } = setup();
    expect(throttle.retryAfterSeconds(KEY)).toBe(0);
  });

  test('allows attempts until maxFailures failures, then asks to wait out the window', () => {
    const { throttle } = setup(3);
    throttle.recordFailure(KEY);
    throttle.recordFailure(KEY);
    expect(throttle.retryAfterSeconds(KEY)).toBe(0);
    throttle.recordFailure(KEY);
    expect(throttle.retryAfterSeconds(KEY)).toBe(60);
  });

  test('the wait counts down from the oldest counted failure and rounds up', () => {
    const { throttle, advance } = setup(3);
    throttle.recordFailure(KEY); // t = 0
    advance(10_000);
    throttle.recordFailure(KEY); // t = 10 s
    advance(10_000);
    throttle.recordFailure(KEY); // t = 20 s
    expect(throttle.retryAfterSeconds(KEY)).toBe(40);
    advance(500);
    expect(throttle.retryAfterSeconds(KEY)).toBe(40); // 39.5 s rounds up
    advance(39_499);
    expect(throttle.retryAfterSeconds(KEY)).toBe(1); // 1 ms left
    advance(1);
    expect(throttle.retryAfterSeconds(KEY)).toBe(0); // the first failure left the window
  });

  test('with more than maxFailures failures, waits until enough have expired', () => {
    const { throttle, advance } = setup(3);
    for (let i = 0; i < 4; i += 1) {
      throttle.recordFailure(KEY); // t = 0, 10, 20, 30 s
      if (i < 3) advance(10_000);
    }
    // Allowed again once only two failures remain in the window: when the one at 10 s expires, at 70 s.
    expect(throttle.retryAfterSeconds(KEY)).toBe(40);
  });

  test('failures older than the window stop counting', () => {
    const { throttle, advance } = setup(3);
    throttle.recordFailure(KEY);
    throttle.recordFailure(KEY);
    advance(WINDOW_MS);
    throttle.recordFailure(KEY);
    expect(throttle.retryAfterSeconds(KEY)).toBe(0);
    throttle.recordFailure(KEY);
    expect(throttle.retryAfterSeconds(KEY)).toBe(0);
    throttle.recordFailure(KEY);
    expect(throttle.retryAfterSeconds(KEY)).toBe(60);
  });

  test('keys are independent', () => {
    const { throttle } = setup(2);
    const other = '203.0.113.7|bob@example.com';
    throttle.recordFailure(KEY);
    throttle.recordFailure(KEY);
    expect(throttle.retryAfterSeconds(KEY)).toBe(60);
    expect(throttle.retryAfterSeconds(other)).toBe(0);
    throttle.recordFailure(other);
    expect(throttle.retryAfterSeconds(other)).toBe(0);
  });

  test('reset clears the failures of one key only', () => {
    const { throttle } = setup(2);
    const other = '198.51.100.1|alice@example.com';
    for (const key of [KEY, KEY, other, other]) throttle.recordFailure(key);
    throttle.reset(KEY);
    expect(throttle.retryAfterSeconds(KEY)).toBe(0);
    expect(throttle.retryAfterSeconds(other)).toBe(60);
    throttle.recordFailure(KEY);
    expect(throttle.retryAfterSeconds(KEY)).toBe(0);
  });

  test('reserveAttempt counts an attempt up front; clear starts the key afresh', async () => {
    const { throttle } = setup(3);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => throttle.reserveAttempt(KEY)));
    expect(outcomes).toEqual([0, 0, 0, 60, 60]);
    await throttle.clear(KEY);
    expect(await throttle.reserveAttempt(KEY)).toBe(0);
  });

  test('release takes back the newest attempt only', async () => {
    const { throttle, advance } = setup(3);
    await throttle.reserveAttempt(KEY); // t = 0
    advance(10_000);
    await throttle.reserveAttempt(KEY); // t = 10 s
    advance(10_000);
    await throttle.reserveAttempt(KEY); // t = 20 s
    expect(throttle.retryAfterSeconds(KEY)).toBe(40);
    await throttle.release(KEY);
    expect(throttle.retryAfterSeconds(KEY)).toBe(0);
    expect(await throttle.reserveAttempt(KEY)).toBe(0);
    // The two older attempts still count: the wait runs from the first.
    expect(await throttle.reserveAttempt(KEY)).toBe(40);
    await throttle.release('198.51.100.1|nobody@example.com'); // nothing counted: nothing happens
  });
});

describe('MemoryLoginThrottle with a soft limit', () => {
  const SLOW_MS = 10_000;

  test('past maxFailures, one attempt gets through each slow interval after the newest, however many ask', async () => {
    const { throttle, advance } = setup(3, SLOW_MS);
    for (let i = 0; i < 3; i += 1) expect(await throttle.reserveAttempt(KEY)).toBe(0);
    // Full, and the newest is brand new: wait the slow interval (shorter than the window).
    expect(await throttle.reserveAttempt(KEY)).toBe(10);
    advance(4_000);
    expect(await throttle.reserveAttempt(KEY)).toBe(6);
    advance(6_000);
    // One gets through, and the next waits a whole interval again.
    const burst = await Promise.all(Array.from({ length: 5 }, () => throttle.reserveAttempt(KEY)));
    expect(burst).toEqual([0, 10, 10, 10, 10]);
    for (let minute = 0; minute < 10; minute += 1) {
      advance(SLOW_MS);
      expect(await throttle.reserveAttempt(KEY)).toBe(0);
      expect(await throttle.reserveAttempt(KEY)).toBe(10);
    }
  });

  test('the refused attempts are not counted, so they never push the next slot back', async () => {
    const { throttle, advance } = setup(2, SLOW_MS);
    await throttle.reserveAttempt(KEY);
    await throttle.reserveAttempt(KEY);
    for (let i = 0; i < 9; i += 1) {
      advance(1_000);
      expect(await throttle.reserveAttempt(KEY)).toBeGreaterThan(0);
    }
    advance(1_000);
    expect(await throttle.reserveAttempt(KEY)).toBe(0);
  });

  test('once the window has emptied enough, attempts are free again, with no wait in between', async () => {
    const { throttle, advance } = setup(3, SLOW_MS);
    for (let i = 0; i < 3; i += 1) await throttle.reserveAttempt(KEY);
    advance(WINDOW_MS);
    expect(await Promise.all([1, 2, 3].map(() => throttle.reserveAttempt(KEY)))).toEqual([0, 0, 0]);
  });

  test('an attempt taken out of the count still used its turn: the next waits the interval from it', async () => {
    const { throttle, advance } = setup(2, SLOW_MS);
    await throttle.reserveAttempt(KEY);
    await throttle.reserveAttempt(KEY);
    advance(SLOW_MS);
    expect(await throttle.reserveAttempt(KEY)).toBe(0);
    await throttle.release(KEY);
    // Still full (two counted), and the turn was taken just now.
    expect(await throttle.reserveAttempt(KEY)).toBe(10);
    advance(SLOW_MS);
    expect(await throttle.reserveAttempt(KEY)).toBe(0);
  });

  test('the wait is the sooner of the two: a place in the window or the slow interval', () => {
    const { throttle, advance } = setup(2, 30_000);
    throttle.recordFailure(KEY); // t = 0
    advance(50_000);
    throttle.recordFailure(KEY); // t = 50 s
    // The first leaves the window at 60 s, sooner than 50 s + 30 s.
    expect(throttle.retryAfterSeconds(KEY)).toBe(10);
  });
});
