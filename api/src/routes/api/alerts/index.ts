import { ALERT_CHANNELS, type AlertChannel, type AlertPreviewBody, type AlertRuleBody } from '@callboard/contract/alerts';
import type { FastifyInstance } from 'fastify';
import { AlertService } from '../../../domain/alerts/alert-service';
import { bearer, idParams, messageSchema } from '../schemas';
import { envelope, previewBody, previewSchema, ruleBody, ruleSchema, transitionSchema } from './schemas';

const TRANSITIONS_DEFAULT_LIMIT = 50;
const TRANSITIONS_MAX_LIMIT = 200;

/**
 * Alert rules on QC ratios (domain/alerts/, issue 36). Every one of the network's people reads the rules and
 * subscribes themself; reviewers and admins (manageAlerts) create, change, preview and delete them. Closed to
 * partners (no `partner: 'scoped'`): a rule watches the network's calls.
 */
export default async function alertRoutes(fastify: FastifyInstance): Promise<void> {
  const alerts = new AlertService(fastify.db);
  fastify.addHook('onRequest', fastify.authenticate);
  const keeper = fastify.requirePermission('manageAlerts');

  fastify.get(
    '',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Every alert rule by name, where it stands and your own subscription',
        security: bearer,
        response: { 200: envelope({ type: 'array', items: ruleSchema }) },
      },
    },
    async (request) => ({ success: true, data: await alerts.list(request.currentUser!) }),
  );

  fastify.post<{ Body: AlertRuleBody }>(
    '',
    {
      onRequest: keeper,
      schema: { tags: ['alerts'], summary: 'Create an alert rule (judged from the next minute on)', security: bearer, body: ruleBody, response: { 201: envelope(ruleSchema, true) } },
    },
    async (request, reply) => {
      const rule = await alerts.create(request.currentUser!, request.body);
      request.log.info({ actor: request.currentUser?.id, alertRuleId: rule.id }, 'alert rule created');
      return reply.code(201).send({ success: true, message: 'Alert rule saved', data: rule });
    },
  );

  fastify.post<{ Body: AlertPreviewBody }>(
    '/preview',
    {
      onRequest: keeper,
      schema: {
        tags: ['alerts'],
        summary: 'How often an unsaved rule (named or not) would have fired over the last 30 days, and when, judged minute by minute as evaluation judges',
        security: bearer,
        body: previewBody,
        response: { 200: envelope(previewSchema) },
      },
    },
    async (request) => ({ success: true, data: await alerts.preview(request.currentUser!, request.body) }),
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id',
    { schema: { tags: ['alerts'], summary: 'One alert rule', security: bearer, params: idParams, response: { 200: envelope(ruleSchema) } } },
    async (request) => ({ success: true, data: await alerts.get(request.currentUser!, request.params.id) }),
  );

  fastify.put<{ Params: { id: string }; Body: AlertRuleBody }>(
    '/:id',
    {
      onRequest: keeper,
      schema: {
        tags: ['alerts'],
        summary: 'Replace a rule (the whole rule; where it stands is kept, and the new settings judge it from the next minute)',
        security: bearer,
        params: idParams,
        body: ruleBody,
        response: { 200: envelope(ruleSchema, true) },
      },
    },
    async (request) => {
      const rule = await alerts.update(request.currentUser!, request.params.id, request.body);
      request.log.info({ actor: request.currentUser?.id, alertRuleId: rule.id }, 'alert rule changed');
      return { success: true, message: 'Alert rule saved', data: rule };
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    '/:id',
    { onRequest: keeper, schema: { tags: ['alerts'], summary: 'Delete a rule, its subscriptions and its history', security: bearer, params: idParams, response: { 200: messageSchema } } },
    async (request) => {
      await alerts.delete(request.params.id);
      request.log.info({ actor: request.currentUser?.id, alertRuleId: request.params.id }, 'alert rule deleted');
      return { success: true, message: 'Alert rule deleted' };
    },
  );

  fastify.put<{ Params: { id: string }; Body: { channels: AlertChannel[] } }>(
    '/:id/subscription',
    {
      schema: {
        tags: ['alerts'],
        summary: `Subscribe yourself to a rule, or change how you are told: channels ${ALERT_CHANNELS.join(' and/or ')}`,
        security: bearer,
        params: idParams,
        body: { type: 'object', required: ['channels'], properties: { channels: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } } } },
        response: { 200: envelope(ruleSchema, true) },
      },
    },
    async (request) => ({
      success: true,
      message: 'Subscribed',
      data: await alerts.subscribe(request.currentUser!, request.params.id, request.body.channels),
    }),
  );

  fastify.delete<{ Params: { id: string } }>(
    '/:id/subscription',
    { schema: { tags: ['alerts'], summary: 'Unsubscribe yourself from a rule', security: bearer, params: idParams, response: { 200: envelope(ruleSchema, true) } } },
    async (request) => ({ success: true, message: 'Unsubscribed', data: await alerts.unsubscribe(request.currentUser!, request.params.id) }),
  );

  fastify.get<{ Params: { id: string }; Querystring: { limit?: number; before?: string } }>(
    '/:id/transitions',
    {
      schema: {
        tags: ['alerts'],
        summary: "A rule's changes of state with the figures that caused each, newest first",
        security: bearer,
        params: idParams,
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: TRANSITIONS_MAX_LIMIT, default: TRANSITIONS_DEFAULT_LIMIT },
            before: { type: 'string', pattern: '^[1-9][0-9]{0,17}$', description: 'a transition id: the page after it' },
          },
        },
        response: { 200: envelope({ type: 'array', items: transitionSchema }) },
      },
    },
    async (request) => ({
      success: true,
      data: await alerts.transitions(request.currentUser!, request.params.id, request.query.limit ?? TRANSITIONS_DEFAULT_LIMIT, request.query.before),
    }),
  );
}
