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
 * Deliveries one instance sends at once. A send mostly waits on its receiver (up to the 10 s limit), so one at a
 * time would cap an instance at one receiver's pace: five a second to a receiver answering in 200 ms, where
 * outbound events must keep up with 100 calls a second (issue 37). Side by side they still keep each ordering
 * key's order, since a delivery is claimed only once nothing before it with its key is left to send
 * (deliveries-repository.ts CLAIMABLE); the database work of a send is a few short statements, so fifty share
 * the pool's ten connections without holding them.
 */
export const DELIVERY_SEND_CONCURRENCY = 50;

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
  await fastify.jobs.work<{ deliveryId: string }>(
    DELIVERY_SEND_QUEUE,
    async ({ deliveryId }) => {
      await service.send(deliveryId);
    },
    { concurrency: DELIVERY_SEND_CONCURRENCY },
  );
  await fastify.jobs.work(DELIVERY_SWEEP_QUEUE, async () => {
    await service.queueDue();
  });
  await fastify.jobs.every(DELIVERY_SWEEP_QUEUE, '* * * * *');
});
