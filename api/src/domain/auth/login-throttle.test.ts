import { MemoryLoginThrottle } from './login-throttle';

const WINDOW_MS = 60_000;
const KEY = '203.0.113.7|alice@example.com';

function setup(maxFailures = 3) {
  let time = 1_700_000_000_000;
  const throttle = new MemoryLoginThrottle({ maxFailures, windowMs: WINDOW_MS }, () => time);
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
});
