import { normaliseEmail, validateLogin, type LoginBody } from '@callboard/contract';
import type { Database } from '../../db/database';
import { unauthenticated, validationFailed } from '../../http/http-error';
import type { UserRow } from '../users/user-row';
import { usersRepository, type UserWithHash } from '../users/users-repository';
import type { KnownDevice } from './device-cookie';
import type { PasswordHasher } from './password-hasher';
import { newRefreshToken, sessionsRepository } from './sessions-repository';
import type { SignInThrottle } from './sign-in-throttle';

const INVALID_CREDENTIALS = 'Invalid email or password';

/** A session that was renewed: its user, its id, and the refresh token that now stands for it. */
export interface RenewedSession {
  user: UserRow;
  sessionId: string;
  refreshToken: string;
}

/** What a refresh came to: `renewed`, or `ended` (no live session answers to the token). */
export type RenewOutcome = ({ kind: 'renewed' } & RenewedSession) | { kind: 'ended' };

/** A spent refresh token was presented again and its session ended: who it was, never the token. */
export interface ReusedSession {
  sessionId: string;
  userId: string;
}

/** Where a sign-in comes from: the client address, and the device its device cookie names, if it brought a valid one. */
export interface SignInOrigin {
  ip: string;
  device?: KnownDevice;
}

/**
 * Signing in, renewing and ending sessions, apart from HTTP (tokens and
 * cookies stay with the routes): the credential check with its throttle, the
 * refresh-token rotation, and revocation.
 */
export class SignInService {
  constructor(
    private readonly db: Database,
    private readonly passwords: PasswordHasher,
    private readonly throttle: SignInThrottle,
  ) {}

  /**
   * The active account these credentials open, or an error: 400 for a
   * malformed body, 429 while this address is locked out of this email or
   * the account is slowed (sign-in-throttle.ts), 503 while the server is too
   * busy hashing, 401 otherwise. A device cookie of this very account spends
   * its device's own count instead, and its check goes ahead of others in
   * the hashing queue. `onFailure` hears of each refused attempt (for the log).
   */
  async checkCredentials(body: LoginBody, origin: SignInOrigin, onFailure: (email: string) => void): Promise<UserWithHash> {
    const errors = validateLogin({ email: body.email, password: body.password });
    if (errors.length > 0) throw validationFailed(errors);

    const email = normaliseEmail(body.email);
    const user = await this.throttle.signIn(origin.ip, email, await this.deviceOf(email, origin.device), async (knownDevice) => {
      const found = await usersRepository.findByEmailWithHash(this.db, email);
      // Unknown email, wrong password and deactivated account cost the same and say the same.
      const passwordOk = found
        ? await this.passwords.verify(body.password, found.password_hash, { knownDevice })
        : await this.passwords.verifyNothing(body.password);
      return found && passwordOk && found.active ? found : undefined;
    });
    if (!user) {
      onFailure(email);
      throw unauthenticated(INVALID_CREDENTIALS);
    }
    return user;
  }

  /**
   * The device id to count this attempt under: only when the cookie names the account this email opens. A
   * cookie of another account (the guesser's own, say) gives no budget of its own for this one. One
   * lookup by email, asked only of attempts that bring a cookie that checks out.
   */
  private async deviceOf(email: string, device: KnownDevice | undefined): Promise<string | undefined> {
    if (device === undefined) return undefined;
    const account = await usersRepository.findByEmailWithHash(this.db, email);
    return account?.id === device.userId ? device.deviceId : undefined;
  }

  /**
   * Swaps a refresh token for a new one. A token its session already rotated
   * away is a sign that someone else holds the session's tokens: the session
   * ends, and `onReuse` hears of it (for the log). A session whose user is
   * gone or deactivated is revoked.
   */
  async renew(presented: string, onReuse: (reused: ReusedSession) => void): Promise<RenewOutcome> {
    const refreshToken = newRefreshToken();
    const session = await sessionsRepository.rotate(this.db, presented, refreshToken);
    if (!session) {
      const spent = await sessionsRepository.classifySpent(this.db, presented);
      if (spent.kind === 'reused' && spent.ended) onReuse({ sessionId: spent.sessionId, userId: spent.userId });
      return { kind: 'ended' };
    }
    const user = await usersRepository.findById(this.db, session.user_id);
    if (!user || !user.active) {
      await sessionsRepository.revoke(this.db, session.id);
      return { kind: 'ended' };
    }
    return { kind: 'renewed', user, sessionId: session.id, refreshToken };
  }

  /** Ends the session an access token names. */
  async endSession(sessionId: string): Promise<void> {
    await sessionsRepository.revoke(this.db, sessionId);
  }

  /** Ends the session a refresh token stands for. */
  async endRefreshSession(refreshToken: string): Promise<void> {
    await sessionsRepository.revokeByRefreshToken(this.db, refreshToken);
  }
}
