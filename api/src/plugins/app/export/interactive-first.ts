import { Transform } from 'node:stream';
import fp from 'fastify-plugin';

/**
 * Exports give way to the dashboard. An export is the one request that keeps
 * the server busy for seconds: on PostgreSQL it moves ~150 MB/s through this
 * process, on PGlite it runs statement after statement on the main thread.
 * Requests marked `config: { bulk: true }` (the exports) are not counted;
 * every other request in flight is, and an export waits between its chunks
 * or batches while any is, up to a short limit so that a busy dashboard
 * slows an export down without stopping it. Measured at 1M calls: a stats
 * request made during a year's CSV export waited up to ~50 ms at p95 before.
 */
export interface InteractiveGate {
  /** Requests in flight, exports excluded. */
  readonly inFlight: number;
  /** Resolves at once when none is in flight, else when the last one ends or after `maxWaitMs`. */
  whenQuiet(maxWaitMs?: number): Promise<void>;
}

/** How long an export waits at most before each chunk or batch. */
export const GIVE_WAY_MAX_WAIT_MS = 25;

declare module 'fastify' {
  interface FastifyInstance {
    interactive: InteractiveGate;
  }
  interface FastifyContextConfig {
    /** A long-running transfer that gives way to other requests (see interactive-first.ts). */
    bulk?: boolean;
  }
}

export function createInteractiveGate(): InteractiveGate & { started(): () => void } {
  let inFlight = 0;
  let waiters = new Set<() => void>();
  return {
    get inFlight() {
      return inFlight;
    },
    started() {
      inFlight += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight -= 1;
        if (inFlight === 0) {
          const ready = waiters;
          waiters = new Set();
          for (const wake of ready) wake();
        }
      };
    },
    whenQuiet(maxWaitMs = GIVE_WAY_MAX_WAIT_MS) {
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, maxWaitMs);
        waiters.add(wake);
      });
    },
  };
}

/** A pass-through stream that, before each chunk, lets the requests in flight finish first. */
export function givingWay(gate: InteractiveGate, maxWaitMs = GIVE_WAY_MAX_WAIT_MS): Transform {
  return new Transform({
    transform(chunk, _encoding, callback) {
      if (gate.inFlight === 0) callback(null, chunk);
      else void gate.whenQuiet(maxWaitMs).then(() => callback(null, chunk));
    },
  });
}

export default fp(async function interactiveFirst(fastify) {
  const gate = createInteractiveGate();
  fastify.decorate('interactive', gate as InteractiveGate);
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.bulk) return;
    // 'close' comes once the response is sent or the connection is gone, whichever happens.
    reply.raw.once('close', gate.started());
  });
});
