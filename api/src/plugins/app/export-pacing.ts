import { Transform } from 'node:stream';
import fp from 'fastify-plugin';
import { ADAPTIVE_PACE, AdaptivePacer, type AdaptivePace, type DashboardActivity } from '../../domain/export/adaptive-pacer';

/**
 * Exports give way to the dashboard. An export is the one request that keeps
 * the server busy for seconds: on PostgreSQL it relays COPY output through
 * this process, on PGlite it runs statement after statement on the main
 * thread. Requests marked `config: { bulk: true }` (the exports) are not
 * counted; every other request in flight is, and an export waits between its
 * chunks or batches while any is, up to a short limit so that a busy
 * dashboard slows an export down without stopping it.
 *
 * Waiting while a request runs is not enough on its own: the export keeps
 * both cores busy (PostgreSQL, this process relaying, the client reading),
 * and PostgreSQL runs megabytes ahead into the socket buffers, so it goes on
 * working through every pause. So while the dashboard is in use (a person's
 * request within the last second) the COPY relay is also held to a pace,
 * which keeps those buffers full so that PostgreSQL waits on them instead of
 * competing with the dashboard's queries. The pace is not fixed: it follows
 * how long people's requests actually take (domain/export/adaptive-pacer.ts), so an export
 * slows down only as much as the dashboard needs on this machine, and runs at
 * full speed with nobody on the dashboard (`npm run bench` measures both
 * sides: the export's share of its solo speed and the dashboard's p95 beside it).
 */
export interface InteractiveGate extends DashboardActivity {
  /** Requests in flight, exports excluded. */
  readonly inFlight: number;
  /**
   * Whether a person's request is in flight or ended within the last `windowMs`: the dashboard
   * is in use. Requests from other systems (routes marked `machine`) do not count.
   */
  activeWithin(windowMs: number): boolean;
  /** Resolves at once when none is in flight, else when the last one ends or after `maxWaitMs`. */
  whenQuiet(maxWaitMs?: number): Promise<void>;
  /** How long the slowest person's request that ended at or after `since` (performance.now()) took, in ms; 0 if none did. */
  slowestEndedSince(since: number): number;
}

/** How long an export waits at most before each chunk or batch. */
export const GIVE_WAY_MAX_WAIT_MS = 25;

/** The dashboard counts as in use for this long after its last request. */
export const DASHBOARD_ACTIVE_MS = 1000;

/** People's requests are remembered this long, for slowestEndedSince(). */
const REQUEST_MEMORY_MS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    interactive: InteractiveGate;
  }
  interface FastifyContextConfig {
    /** A long-running transfer that gives way to other requests (see export-pacing.ts). */
    bulk?: boolean;
    /**
     * A request from another system (a health check, a delivery from the tracking platform):
     * exports still give way to it while it runs, but it does not make them slow down for the
     * dashboard afterwards, or a load balancer's probes and a steady ingest would slow every export.
     */
    machine?: boolean;
    /**
     * A response that stays open for minutes and is idle nearly all that time (the live event
     * stream): it is not a request in flight, or exports would wait on it for as long as it is open.
     */
    openStream?: boolean;
  }
}

export function createInteractiveGate(): InteractiveGate & { started(person?: boolean): () => void } {
  let inFlight = 0;
  let peopleInFlight = 0;
  let lastPersonEndedAt = -Infinity;
  // People's requests that ended within REQUEST_MEMORY_MS, oldest first.
  const recent: Array<{ endedAt: number; ms: number }> = [];
  let waiters = new Set<() => void>();
  return {
    get inFlight() {
      return inFlight;
    },
    activeWithin(windowMs) {
      return peopleInFlight > 0 || performance.now() - lastPersonEndedAt < windowMs;
    },
    slowestEndedSince(since) {
      let slowest = 0;
      for (const r of recent) if (r.endedAt >= since) slowest = Math.max(slowest, r.ms);
      return slowest;
    },
    started(person = true) {
      inFlight += 1;
      if (person) peopleInFlight += 1;
      const startedAt = performance.now();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight -= 1;
        if (person) {
          peopleInFlight -= 1;
          lastPersonEndedAt = performance.now();
          // Oldest first, so the expired ones are at the front: no new array for every request.
          const cutoff = lastPersonEndedAt - REQUEST_MEMORY_MS;
          let expired = 0;
          while (expired < recent.length && (recent[expired] as { endedAt: number }).endedAt <= cutoff) expired += 1;
          if (expired > 0) recent.splice(0, expired);
          recent.push({ endedAt: lastPersonEndedAt, ms: lastPersonEndedAt - startedAt });
        }
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

/**
 * A pass-through stream that, before each chunk, lets the requests in flight
 * finish first, and while the dashboard is in use keeps to the adaptive pace.
 */
export function givingWay(gate: InteractiveGate, maxWaitMs = GIVE_WAY_MAX_WAIT_MS, pace: AdaptivePace = ADAPTIVE_PACE): Transform {
  const pacer = new AdaptivePacer(gate, DASHBOARD_ACTIVE_MS, pace);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const relay = () => {
        const delay = pacer.delayFor(chunk.length);
        if (delay === 0) callback(null, chunk);
        else setTimeout(() => callback(null, chunk), delay);
      };
      if (gate.inFlight === 0) relay();
      else void gate.whenQuiet(maxWaitMs).then(relay);
    },
  });
}

/**
 * Between two batches of the batch path (PGlite; XLSX): the requests in
 * flight go first, and while the dashboard is in use the export rests as long
 * as its last batch took, so it has at most half of the main thread.
 */
export async function betweenBatches(gate: InteractiveGate, batchMs: number, maxWaitMs = GIVE_WAY_MAX_WAIT_MS): Promise<void> {
  await gate.whenQuiet(maxWaitMs);
  if (gate.activeWithin(DASHBOARD_ACTIVE_MS) && batchMs >= 1) await new Promise((r) => setTimeout(r, Math.min(batchMs, maxWaitMs)));
}

export default fp(async function interactiveFirst(fastify) {
  const gate = createInteractiveGate();
  fastify.decorate('interactive', gate as InteractiveGate);
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.bulk || request.routeOptions.config?.openStream) return;
    // 'close' comes once the response is sent or the connection is gone, whichever happens.
    reply.raw.once('close', gate.started(!request.routeOptions.config?.machine));
  });
});
