import { createHmac, timingSafeEqual } from 'node:crypto';

// Names what the key signs, so this token never equals anything else derived from the same secret.
const PURPOSE = 'callboard first-account setup token';

/**
 * The setup token the first account must bring where the first visitor must not become admin
 * (registration-policy.ts). Derived from the JWT secret rather than drawn at random, so every
 * instance on one PostgreSQL database prints and accepts the same one (the secret is kept in the
 * database there), and a restart does not change it. It opens one door once: with a user in
 * the database no registration asks for it again.
 */
export function setupTokenFor(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update(PURPOSE).digest('hex').slice(0, 32);
}

/** Whether `given` is `expected`, in time that does not depend on where they differ. */
export function setupTokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given.trim());
  return a.length === b.length && timingSafeEqual(a, b);
}
