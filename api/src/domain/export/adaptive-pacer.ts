/**
 * The pace of an export's COPY relay while the dashboard is in use
 * (plugins/app/export-pacing.ts), found by measuring rather than fixed: a
 * fixed rate is too slow on a fast server and too fast on a loaded one.
 *
 * Two things are measured in every window of `adjustEveryMs`:
 * - whether the pace held chunks back at all. If it hardly did, the source
 *   (PostgreSQL) is what limits the export, and its socket buffers are empty,
 *   so PostgreSQL keeps working through any pause made for a request. The
 *   pace then drops just below what came through, so the buffers fill and a
 *   pause stops PostgreSQL at once. The most that ever came through so is
 *   the export's capacity (a moment's hiccup does not lower it);
 * - whether a person's request that ended in the window was slow. Then the
 *   pace goes down by `slowDown`, but never below `floorShare` of the
 *   capacity: the export keeps at least that share however busy the
 *   dashboard. Otherwise it goes up by `speedUp`, back towards full speed.
 *
 * An export starts unpaced, so its first window measures the capacity: a
 * pace started lower might never see it, and would then have no floor.
 */
export interface AdaptivePace {
  /** The pace an export starts at when the dashboard is in use (by default none, to measure the capacity first). */
  startBytesPerSecond: number;
  /** The lowest pace while the capacity is not known. */
  minBytesPerSecond: number;
  /** High enough to be no limit. */
  maxBytesPerSecond: number;
  /** A person's request slower than this, from its arrival to its response, slows the export; a stats request alone takes a few ms. */
  slowRequestMs: number;
  adjustEveryMs: number;
  slowDown: number;
  speedUp: number;
  /** When the source limits the export, the pace drops to this share of what came through. */
  belowCapacity: number;
  /** The export keeps at least this share of its capacity. */
  floorShare: number;
}

export const ADAPTIVE_PACE: AdaptivePace = {
  startBytesPerSecond: 2 ** 30,
  minBytesPerSecond: 4 * 2 ** 20,
  maxBytesPerSecond: 2 ** 30,
  slowRequestMs: 20,
  adjustEveryMs: 250,
  slowDown: 0.7,
  speedUp: 1.2,
  belowCapacity: 0.9,
  floorShare: 0.6,
};

/** What the pacer needs to know of the dashboard. */
export interface DashboardActivity {
  /** Whether a person's request is in flight or ended within the last `windowMs`. */
  activeWithin(windowMs: number): boolean;
  /** How long the slowest person's request that ended at or after `since` took, in ms; 0 if none. */
  slowestEndedSince(since: number): number;
}

/** Delays shorter than this are not worth a timer's wake-up: the chunk goes now and the next one's delay carries the debt. */
export const MIN_DELAY_MS = 2;

export class AdaptivePacer {
  private rate: number;
  /** The most bytes a second that came through with the source as the limit; undefined until seen. */
  private capacity: number | undefined;
  private windowStartedAt = performance.now();
  private windowBytes = 0;
  private windowHeldMs = 0;
  /** When the bytes relayed so far are due to have gone out at the pace. */
  private dueAt = -Infinity;

  constructor(
    private readonly dashboard: DashboardActivity,
    private readonly activeMs: number,
    private readonly pace: AdaptivePace = ADAPTIVE_PACE,
  ) {
    this.rate = pace.startBytesPerSecond;
  }

  get bytesPerSecond(): number {
    return this.rate;
  }

  /** How long to hold `size` more bytes back, in ms (0: send now). */
  delayFor(size: number): number {
    const now = performance.now();
    if (!this.dashboard.activeWithin(this.activeMs)) {
      this.startWindow(now);
      this.dueAt = -Infinity;
      return 0;
    }
    if (now - this.windowStartedAt >= this.pace.adjustEveryMs) this.adjust(now);
    this.windowBytes += size;
    this.dueAt = Math.max(this.dueAt, now) + (size * 1000) / this.rate;
    const delay = this.dueAt - now;
    // Only waits long enough to be worth a timer happen (see givingWay); a shorter one is carried by the next.
    if (delay >= MIN_DELAY_MS) this.windowHeldMs += delay;
    return delay < MIN_DELAY_MS ? 0 : delay;
  }

  private adjust(now: number): void {
    const elapsed = now - this.windowStartedAt;
    const { pace } = this;
    if (this.windowHeldMs < elapsed * 0.1 && this.windowBytes > 0) {
      const cameThrough = (this.windowBytes * 1000) / elapsed;
      this.capacity = Math.max(this.capacity ?? 0, cameThrough);
      this.rate = Math.max(cameThrough * pace.belowCapacity, this.capacity * pace.floorShare);
    } else if (this.dashboard.slowestEndedSince(this.windowStartedAt) > pace.slowRequestMs) {
      const floor = this.capacity === undefined ? pace.minBytesPerSecond : this.capacity * pace.floorShare;
      this.rate = Math.max(floor, this.rate * pace.slowDown);
    } else {
      this.rate = Math.min(pace.maxBytesPerSecond, this.rate * pace.speedUp);
    }
    this.startWindow(now);
  }

  private startWindow(now: number): void {
    this.windowStartedAt = now;
    this.windowBytes = 0;
    this.windowHeldMs = 0;
  }
}
