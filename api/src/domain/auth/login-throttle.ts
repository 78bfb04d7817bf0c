/**
 * Counts sign-in attempts per (address, email) in a sliding window, so that
 * guessing one account's password from one address stops after a few tries,
 * while a person who mistypes once is not locked out and an attacker cannot
 * lock out a victim from elsewhere.
 *
 * An attempt is counted before its password is checked, and a successful
 * sign-in clears the count: so a burst of parallel guesses gets no more
 * password checks than the limit, however fast it arrives.
 */
export interface LoginThrottle {
  /**
   * Counts one attempt for `key` and returns 0, or, when the window already
   * holds `maxFailures` attempts, counts nothing and returns the seconds to wait.
   */
  reserveAttempt(key: string): Promise<number>;
  /** A successful sign-in: the key starts afresh. */
  clear(key: string): Promise<void>;
}

export interface LoginThrottleOptions {
  maxFailures: number;
  windowMs: number;
}

/** The throttle in this process's memory: the embedded engine, which runs as one process. */
export class MemoryLoginThrottle implements LoginThrottle {
  private readonly failures = new Map<string, number[]>();

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

  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.options.maxFailures) return 0;
    const oldest = recent[recent.length - this.options.maxFailures] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.options.windowMs - this.now()) / 1000));
  }

  recordFailure(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
    if (this.failures.size > 10_000) this.prune();
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.options.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > cutoff);
  }

  private prune(): void {
    for (const key of this.failures.keys()) {
      const recent = this.recent(key);
      if (recent.length === 0) this.failures.delete(key);
      else this.failures.set(key, recent);
    }
  }
}
