import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie's name; sent back only to the sign-in route (DEVICE_COOKIE_PATH). */
export const DEVICE_COOKIE = 'cb_device';
export const DEVICE_COOKIE_PATH = '/api/auth/login';
/** A year: a person who signs in a few times a year still comes back as a known device. */
export const DEVICE_COOKIE_LIFETIME_S = 365 * 24 * 3600;

/** What a device cookie that checks out says: whose browser it is, and which of their devices. */
export interface KnownDevice {
  userId: string;
  /** Random per cookie: the key its own failures are counted under. */
  deviceId: string;
}

const PART = /^[A-Za-z0-9_-]{1,64}$/;
const ISSUED = /^\d{1,12}$/;

/**
 * OWASP's device cookie: after a successful sign-in the browser is given `<account id>.<random id>.<issued>.<HMAC>`,
 * and a sign-in that brings it back for the same account is known to come from a browser its owner used
 * (sign-in-throttle.ts gives it a budget of its own). The key is derived from the JWT secret, so every
 * instance that accepts the same tokens accepts the same cookies, and it is a key of its own: a device
 * cookie's signature is no use as anything else. It opens nothing: it only decides which count an attempt
 * spends, so holding one (stolen or not) gives a guesser that device's few attempts and no more.
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(jwtSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'callboard device cookies', 32));
  }

  /** A new cookie value for `userId`'s browser. */
  issue(userId: string, nowMs = Date.now()): string {
    const body = `${userId}.${randomBytes(16).toString('base64url')}.${Math.floor(nowMs / 1000)}`;
    return `${body}.${this.sign(body)}`;
  }

  /** The device a cookie value names, if this server signed it and it is not older than its lifetime. */
  read(value: string | undefined, nowMs = Date.now()): KnownDevice | undefined {
    const [userId, deviceId, issued, signature, ...rest] = value?.split('.') ?? [];
    if (userId === undefined || deviceId === undefined || issued === undefined || signature === undefined || rest.length > 0) return undefined;
    if (!PART.test(userId) || !PART.test(deviceId) || !ISSUED.test(issued)) return undefined;
    const expected = Buffer.from(this.sign(`${userId}.${deviceId}.${issued}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if ((Number(issued) + DEVICE_COOKIE_LIFETIME_S) * 1000 <= nowMs) return undefined;
    return { userId, deviceId };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
