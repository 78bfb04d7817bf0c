import {
  NOTIFICATION_BODY_MAX_LENGTH,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_CAP,
  parseNotificationsReadBody,
  type NotificationList,
  type NotificationsReadBody,
  type NotificationsReadResult,
} from '@callboard/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../../../http/http-error';
import { notificationsRepository } from '../../../domain/notifications/notifications-repository';
import { bearer } from '../schemas';

const notificationSchema = {
  type: 'object',
  required: ['id', 'kind', 'title', 'body', 'link', 'createdAt', 'readAt'],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: [...NOTIFICATION_KINDS] },
    title: { type: 'string' },
    body: { type: 'string', maxLength: NOTIFICATION_BODY_MAX_LENGTH },
    link: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    readAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

/**
 * The signed-in person's own notifications (contract/src/notifications.ts), written by notify()
 * (domain/notifications/notifications.ts) and pushed live on GET /api/events. Every signed-in account, partners
 * included (`partner: 'scoped'`): the statements name the account and run as its owner, so behind the partner
 * wall row-level security answers only its rows (migration 0033). Partner API keys read none of it
 * (authentication lets a key read only PARTNER_KEY_READS).
 */
export default async function notificationRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  const config = { partner: 'scoped' as const };

  fastify.get<{ Querystring: { limit: number } }>(
    '',
    {
      config,
      schema: {
        tags: ['notifications'],
        summary: `Your notifications, newest first (you keep the newest ${NOTIFICATIONS_CAP}), and how many are unread`,
        security: bearer,
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: NOTIFICATIONS_CAP, default: NOTIFICATIONS_CAP } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                required: ['notifications', 'unreadCount'],
                properties: { notifications: { type: 'array', items: notificationSchema }, unreadCount: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const data: NotificationList = await notificationsRepository.list(fastify.db, request.currentUser!.id, request.query.limit);
      return { success: true, data };
    },
  );

  fastify.post<{ Body: NotificationsReadBody }>(
    '/read',
    {
      config,
      schema: {
        tags: ['notifications'],
        summary: 'Mark some of your notifications read ({ "ids": [...] }), or all of them ({ "all": true })',
        description: `Ids that are not yours, or no longer kept, change nothing. At most ${NOTIFICATIONS_CAP} ids at once. A View as session reads a partner's notifications but, read-only like every View as, does not mark them (403).`,
        security: bearer,
        body: {
          type: 'object',
          // Shapes only: parseNotificationsReadBody (contract) words the rules, as it does for any client.
          properties: { ids: { type: 'array', items: { type: 'string' } }, all: { type: 'boolean' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              message: { type: 'string' },
              data: {
                type: 'object',
                required: ['marked', 'readAt', 'unreadCount'],
                properties: { marked: { type: 'integer' }, readAt: { type: 'string', format: 'date-time' }, unreadCount: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const user = request.currentUser!;
      const which = parseNotificationsReadBody(request.body);
      if (Array.isArray(which)) throw validationFailed(which);
      const data: NotificationsReadResult = await notificationsRepository.markRead(fastify.db, user.id, which);
      return { success: true, message: data.marked === 1 ? '1 notification marked read' : `${data.marked} notifications marked read`, data };
    },
  );
}
