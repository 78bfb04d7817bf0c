import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  VIEW_AS_LOG_LIMIT,
  type AuthPayload,
  type PublicUser,
} from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound, validationFailed } from '../../../http/http-error';
import { toPublicUser } from '../../../domain/users/user-row';
import { usersRepository } from '../../../domain/users/users-repository';
import { viewAsRepository } from '../../../domain/partners/view-as-repository';
import type { AccessClaims } from '../../../plugins/app/auth/authentication';
import { bearer, idParams, userSchema } from '../schemas';

const authPayloadResponse = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    data: { type: 'object', properties: { token: { type: 'string' }, expiresIn: { type: 'integer' }, user: userSchema } },
  },
} as const;

const viewAsLogResponse = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          adminId: { type: ['string', 'null'] },
          adminEmail: { type: 'string' },
          partnerId: { type: 'string' },
          startedAt: { type: 'string', format: 'date-time' },
          endedAt: { type: ['string', 'null'] },
          expiresAt: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;

const NOT_VIEWING = 'This session is not viewing as a partner';

/**
 * View as partner (contract/src/partners.ts says the whole of it): an admin starts one with POST /{id}/view-as
 * and gets an access token of its own session that reads as the partner (authentication.ts hands such a request
 * to domain/partners/view-as.ts); DELETE /view-as ends it and gives the admin's own token back; GET
 * /{id}/view-as-log lists a partner's views. Registered inside the users routes, behind their `authenticate`.
 */
export default async function viewAsRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.post<{ Params: { id: string } }>(
    '/:id/view-as',
    {
      onRequest: fastify.requirePermission('manageUsers'),
      schema: {
        tags: ['users'],
        summary: "View the app as a partner, read-only (admin): an access token that reads within the partner's scope, written to the audit log",
        security: bearer,
        params: idParams,
        response: { 200: authPayloadResponse },
      },
    },
    async (request) => {
      const admin = request.currentUser!;
      const partner = await usersRepository.findById(fastify.db, request.params.id);
      if (!partner) throw notFound('User not found');
      if (partner.role !== 'partner' || !partner.partner_scope) {
        throw validationFailed([{ field: 'id', message: 'Only a partner account can be viewed as' }]);
      }
      if (!partner.active) throw conflict('This partner account is deactivated; activate it to view as it');
      const logId = await viewAsRepository.start(fastify.db, {
        adminId: admin.id,
        adminEmail: admin.email,
        partnerId: partner.id,
        partnerEmail: partner.email,
        sessionId: request.sessionId!,
        ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
      });
      const claims: AccessClaims = { sub: admin.id, sid: request.sessionId!, role: admin.role, typ: 'access', jti: randomUUID(), vas: partner.id, vlog: logId };
      const user: PublicUser = { ...toPublicUser(partner), viewAsBy: { id: admin.id, name: admin.name } };
      const data: AuthPayload = { token: fastify.jwt.sign(claims), expiresIn: ACCESS_TOKEN_TTL_SECONDS, user };
      request.log.info({ actor: admin.id, partnerId: partner.id, viewAsId: logId }, 'view as partner started');
      return { success: true, message: `Viewing as ${partner.name || partner.email}`, data };
    },
  );

  fastify.delete(
    '/view-as',
    {
      config: { viewAs: 'end' },
      schema: {
        tags: ['users'],
        summary: "End this view as a partner (sent with the view-as token); answers the admin's own access token",
        security: bearer,
        response: { 200: authPayloadResponse },
      },
    },
    async (request) => {
      const claims = fastify.accessClaimsOf(request);
      if (!claims?.vlog || !request.currentUser?.viewAsBy) throw conflict(NOT_VIEWING);
      await viewAsRepository.end(fastify.db, claims.vlog);
      const admin = await usersRepository.findById(fastify.db, claims.sub);
      // authenticate found the admin an active admin a moment ago; gone since, the session is too.
      if (!admin) throw notFound('User not found');
      request.log.info({ actor: admin.id, partnerId: claims.vas, viewAsId: claims.vlog }, 'view as partner ended');
      const data: AuthPayload = { token: await fastify.signAccessToken(admin, claims.sid), expiresIn: ACCESS_TOKEN_TTL_SECONDS, user: toPublicUser(admin) };
      return { success: true, message: 'Back to your own account', data };
    },
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id/view-as-log',
    {
      onRequest: fastify.requirePermission('manageUsers'),
      schema: {
        tags: ['users'],
        summary: `A partner's views by admins (audit), newest first, at most ${VIEW_AS_LOG_LIMIT} (admin)`,
        security: bearer,
        params: idParams,
        response: { 200: viewAsLogResponse },
      },
    },
    async (request) => {
      const user = await usersRepository.findById(fastify.db, request.params.id);
      if (!user) throw notFound('User not found');
      return { success: true, data: await viewAsRepository.listForPartner(fastify.db, user.id, VIEW_AS_LOG_LIMIT) };
    },
  );
}
