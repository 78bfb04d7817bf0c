import {
  ACCESS_TOKEN_TTL_SECONDS,
  PROFILE_UPDATED_MESSAGE,
  REFRESH_COOKIE,
  type LoginBody,
  type ProfileUpdateBody,
  type RegisterBody,
  type RegistrationStatus,
} from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../../../http/http-error';
import { outsideRequestScope } from '../../../domain/partners/request-scope';
import { SignInService } from '../../../domain/auth/sign-in-service';
import type { SignInThrottle } from '../../../domain/auth/sign-in-throttle';
import { registrationOpen, type RegistrationPolicy } from '../../../domain/users/registration-policy';
import { UserService } from '../../../domain/users/user-service';
import { toPublicUser } from '../../../domain/users/user-row';
import { usersRepository } from '../../../domain/users/users-repository';
import { clearRefreshCookie, type AccessClaims } from '../../../plugins/app/auth/authentication';
import { refuseCrossSite } from '../../../plugins/app/auth/same-origin';
import { bearer, messageSchema, userResponse, userSchema } from '../schemas';

/**
 * Each route's own budget per client address, counted apart from the address's shared one (a 429 comes
 * before the body is read, so before any password is hashed). Sign-in and registration each cost a full
 * password hash: at 10 a minute one client can keep at most a sliver of the hashing queue busy.
 */
export interface AuthRouteLimits {
  /** RATE_LIMIT_SIGN_IN_PER_MIN */
  signInPerMinute: number;
  registerPerMinute: number;
  refreshPerMinute: number;
}

export interface AuthRouteOptions {
  registration: RegistrationPolicy;
  /** What the first account must bring (domain/users/setup-token.ts); undefined: nothing. */
  setupToken?: string;
  limits: AuthRouteLimits;
  /** Shared with the users routes: a wrong current password counts on the signed-in session (sign-in-throttle.ts). */
  signInThrottle: SignInThrottle;
}

// Free-form on purpose: validateLogin / validateRegistration judge the values, with the messages the forms show.
const credentialsBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 1000 },
    email: { type: 'string', maxLength: 1000 },
    password: { type: 'string', maxLength: 1000 },
    setupToken: { type: 'string', maxLength: 1000 },
  },
} as const;

// Loose where validateProfileUpdate words the message (the Profile dialog shows the same one); strict on shape.
const profileUpdateBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 1000 },
    avatar: { type: ['string', 'null'], maxLength: 10_000 },
    currentPassword: { type: 'string', maxLength: 1000 },
    newPassword: { type: 'string', maxLength: 1000 },
    // Listed only to be refused by name rather than dropped like other unknown fields: a client sending
    // them expects them applied (validateProfileUpdate says why each cannot be).
    email: {},
    role: {},
    password: {},
  },
} as const;

const authPayloadResponse = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    data: {
      type: 'object',
      properties: { token: { type: 'string' }, expiresIn: { type: 'integer' }, user: userSchema },
    },
  },
} as const;

export default async function authRoutes(fastify: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { registration, setupToken, limits, signInThrottle } = options;
  const users = new UserService(fastify.db, fastify.passwords, signInThrottle);
  const signIn = new SignInService(fastify.db, fastify.passwords, signInThrottle);

  fastify.post<{ Body: RegisterBody }>(
    '/register',
    {
      config: { rateLimit: { max: limits.registerPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (the first one becomes admin); 403 while registration is closed',
        body: credentialsBody,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const email = await users.register(request.body ?? ({} as RegisterBody), registration, setupToken);
      request.log.info({ email }, 'account registered');
      return reply.code(201).send({ success: true, message: 'Registered successfully! Please login.' });
    },
  );

  // Public, so the register screen can say "Registration is closed" instead of a form that would be refused.
  fastify.get(
    '/registration',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether registration is open now',
        response: {
          200: {
            type: 'object',
            required: ['success', 'data'],
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                required: ['open', 'setupTokenRequired'],
                properties: { open: { type: 'boolean' }, setupTokenRequired: { type: 'boolean' } },
              },
            },
          },
        },
      },
    },
    async () => {
      const open = await registrationOpen(fastify.db, registration);
      const data: RegistrationStatus = { open, setupTokenRequired: open && setupToken !== undefined && !(await usersRepository.anyExists(fastify.db)) };
      return { success: true, data };
    },
  );

  fastify.post<{ Body: LoginBody }>(
    '/login',
    {
      config: { rateLimit: { max: limits.signInPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the refresh cookie and the device cookie, and returns an access token',
        body: credentialsBody,
        response: { 200: authPayloadResponse },
      },
    },
    async (request, reply) => {
      const origin = { ip: request.ip, device: fastify.knownDeviceOf(request) };
      const user = await signIn.checkCredentials(request.body ?? ({} as LoginBody), origin, (email) =>
        request.log.warn({ email, ip: request.ip, knownDevice: origin.device !== undefined }, 'sign-in failed'),
      );
      const data = await fastify.startSession(reply, user);
      // A new one each time (OWASP's device cookie): the browser is known from now on, under a fresh count.
      fastify.setDeviceCookie(reply, user.id);
      request.log.info({ userId: user.id, ip: request.ip }, 'signed in');
      return { success: true, message: 'Login successful.', data };
    },
  );

  // A partner account reads and changes its own profile and password like anyone (issue 34): `scoped`.
  fastify.get(
    '/profile',
    {
      onRequest: fastify.authenticate,
      config: { partner: 'scoped' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: userSchema } } },
      },
    },
    async (request) => ({ success: true, data: request.currentUser }),
  );

  fastify.put<{ Body: ProfileUpdateBody }>(
    '/profile',
    {
      onRequest: fastify.authenticate,
      config: { partner: 'scoped' },
      schema: {
        tags: ['auth'],
        summary:
          'Change your own name, avatar (null removes it) or password, whatever your role; not your email or role. ' +
          'A new password needs `currentPassword` and ends your other sessions',
        security: bearer,
        body: profileUpdateBody,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      // The account's own row, read and written as the network's statements: a partner's wall guards the
      // calls, and behind it the scopes a user row is read with are not readable (migration 0025).
      const user = await outsideRequestScope(() =>
        users.updateProfile(request.currentUser!, request.body ?? {}, {
          sessionId: request.sessionId,
          ip: request.ip,
          onWrongCurrentPassword: () => request.log.warn({ userId: request.currentUser?.id, ip: request.ip }, 'password change: wrong current password'),
        }),
      );
      request.log.info({ userId: user.id, passwordChanged: Boolean(request.body?.newPassword) }, 'profile updated');
      return { success: true, message: PROFILE_UPDATED_MESSAGE, data: user };
    },
  );

  fastify.post(
    '/refresh',
    {
      config: { rateLimit: { max: limits.refreshPerMinute, timeWindow: '1 minute' } },
      onRequest: refuseCrossSite,
      schema: {
        tags: ['auth'],
        summary: 'Swap the refresh cookie for a new access token (and a new cookie)',
        response: { 200: authPayloadResponse },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw unauthenticated('No session to refresh; please sign in');
      const renewed = await signIn.renew(presented, ({ sessionId, userId }) =>
        request.log.warn({ sessionId, userId, ip: request.ip }, 'a spent refresh token was presented again: session ended'),
      );
      if (renewed.kind === 'ended') {
        clearRefreshCookie(reply);
        throw unauthenticated('Your session has ended; please sign in again');
      }
      const { user, sessionId, refreshToken } = renewed;
      fastify.setRefreshCookie(reply, refreshToken);
      const token = await fastify.signAccessToken(user, sessionId);
      return { success: true, message: 'Session refreshed', data: { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS, user: toPublicUser(user) } };
    },
  );

  fastify.post(
    '/logout',
    { onRequest: refuseCrossSite, schema: { tags: ['auth'], summary: 'End this session', response: { 200: messageSchema } } },
    async (request, reply) => {
      // Works with an expired access token too: the refresh cookie still names the session.
      try {
        const claims = await request.jwtVerify<AccessClaims>({ ignoreExpiration: true } as never);
        if (claims.sid) await signIn.endSession(claims.sid);
      } catch {
        // No usable access token: fall through to the cookie.
      }
      const cookieToken = request.cookies[REFRESH_COOKIE];
      if (cookieToken) await signIn.endRefreshSession(cookieToken);
      clearRefreshCookie(reply);
      return { success: true, message: 'Logged out' };
    },
  );
}
