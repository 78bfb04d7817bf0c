import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_COOKIE,
  normaliseEmail,
  validateLogin,
  validateRegistration,
  type LoginBody,
  type RegisterBody,
} from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, conflict, tooManyRequests, unauthenticated, validationFailed } from '../../../http/http-error';
import { LoginThrottle } from '../../../domain/auth/login-throttle';
import { clearRefreshCookie, setRefreshCookie, type AccessClaims } from '../../../plugins/app/auth/authentication';
import { newRefreshToken, sessionsRepository } from '../../../domain/auth/sessions-repository';
import { usersRepository } from '../../../domain/users/users-repository';
import { toPublicUser } from '../../../domain/users/user-row';
import { isUniqueViolation } from '../../../db/unavailable';
import { bearer, messageSchema, userSchema } from '../schemas';

export interface AuthRouteLimits {
  registerPerMinute: number;
  refreshPerMinute: number;
  loginFailures: number;
  loginFailureWindowMs: number;
}

export interface AuthRouteOptions {
  allowSignup: boolean;
  limits: AuthRouteLimits;
}

const INVALID_CREDENTIALS = 'Invalid email or password';
// Serialises "is this the first account?" so two simultaneous first sign-ups cannot both become admin.
const FIRST_ACCOUNT_LOCK = 4_120_912;

// Free-form on purpose: the spec's own messages (validateLogin / validateRegistration) judge the values.
const credentialsBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 1000 },
    email: { type: 'string', maxLength: 1000 },
    password: { type: 'string', maxLength: 1000 },
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
  const { allowSignup, limits } = options;
  const throttle = new LoginThrottle({ maxFailures: limits.loginFailures, windowMs: limits.loginFailureWindowMs });

  fastify.post<{ Body: RegisterBody }>(
    '/register',
    {
      config: { rateLimit: { max: limits.registerPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (the first one becomes admin)',
        body: credentialsBody,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      if (!allowSignup) throw new HttpError(403, 'FORBIDDEN', 'Registration is closed');
      const body = request.body ?? ({} as RegisterBody);
      const errors = validateRegistration({ name: body.name, email: body.email, password: body.password });
      if (errors.length > 0) throw validationFailed(errors);

      const email = normaliseEmail(body.email);
      if (await usersRepository.emailTaken(fastify.db, email)) throw conflict('Email is already registered');
      const passwordHash = await fastify.passwords.hash(body.password);
      try {
        await fastify.db.transaction(async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ACCOUNT_LOCK]);
          const role = (await usersRepository.count(tx)) === 0 ? 'admin' : 'user';
          await usersRepository.insert(tx, { name: body.name.trim(), email, passwordHash, role });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Email is already registered');
        throw error;
      }
      request.log.info({ email }, 'account registered');
      return reply.code(201).send({ success: true, message: 'Registered successfully! Please login.' });
    },
  );

  fastify.post<{ Body: LoginBody }>(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the refresh cookie and returns an access token',
        body: credentialsBody,
        response: { 200: authPayloadResponse },
      },
    },
    async (request, reply) => {
      const body = request.body ?? ({} as LoginBody);
      const errors = validateLogin({ email: body.email, password: body.password });
      if (errors.length > 0) throw validationFailed(errors);

      const email = normaliseEmail(body.email);
      const throttleKey = `${request.ip}|${email}`;
      const wait = throttle.retryAfterSeconds(throttleKey);
      if (wait > 0) throw tooManyRequests(`Too many failed sign-in attempts; try again in ${wait} seconds`, wait);

      const user = await usersRepository.findByEmailWithHash(fastify.db, email);
      // Unknown email, wrong password and deactivated account cost the same and say the same.
      const passwordOk = user
        ? await fastify.passwords.verify(body.password, user.password_hash)
        : await fastify.passwords.verifyNothing(body.password);
      if (!user || !passwordOk || !user.active) {
        throttle.recordFailure(throttleKey);
        request.log.warn({ email, ip: request.ip }, 'sign-in failed');
        throw unauthenticated(INVALID_CREDENTIALS);
      }
      throttle.reset(throttleKey);
      const data = await fastify.startSession(reply, user);
      request.log.info({ userId: user.id, ip: request.ip }, 'signed in');
      return { success: true, message: 'Login successful.', data };
    },
  );

  fastify.get(
    '/profile',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: userSchema } } },
      },
    },
    async (request) => ({ success: true, data: request.currentUser }),
  );

  fastify.post(
    '/refresh',
    {
      config: { rateLimit: { max: limits.refreshPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Swap the refresh cookie for a new access token (and a new cookie)',
        response: { 200: authPayloadResponse },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw unauthenticated('No session to refresh; please sign in');
      const next = newRefreshToken();
      const session = await sessionsRepository.rotate(fastify.db, presented, next);
      const user = session && (await usersRepository.findById(fastify.db, session.user_id));
      if (!session || !user || !user.active) {
        if (session) await sessionsRepository.revoke(fastify.db, session.id);
        clearRefreshCookie(reply);
        throw unauthenticated('Your session has ended; please sign in again');
      }
      setRefreshCookie(reply, next);
      const token = await fastify.signAccessToken(user, session.id);
      return { success: true, message: 'Session refreshed', data: { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS, user: toPublicUser(user) } };
    },
  );

  fastify.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'End this session', response: { 200: messageSchema } } },
    async (request, reply) => {
      // Works with an expired access token too: the refresh cookie still names the session.
      try {
        const claims = await request.jwtVerify<AccessClaims>({ ignoreExpiration: true } as never);
        if (claims.sid) await sessionsRepository.revoke(fastify.db, claims.sid);
      } catch {
        // No usable access token: fall through to the cookie.
      }
      const cookieToken = request.cookies[REFRESH_COOKIE];
      if (cookieToken) await sessionsRepository.revokeByRefreshToken(fastify.db, cookieToken);
      clearRefreshCookie(reply);
      return { success: true, message: 'Logged out' };
    },
  );

}
