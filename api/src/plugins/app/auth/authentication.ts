import { randomUUID } from 'node:crypto';
import jwt from '@fastify/jwt';
import cookie from '@fastify/cookie';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_COOKIE,
  PARTNER_ROUTE_DENIED,
  PERMISSION_DENIED,
  REFRESH_COOKIE_PATH,
  roleMay,
  type AuthPayload,
  type Permission,
  type PublicUser,
} from '@callboard/contract';
import { PARTNER_KEY_MESSAGES } from '@callboard/contract/partner-keys';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CookieSecure } from '../../../config/env';
import { forbidden, unauthenticated } from '../../../http/http-error';
import { toPublicUser, type UserRow } from '../../../domain/users/user-row';
import { enterPartnerScope } from '../../../domain/partners/request-scope';
import { endsViewAs, viewAsUser, type ViewAsTokenClaims } from '../../../domain/partners/view-as';
import { findPartnerKeyOwner, partnerKeyMayRead, presentedPartnerKey } from '../../../domain/partners/partner-keys';
import type { AcceptedIngestKeys } from '../../../domain/rate-limit/accepted-ingest-keys';
import { PasswordHasher, type ScryptCost } from '../../../domain/auth/password-hasher';
import { SESSION_ABSOLUTE_HOURS, newRefreshToken, sessionsRepository } from '../../../domain/auth/sessions-repository';

/** What an access token carries. The role is informative; the database row decides. */
export interface AccessClaims {
  sub: string;
  sid: string;
  role: string;
  typ: 'access';
  jti: string;
  /** A view as a partner (domain/partners/view-as.ts): the partner viewed, and the view's audit row. */
  vas?: string;
  vlog?: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHasher;
    /**
     * The request's access token's claims when its signature, issuer, audience, expiry and type check
     * out, else undefined; no database. Checked once per request: the rate limit (keyed by the
     * token's subject) and `authenticate` both ask.
     */
    accessClaimsOf: (request: FastifyRequest) => AccessClaims | undefined;
    /** onRequest hook: only a live session of an active user gets through (docs/decisions/0008-sessions-and-revocation.md). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook, after `authenticate`: only the roles contract/src/permissions.ts gives `permission`, 403 for the rest. */
    requirePermission: (permission: Permission) => (request: FastifyRequest) => Promise<void>;
    /** Opens a session: sets the refresh cookie and returns what the client keeps. */
    startSession: (reply: FastifyReply, user: UserRow) => Promise<AuthPayload>;
    /** Issues an access token for an existing session. */
    signAccessToken: (user: UserRow, sessionId: string) => Promise<string>;
    /** Sets the refresh cookie: httpOnly, SameSite=Strict, scoped to /api/auth, Secure as COOKIE_SECURE says. */
    setRefreshCookie: (reply: FastifyReply, token: string) => void;
  }
  interface FastifyRequest {
    currentUser: PublicUser | null;
    sessionId: string | null;
    /** accessClaimsOf's answer for this request: null until asked, false for a token that did not verify. */
    accessClaims: AccessClaims | false | null;
  }
}

export interface AuthenticationOptions {
  jwtSecret: string;
  passwordCost?: ScryptCost;
  /** Default `auto`. */
  cookieSecure?: CookieSecure;
  /** A hasher made elsewhere (app.ts's `passwords`); else one at `passwordCost`. */
  passwords?: PasswordHasher;
  /** Told of every partner API key that authenticates, so the rate limit gives it a budget of its own (limit-owner.ts). */
  acceptedPartnerKeys?: AcceptedIngestKeys;
}

const ISSUER = 'callboard';
const AUDIENCE = 'callboard-api';

export default fp<AuthenticationOptions>(async function authentication(fastify, options) {
  await fastify.register(cookie);
  await fastify.register(jwt, {
    secret: options.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS, iss: ISSUER, aud: AUDIENCE },
    // Pinned: never `none`, never an asymmetric algorithm fed our secret (the classic JWT algorithm-confusion attack).
    verify: { algorithms: ['HS256'], allowedIss: ISSUER, allowedAud: AUDIENCE },
  });

  fastify.decorate('passwords', options.passwords ?? new PasswordHasher(options.passwordCost));
  fastify.decorateRequest('currentUser', null);
  fastify.decorateRequest('sessionId', null);
  fastify.decorateRequest('accessClaims', null);

  fastify.decorate('accessClaimsOf', function accessClaimsOf(request: FastifyRequest) {
    if (request.accessClaims === null) request.accessClaims = verifiedAccessClaims(fastify, request.headers.authorization) ?? false;
    return request.accessClaims || undefined;
  });

  fastify.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const claims = fastify.accessClaimsOf(request);
    if (!claims) {
      const partnerKey = presentedPartnerKey(request.headers);
      if (partnerKey) return authenticatePartnerKey(fastify, request, partnerKey, options.acceptedPartnerKeys);
      throw unauthenticated();
    }
    if (claims.vas && claims.vlog) return authenticateViewAs(fastify, request, { ...claims, vas: claims.vas, vlog: claims.vlog });
    // Database errors propagate: an outage is a 503, never a sign-out.
    const user = await sessionsRepository.findLiveUser(fastify.db, claims.sid, claims.sub);
    if (!user) throw unauthenticated('Your session has ended; please sign in again');
    request.currentUser = toPublicUser(user);
    request.sessionId = claims.sid;
    if (user.role === 'partner') enterPartnerRequest(request);
  });

  fastify.decorate('requirePermission', function requirePermission(permission: Permission) {
    return async function permitted(request: FastifyRequest) {
      if (!roleMay(request.currentUser?.role, permission)) throw forbidden(PERMISSION_DENIED[permission]);
    };
  });

  fastify.decorate('signAccessToken', async function signAccessToken(user: UserRow, sessionId: string) {
    const claims: AccessClaims = { sub: user.id, sid: sessionId, role: user.role, typ: 'access', jti: randomUUID() };
    return fastify.jwt.sign(claims);
  });

  const cookieSecure = options.cookieSecure ?? 'auto';
  fastify.decorate('setRefreshCookie', function setRefreshCookie(reply: FastifyReply, token: string) {
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      // `auto`: Secure whenever the request came over HTTPS, so plain-HTTP localhost still works.
      secure: cookieSecure,
      path: REFRESH_COOKIE_PATH,
      maxAge: SESSION_ABSOLUTE_HOURS * 3600,
    });
  });

  fastify.decorate('startSession', async function startSession(reply: FastifyReply, user: UserRow) {
    const refreshToken = newRefreshToken();
    const session = await sessionsRepository.create(fastify.db, user.id, refreshToken);
    if (session.endedSessionIds.length > 0) {
      reply.log.info({ userId: user.id, endedSessionIds: session.endedSessionIds }, 'sign-in ended the oldest sessions (live-session cap)');
    }
    fastify.setRefreshCookie(reply, refreshToken);
    return { token: await fastify.signAccessToken(user, session.id), expiresIn: ACCESS_TOKEN_TTL_SECONDS, user: toPublicUser(user) };
  });
});

/**
 * A partner's request from here on reads within its scope (domain/partners/request-scope.ts), on a route
 * that says it serves partners; any other route answers 403 (plugins/app/partner-scope.ts).
 */
function enterPartnerRequest(request: FastifyRequest): void {
  const scope = request.currentUser?.partnerScope;
  if (!scope) throw forbidden('This partner account has no publishers or buyers yet; ask your account manager');
  if (request.routeOptions.config.partner !== 'scoped') throw forbidden(PARTNER_ROUTE_DENIED);
  enterPartnerScope(scope);
}

/**
 * A partner's read-only API key (domain/partners/partner-keys.ts) stands in for the partner's session: looked up on
 * every request (a revoked key or a deactivated partner is a 401 at once, on every instance), then the request is
 * the partner's in every way, scope and field visibility included, on the few reads a key may ask for; 403 elsewhere.
 */
async function authenticatePartnerKey(
  fastify: FastifyInstance,
  request: FastifyRequest,
  presented: string,
  accepted: AcceptedIngestKeys | undefined,
): Promise<void> {
  const owner = await findPartnerKeyOwner(fastify.db, presented);
  if (!owner) throw unauthenticated(PARTNER_KEY_MESSAGES.keyRefused);
  accepted?.remember(presented);
  if (!partnerKeyMayRead(request.method, request.routeOptions.url)) throw forbidden(PARTNER_KEY_MESSAGES.routeRefused);
  request.currentUser = toPublicUser(owner.user);
  enterPartnerRequest(request);
}

/** An admin viewing as a partner: the partner's request, read-only, in the partner's scope (domain/partners/view-as.ts). */
async function authenticateViewAs(fastify: FastifyInstance, request: FastifyRequest, claims: ViewAsTokenClaims): Promise<void> {
  request.currentUser = await viewAsUser(fastify.db, request, claims);
  request.sessionId = claims.sid;
  if (!endsViewAs(request)) enterPartnerRequest(request);
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
}

/** An `Authorization: Bearer <token>` header's access claims, read as @fastify/jwt reads the header; undefined if anything is off. */
function verifiedAccessClaims(fastify: FastifyInstance, header: string | undefined): AccessClaims | undefined {
  const [scheme, token, ...rest] = header?.split(' ') ?? [];
  if (token === undefined || rest.length > 0 || !/^Bearer$/i.test(scheme ?? '')) return undefined;
  try {
    const claims = fastify.jwt.verify<AccessClaims>(token);
    return claims.typ === 'access' && claims.sid && claims.sub ? claims : undefined;
  } catch {
    return undefined;
  }
}
