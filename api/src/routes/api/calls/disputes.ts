import { roleMay, type PublicUser } from '@callboard/contract';
import {
  DISPUTE_EXCERPT_MAX_LINES,
  DISPUTE_MESSAGES,
  DISPUTE_NOTE_MAX_LENGTH,
  DISPUTE_REASONS,
  type CallDisputes,
  type DisputeChangeResult,
  type OpenDisputeBody,
} from '@callboard/contract/disputes';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound, validationFailed } from '../../../http/http-error';
import { currentPartnerScope, outsideRequestScope } from '../../../domain/partners/request-scope';
import { disputeEligibility, openDispute } from '../../../domain/disputes/dispute-actions';
import { disputesForReader } from '../../../domain/disputes/dispute-visibility';
import { findCallDisputes, findDispute } from '../../../domain/disputes/disputes-query';
import { bearer } from '../schemas';

const callIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } },
} as const;

/**
 * A call's disputes (issue 35; docs/api.md, "Disputes"): opening one, and the call's dispute history with
 * whether one may be opened now. A buyer partner opens on its own calls (read through its wall first: another's
 * call is a 404, as everywhere); a publisher partner may read but never open; reviewers and admins open on a
 * buyer's behalf. The opening itself is written on the network's side of the wall (a partner's role writes no
 * call: migration 0025), once the call is known to be the partner's.
 */
export default async function callDisputeRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  const publish = (...change: Parameters<typeof fastify.callsChanges.publish>) => void fastify.callsChanges.publish(...change);

  /** 404 unless the request's reader may see the call (for a partner: row-level security answers). */
  const requireVisibleCall = async (id: string) => {
    const [call] = await fastify.db.query('SELECT 1 FROM calls WHERE id = $1', [id]);
    if (!call) throw notFound('Call not found');
  };

  /** Why this reader may not open disputes at all; undefined when it may (on a call it can see). */
  const openerRefusal = (user: PublicUser): string | undefined => {
    const scope = currentPartnerScope();
    if (scope) return scope.kind === 'buyer' ? undefined : DISPUTE_MESSAGES.publisherPartner;
    return roleMay(user.role, 'redispositionCalls') ? undefined : DISPUTE_MESSAGES.notAllowedRole;
  };

  fastify.post<{ Params: { id: string }; Body: OpenDisputeBody }>(
    '/:id/disputes',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['disputes'],
        summary: 'Open a dispute on a call (its buyer partner, or a reviewer or admin on the buyer’s behalf); the QC evidence is frozen into it',
        description:
          'Only a call with a buyer and revenue, within the buyer’s dispute window after the call (422 otherwise), and no other open dispute on it (409). ' +
          '`transcriptLines`: indexes from 0 of the transcript’s lines (split at line breaks) to keep as the excerpt; none: the whole transcript. Answers 201 with the dispute.',
        security: bearer,
        params: callIdParams,
        body: {
          type: 'object',
          required: ['reason', 'note'],
          additionalProperties: false,
          properties: {
            reason: { type: 'string', enum: [...DISPUTE_REASONS] },
            note: { type: 'string', maxLength: DISPUTE_NOTE_MAX_LENGTH },
            transcriptLines: { type: 'array', maxItems: DISPUTE_EXCERPT_MAX_LINES, items: { type: 'integer', minimum: 0, maximum: 1_000_000 } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = request.currentUser as PublicUser;
      const { id } = request.params;
      const refusal = openerRefusal(user);
      if (refusal) throw forbidden(refusal);
      const note = request.body.note.trim();
      if (note === '') throw validationFailed([{ field: 'note', message: 'A note is required: say what is wrong with the call' }]);
      const scope = currentPartnerScope();
      // A partner not given transcripts may not choose lines of one (their count alone tells of it): refused
      // before anything reads the call's transcript, and no excerpt is frozen for it.
      if (scope && !scope.transcripts && request.body.transcriptLines !== undefined) {
        throw validationFailed([{ field: 'transcriptLines', message: DISPUTE_MESSAGES.noTranscriptLines }]);
      }
      if (scope) await requireVisibleCall(id);
      const opening = { reason: request.body.reason, note, transcriptLines: request.body.transcriptLines, transcripts: scope?.transcripts ?? true };
      const opened = await outsideRequestScope(() =>
        openDispute(fastify.db, { id: user.id, partner: scope !== undefined }, id, opening, publish),
      );
      request.log.info({ actor: user.id, callId: id, disputeId: opened.disputeId, reason: request.body.reason, changeId: opened.changeId }, 'dispute opened');
      const dispute = await findDispute(fastify.db, opened.disputeId);
      if (!dispute) throw notFound('Dispute not found');
      const [visible] = await disputesForReader(fastify.db, scope, [dispute]);
      const data: DisputeChangeResult = { dispute: visible!, changeId: opened.changeId };
      return reply.code(201).send({ success: true, message: 'Dispute opened', data });
    },
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id/disputes',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['disputes'],
        summary: 'A call’s disputes, newest first, and whether this reader may open one now (and until when; no window for a publisher partner)',
        security: bearer,
        params: callIdParams,
      },
    },
    async (request) => {
      const user = request.currentUser as PublicUser;
      const { id } = request.params;
      const scope = currentPartnerScope();
      await requireVisibleCall(id);
      const disputes = await disputesForReader(fastify.db, scope, await findCallDisputes(fastify.db, id));
      const refusal = openerRefusal(user);
      // A partner who may never open one (a publisher partner) reads no window: the buyer's terms, and whether
      // the call has a buyer at all, are not its to know.
      if (scope && refusal) return { success: true, data: { disputes, eligibility: { allowed: false, refusal } } satisfies CallDisputes };
      // The buyer's window is the network's table: read outside the wall, for a call the reader was just shown to see.
      const eligibility = await outsideRequestScope(() => disputeEligibility(fastify.db, id));
      if (!eligibility) throw notFound('Call not found');
      const data: CallDisputes = { disputes, eligibility: refusal ? { ...eligibility, allowed: false, refusal } : eligibility };
      return { success: true, data };
    },
  );
}
