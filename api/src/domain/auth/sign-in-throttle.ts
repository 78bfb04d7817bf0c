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
  /** Failures per known device (a device cookie, or a signed-in session) in `deviceLoginFailureWindowMs`: see DEVICE_SIGN_IN_LIMITS. */
  deviceLoginFailures: number;
  deviceLoginFailureWindowMs: number;
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

/**
 * Per known device: a browser that brings back the device cookie of this account (device-cookie.ts), or,
 * for the current-password check of a password change, the signed-in session. Its attempts spend only
 * this count, never the account's or the address's, so strangers slowing the account cannot keep the
 * owner out. Ten failures in an hour is a person who has forgotten their password, not one mistyping; past
 * it a device cookie is distrusted (its attempts count with everyone else's) and a session may not try
 * again until the hour frees a place. Someone holding a stolen cookie or session gets ten guesses an hour
 * from it.
 */
export const DEVICE_SIGN_IN_LIMITS = {
  deviceLoginFailures: 10,
  deviceLoginFailureWindowMs: 60 * 60_000,
} as const satisfies Partial<SignInLimits>;

export const SIGN_IN_DEFAULTS: SignInLimits = {
  // Per address and email: a person mistyping gets five goes; a guesser from one address, twenty an hour.
  loginFailures: 5,
  loginFailureWindowMs: 15 * 60_000,
  ...ACCOUNT_SIGN_IN_LIMITS,
  ...DEVICE_SIGN_IN_LIMITS,
};

export function addressThrottleOptions(limits: SignInLimits): LoginThrottleOptions {
  return { maxFailures: limits.loginFailures, windowMs: limits.loginFailureWindowMs };
}

export function accountThrottleOptions(limits: SignInLimits): LoginThrottleOptions {
  return { maxFailures: limits.accountLoginFailures, windowMs: limits.accountLoginFailureWindowMs, slowIntervalMs: limits.accountLoginSlowIntervalMs };
}

export function deviceThrottleOptions(limits: SignInLimits): LoginThrottleOptions {
  return { maxFailures: limits.deviceLoginFailures, windowMs: limits.deviceLoginFailureWindowMs };
}

/** The key of an account's count: no address is `account`, so it never meets an (address, email) key. */
const accountKey = (email: string) => `account|${email}`;
const addressKey = (ip: string, email: string) => `${ip}|${email}`;
/** Neither is an address either. */
const deviceKey = (deviceId: string) => `device|${deviceId}`;
const sessionKey = (sessionId: string) => `session|${sessionId}`;

/** One password check: what it opens, or undefined for a wrong password. `knownDevice`: it spends a device's count. */
export type PasswordCheck<T> = (knownDevice: boolean) => Promise<T | undefined>;

/**
 * Whether a password may be checked now, and on which count. An attempt from a known device (a device
 * cookie of this account, or a signed-in session) spends that device's own count; any other spends both
 * shared ones: per address and email, and per account over every address. Every check is counted before
 * it runs, so no way in can be used to guess for free, and none can be shut by a stranger.
 */
export class SignInThrottle {
  constructor(
    private readonly perAddress: LoginThrottle,
    private readonly perAccount: LoginThrottle,
    private readonly perDevice: LoginThrottle,
  ) {}

  /**
   * A sign-in: from a known device of this account (`deviceId`, from its device cookie), on that device's
   * own count while it has room; otherwise, or once the device is distrusted, as anyone's (`attempt`).
   */
  async signIn<T>(ip: string, email: string, deviceId: string | undefined, check: PasswordCheck<T>): Promise<T | undefined> {
    if (deviceId !== undefined) {
      const fromDevice = await this.onDeviceCount(deviceKey(deviceId), check);
      if (fromDevice.admitted) return fromDevice.opened;
    }
    return this.attempt(ip, email, check);
  }

  /**
   * The current-password check of a password change, on the signed-in session's own count: whoever holds
   * the session signed in with the password (or stole the session), so strangers' failures elsewhere do
   * not concern it. Past the device limit, 429 until the window frees a place.
   */
  async inSession<T>(sessionId: string, check: PasswordCheck<T>): Promise<T | undefined> {
    const key = sessionKey(sessionId);
    const fromSession = await this.onDeviceCount(key, check);
    if (fromSession.admitted) return fromSession.opened;
    throw tooManySignIns(fromSession.wait);
  }

  /** One check counted on a device's count, as `attempt` counts on the shared ones: a right password clears it. */
  private async onDeviceCount<T>(key: string, check: PasswordCheck<T>): Promise<{ admitted: true; opened: T | undefined } | { admitted: false; wait: number }> {
    const wait = await this.perDevice.reserveAttempt(key);
    if (wait > 0) return { admitted: false, wait };
    let opened: T | undefined;
    try {
      opened = await check(true);
    } catch (error) {
      await this.perDevice.release(key).catch(() => undefined);
      throw error;
    }
    if (opened !== undefined) await this.perDevice.clear(key);
    return { admitted: true, opened };
  }

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
  async attempt<T>(ip: string, email: string, check: PasswordCheck<T>): Promise<T | undefined> {
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
      opened = await check(false);
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
