import fp from 'fastify-plugin';
import { ALERTS_EVALUATE_QUEUE, evaluateAlerts } from '../../domain/alerts/alert-evaluation';

/**
 * Alert rules judged once a minute by exactly one instance (domain/alerts/, decision 0040): the job runner sends
 * the tick once across every instance on the database (fastify.jobs.every) and whichever instance takes the job
 * judges every rule at the minute it runs in; what fires is told through the delivery mechanism
 * (fastify.delivery). Registered after both. A minute judged twice (a retried job) changes nothing the second
 * time: each rule keeps the last minute it was judged at.
 */
export default fp(
  async function alertJobs(fastify) {
    await fastify.jobs.work(ALERTS_EVALUATE_QUEUE, async () => {
      const { failed, ...outcome } = await evaluateAlerts(fastify.db, new Date(), fastify.delivery);
      if (outcome.transitions > 0) fastify.log.info(outcome, 'alert rules judged');
      // The outbound events' subscriptions to alert.fired / alert.resolved hear of these now, not at the next minute.
      if (outcome.transitions > 0) fastify.outboundEvents.nudge();
      for (const { ruleId, error } of failed) fastify.log.error({ err: error, alertRuleId: ruleId, minute: outcome.minute }, 'alert transition not recorded: judged again next minute');
    });
    await fastify.jobs.every(ALERTS_EVALUATE_QUEUE, '* * * * *');
  },
  { name: 'alert-jobs' },
);
