import type { Database } from '../../db/database';
import { tooManyRequests } from '../../http/http-error';

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

/** How long a lease holds without being renewed: an export on an instance that died stops counting after this. */
export const EXPORT_LEASE_MS = 30_000;

// Any fixed number: with the user's hash it names the advisory lock that admits one user's exports one at a time.
const EXPORT_LOCK_SPACE = 4_120_912;

const millis = (param: string) => `(${param}::float8 * interval '1 millisecond')`;

export interface ExportGuardOptions {
  limits?: Partial<ExportLimits>;
  leaseMs?: number;
  /** Hears of a renewal or release that failed (the lease then simply runs out). */
  onError?: (error: unknown) => void;
  /**
   * Releases still being written, per user, shared by every guard of this process: a user's
   * exports are counted together whichever route started them, so an admission by one guard
   * must wait for a release written by another.
   */
  releasing?: Map<string, Promise<void>>;
}

/**
 * Exports are the most expensive thing a user can ask for and the easiest way
 * to take all the data: each user gets a few per minute and one at a time,
 * so one person cannot hold the database for everyone.
 *
 * Each export started is a row in export_leases, on both engines: on
 * PostgreSQL a user's exports count on every instance; the embedded engine
 * runs the same SQL (docs/decisions/0034-one-sql-for-shared-state.md). A row
 * counts towards the exports running while its lease has not expired, and
 * towards the starts per window while it started within the window. The
 * running export renews its lease every third of EXPORT_LEASE_MS and ends it
 * on release, so an instance that dies mid-export leaks nothing: its lease
 * runs out. Admission runs under a per-user advisory lock, so two instances
 * admitting the same user at once are decided one after the other (on the
 * embedded engine's one connection the transaction alone does that).
 */
export class ExportGuard {
  private readonly limits: ExportLimits;
  private readonly leaseMs: number;
  private readonly renewals = new Set<NodeJS.Timeout>();
  /** Releases still being written, per user: this instance's next admission for that user waits for them. */
  private readonly releasing: Map<string, Promise<void>>;

  constructor(
    private readonly db: Database,
    private readonly options: ExportGuardOptions = {},
  ) {
    this.limits = { ...DEFAULT_EXPORT_LIMITS, ...options.limits };
    this.leaseMs = options.leaseMs ?? EXPORT_LEASE_MS;
    this.releasing = options.releasing ?? new Map<string, Promise<void>>();
  }

  /**
   * Admits one export for `userId` or throws a 429. The returned release is
   * idempotent: call it when the response has finished or the client left.
   */
  async acquire(userId: string): Promise<() => void> {
    // A user who starts the next export as the last one ends must not be told it is still running.
    await this.releasing.get(userId);
    const leaseId = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [EXPORT_LOCK_SPACE, userId]);
      const [counts] = await tx.query<{ running: number; starts: number }>(
        `SELECT count(*) FILTER (WHERE expires_at > now())::int AS running,
                count(*) FILTER (WHERE started_at > now() - ${millis('$2')})::int AS starts
         FROM export_leases WHERE user_id = $1`,
        [userId, this.limits.windowMs],
      );
      if ((counts?.running ?? 0) >= this.limits.concurrent) throw exportAlreadyRunning();
      if ((counts?.starts ?? 0) >= this.limits.perWindow) {
        // Free again when enough starts have left the window that one more fits.
        const [row] = await tx.query<{ wait: number }>(
          `SELECT ceil(extract(epoch FROM started_at + ${millis('$2')} - now()))::int AS wait
           FROM export_leases WHERE user_id = $1 AND started_at > now() - ${millis('$2')}
           ORDER BY started_at DESC OFFSET $3 - 1 LIMIT 1`,
          [userId, this.limits.windowMs, this.limits.perWindow],
        );
        throw tooManyExports(Math.max(1, row?.wait ?? 1));
      }
      const [lease] = await tx.query<{ id: string }>(`INSERT INTO export_leases (user_id, expires_at) VALUES ($1, now() + ${millis('$2')}) RETURNING id`, [
        userId,
        this.leaseMs,
      ]);
      return (lease as { id: string }).id;
    });

    const renewal = setInterval(() => {
      this.setExpiry(leaseId, this.leaseMs).catch(this.reportError);
    }, this.leaseMs / 3);
    renewal.unref();
    this.renewals.add(renewal);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      clearInterval(renewal);
      this.renewals.delete(renewal);
      // Ended now, but the row stays until it leaves the window: it still counts as a start.
      const ended = this.setExpiry(leaseId, 0).catch(this.reportError);
      const pending = Promise.all([this.releasing.get(userId), ended]).then(() => undefined);
      this.releasing.set(userId, pending);
      void pending.then(() => {
        if (this.releasing.get(userId) === pending) this.releasing.delete(userId);
      });
    };
  }

  /** Deletes leases that have expired and started before the window. */
  async sweep(): Promise<void> {
    await this.db.query(`DELETE FROM export_leases WHERE expires_at <= now() AND started_at <= now() - ${millis('$1')}`, [this.limits.windowMs]);
  }

  /** Stops renewing (the server is closing): leases still held run out on their own. */
  close(): void {
    for (const renewal of this.renewals) clearInterval(renewal);
    this.renewals.clear();
  }

  private async setExpiry(leaseId: string, fromNowMs: number): Promise<void> {
    await this.db.query(`UPDATE export_leases SET expires_at = now() + ${millis('$2')} WHERE id = $1`, [leaseId, fromNowMs]);
  }

  private readonly reportError = (error: unknown) => this.options.onError?.(error);
}
