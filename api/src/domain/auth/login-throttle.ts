/**
 * Counts failed sign-ins per (address, email) in a sliding window, so that
 * guessing one account's password from one address stops after a few tries,
 * while a person who mistypes once is not locked out and an
 * attacker cannot lock out a victim from elsewhere. Successful sign-ins clear
 * the count. In memory: one server process, as the embedded mode runs.
 */
export interface LoginThrottleOptions {
  maxFailures: number;
  windowMs: number;
}

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly options: LoginThrottleOptions,
    private readonly now: () => number = Date.now,
  ) {}

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
