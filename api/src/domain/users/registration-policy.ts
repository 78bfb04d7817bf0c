import type { Database, Queryable } from '../../db/database';
import { usersRepository } from './users-repository';

/**
 * Who may open an account with POST /api/auth/register:
 * - 'open': anyone (the one-command demo on the embedded database, or ALLOW_SIGNUP=true);
 * - 'closed': nobody; admins create accounts (ALLOW_SIGNUP=false);
 * - 'first-account': only while the database holds no user, so the first person to
 *   register becomes its admin and the door shuts behind them (PostgreSQL by default).
 */
export type RegistrationPolicy = 'open' | 'closed' | 'first-account';

/**
 * ALLOW_SIGNUP as configured (undefined: unset or `auto`) on the engine in use. A server on
 * PostgreSQL is a deployment other people can reach, so unless told otherwise it takes
 * sign-ups only until someone holds the admin account; the embedded database is the local demo.
 */
export function registrationPolicy(allowSignup: boolean | undefined, engine: Database['kind']): RegistrationPolicy {
  if (allowSignup !== undefined) return allowSignup ? 'open' : 'closed';
  return engine === 'pglite' ? 'open' : 'first-account';
}

/**
 * Whether a registration would be accepted now. For 'first-account' this is only a hint
 * (the register screen's, and a refusal that costs no password hash): the decision is taken
 * again under the first-account lock, with the insert (UserService.register).
 */
export async function registrationOpen(db: Queryable, policy: RegistrationPolicy): Promise<boolean> {
  if (policy !== 'first-account') return policy === 'open';
  return !(await usersRepository.anyExists(db));
}
