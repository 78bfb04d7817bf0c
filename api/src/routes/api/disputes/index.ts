import { roleMay, type PublicUser } from '@callboard/contract';
import {
  CLAW_BACKS,
  DISPUTES_DEFAULT_LIMIT,
  DISPUTES_MAX_LIMIT,
  DISPUTE_DECISIONS,
  DISPUTE_MESSAGES,
  DISPUTE_NOTE_MAX_LENGTH,
  DISPUTE_SORTS,
  MAX_DISPUTE_WINDOW_DAYS,
  MIN_DISPUTE_WINDOW_DAYS,
  type DisputeChangeResult,
  type DisputeDecisionBody,
  type DisputeSort,
  type DisputeWindowBody,
  type DisputesExportParams,
  type DisputesParams,
} from '@callboard/contract/disputes';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../../http/http-error';
import { callFilterQuerySchema } from '../../../domain/calls/call-filter';
import { currentPartnerScope, outsideRequestScope } from '../../../domain/partners/request-scope';
import { decideDispute, withdrawDispute } from '../../../domain/disputes/dispute-actions';
import { parseDecision } from '../../../domain/disputes/decision-rules';
import { disputesForReader } from '../../../domain/disputes/dispute-visibility';
import { listDisputeWindows, setDisputeWindow } from '../../../domain/disputes/dispute-windows';
import { disputesFile } from '../../../domain/disputes/disputes-export';
import { findDispute, findDisputesPage, parseDisputesFilter } from '../../../domain/disputes/disputes-query';
import { SHEET_CONTENT_TYPES, downloadName } from '../../../domain/export/sheet-writer';
import { bearer } from '../schemas';

const disputeIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } },
} as const;

/** The list's and the export's filters: the calls filter over the disputed calls, `status` being the dispute's. */
const disputesFilterSchema = {
  ...callFilterQuerySchema,
  status: { type: 'string', maxLength: 200 },
  reason: { type: 'string', maxLength: 400 },
  call: { type: 'string', maxLength: 20 },
} as const;

/**
 * Disputes (issue 35; docs/api.md, "Disputes"): the queue, one dispute, withdrawing, deciding, the export, and the
 * buyers' dispute windows. Partners read their own (the list's filter is narrowed to their scope by
 * parseCallFilter, and row-level security on `disputes` is the second wall); they decide nothing and set no window.
 */
export default async function disputeRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  const publish = (...change: Parameters<typeof fastify.callsChanges.publish>) => void fastify.callsChanges.publish(...change);

  /**
   * One dispute as this reader may see it; 404 when there is none it may see (behind the wall, or one a
   * publisher partner is not shown: disputesForReader leaves it out).
   */
  const readableDispute = async (id: string) => {
    const dispute = await findDispute(fastify.db, id);
    if (!dispute) throw notFound('Dispute not found');
    const [visible] = await disputesForReader(fastify.db, currentPartnerScope(), [dispute]);
    if (!visible) throw notFound('Dispute not found');
    return visible;
  };

  fastify.get<{ Querystring: DisputesParams & { sortBy: DisputeSort; sortDir: 'asc' | 'desc'; page: number; limit: number } }>(
    '',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['disputes'],
        summary: 'A page of disputes with the total, filtered like the calls (by the disputed call) and by the dispute’s status, reason and call',
        description:
          '`status` and `reason` are comma-joined lists of the dispute’s; the call’s status is `disposition`. Without datePreset, startDate or endDate the list is not cut by time; with them, by the disputed call’s time.',
        security: bearer,
        querystring: {
          type: 'object',
          properties: {
            ...disputesFilterSchema,
            sortBy: { type: 'string', enum: [...DISPUTE_SORTS], default: 'openedAt' },
            sortDir: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: DISPUTES_MAX_LIMIT, default: DISPUTES_DEFAULT_LIMIT },
          },
        },
      },
    },
    async (request) => {
      const { sortBy, sortDir, page, limit } = request.query;
      const scope = currentPartnerScope();
      const filter = parseDisputesFilter(request.query, scope);
      const { disputes, total } = await findDisputesPage(fastify.db, filter, { sortBy, sortDir, limit, offset: (page - 1) * limit });
      const data = await disputesForReader(fastify.db, scope, disputes);
      return { success: true, data, meta: { total, page, pages: Math.ceil(total / limit), limit } };
    },
  );

  fastify.get<{ Querystring: DisputesExportParams }>(
    '/export',
    {
      exposeHeadRoute: false,
      config: { partner: 'scoped' },
      schema: {
        tags: ['disputes'],
        summary: 'The disputes list (same filters) as a CSV or XLSX file, newest first; a partner’s file has only the columns it may see',
        security: bearer,
        querystring: { type: 'object', required: ['fmt'], properties: { ...disputesFilterSchema, fmt: { type: 'string', enum: ['csv', 'xlsx'] } } },
      },
    },
    async (request, reply) => {
      const scope = currentPartnerScope();
      const filter = parseDisputesFilter(request.query, scope);
      const { fmt } = request.query;
      request.log.info({ actor: request.currentUser?.id, format: fmt }, 'disputes export');
      return reply
        .header('content-type', SHEET_CONTENT_TYPES[fmt])
        .header('content-disposition', `attachment; filename="${downloadName('disputes', fmt)}"`)
        .header('cache-control', 'no-store')
        .send(disputesFile(fastify.db, filter, scope, fmt, request.log));
    },
  );

  fastify.get(
    '/windows',
    { schema: { tags: ['disputes'], summary: 'Every buyer’s dispute window in days after the call (the default where no admin has set one)', security: bearer } },
    async () => ({ success: true, data: await listDisputeWindows(fastify.db) }),
  );

  fastify.put<{ Params: { buyerId: number }; Body: DisputeWindowBody }>(
    '/windows/:buyerId',
    {
      schema: {
        tags: ['disputes'],
        summary: 'Set one buyer’s dispute window (admin)',
        security: bearer,
        params: { type: 'object', required: ['buyerId'], properties: { buyerId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } },
        body: {
          type: 'object',
          required: ['days'],
          additionalProperties: false,
          properties: { days: { type: 'integer', minimum: MIN_DISPUTE_WINDOW_DAYS, maximum: MAX_DISPUTE_WINDOW_DAYS } },
        },
      },
    },
    async (request) => {
      const user = request.currentUser as PublicUser;
      // Admins only, as payments are: a buyer's commercial terms.
      if (!roleMay(user.role, 'managePayments')) throw forbidden(DISPUTE_MESSAGES.windowSetters);
      const data = await setDisputeWindow(fastify.db, request.params.buyerId, request.body.days, user.id);
      request.log.info({ actor: user.id, buyerId: data.buyerId, days: data.days }, 'dispute window set');
      return { success: true, message: 'Dispute window saved', data };
    },
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id',
    { config: { partner: 'scoped' }, schema: { tags: ['disputes'], summary: 'One dispute with its frozen evidence and its decision', security: bearer, params: disputeIdParams } },
    async (request) => ({ success: true, data: await readableDispute(request.params.id) }),
  );

  fastify.post<{ Params: { id: string } }>(
    '/:id/withdraw',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['disputes'],
        summary: 'Withdraw an open dispute (a buyer partner of its buyer, whoever opened it, or a reviewer or admin); 409 once decided or withdrawn',
        security: bearer,
        params: disputeIdParams,
      },
    },
    async (request) => {
      const user = request.currentUser as PublicUser;
      const { id } = request.params;
      const scope = currentPartnerScope();
      // The network's people without the right are refused before anything is looked up; a partner first reads
      // the dispute through its wall (another's is a 404), then may withdraw it when it is its buyer's: a buyer
      // partner whose scope covers the dispute's buyer, whichever login (or reviewer on its behalf) opened it.
      if (!scope && !roleMay(user.role, 'redispositionCalls')) throw forbidden(DISPUTE_MESSAGES.withdrawers);
      if (scope) await readableDispute(id);
      const mayWithdraw = ({ buyerId }: { buyerId: number }) =>
        scope ? scope.kind === 'buyer' && scope.ids.includes(buyerId) : roleMay(user.role, 'redispositionCalls');
      const result = await outsideRequestScope(() => withdrawDispute(fastify.db, { id: user.id, partner: scope !== undefined }, id, mayWithdraw, publish));
      request.log.info({ actor: user.id, disputeId: id, changeId: result.changeId }, 'dispute withdrawn');
      const data: DisputeChangeResult = { dispute: await readableDispute(id), changeId: result.changeId };
      return { success: true, message: 'Dispute withdrawn', data };
    },
  );

  fastify.post<{ Params: { id: string }; Body: DisputeDecisionBody }>(
    '/:id/decision',
    {
      schema: {
        tags: ['disputes'],
        summary: 'Decide an open dispute (reviewer or admin): accept, partial or reject, with a note; moves the call’s revenue and payout in one undoable change',
        description:
          'Money in dollars. accept credits the whole revenue; partial credits `amount` (≤ revenue). For accept and partial `clawBack` is required: full (the whole payout), partial (`clawBackAmount` ≤ payout) or none. 409 when the dispute is no longer open (two decisions at once: one wins); 422 for an amount beyond the call’s money. Undo: POST /api/calls/changes/{changeId}/undo.',
        security: bearer,
        params: disputeIdParams,
        body: {
          type: 'object',
          required: ['decision', 'note'],
          additionalProperties: false,
          properties: {
            decision: { type: 'string', enum: [...DISPUTE_DECISIONS] },
            note: { type: 'string', maxLength: DISPUTE_NOTE_MAX_LENGTH + 200 },
            amount: { type: 'number' },
            clawBack: { type: 'string', enum: [...CLAW_BACKS] },
            clawBackAmount: { type: 'number' },
          },
        },
      },
    },
    async (request) => {
      const user = request.currentUser as PublicUser;
      if (!roleMay(user.role, 'redispositionCalls')) throw forbidden(DISPUTE_MESSAGES.deciders);
      const { id } = request.params;
      const decision = parseDecision(request.body);
      const result = await decideDispute(fastify.db, { id: user.id, partner: false }, id, decision, publish);
      request.log.info({ actor: user.id, disputeId: id, decision: decision.decision, clawBack: decision.clawBack, changeId: result.changeId }, 'dispute decided');
      const data: DisputeChangeResult = { dispute: await readableDispute(id), changeId: result.changeId };
      return { success: true, message: 'Dispute decided', data };
    },
  );
}
