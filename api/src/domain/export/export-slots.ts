import type { DatabaseKind } from '../../db/database';
import { POOL_MAX_CONNECTIONS } from '../../db/postgres-database';
import { tooManyRequests } from '../../http/http-error';

/**
 * How many exports one server instance runs at once, whoever asks. The
 * per-user guard (export-guard.ts) stops one person holding several; this
 * stops many people together taking the database from the dashboard: on
 * PostgreSQL a CSV export holds a pooled connection for its whole length, so
 * without a bound a dozen slow downloads would hold every connection and
 * every other request would wait for one until it timed out. A few more wait
 * their turn for a short while; beyond that the answer is a 429 that says
 * when to try again.
 */
export interface ExportSlotLimits {
  /** Exports running at once. */
  running: number;
  /** Exports waiting for a slot; one more is refused at once. */
  queued: number;
  /** How long an export waits for a slot before it is refused. */
  maxWaitMs: number;
}

/** Seconds a refused client is told to wait (Retry-After): about one waiting turn. */
export const EXPORT_SLOTS_RETRY_AFTER_S = 10;

/**
 * PostgreSQL: half the pool at most, so the other half always serves the
 * dashboard (a COPY export holds one connection; the batch path holds one
 * per statement). PGlite has one connection and runs every statement on the
 * main thread, so two: a second person is not stuck behind a long export,
 * and the dashboard still gets its turns between their batches.
 */
export function defaultExportSlotLimits(kind: DatabaseKind, poolSize = POOL_MAX_CONNECTIONS): ExportSlotLimits {
  const running = kind === 'postgres' ? Math.max(1, Math.floor(poolSize / 2)) : 2;
  return { running, queued: running, maxWaitMs: 15_000 };
}

interface Waiter {
  admit: () => void;
  refuse: (error: Error) => void;
}

export class ExportSlots {
  private runningNow = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly limits: ExportSlotLimits) {}

  /** Exports holding a slot now. */
  get running(): number {
    return this.runningNow;
  }

  /** Exports waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Resolves with an idempotent release once a slot is free, or rejects with
   * a 429 when the queue is full, the wait is too long, or `abandoned` fires
   * first (the client left while it waited).
   */
  acquire(abandoned?: AbortSignal): Promise<() => void> {
    if (this.runningNow < this.limits.running && this.waiting.length === 0) return Promise.resolve(this.take());
    if (this.waiting.length >= this.limits.queued) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        abandoned?.removeEventListener('abort', onAbandoned);
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
      };
      const waiter: Waiter = {
        admit: () => {
          leave();
          resolve(this.take());
        },
        refuse: (error) => {
          leave();
          reject(error);
        },
      };
      // An HttpError like the others, so the error handler answers (to nobody) instead of logging a failure.
      const onAbandoned = () => waiter.refuse(tooManyRequests('The client left while its export waited for a turn', EXPORT_SLOTS_RETRY_AFTER_S));
      const timer = setTimeout(() => waiter.refuse(this.busy()), this.limits.maxWaitMs);
      abandoned?.addEventListener('abort', onAbandoned, { once: true });
      this.waiting.push(waiter);
    });
  }

  private take(): () => void {
    this.runningNow += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.runningNow -= 1;
      this.waiting[0]?.admit();
    };
  }

  private busy() {
    const n = this.limits.running;
    return tooManyRequests(
      `The server is already running ${n} export${n === 1 ? '' : 's'}, its limit, and others are waiting; try again in ${EXPORT_SLOTS_RETRY_AFTER_S} seconds`,
      EXPORT_SLOTS_RETRY_AFTER_S,
    );
  }
}
