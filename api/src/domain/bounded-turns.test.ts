import { createBoundedTurns } from './bounded-turns';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createBoundedTurns', () => {
  test('work that can start now is never refused; past the running and waiting ones, the caller’s refusal comes before any work', async () => {
    const started: string[] = [];
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const inTurn = createBoundedTurns(1, 0, () => new Error('refused'));
    const running = inTurn(async () => {
      started.push('running');
      await held;
      return 'running';
    });
    await expect(inTurn(async () => started.push('refused'))).rejects.toThrow('refused');
    finish();
    await expect(running).resolves.toBe('running');
    await settle();
    expect(started).toEqual(['running']);
    await expect(inTurn(async () => 'next')).resolves.toBe('next');
  });

  test('places kept for reserved work: ordinary work is refused short of them; reserved work takes them and starts first', async () => {
    const started: string[] = [];
    const finishes: Array<() => void> = [];
    const inTurn = createBoundedTurns(1, 3, () => new Error('refused'), 1);
    const work = (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        finishes.push(() => resolve(name));
      });
    const running = inTurn(work('running'));
    const ordinary = [inTurn(work('ordinary 1')), inTurn(work('ordinary 2'))];
    // Two wait: the third waiting place is kept back.
    await expect(inTurn(work('ordinary 3'))).rejects.toThrow('refused');
    const reserved = inTurn(work('reserved'), { reserved: true });
    await expect(inTurn(work('reserved 2'), { reserved: true })).rejects.toThrow('refused');
    for (let i = 0; i < 4; i += 1) {
      finishes[i]?.();
      await settle();
    }
    await expect(Promise.all([running, reserved, ...ordinary])).resolves.toEqual(['running', 'reserved', 'ordinary 1', 'ordinary 2']);
    expect(started).toEqual(['running', 'reserved', 'ordinary 1', 'ordinary 2']);
  });
});

