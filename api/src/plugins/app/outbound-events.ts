import fp from 'fastify-plugin';
import { CALLS_CHANNEL } from '../../domain/events/calls-change-feed';
import { coalescedNudge, type DispatchNudge } from '../../domain/outbound-events/dispatch-nudge';
import { dispatchOutboundEvents, OUTBOUND_DISPATCH_QUEUE } from '../../domain/outbound-events/dispatcher';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outbound events (domain/outbound-events/): `nudge()` has the dispatcher run soon (the alert rules' tick calls it). */
    outboundEvents: Pick<DispatchNudge, 'nudge'>;
  }
}

export interface OutboundEventsOptions {
  /**
   * Whether this instance nudges the dispatcher when the change log grows (a connection of its own listening on
   * PostgreSQL). False in the tests' apps that work no job: there the nudges would only queue jobs nobody runs.
   */
  nudge: boolean;
}

/** Nudges are coalesced to one queued job per this long at most (dispatch-nudge.ts): the latency it may add. */
const NUDGE_INTERVAL_MS = 200;
/** A run that found another dispatcher holding the cursor asks again this much later, once that one has committed. */
const BUSY_RETRY_SECONDS = 1;

/**
 * The outbound events' dispatcher on the job runner (decision 0044): once a minute across every instance, and
 * within a moment of every change, as every instance hears the change log's NOTIFY (calls-change-feed.ts) and
 * queues one job under a singleton key. Whichever instance takes a job dispatches; the cursor's row lock keeps
 * it to one at a time (dispatcher.ts). Registered after the job runner and the delivery mechanism.
 */
export default fp<OutboundEventsOptions>(
  async function outboundEvents(fastify, options) {
    const queue = (startAfterSeconds = 0) => fastify.jobs.send(OUTBOUND_DISPATCH_QUEUE, {}, { singletonKey: OUTBOUND_DISPATCH_QUEUE, startAfterSeconds });
    const warn = (details: object, message: string) => fastify.log.warn(details, message);

    await fastify.jobs.work(OUTBOUND_DISPATCH_QUEUE, async () => {
      const outcome = await dispatchOutboundEvents(fastify.db, fastify.delivery, { warn });
      if (outcome.delivered > 0) fastify.log.debug(outcome, 'outbound events dispatched');
      // Another run holds the cursor (its last read may predate what nudged this one), or this one handed over
      // the rest of a backlog: the next job carries on.
      if (outcome.busy) await queue(BUSY_RETRY_SECONDS);
      else if (!outcome.caughtUp) await queue();
    });
    await fastify.jobs.every(OUTBOUND_DISPATCH_QUEUE, '* * * * *');

    const nudger = coalescedNudge(() => queue(), NUDGE_INTERVAL_MS, (error) => warn({ err: error }, 'outbound events: could not queue the dispatcher; the minute tick will run it'));
    fastify.decorate('outboundEvents', { nudge: () => (options.nudge ? nudger.nudge() : undefined) });
    if (!options.nudge) return;
    const unlisten = await fastify.db.listen(CALLS_CHANNEL, {
      message: () => nudger.nudge(),
      // Changes logged while the connection was down were not heard: look now.
      resumed: () => nudger.nudge(),
      failed: (error) => warn({ err: error }, 'outbound events: the listening connection dropped; reconnecting (the minute tick dispatches meanwhile)'),
    });
    fastify.addHook('onClose', async () => {
      await unlisten();
      await nudger.stop();
    });
  },
  { name: 'outbound-events', dependencies: ['job-runner'] },
);
