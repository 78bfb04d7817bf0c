import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

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

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
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
}

export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly cost: ScryptCost = OWASP_SCRYPT) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, this.cost);
    const { log2N, r, p } = this.cost;
    return `$scrypt$ln=${log2N},r=${r},p=${p}$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const match = PHC.exec(stored);
    if (!match) return false;
    const [, ln, r, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
    const expectedKey = Buffer.from(expected, 'base64');
    try {
      const key = await derive(password, Buffer.from(salt, 'base64'), { log2N: Number(ln), r: Number(r), p: Number(p) });
      return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
    } catch {
      // Impossible parameters in a stored hash (a damaged row): a failed check, not a crash.
      return false;
    }
  }

  /**
   * Spends the same work as a real check, for an email that has no account,
   * so the response time does not tell whether an account exists.
   */
  async verifyNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('callboard-timing-equaliser');
    await this.verify(password, await this.dummyHash);
    return false;
  }
}
