import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Turns } from '../bounded-turns';
import { createHashingTurns } from './hashing-turns';

/** scrypt cost as log2(N). OWASP's Password Storage Cheat Sheet: N=2^17, r=8, p=1. */
export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

export const OWASP_SCRYPT: ScryptCost = { log2N: 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Stored as a PHC-style string, so a later change of cost still verifies old hashes.
const PHC = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Derives a key from a password; scrypt in production, a controllable one in tests. */
export type DeriveKey = (password: string, salt: Buffer, cost: ScryptCost) => Promise<Buffer>;

export const deriveWithScrypt: DeriveKey = (password, salt, cost) => {
  const options: ScryptOptions = {
    N: 2 ** cost.log2N,
    r: cost.r,
    p: cost.p,
    // scrypt needs 128·N·r bytes; Node's 32 MiB default is too small for N=2^17.
    maxmem: 256 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    // Runs on libuv's thread pool: hashing never blocks the event loop.
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
};

function phcString(cost: ScryptCost, salt: Buffer, key: Buffer): string {
  const { log2N, r, p } = cost;
  return `$scrypt$ln=${log2N},r=${r},p=${p}$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`;
}

export interface PasswordHasherOptions {
  /** Hashes run at once (default HASHING_CONCURRENCY). */
  concurrency?: number;
  /** Hashes that may wait for a turn before more are refused with 503 (default WAITING_PER_RUNNING_CHECK × concurrency). */
  maxWaiting?: number;
  /** Of those, the places only checks from known devices may take (default a quarter of them: hashing-turns.ts). */
  reservedWaiting?: number;
  /** Tests only: a derivation they can hold. */
  derive?: DeriveKey;
}

/**
 * Hashes and checks passwords. Every derivation, whatever asked for it (sign-in, registration, a
 * password change, the stand-in check for an unknown email), takes a turn in one bounded queue per
 * hasher (hashing-turns.ts): a flood of sign-ins waits its turn or is refused with 503, and never
 * queues unbounded work on the thread pool the rest of the server needs.
 */
export class PasswordHasher {
  /**
   * Checked by verifyNothing: the same cost as a new hash, with a random key no password derives, so
   * checking it costs what checking a real one does. Made up, not hashed: nothing to wait for, nothing
   * that can fail.
   */
  private readonly dummyHash: string;
  private readonly turns: Turns;
  private readonly derive: DeriveKey;

  constructor(
    private readonly cost: ScryptCost = OWASP_SCRYPT,
    options: PasswordHasherOptions = {},
  ) {
    this.turns = createHashingTurns(options.concurrency, options.maxWaiting, options.reservedWaiting);
    this.derive = options.derive ?? deriveWithScrypt;
    this.dummyHash = phcString(cost, randomBytes(SALT_LENGTH), randomBytes(KEY_LENGTH));
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.turns(() => this.derive(password, salt, this.cost));
    return phcString(this.cost, salt, key);
  }

  /** `knownDevice`: the attempt comes from a device its owner signed in from (sign-in-throttle.ts); it may use the queue's reserved places. */
  async verify(password: string, stored: string, { knownDevice = false } = {}): Promise<boolean> {
    const match = PHC.exec(stored);
    if (!match) return false;
    const [, ln, r, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
    const expectedKey = Buffer.from(expected, 'base64');
    const cost = { log2N: Number(ln), r: Number(r), p: Number(p) };
    // A refused turn (the queue is full) propagates as the 503 it is; only the derivation's own failure is a "no".
    const key = await this.turns(() =>
      this.derive(password, Buffer.from(salt, 'base64'), cost).catch(() => {
        // Impossible parameters in a stored hash (a damaged row): a failed check, not a crash.
        return undefined;
      }),
      { reserved: knownDevice },
    );
    return key !== undefined && key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
  }

  /**
   * Spends the same work as a real check, for an email that has no account,
   * so the response time does not tell whether an account exists.
   */
  async verifyNothing(password: string): Promise<false> {
    await this.verify(password, this.dummyHash);
    return false;
  }
}
