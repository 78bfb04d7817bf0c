import type { PublicUser } from './users';

export interface LoginBody {
  email: string;
  password: string;
}

export interface RegisterBody {
  name: string;
  email: string;
  password: string;
  /** The token the server printed at start; only the first account asks for it (RegistrationStatus.setupTokenRequired). */
  setupToken?: string;
}

/** Body of GET /api/auth/registration: whether POST /api/auth/register would accept a new account now. */
export interface RegistrationStatus {
  open: boolean;
  /**
   * The next account is the first, which becomes admin, and this server lets nobody take that
   * without the setup token it printed at start (in its log, beside where it listens).
   */
  setupTokenRequired: boolean;
}

/** The 403 of a registration while it is closed, and the heading the register screen shows instead of its form. */
export const REGISTRATION_CLOSED_MESSAGE = 'Registration is closed';

/** The 403 of a first account without the right setup token, shown under the form's Setup token field. */
export const SETUP_TOKEN_WRONG_MESSAGE = 'The first account needs the setup token this server printed when it started';

/** The access token and who it belongs to; the refresh token travels only in an httpOnly cookie. */
export interface AuthPayload {
  token: string;
  /** Seconds until the access token expires, so the client can refresh ahead of it. */
  expiresIn: number;
  user: PublicUser;
}

/** The refresh cookie's name and path; the cookie is httpOnly, so only the server reads it. */
export const REFRESH_COOKIE = 'cb_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * Body of PUT /api/auth/profile: the signed-in person's own name and avatar,
 * and a new password, which needs the current one.
 */
export interface ProfileUpdateBody {
  name?: string;
  avatar?: string | null;
  currentPassword?: string;
  newPassword?: string;
}

/** The answer of a successful PUT /api/auth/profile, which the Profile dialog shows as its toast. */
export const PROFILE_UPDATED_MESSAGE = 'Profile updated';
