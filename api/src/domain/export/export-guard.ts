import { tooManyRequests } from '../../http/http-error';

/**
 * Exports are the most expensive thing a user can ask for and the easiest way
 * to take all the data: each user gets a few per minute and one at a time,
 * so one person cannot hold the database for everyone.
 */
export interface ExportGuard {
  /**
   * Admits one export for `userId` or throws a 429. The returned release is
   * idempotent: call it when the response has finished or the client left.
   */
  acquire(userId: string): Promise<() => void>;
}

export interface ExportLimits {
  /** Exports one user may have running at once. */
  concurrent: number;
  /** Exports one user may start per window. */
  perWindow: number;
  windowMs: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = { concurrent: 1, perWindow: 5, windowMs: 60_000 };

export const exportAlreadyRunning = () => tooManyRequests('An export is already running; wait for it to finish', 5);

export const tooManyExports = (retryAfter: number) =>
  tooManyRequests(`Too many exports in a short time; try again in ${retryAfter} seconds`, retryAfter);

interface UserExports {
  running: number;
  /** Start times within the window, oldest first. */
  starts: number[];
}

/** The guard in this process's memory: the embedded engine, which runs as one process. */
export class MemoryExportGuard implements ExportGuard {
  private readonly users = new Map<string, UserExports>();
  private readonly limits: ExportLimits;

  constructor(
    limits: Partial<ExportLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_EXPORT_LIMITS, ...limits };
  }

  async acquire(userId: string): Promise<() => void> {
    const entry = this.entry(userId);
    if (entry.running >= this.limits.concurrent) throw exportAlreadyRunning();
    if (entry.starts.length >= this.limits.perWindow) {
      const oldest = entry.starts[entry.starts.length - this.limits.perWindow] as number;
      throw tooManyExports(Math.max(1, Math.ceil((oldest + this.limits.windowMs - this.now()) / 1000)));
    }
    entry.running += 1;
    entry.starts.push(this.now());
    this.users.set(userId, entry);
    let released = false;
    if (this.users.size > 1000) this.prune();
    return () => {
      if (released) return;
      released = true;
      entry.running -= 1;
    };
  }

  private entry(userId: string): UserExports {
    const entry = this.users.get(userId) ?? { running: 0, starts: [] };
    const cutoff = this.now() - this.limits.windowMs;
    while (entry.starts.length > 0 && (entry.starts[0] as number) <= cutoff) entry.starts.shift();
    return entry;
  }

  /** Drops users with nothing running and nothing started within the window. */
  private prune(): void {
    for (const userId of [...this.users.keys()]) {
      const entry = this.entry(userId);
      if (entry.running === 0 && entry.starts.length === 0) this.users.delete(userId);
    }
  }
}
