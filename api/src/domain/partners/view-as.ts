import { VIEW_AS_ENDED, VIEW_AS_READ_ONLY, type PublicUser } from '@callboard/contract';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database';
import { forbidden, unauthenticated } from '../../http/http-error';
import { toPublicUser } from '../users/user-row';
import { viewAsRepository } from './view-as-repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `end`: the route that ends a view as a partner (DELETE /api/users/view-as); it alone writes during one. */
    viewAs?: 'end';
  }
}

/** The claims a view-as access token adds to an ordinary one of the admin's session (routes/api/users/view-as.ts). */
export interface ViewAsTokenClaims {
  /** The admin. */
  sub: string;
  /** The admin's session. */
  sid: string;
  /** The partner viewed. */
  vas: string;
  /** The view's row in view_as_log. */
  vlog: string;
}

/** Reads that change nothing: the only requests a view as a partner may make, besides ending it. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** Whether this request's route is the one that ends a view as a partner (it runs outside the partner's scope). */
export function endsViewAs(request: FastifyRequest): boolean {
  return request.routeOptions.config.viewAs === 'end';
}

/**
 * Who a view-as token's request is (authentication.ts): the partner, with `viewAsBy` naming the admin, as long
 * as the view is open, the admin's session live and the admin still an admin, the partner still an active
 * partner; all read from the database on each request, so any of them ending applies at once on every
 * instance. Read-only: anything but GET (and ending the view) is 403. The caller then enters the partner's
 * scope, so the server narrows every answer exactly as it does for the partner.
 */
export async function viewAsUser(db: Queryable, request: FastifyRequest, claims: ViewAsTokenClaims): Promise<PublicUser> {
  const live = await viewAsRepository.findLive(db, { logId: claims.vlog, sessionId: claims.sid, adminId: claims.sub, partnerId: claims.vas });
  if (!live) throw unauthenticated(VIEW_AS_ENDED);
  if (!endsViewAs(request) && !READ_METHODS.has(request.method)) throw forbidden(VIEW_AS_READ_ONLY);
  return { ...toPublicUser(live.partner), viewAsBy: live.admin };
}
