import { tooManyRequests } from '../../http/http-error';
import type { LoginThrottle, LoginThrottleOptions } from './login-throttle';

/** How many sign-in attempts are let through, per address and email and per account (app.ts's limits). */
export interface SignInLimits {
  /** Attempts per address and email in `loginFailureWindowMs`; then none until one leaves the window. */
  loginFailures: number;
  loginFailureWindowMs: number;
  /** Attempts per account, from every address together, in `accountLoginFailureWindowMs`… */
  accountLoginFailures: number;
  accountLoginFailureWindowMs: number;
  /** …then one attempt per this interval, never none: see ACCOUNT_SIGN_IN_LIMITS. */
  accountLoginSlowIntervalMs: number;
}

/**
 * Per account, over every address. Thirty failures in an hour is far more than a person mistyping
 * (who is stopped per address after five anyway) and far fewer than a guessing run spread over many
 * addresses needs. Past it the account is slowed, not locked: one attempt a minute still gets
 * through, so a stranger who knows an email can delay its owner by a minute at most, never shut them
 * out, while guesses slow to sixty an hour whatever the number of addresses.
 */
export const ACCOUNT_SIGN_IN_LIMITS = {
  accountLoginFailures: 30,
  accountLoginFailureWindowMs: 60 * 60_000,
  accountLoginSlowIntervalMs: 60_000,
} as const satisfies Partial<SignInLimits>;

export const SIGN_IN_DEFAULTS: SignInLimits = {
  // Per address and email: a person mistyping gets five goes; a guesser from one address, twenty an hour.
  loginFailures: 5,
  loginFailureWindowMs: 15 * 60_000,
  ...ACCOUNT_SIGN_IN_LIMITS,
};

export function addressThrottleOptions(limits: SignInLimits): LoginThrottleOptions {
  return { maxFailures: limits.loginFailures, windowMs: limits.loginFailureWindowMs };
}

export function accountThrottleOptions(limits: SignInLimits): LoginThrottleOptions {
  return { maxFailures: limits.accountLoginFailures, windowMs: limits.accountLoginFailureWindowMs, slowIntervalMs: limits.accountLoginSlowIntervalMs };
}

/** The key of an account's count: no address is `account`, so it never meets an (address, email) key. */
const accountKey = (email: string) => `account|${email}`;
const addressKey = (ip: string, email: string) => `${ip}|${email}`;

/**
 * Whether a password may be checked for `email` from `ip` now, by both counts: per address and
 * email, and per account over every address. Sign-in and the current-password check of a password
 * change go through the same one, so neither can be used to guess for free.
 */
export class SignInThrottle {
  constructor(
    private readonly perAddress: LoginThrottle,
    private readonly perAccount: LoginThrottle,
  ) {}

  /**
   * Runs `check` (one password check, resolving what it opens, or undefined for a wrong password)
   * once both counts have a place for it, each counted before the check so a parallel burst gets no
   * more checks than the limits; 429 with the wait otherwise.
   *
   * - A right password clears this address's count (as before) and takes back its own place in the
   *   account's count, but leaves the other failures there: the owner signing in says nothing about
   *   strangers guessing from elsewhere, and clearing would hand them thirty fresh guesses each time.
   * - A wrong one stays counted in both.
   * - A check that never decided (the hashing queue full, the database down) is taken back from both:
   *   an overloaded server must not spend a person's attempts.
   */
  async attempt<T>(ip: string, email: string, check: () => Promise<T | undefined>): Promise<T | undefined> {
    const byAddress = addressKey(ip, email);
    const byAccount = accountKey(email);
    const addressWait = await this.perAddress.reserveAttempt(byAddress);
    if (addressWait > 0) throw tooManySignIns(addressWait);
    const accountWait = await this.perAccount.reserveAttempt(byAccount);
    if (accountWait > 0) {
      // Refused for the account: this address's place goes back, or strangers slowing the account would
      // also spend the owner's own attempts from their own address, and lock them out after all.
      await this.perAddress.release(byAddress);
      throw tooManySignIns(accountWait);
    }
    let opened: T | undefined;
    try {
      opened = await check();
    } catch (error) {
      // Settled, not awaited for success: when the database is what failed, its own error is the answer.
      await Promise.allSettled([this.perAddress.release(byAddress), this.perAccount.release(byAccount)]);
      throw error;
    }
    if (opened !== undefined) await Promise.all([this.perAddress.clear(byAddress), this.perAccount.release(byAccount)]);
    return opened;
  }
}

function tooManySignIns(waitSeconds: number) {
  return tooManyRequests(`Too many failed sign-in attempts; try again in ${waitSeconds} seconds`, waitSeconds);
}
