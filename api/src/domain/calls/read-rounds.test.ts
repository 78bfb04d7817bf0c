import { ReadRounds } from './read-rounds';

/** A compute whose answers the test releases one round at a time. */
function controlled() {
  const pending: Array<(value: number) => void> = [];
  let rounds = 0;
  const compute = () =>
    new Promise<number>((resolve) => {
      rounds += 1;
      const round = rounds;
      pending.push(() => resolve(round));
    });
  return { compute, rounds: () => rounds, finishNext: () => pending.shift()?.(0) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ReadRounds', () => {
  test('a request that arrives while a round runs waits for the next round, shared with every other that arrived meanwhile', async () => {
    const reads = new ReadRounds();
    const c = controlled();
    const first = reads.ask('stats?today', c.compute);
    await tick();
    const later = [reads.ask('stats?today', c.compute), reads.ask('stats?today', c.compute), reads.ask('stats?today', c.compute)];
    await tick();
    expect(c.rounds()).toBe(1);
    c.finishNext();
    expect(await first).toBe(1);
    await tick();
    // The second round started only after the first ended: it is newer than every request waiting for it.
    expect(c.rounds()).toBe(2);
    c.finishNext();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    await tick();
    expect(reads.inFlight).toBe(0);
  });

  test('different questions never share a round', async () => {
    const reads = new ReadRounds();
    const answers = await Promise.all([reads.ask('a', () => Promise.resolve('A')), reads.ask('b', () => Promise.resolve('B'))]);
    expect(answers).toEqual(['A', 'B']);
  });

  test("a round's failure reaches only its own requests; the next round runs afresh", async () => {
    const reads = new ReadRounds();
    let calls = 0;
    let fail!: (error: Error) => void;
    const failing = reads.ask('q', () => new Promise<number>((_, reject) => { calls += 1; fail = reject; }));
    await tick();
    const next = reads.ask('q', () => Promise.resolve(++calls));
    fail(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    expect(await next).toBe(2);
    await tick();
    expect(reads.inFlight).toBe(0);
  });

  test('a compute that throws at once is a failed round, not a thrown call', async () => {
    const reads = new ReadRounds();
    await expect(reads.ask('q', () => { throw new Error('bad'); })).rejects.toThrow('bad');
    expect(await reads.ask('q', () => Promise.resolve(1))).toBe(1);
  });
});
