import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import interactiveFirst, { createInteractiveGate, givingWay } from './interactive-first';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('the interactive gate', () => {
  test('quiet at once when nothing is in flight; otherwise when the last request ends', async () => {
    const gate = createInteractiveGate();
    expect(await settled(gate.whenQuiet(10_000))).toBe(true);
    const endA = gate.started();
    const endB = gate.started();
    expect(gate.inFlight).toBe(2);
    const quiet = gate.whenQuiet(10_000);
    endA();
    expect(await settled(quiet)).toBe(false);
    endB();
    endB(); // ending twice counts once
    expect(await settled(quiet)).toBe(true);
    expect(gate.inFlight).toBe(0);
  });

  test('a request that never ends holds an export back only for the longest wait', async () => {
    const gate = createInteractiveGate();
    gate.started();
    const started = performance.now();
    await gate.whenQuiet(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  test('givingWay passes chunks straight through when quiet and holds them while a request runs', async () => {
    const gate = createInteractiveGate();
    const stream = givingWay(gate, 10_000);
    const out: string[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    stream.write('a');
    await new Promise((r) => setImmediate(r));
    expect(out).toEqual(['a']);
    const end = gate.started();
    stream.write('b');
    await new Promise((r) => setTimeout(r, 20));
    expect(out).toEqual(['a']);
    end();
    await new Promise((r) => setImmediate(r));
    expect(out).toEqual(['a', 'b']);
  });
});

describe('the plugin', () => {
  test('counts every request in flight but those marked bulk, and forgets each once its response is done', async () => {
    const app = Fastify();
    await app.register(interactiveFirst);
    const seen: Record<string, number> = {};
    app.get('/ordinary', async () => {
      seen.ordinary = app.interactive.inFlight;
      return { ok: true };
    });
    app.get('/bulk', { config: { bulk: true } }, async (_request, reply) => {
      seen.bulk = app.interactive.inFlight;
      const body = new PassThrough();
      body.end('file');
      return reply.send(body);
    });
    await app.ready();
    expect((await app.inject('/bulk')).body).toBe('file');
    expect((await app.inject('/ordinary')).statusCode).toBe(200);
    expect(seen).toEqual({ bulk: 0, ordinary: 1 });
    expect(app.interactive.inFlight).toBe(0);
    expect((await app.inject('/missing')).statusCode).toBe(404);
    expect(app.interactive.inFlight).toBe(0);
    await app.close();
  });
});
