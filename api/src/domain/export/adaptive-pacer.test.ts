import { ADAPTIVE_PACE, AdaptivePacer, type AdaptivePace, type DashboardActivity } from './adaptive-pacer';

const MB = 2 ** 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A dashboard whose activity and slowest request the test sets. */
function dashboard(active = true, slowestMs = 0): DashboardActivity & { active: boolean; slowestMs: number } {
  return {
    active,
    slowestMs,
    activeWithin() {
      return this.active;
    },
    slowestEndedSince() {
      return this.slowestMs;
    },
  };
}

// Windows of 20 ms, a start of 100 MB/s (100 bytes a ms).
const PACE: AdaptivePace = { ...ADAPTIVE_PACE, startBytesPerSecond: 100 * 1000, minBytesPerSecond: 10 * 1000, adjustEveryMs: 20 };

/** Sends `size` bytes through the pacer, waiting as it says; returns when they went out. */
async function relay(pacer: AdaptivePacer, size: number): Promise<void> {
  const delay = pacer.delayFor(size);
  if (delay > 0) await sleep(delay);
}

describe('the adaptive pacer', () => {
  test('with nobody on the dashboard, no delay at all', () => {
    const pacer = new AdaptivePacer(dashboard(false), 1000, PACE);
    for (let i = 0; i < 10; i += 1) expect(pacer.delayFor(64 * MB)).toBe(0);
  });

  test('while the dashboard is in use, bytes keep to the pace, and a pause is not made up for by a burst', () => {
    // A clock the test moves: on a busy machine real time passes between two calls and blurs the sums.
    let clock = 1_000;
    const now = jest.spyOn(performance, 'now').mockImplementation(() => clock);
    try {
      const pacer = new AdaptivePacer(dashboard(), 1000, { ...PACE, adjustEveryMs: 10_000 });
      expect(pacer.delayFor(1000)).toBe(10); // 1,000 bytes at 100 a ms
      expect(pacer.delayFor(1000)).toBe(20);
      clock += 40;
      expect(pacer.delayFor(1000)).toBe(10);
    } finally {
      now.mockRestore();
    }
  });

  test('slows down after a slow request and speeds up again after none', async () => {
    const board = dashboard(true, PACE.slowRequestMs + 1);
    const pacer = new AdaptivePacer(board, 1000, PACE);
    const start = pacer.bytesPerSecond;
    // Held back most of each window: the pace, not the source, limits the export.
    while (pacer.bytesPerSecond === start) await relay(pacer, 500);
    expect(pacer.bytesPerSecond).toBeCloseTo(start * PACE.slowDown, 0);
    board.slowestMs = 1;
    const slowed = pacer.bytesPerSecond;
    while (pacer.bytesPerSecond === slowed) await relay(pacer, 500);
    expect(pacer.bytesPerSecond).toBeCloseTo(slowed * PACE.speedUp, 0);
  });

  test('when the source is slower than the pace, drops just below what came through, and never slows beneath its share of that', async () => {
    const board = dashboard(true, 0);
    const pacer = new AdaptivePacer(board, 1000, { ...PACE, startBytesPerSecond: 1000 * MB });
    // A source giving 10 bytes every 2 ms (5,000 B/s): far below the pace, so nothing is held back.
    const start = pacer.bytesPerSecond;
    while (pacer.bytesPerSecond === start) {
      pacer.delayFor(10);
      await sleep(2);
    }
    const capacity = pacer.bytesPerSecond / PACE.belowCapacity;
    expect(capacity).toBeGreaterThan(1000);
    expect(capacity).toBeLessThan(6000);
    // Now every request is slow: the pace falls, but not below floorShare of the capacity.
    board.slowestMs = 1000;
    for (let i = 0; i < 30; i += 1) await relay(pacer, 200);
    expect(pacer.bytesPerSecond).toBeCloseTo(capacity * PACE.floorShare, 0);
  });

  test('a moment when little came through does not lower the floor: the most ever measured is the capacity', async () => {
    const board = dashboard(true, 0);
    const pacer = new AdaptivePacer(board, 1000, { ...PACE, startBytesPerSecond: 1000 * MB });
    const measure = async (bytesPerTick: number) => {
      const before = pacer.bytesPerSecond;
      while (pacer.bytesPerSecond === before) {
        pacer.delayFor(bytesPerTick);
        await sleep(2);
      }
    };
    await measure(20); // ~10,000 B/s
    const capacity = pacer.bytesPerSecond / PACE.belowCapacity;
    await measure(2); // a hiccup: ~1,000 B/s
    board.slowestMs = 1000;
    for (let i = 0; i < 30; i += 1) await relay(pacer, 200);
    expect(pacer.bytesPerSecond).toBeGreaterThanOrEqual(capacity * PACE.floorShare * 0.99);
  });
});
