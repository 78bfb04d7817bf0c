import type { CallsChanged } from '@callboard/contract';
import { createCoalescer, mergeChanges } from './change-coalescer';

const change = (inserted: number, updated: number, newestCallTimestamp: string | null): CallsChanged => ({ inserted, updated, newestCallTimestamp });

describe('mergeChanges', () => {
  test('sums the counts and keeps the newer call time', () => {
    expect(mergeChanges(change(1, 2, '2026-01-02T00:00:00.000Z'), change(3, 4, '2026-01-01T00:00:00.000Z'))).toEqual(
      change(4, 6, '2026-01-02T00:00:00.000Z'),
    );
    expect(mergeChanges(change(0, 1, '2026-01-01T00:00:00.000Z'), change(2, 0, '2026-03-01T00:00:00.000Z')).newestCallTimestamp).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });

  test('a change without a call time keeps the other one', () => {
    expect(mergeChanges(change(0, 1, null), change(1, 0, '2026-01-01T00:00:00.000Z')).newestCallTimestamp).toBe('2026-01-01T00:00:00.000Z');
    expect(mergeChanges(change(1, 0, '2026-01-01T00:00:00.000Z'), change(0, 1, null)).newestCallTimestamp).toBe('2026-01-01T00:00:00.000Z');
    expect(mergeChanges(change(0, 1, null), change(0, 1, null)).newestCallTimestamp).toBeNull();
  });
});

describe('createCoalescer', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  test('a change after a quiet spell goes out at once', () => {
    const emitted: CallsChanged[] = [];
    const coalescer = createCoalescer((c) => emitted.push(c), 250);
    coalescer.add(change(1, 0, '2026-01-01T00:00:00.000Z'));
    expect(emitted).toEqual([change(1, 0, '2026-01-01T00:00:00.000Z')]);
  });

  test('changes within the gap wait for its end and go out as one', () => {
    const emitted: CallsChanged[] = [];
    const coalescer = createCoalescer((c) => emitted.push(c), 250);
    coalescer.add(change(1, 0, '2026-01-01T00:00:00.000Z'));
    jest.advanceTimersByTime(50);
    coalescer.add(change(2, 0, '2026-01-03T00:00:00.000Z'));
    coalescer.add(change(0, 5, '2026-01-02T00:00:00.000Z'));
    expect(emitted).toHaveLength(1);
    jest.advanceTimersByTime(199);
    expect(emitted).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(emitted).toEqual([change(1, 0, '2026-01-01T00:00:00.000Z'), change(2, 5, '2026-01-03T00:00:00.000Z')]);
  });

  test('a steady stream of changes comes out at most once per gap', () => {
    const emitted: CallsChanged[] = [];
    const coalescer = createCoalescer((c) => emitted.push(c), 250);
    // 100 changes a second for two seconds.
    for (let i = 0; i < 200; i += 1) {
      coalescer.add(change(1, 0, null));
      jest.advanceTimersByTime(10);
    }
    jest.advanceTimersByTime(250);
    expect(emitted.length).toBeLessThanOrEqual(9);
    expect(emitted.reduce((sum, c) => sum + c.inserted, 0)).toBe(200);
  });

  test('stop drops what is waiting', () => {
    const emitted: CallsChanged[] = [];
    const coalescer = createCoalescer((c) => emitted.push(c), 250);
    coalescer.add(change(1, 0, null));
    coalescer.add(change(1, 0, null));
    coalescer.stop();
    jest.advanceTimersByTime(1000);
    expect(emitted).toHaveLength(1);
  });
});
