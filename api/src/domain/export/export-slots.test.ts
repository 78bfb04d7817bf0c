import { HttpError } from '../../http/http-error';
import { ExportSlots, EXPORT_SLOTS_RETRY_AFTER_S } from './export-slots';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('export slots', () => {
  test('up to `running` at once; the next wait in arrival order and get a slot as one is released', async () => {
    const slots = new ExportSlots({ running: 2, queued: 2, maxWaitMs: 10_000 });
    const first = await slots.acquire();
    await slots.acquire();
    const third = slots.acquire();
    const fourth = slots.acquire();
    expect([slots.running, slots.queued]).toEqual([2, 2]);
    expect(await settled(third)).toBe(false);
    first();
    first(); // a release is idempotent: the second call frees nothing more
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(false);
    expect([slots.running, slots.queued]).toEqual([2, 1]);
  });

  test('a full queue refuses at once with a 429 that says when to come back', async () => {
    const slots = new ExportSlots({ running: 1, queued: 1, maxWaitMs: 10_000 });
    await slots.acquire();
    void slots.acquire().catch(() => undefined);
    const refused = await slots.acquire().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', headers: { 'retry-after': String(EXPORT_SLOTS_RETRY_AFTER_S) } });
    expect((refused as Error).message).toBe(`The server is already running 1 export, its limit, and others are waiting; try again in ${EXPORT_SLOTS_RETRY_AFTER_S} seconds`);
  });

  test('a wait longer than maxWaitMs ends in a 429 and leaves the queue', async () => {
    const slots = new ExportSlots({ running: 1, queued: 1, maxWaitMs: 20 });
    await slots.acquire();
    await expect(slots.acquire()).rejects.toMatchObject({ statusCode: 429 });
    expect(slots.queued).toBe(0);
  });

  test('a client leaving while it waits gives its place up, and the next one gets the slot', async () => {
    const slots = new ExportSlots({ running: 1, queued: 2, maxWaitMs: 10_000 });
    const release = await slots.acquire();
    const left = new AbortController();
    const leaving = slots.acquire(left.signal);
    const staying = slots.acquire();
    left.abort();
    await expect(leaving).rejects.toThrow(/left/);
    expect(slots.queued).toBe(1);
    release();
    expect(await settled(staying)).toBe(true);
    expect(slots.running).toBe(1);
  });
});
