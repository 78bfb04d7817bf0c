import { availableParallelism } from 'node:os';
import { HttpError } from '../../http/http-error';
import { HASHING_CONCURRENCY } from './hashing-turns';
import { PasswordHasher, type ScryptCost } from './password-hasher';

const LOW_COST: ScryptCost = { log2N: 10, r: 8, p: 1 };
const OTHER_COST: ScryptCost = { log2N: 11, r: 4, p: 2 };

/** The longest prefix of `text`, whole characters only, that fits in `bytes` UTF-8 bytes. */
function truncateToBytes(text: string, bytes: number): string {
  let result = '';
  for (const char of text) {
    if (Buffer.byteLength(result + char, 'utf8') > bytes) break;
    result += char;
  }
  return result;
}

describe('PasswordHasher at the default cost', () => {
  test('hashes with OWASP scrypt parameters', async () => {
    const stored = await new PasswordHasher().hash('default cost');
    expect(stored.startsWith('$scrypt$ln=17,r=8,p=1$')).toBe(true);
  });
});

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(LOW_COST);

  test('writes a PHC-style string with its cost, salt and key', async () => {
    const stored = await hasher.hash('hunter22');
    expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
  });

  test('verifies the right password and rejects a wrong one', async () => {
    const stored = await hasher.hash('hunter22');
    await expect(hasher.verify('hunter22', stored)).resolves.toBe(true);
    await expect(hasher.verify('hunter23', stored)).resolves.toBe(false);
    await expect(hasher.verify('', stored)).resolves.toBe(false);
  });

  test.each(['', 'hunter22', '$2b$10$abcdefghijklmnopqrstuv', '$scrypt$ln=10,r=8,p=1$', '$scrypt$ln=x,r=8,p=1$c2FsdA$a2V5'])(
    'returns false for the malformed stored string %j',
    async (stored) => {
      await expect(hasher.verify('hunter22', stored)).resolves.toBe(false);
    },
  );

  test('returns false when the stored key or parameters were altered', async () => {
    const stored = await hasher.hash('hunter22');
    await expect(hasher.verify('hunter22', stored.slice(0, -4))).resolves.toBe(false);
    await expect(hasher.verify('hunter22', stored.replace('ln=10', 'ln=11'))).resolves.toBe(false);
  });

  test('two hashes of the same password differ (random salt) and both verify', async () => {
    const first = await hasher.hash('same password');
    const second = await hasher.hash('same password');
    expect(first).not.toBe(second);
    await expect(hasher.verify('same password', first)).resolves.toBe(true);
    await expect(hasher.verify('same password', second)).resolves.toBe(true);
  });

  test('verifies a hash made at another cost, reading the parameters from the string', async () => {
    const stored = await new PasswordHasher(OTHER_COST).hash('moved on');
    expect(stored.startsWith('$scrypt$ln=11,r=4,p=2$')).toBe(true);
    await expect(hasher.verify('moved on', stored)).resolves.toBe(true);
    await expect(hasher.verify('moved off', stored)).resolves.toBe(false);
  });

  test('uses the whole of a long passphrase: no truncation to 72 bytes', async () => {
    const twoHundred = Array.from('correct horse 🐴 battery 🔋 staple 📎 '.repeat(10)).slice(0, 200).join('');
    expect(Array.from(twoHundred)).toHaveLength(200);

    const truncated = truncateToBytes(twoHundred, 72);
    expect(Buffer.byteLength(truncated, 'utf8')).toBeLessThanOrEqual(72);
    expect(twoHundred.startsWith(truncated)).toBe(true);

    const stored = await hasher.hash(twoHundred);
    await expect(hasher.verify(twoHundred, stored)).resolves.toBe(true);
    await expect(hasher.verify(truncated, stored)).resolves.toBe(false);
  });

  test('treats the composed and decomposed forms of an accented password alike (NFC)', async () => {
    const composed = 'caf\u00e9-pass';
    const decomposed = 'cafe\u0301-pass';
    const stored = await hasher.hash(composed);
    await expect(hasher.verify(decomposed, stored)).resolves.toBe(true);
  });

  test('verifyNothing resolves false, whatever the password', async () => {
    await expect(hasher.verifyNothing('hunter22')).resolves.toBe(false);
    await expect(hasher.verifyNothing('callboard-timing-equaliser')).resolves.toBe(false);
  });
});

describe('PasswordHasher: one bounded queue for every derivation', () => {
  /** A derivation the test finishes by hand; `running` counts those started and not finished. */
  function heldDerive() {
    const pending: Array<() => void> = [];
    const state = { started: 0, running: 0, mostAtOnce: 0 };
    const derive = (password: string) =>
      new Promise<Buffer>((resolve) => {
        state.started += 1;
        state.running += 1;
        state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
        pending.push(() => {
          state.running -= 1;
          resolve(Buffer.alloc(32, password.length));
        });
      });
    const finishAll = async () => {
      // Each finished derivation lets a waiting one start: finish until none is left.
      while (pending.length > 0) {
        pending.splice(0).forEach((finish) => finish());
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    return { derive, state, finishAll };
  }

  test('runs at most `concurrency` at once, queues `maxWaiting` more, and refuses the next with a 503 before deriving', async () => {
    const held = heldDerive();
    const hasher = new PasswordHasher(LOW_COST, { concurrency: 2, maxWaiting: 3, derive: held.derive });
    const stored = await (async () => {
      const storing = hasher.hash('stored once');
      await held.finishAll();
      return storing;
    })();
    held.state.started = 0;

    // Two running, three waiting, whichever kind of derivation each is; the sixth is one too many.
    const accepted = [hasher.verify('a', stored), hasher.verifyNothing('b'), hasher.hash('c'), hasher.verify('d', stored), hasher.hash('e')];
    const refused = hasher.verify('f', stored).catch((error: unknown) => error);
    const error = (await refused) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(503);
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe('The server is busy checking passwords; try again in a few seconds');
    expect(error.headers).toEqual({ 'retry-after': '2' });
    expect(held.state.started).toBe(2);

    await held.finishAll();
    await expect(Promise.all(accepted)).resolves.toHaveLength(5);
    expect(held.state.started).toBe(5);
    expect(held.state.mostAtOnce).toBe(2);

    // Drained: it takes work again.
    const again = hasher.verifyNothing('g');
    await held.finishAll();
    await expect(again).resolves.toBe(false);
  });

  test('a refused turn is an error, never a "wrong password"', async () => {
    const held = heldDerive();
    const hasher = new PasswordHasher(LOW_COST, { concurrency: 1, maxWaiting: 0, derive: held.derive });
    const stored = '$scrypt$ln=10,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U';
    const running = hasher.verify('first', stored);
    await expect(hasher.verify('second', stored)).rejects.toBeInstanceOf(HttpError);
    await expect(hasher.verifyNothing('third')).rejects.toBeInstanceOf(HttpError);
    await held.finishAll();
    await expect(running).resolves.toBe(false);
  });

  test('verifyNothing derives once, at the cost new hashes use, like a real check', async () => {
    const costs: ScryptCost[] = [];
    const hasher = new PasswordHasher(OTHER_COST, {
      derive: async (_password, _salt, cost) => {
        costs.push(cost);
        return Buffer.alloc(32);
      },
    });
    await expect(hasher.verifyNothing('anything')).resolves.toBe(false);
    expect(costs).toEqual([OTHER_COST]);
  });

  test('by default, no more at once than the cores, and never more than libuv\'s four threads', () => {
    expect(HASHING_CONCURRENCY).toBe(Math.min(availableParallelism(), 4));
    expect(HASHING_CONCURRENCY).toBeGreaterThanOrEqual(1);
  });
});
