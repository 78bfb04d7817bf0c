import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { ADAPTIVE_PACE } from '../../domain/export/adaptive-pacer';
import interactiveFirst, { betweenBatches, createInteractiveGate, givingWay } from './export-pacing';

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

describe('pacing while the dashboard is in use', () => {
  test('the gate counts a request as recent activity while it runs and for the window after it ends', async () => {
    const gate = createInteractiveGate();
    expect(gate.activeWithin(50)).toBe(false);
    const end = gate.started();
    expect(gate.activeWithin(50)).toBe(true);
    end();
    expect(gate.activeWithin(50)).toBe(true);
    await new Promise((r) => setTimeout(r, 60));
    expect(gate.activeWithin(50)).toBe(false);
  });

  test('a request from another system is waited for while it runs but does not mark the dashboard in use', async () => {
    const gate = createInteractiveGate();
    const end = gate.started(false);
    expect(gate.inFlight).toBe(1);
    expect(gate.activeWithin(50)).toBe(false);
    end();
    expect(gate.activeWithin(50)).toBe(false);
  });

  test('the gate remembers how long the slowest recent person\'s request took, and not other systems\'', async () => {
    const gate = createInteractiveGate();
    const since = performance.now();
    expect(gate.slowestEndedSince(since)).toBe(0);
    const person = gate.started();
    const machine = gate.started(false);
    await new Promise((r) => setTimeout(r, 30));
    machine();
    expect(gate.slowestEndedSince(since)).toBe(0);
    person();
    expect(gate.slowestEndedSince(since)).toBeGreaterThanOrEqual(25);
    expect(gate.slowestEndedSince(performance.now() + 1)).toBe(0);
  });

  test('givingWay keeps to a pace while a request is recent', async () => {
    const gate = createInteractiveGate();
    gate.started()(); // a request just ended: the dashboard is in use for the next second
    const stream = givingWay(gate, 10_000, { ...ADAPTIVE_PACE, startBytesPerSecond: 1_000_000, adjustEveryMs: 10_000 }); // 1,000 bytes a ms
    let received = 0;
    stream.on('data', (chunk: Buffer) => (received += chunk.length));
    const started = performance.now();
    for (let i = 0; i < 5; i += 1) stream.write(Buffer.alloc(10_000));
    stream.end();
    await new Promise((r) => stream.once('end', r));
    expect(received).toBe(50_000);
    expect(performance.now() - started).toBeGreaterThanOrEqual(38); // 50 ms of bytes, the first chunk's 10 ms let through
  });

  test('betweenBatches rests as long as the batch took while the dashboard is in use, and not at all otherwise', async () => {
    const gate = createInteractiveGate();
    let started = performance.now();
    await betweenBatches(gate, 20);
    expect(performance.now() - started).toBeLessThan(10);
    gate.started()();
    started = performance.now();
    await betweenBatches(gate, 20);
    expect(performance.now() - started).toBeGreaterThanOrEqual(18);
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
    app.get('/probe', { config: { machine: true } }, async () => {
      seen.probe = app.interactive.inFlight;
      return { ok: true };
    });
    await app.ready();
    expect((await app.inject('/probe')).statusCode).toBe(200);
    expect(app.interactive.activeWithin(60_000)).toBe(false); // a health check is not the dashboard in use
    expect((await app.inject('/bulk')).body).toBe('file');
    expect((await app.inject('/ordinary')).statusCode).toBe(200);
    expect(seen).toEqual({ probe: 1, bulk: 0, ordinary: 1 });
    expect(app.interactive.activeWithin(60_000)).toBe(true);
    expect(app.interactive.inFlight).toBe(0);
    expect((await app.inject('/missing')).statusCode).toBe(404);
    expect(app.interactive.inFlight).toBe(0);
    await app.close();
  });
});
