import {
  REPORT_ATTACHMENTS,
  REPORT_FREQUENCIES,
  REPORT_RECIPIENT_OUTCOMES,
  REPORT_RECIPIENTS_MAX,
  REPORT_RUN_TRIGGERS,
  type ReportScheduleBody,
} from '@callboard/contract/report-schedules';
import { ROLES, VIEW_AREAS } from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import type { ReportScheduleService } from '../../../domain/reports/report-schedule-service';
import type { ReportSender } from '../../../domain/reports/report-sender';
import { bearer, idParams, messageSchema } from '../schemas';

const period = { type: 'object', required: ['from', 'to'], properties: { from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' } } } as const;

const scheduleSchema = {
  type: 'object',
  required: [
    'id', 'viewId', 'viewName', 'viewArea', 'ownerId', 'ownerName', 'frequency', 'dayOfWeek', 'dayOfMonth', 'timeOfDay', 'recipients',
    'attachment', 'skipIfEmpty', 'enabled', 'nextRunAt', 'lastSentAt', 'lastPeriod', 'description', 'createdAt', 'updatedAt',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    viewId: { type: 'string', format: 'uuid' },
    viewName: { type: 'string' },
    viewArea: { type: 'string', enum: [...VIEW_AREAS] },
    ownerId: { type: 'string', format: 'uuid' },
    ownerName: { type: 'string' },
    frequency: { type: 'string', enum: [...REPORT_FREQUENCIES] },
    dayOfWeek: { type: ['integer', 'null'] },
    dayOfMonth: { type: ['integer', 'null'] },
    timeOfDay: { type: 'string', description: 'New York wall-clock time, HH:MM' },
    recipients: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'email', 'role', 'active'],
        properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, email: { type: 'string' }, role: { type: 'string', enum: [...ROLES] }, active: { type: 'boolean' } },
      },
    },
    attachment: { type: 'string', enum: [...REPORT_ATTACHMENTS] },
    skipIfEmpty: { type: 'boolean' },
    enabled: { type: 'boolean' },
    nextRunAt: { type: ['string', 'null'], format: 'date-time', description: 'When it next goes; null while disabled' },
    lastSentAt: { type: ['string', 'null'], format: 'date-time' },
    lastPeriod: { ...period, type: ['object', 'null'], description: 'The period last sent: what resend-last sends again' },
    description: { type: 'string', description: 'When it goes, in words' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

const runSchema = {
  type: 'object',
  required: ['id', 'trigger', 'period', 'status', 'requestedBy', 'createdAt', 'recipients'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    trigger: { type: 'string', enum: [...REPORT_RUN_TRIGGERS] },
    period,
    status: { type: 'string', enum: ['sent', 'skipped'] },
    requestedBy: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    recipients: {
      type: 'array',
      items: {
        type: 'object',
        required: ['userId', 'name', 'email', 'outcome', 'detail', 'delivery'],
        properties: {
          userId: { type: ['string', 'null'] },
          name: { type: 'string' },
          email: { type: 'string' },
          outcome: { type: 'string', enum: [...REPORT_RECIPIENT_OUTCOMES] },
          detail: { type: ['string', 'null'] },
          delivery: {
            type: ['object', 'null'],
            description: "Its row of the delivery log (GET /api/deliveries/{id}: every attempt)",
            properties: {
              id: { type: 'string' },
              status: { type: 'string' },
              attempts: { type: 'integer' },
              lastError: { type: ['string', 'null'] },
              sentAt: { type: ['string', 'null'] },
            },
          },
        },
      },
    },
  },
} as const;

const scheduleResponse = { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: scheduleSchema } } as const;
const runResponse = { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: runSchema } } as const;

// Shapes and types; reportScheduleErrors (the contract) judges the values in the form's words.
const scheduleFields = {
  viewId: { type: 'string', format: 'uuid' },
  frequency: { type: 'string', maxLength: 20 },
  dayOfWeek: { type: ['integer', 'null'], minimum: -1_000, maximum: 1_000 },
  dayOfMonth: { type: ['integer', 'null'], minimum: -1_000, maximum: 1_000 },
  timeOfDay: { type: 'string', maxLength: 10 },
  recipientIds: { type: 'array', maxItems: REPORT_RECIPIENTS_MAX * 2, items: { type: 'string', format: 'uuid' } },
  attachment: { type: 'string', maxLength: 10 },
  skipIfEmpty: { type: 'boolean' },
  enabled: { type: 'boolean' },
} as const;

export interface ReportScheduleRouteOptions {
  schedules: ReportScheduleService;
  sender: ReportSender;
}

/**
 * The schedules of saved views (docs/decisions/0043-scheduled-reports.md): for the network's people, who
 * schedule their own views (an admin any, and sees every schedule). Closed to partners, who may only be
 * recipients; the unsubscribe link each recipient gets is in unsubscribe.ts, outside sign-in.
 */
export default async function reportScheduleRoutes(fastify: FastifyInstance, options: ReportScheduleRouteOptions): Promise<void> {
  const { schedules, sender } = options;
  fastify.addHook('onRequest', fastify.authenticate);

  fastify.get(
    '',
    {
      schema: {
        tags: ['reports'],
        summary: "Your report schedules (an admin: everyone's), by view name, each with its recipients, next run and last send",
        security: bearer,
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: scheduleSchema } } } },
      },
    },
    async (request) => ({ success: true, data: await schedules.list(request.currentUser!) }),
  );

  fastify.post<{ Body: ReportScheduleBody }>(
    '',
    {
      schema: {
        tags: ['reports'],
        summary: 'Schedule one of your saved views (an admin: any) to people of the app, daily, weekly or monthly at a New York time',
        security: bearer,
        body: { type: 'object', required: ['viewId', 'frequency', 'timeOfDay', 'recipientIds'], additionalProperties: false, properties: scheduleFields },
        response: { 201: scheduleResponse },
      },
    },
    async (request, reply) => {
      const schedule = await schedules.create(request.currentUser!, request.body);
      request.log.info({ actor: request.currentUser?.id, scheduleId: schedule.id, viewId: schedule.viewId }, 'report scheduled');
      return reply.code(201).send({ success: true, message: 'Report scheduled', data: schedule });
    },
  );

  fastify.put<{ Params: { id: string }; Body: Partial<ReportScheduleBody> }>(
    '/:id',
    {
      schema: {
        tags: ['reports'],
        summary: 'Change any fields of a schedule you own (an admin: any); a new time or frequency sets the next run anew',
        security: bearer,
        params: idParams,
        body: { type: 'object', minProperties: 1, additionalProperties: false, properties: scheduleFields },
        response: { 200: scheduleResponse },
      },
    },
    async (request) => {
      const schedule = await schedules.update(request.currentUser!, request.params.id, request.body);
      request.log.info({ actor: request.currentUser?.id, scheduleId: schedule.id }, 'report schedule updated');
      return { success: true, message: 'Schedule updated', data: schedule };
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: { tags: ['reports'], summary: 'Delete a schedule you own (an admin: any), with its log', security: bearer, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await schedules.delete(request.currentUser!, request.params.id);
      request.log.info({ actor: request.currentUser?.id, scheduleId: request.params.id }, 'report schedule deleted');
      return { success: true, message: 'Schedule deleted' };
    },
  );

  // The two sends an owner asks for, alike but for what is sent and the words: one route each.
  const manualSends = [
    {
      path: '/:id/send-now',
      summary: 'Send the last whole period (yesterday, last week, last month) now to every recipient; the run with what became of each',
      send: (id: string, userId: string) => sender.sendNow(id, userId),
      logged: 'report sent now',
      sent: 'Report sent',
    },
    {
      path: '/:id/resend-last',
      summary: 'Send the period last sent again, read afresh, to every recipient (409 when nothing was sent yet)',
      send: (id: string, userId: string) => sender.resendLast(id, userId),
      logged: 'report re-sent',
      sent: 'Report sent again',
    },
  ];
  for (const manual of manualSends) {
    fastify.post<{ Params: { id: string } }>(
      manual.path,
      { schema: { tags: ['reports'], summary: manual.summary, security: bearer, params: idParams, response: { 200: runResponse } } },
      async (request) => {
        const user = request.currentUser!;
        await schedules.accessible(fastify.db, user, request.params.id);
        const run = await manual.send(request.params.id, user.id);
        request.log.info({ actor: user.id, scheduleId: request.params.id, runId: run.id, status: run.status }, manual.logged);
        return { success: true, message: run.status === 'sent' ? manual.sent : 'Nothing to send', data: run };
      },
    );
  }

  fastify.get<{ Params: { id: string } }>(
    '/:id/deliveries',
    {
      schema: {
        tags: ['reports'],
        summary: "The schedule's runs, newest first: the period, what started it, and each recipient's outcome with its delivery's state",
        security: bearer,
        params: idParams,
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: runSchema } } } },
      },
    },
    async (request) => ({ success: true, data: await schedules.runs(request.currentUser!, request.params.id) }),
  );
}
