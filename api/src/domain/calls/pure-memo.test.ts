import { memoizePure } from './pure-memo';

describe('memoizePure', () => {
  test('works an answer out once per input', () => {
    const compute = jest.fn((n: number) => n * 2);
    const doubled = memoizePure(compute);
    expect([doubled(2), doubled(2), doubled(3), doubled(2)]).toEqual([4, 4, 6, 4]);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  test('keeps answers that are falsy', () => {
    const compute = jest.fn((text: string) => text.length === 0);
    const empty = memoizePure(compute);
    expect([empty('a'), empty('a')]).toEqual([false, false]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  test('starts afresh when full, so it never holds more than its limit', () => {
    const compute = jest.fn((n: number) => n);
    const same = memoizePure(compute, 2);
    same(1);
    same(2);
    same(3); // full: emptied, then 3 kept
    same(3);
    same(1);
    expect(compute.mock.calls.map(([n]) => n)).toEqual([1, 2, 3, 1]);
  });
});
