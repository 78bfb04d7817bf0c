import { normaliseEmail, validateLogin, type LoginBody } from '@callboard/contract';
import type { Database } from '../../db/database';
import { unauthenticated, validationFailed } from '../../http/http-error';
import type { UserRow } from '../users/user-row';
import { usersRepository, type UserWithHash } from '../users/users-repository';
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
   * busy hashing, 401 otherwise. `onFailure` hears of each refused attempt
   * (for the log).
   */
  async checkCredentials(body: LoginBody, ip: string, onFailure: (email: string) => void): Promise<UserWithHash> {
    const errors = validateLogin({ email: body.email, password: body.password });
    if (errors.length > 0) throw validationFailed(errors);

    const email = normaliseEmail(body.email);
    const user = await this.throttle.attempt(ip, email, async () => {
      const found = await usersRepository.findByEmailWithHash(this.db, email);
      // Unknown email, wrong password and deactivated account cost the same and say the same.
      const passwordOk = found ? await this.passwords.verify(body.password, found.password_hash) : await this.passwords.verifyNothing(body.password);
      return found && passwordOk && found.active ? found : undefined;
    });
    if (!user) {
      onFailure(email);
      throw unauthenticated(INVALID_CREDENTIALS);
    }
    return user;
  }

  /**
   * Swaps a refresh token for a new one. Undefined when the token names no
   * live session or its user is gone or deactivated; such a session is revoked.
   */
  async renew(presented: string): Promise<RenewedSession | undefined> {
    const refreshToken = newRefreshToken();
    const session = await sessionsRepository.rotate(this.db, presented, refreshToken);
    const user = session && (await usersRepository.findById(this.db, session.user_id));
    if (!session || !user || !user.active) {
      if (session) await sessionsRepository.revoke(this.db, session.id);
      return undefined;
    }
    return { user, sessionId: session.id, refreshToken };
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
