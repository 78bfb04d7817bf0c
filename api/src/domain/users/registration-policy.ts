import type { Database, Queryable } from '../../db/database';
import { isLoopbackHost } from '../../config/loopback-host';
import { usersRepository } from './users-repository';

/**
 * Who may open an account with POST /api/auth/register:
 * - 'open': anyone (the embedded database on a loopback HOST, or ALLOW_SIGNUP=true);
 * - 'closed': nobody; admins create accounts (ALLOW_SIGNUP=false, or the embedded database
 *   reachable from the network with ALLOW_SIGNUP unset);
 * - 'first-account': only while the database holds no user, so the first person to
 *   register becomes its admin and the door shuts behind them (PostgreSQL by default).
 */
export type RegistrationPolicy = 'open' | 'closed' | 'first-account';

/**
 * ALLOW_SIGNUP as configured (undefined: unset or `auto`) on the engine in use and the HOST the
 * server listens on. A server on PostgreSQL is a deployment other people can reach, so unless told
 * otherwise it takes sign-ups only until someone holds the admin account. The embedded database is
 * the local demo: open to anyone while only this machine can reach it, closed once HOST lets the
 * network in, since an account there reads every call.
 */
export function registrationPolicy(allowSignup: boolean | undefined, engine: Database['kind'], host: string): RegistrationPolicy {
  if (allowSignup !== undefined) return allowSignup ? 'open' : 'closed';
  if (engine === 'postgres') return 'first-account';
  return isLoopbackHost(host) ? 'open' : 'closed';
}

/**
 * Whether the first account (the one that becomes admin) must bring the setup token printed at
 * start (setup-token.ts): on PostgreSQL, a deployment, and wherever HOST lets the network in, so
 * a server started with nobody in it cannot be taken by the first visitor. Only the embedded
 * database on this machine alone lets the first person in without it.
 */
export function firstAccountNeedsSetupToken(engine: Database['kind'], host: string): boolean {
  return engine === 'postgres' || !isLoopbackHost(host);
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
