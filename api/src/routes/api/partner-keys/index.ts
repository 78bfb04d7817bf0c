import { type PublicUser } from '@callboard/contract';
import {
  MAX_LIVE_PARTNER_KEYS,
  PARTNER_KEY_MESSAGES,
  PARTNER_KEY_NAME_MAX_LENGTH,
  PARTNER_KEY_READS,
  parsePartnerKeyName,
  type CreatePartnerKeyBody,
} from '@callboard/contract/partner-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/http-error';
import { partnerKeysRepository } from '../../../domain/partners/partner-keys-repository';
import { bearer, idParams } from '../schemas';

/** The partner signed in with a session of their own: not staff, not an admin viewing as them, not a key. */
function keyOwner(request: FastifyRequest, writing: boolean): PublicUser {
  const user = request.currentUser!;
  if (user.role !== 'partner') throw forbidden(PARTNER_KEY_MESSAGES.partnersOnly);
  // A View as session (an admin reading as the partner) may see the list, never change it.
  if (writing && user.viewAsBy) throw forbidden(PARTNER_KEY_MESSAGES.viewAsReadOnly);
  return user;
}

const readsList = PARTNER_KEY_READS.map((path) => `GET ${path}`).join(', ');

/**
 * A partner's own read-only API keys (contract/src/partner-keys.ts). Partner sessions only: `partner: 'scoped'`
 * lets a partner in (every statement then runs behind the partner wall, which these tables do not need but
 * do not mind), and keyOwner turns everyone else away. A key itself cannot reach these routes: authentication
 * lets a key read only PARTNER_KEY_READS.
 */
export default async function partnerKeyRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  const config = { partner: 'scoped' as const };

  fastify.get(
    '',
    { config, schema: { tags: ['partner-keys'], summary: "The signed-in partner's live API keys (never the keys themselves)", security: bearer } },
    async (request) => ({ success: true, data: await partnerKeysRepository.listLive(fastify.db, keyOwner(request, false).id) }),
  );

  fastify.post<{ Body: CreatePartnerKeyBody }>(
    '',
    {
      config,
      schema: {
        tags: ['partner-keys'],
        summary: 'Create a read-only API key; the response is the only time it is shown',
        description: `A partner's key reads ${readsList} under the partner's own scope and fields, sent as \`X-Api-Key: cbp_…\` or \`Authorization: Bearer cbp_…\`. At most ${MAX_LIVE_PARTNER_KEYS} live keys (409 beyond).`,
        security: bearer,
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          // Loose on purpose: parsePartnerKeyName (contract) words the messages the dialog shows too.
          properties: { name: { type: 'string', maxLength: PARTNER_KEY_NAME_MAX_LENGTH * 2 } },
        },
      },
    },
    async (request, reply) => {
      const user = keyOwner(request, true);
      const name = parsePartnerKeyName(request.body.name);
      if (typeof name !== 'string') throw validationFailed([name]);
      const outcome = await partnerKeysRepository.create(fastify.db, user.id, name);
      if ('tooMany' in outcome) throw conflict(PARTNER_KEY_MESSAGES.tooMany);
      request.log.info({ actor: user.id, keyId: outcome.created.id }, 'partner key created');
      return reply.code(201).send({ success: true, message: 'Key created: copy it now, it is not shown again', data: outcome.created });
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    '/:id',
    { config, schema: { tags: ['partner-keys'], summary: 'Revoke one of your keys: it is refused at once (401)', security: bearer, params: idParams } },
    async (request) => {
      const user = keyOwner(request, true);
      // Another partner's key, a revoked one and a made-up id all read alike: nothing here to revoke.
      if (!(await partnerKeysRepository.revoke(fastify.db, user.id, request.params.id))) throw notFound('Key not found');
      request.log.info({ actor: user.id, keyId: request.params.id }, 'partner key revoked');
      return { success: true, message: 'Key revoked' };
    },
  );
}
