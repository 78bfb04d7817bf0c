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
});
