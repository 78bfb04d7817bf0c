import { HttpError } from '../../http/http-error';
import { createWriteTurns } from './ingest-write-queue';

/** A write that finishes when the test says so, recording when it started. */
function controlledWrite(log: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    write: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => finish(name),
    fail: (error: Error) => fail(error),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createWriteTurns', () => {
  test('runs at most `concurrency` writes at once, the rest in arrival order', async () => {
    const inTurn = createWriteTurns(2);
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => controlledWrite(log, name)) as [
      ReturnType<typeof controlledWrite>,
      ReturnType<typeof controlledWrite>,
      ReturnType<typeof controlledWrite>,
      ReturnType<typeof controlledWrite>,
    ];
    const results = [a, b, c, d].map((w) => inTurn(w.write));
    await settle();
    expect(log).toEqual(['start a', 'start b']);

    b.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c']);

    a.finish();
    c.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    d.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  test('a failed write rejects its own caller and frees its turn', async () => {
    const inTurn = createWriteTurns(1);
    const log: string[] = [];
    const first = controlledWrite(log, 'first');
    const second = controlledWrite(log, 'second');
    const failed = inTurn(first.write);
    const next = inTurn(second.write);
    first.fail(new Error('deadlock'));
    await expect(failed).rejects.toThrow('deadlock');
    await settle();
    expect(log).toEqual(['start first', 'start second']);
    second.finish();
    await expect(next).resolves.toBe('second');
  });

  test('refuses with a 503 and Retry-After once too many are waiting, and takes them again when the queue drains', async () => {
    const inTurn = createWriteTurns(1, 2);
    const log: string[] = [];
    const writes = ['running', 'waiting 1', 'waiting 2', 'refused'].map((name) => controlledWrite(log, name));
    const [running, waiting1, waiting2, refused] = writes.map((w) => inTurn(w.write).catch((error: unknown) => error));
    const error = (await refused) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(503);
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe('2 deliveries are already waiting to be stored; retry shortly');
    expect(error.headers).toEqual({ 'retry-after': '1' });

    for (const w of writes.slice(0, 3)) w.finish();
    await expect(Promise.all([running, waiting1, waiting2])).resolves.toEqual(['running', 'waiting 1', 'waiting 2']);
    expect(log).not.toContain('start refused');
    const again = controlledWrite(log, 'again');
    const accepted = inTurn(again.write);
    again.finish();
    await expect(accepted).resolves.toBe('again');
  });
});
