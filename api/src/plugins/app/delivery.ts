import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { createDeliveryService, DELIVERY_SWEEP_QUEUE, type DeliveryService } from '../../domain/delivery/delivery-service';
import type { DeliverySettings } from '../../domain/delivery/delivery-settings';
import { DELIVERY_SEND_QUEUE } from '../../domain/delivery/delivery-worker';
import { emailSender } from '../../domain/delivery/email-sender';
import { notify } from '../../domain/notifications/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one delivery mechanism (domain/delivery/delivery-service.ts): email, webhooks and Slack. */
    delivery: DeliveryService;
  }
}

/**
 * Makes the delivery service available to routes and producers, and has this instance work its jobs on the job
 * runner (fastify.jobs): each delivery's send, and once a minute the sweep that queues whatever is due without
 * a job (a job lost with a stopped instance, a lease that ran out).
 */
export default fp<{ db: Database; settings: DeliverySettings }>(async function delivery(fastify, { db, settings }) {
  const service = createDeliveryService({
    db,
    jobs: fastify.jobs,
    settings,
    email: emailSender(settings),
    notify,
    warn: (details, message) => fastify.log.warn(details, message),
  });
  fastify.decorate('delivery', service);
  await fastify.jobs.work<{ deliveryId: string }>(DELIVERY_SEND_QUEUE, async ({ deliveryId }) => {
    await service.send(deliveryId);
  });
  await fastify.jobs.work(DELIVERY_SWEEP_QUEUE, async () => {
    await service.queueDue();
  });
  await fastify.jobs.every(DELIVERY_SWEEP_QUEUE, '* * * * *');
});
