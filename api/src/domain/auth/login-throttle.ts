/**
 * Counts sign-in attempts per key in a sliding window. Per (address, email),
 * so that guessing one account's password from one address stops after a few
 * tries, while a person who mistypes once is not locked out and an attacker
 * cannot lock out a victim from elsewhere; and per account over every
 * address, softly (`slowIntervalMs`), so that guesses spread over many
 * addresses slow to a trickle without ever shutting the owner out
 * (sign-in-throttle.ts).
 *
 * An attempt is counted before its password is checked: so a burst of
 * parallel guesses gets no more password checks than the limit, however fast
 * it arrives.
 */
export interface LoginThrottle {
  /**
   * Counts one attempt for `key` and returns 0, or, when the window is full
   * (and, with a soft limit, the last attempt was too recent), counts nothing
   * and returns the seconds to wait.
   */
  reserveAttempt(key: string): Promise<number>;
  /** A successful sign-in from this address: the key starts afresh. */
  clear(key: string): Promise<void>;
  /**
   * Takes the newest attempt counted for `key` out of the count: one that was
   * not a failure (a right password, for the per-account count) or whose
   * password was never checked. The count is exact; the time taken out may be
   * that of an attempt that arrived while this one was checked, which moves
   * the moment the window frees a place by that much at most. Under a soft
   * limit the attempt still used its turn: the next one waits the interval
   * from it all the same.
   */
  release(key: string): Promise<void>;
}

export interface LoginThrottleOptions {
  maxFailures: number;
  windowMs: number;
  /**
   * A soft limit: once the window holds `maxFailures` attempts, one more still
   * gets through whenever this long has passed since the last one let through
   * (counted or taken back). Unset, none does until an attempt leaves the window.
   */
  slowIntervalMs?: number;
}

interface Attempts {
  /** Counted attempts, oldest first (some may have left the window). */
  at: number[];
  /** When the newest attempt was let through, counted or since taken back: the soft limit spaces attempts from it. */
  lastAt: number;
}

/** The throttle in this process's memory: the embedded engine, which runs as one process. */
export class MemoryLoginThrottle implements LoginThrottle {
  private readonly attempts = new Map<string, Attempts>();

  constructor(
    private readonly options: LoginThrottleOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async reserveAttempt(key: string): Promise<number> {
    const wait = this.retryAfterSeconds(key);
    if (wait === 0) this.recordFailure(key);
    return wait;
  }

  async clear(key: string): Promise<void> {
    this.reset(key);
  }

  async release(key: string): Promise<void> {
    const entry = this.attempts.get(key);
    if (!entry) return;
    entry.at = this.recent(key);
    entry.at.pop();
  }

  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfterSeconds(key: string): number {
    const { maxFailures, windowMs, slowIntervalMs } = this.options;
    const recent = this.recent(key);
    if (recent.length < maxFailures) return 0;
    const now = this.now();
    // When enough attempts have left the window that one more fits…
    let waitMs = (recent[recent.length - maxFailures] ?? now) + windowMs - now;
    // …or, with a soft limit, when the last one let through is old enough.
    if (slowIntervalMs !== undefined) waitMs = Math.min(waitMs, (this.attempts.get(key)?.lastAt ?? now) + slowIntervalMs - now);
    return waitMs <= 0 ? 0 : Math.ceil(waitMs / 1000);
  }

  recordFailure(key: string): void {
    const now = this.now();
    this.attempts.set(key, { at: [...this.recent(key), now], lastAt: now });
    if (this.attempts.size > 10_000) this.prune();
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  /** The attempts still in the window, oldest first. */
  private recent(key: string): number[] {
    const cutoff = this.now() - this.options.windowMs;
    return (this.attempts.get(key)?.at ?? []).filter((at) => at > cutoff);
  }

  /** Forgets keys with no attempt left in the window: with none counted, when the last was let through no longer matters. */
  private prune(): void {
    for (const [key, entry] of this.attempts) {
      entry.at = this.recent(key);
      if (entry.at.length === 0) this.attempts.delete(key);
    }
  }
}
