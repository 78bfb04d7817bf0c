import fp from 'fastify-plugin';
import { openNotificationFeed, type NotificationFeed } from '../../domain/notifications/notification-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** New notifications, heard from every instance on the database, for this instance's open event streams (domain/notifications/notification-feed.ts). */
    notificationFeed: NotificationFeed;
  }
}

/**
 * The notifications' listener of one instance, beside the calls' (live-events.ts): opened here, closed with the
 * server. On PostgreSQL it holds a connection of its own, as the calls' listener does.
 */
export default fp(async function notificationFeed(fastify) {
  const feed = await openNotificationFeed(fastify.db, fastify.log);
  fastify.decorate('notificationFeed', feed);
  fastify.addHook('onClose', async () => feed.close());
});
