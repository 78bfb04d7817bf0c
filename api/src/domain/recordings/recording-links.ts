import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { RECORDING_LINK_PARAMS, RECORDINGS_PATH_PREFIX } from '@callboard/contract';

/** How long a link lasts at the least: long enough to open a call, listen and seek. */
export const RECORDING_LINK_LIFETIME_S = 15 * 60;
/**
 * Links signed within the same five minutes share one expiry (so each lasts 15 to 20 minutes): a call
 * fetched again (a refresh, the live stream) carries the same link, and its <audio> element is left alone.
 */
export const RECORDING_LINK_STEP_S = 5 * 60;

/** A recording path this server signs: `/recordings/<file>`, nothing after the file name. */
const SIGNABLE = new RegExp(`^${RECORDINGS_PATH_PREFIX}[^?#]+$`);
const EXPIRES = /^\d{1,12}$/;

export type RecordingLinkCheck =
  | { ok: true; expires: number }
  /** unsigned: no expiry or signature; invalid: not what this server signed; expired: signed, too late. */
  | { ok: false; reason: 'unsigned' | 'invalid' | 'expired' };

/**
 * Signs and checks the links to recordings on this server. The key is derived from the JWT secret, so
 * every instance that accepts the same tokens accepts the same links, and it is a key of its own: a
 * recording link's signature is no use as anything else.
 */
export class RecordingLinks {
  private readonly key: Buffer;

  constructor(jwtSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'callboard recording links', 32));
  }

  /** A call's recording link as the API hands it out: signed when it is on this server, as stored otherwise. */
  link(url: string | null, nowMs = Date.now()): string | null {
    if (url === null || !SIGNABLE.test(url)) return url;
    const nowS = Math.floor(nowMs / 1000);
    const expires = Math.ceil((nowS + RECORDING_LINK_LIFETIME_S) / RECORDING_LINK_STEP_S) * RECORDING_LINK_STEP_S;
    const { expires: e, signature: s } = RECORDING_LINK_PARAMS;
    return `${url}?${e}=${expires}&${s}=${this.sign(url, expires)}`;
  }

  /** Whether `path` (the request's, without its query) was signed with this expiry and is still in time. */
  check(path: string, expires: string | undefined, signature: string | undefined, nowMs = Date.now()): RecordingLinkCheck {
    if (expires === undefined || signature === undefined) return { ok: false, reason: 'unsigned' };
    if (!EXPIRES.test(expires)) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.sign(path, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    if (Number(expires) * 1000 <= nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, expires: Number(expires) };
  }

  private sign(path: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${path}\n${expires}`).digest('base64url');
  }
}
