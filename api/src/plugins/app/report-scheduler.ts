import { REPORT_UNSUBSCRIBE_PATH } from '@callboard/contract/report-schedules';
import fp from 'fastify-plugin';
import type { FlagThresholds } from '../../domain/calls/stats';
import { absoluteLink } from '../../domain/delivery/delivery-settings';
import { notify } from '../../domain/notifications/notifications';
import { ReportSender } from '../../domain/reports/report-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled reports' sending (domain/reports/report-sender.ts): the tick's, send now's, re-send's. */
    reports: ReportSender;
  }
}

/** The job runner's queue whose tick sends the scheduled reports that are due. */
export const REPORTS_DUE_QUEUE = 'reports-due';

export interface ReportSchedulerOptions {
  flagThresholds: FlagThresholds;
  /** PUBLIC_URL without a trailing slash: the email's links are made absolute with it. */
  publicUrl: string;
}

/**
 * Scheduled reports on the one job runner and the one delivery mechanism: a tick each minute (once across
 * instances, fastify.jobs.every) sends what is due, each report an email of the delivery log
 * (fastify.delivery) and a notification to the schedule's owner. Registered after both.
 */
export default fp<ReportSchedulerOptions>(
  async function reportScheduler(fastify, { flagThresholds, publicUrl }) {
    const sender = new ReportSender({
      db: fastify.db,
      gate: fastify.interactive,
      log: fastify.log,
      thresholds: flagThresholds,
      deliverToUser: (userId, message, options) => fastify.delivery.deliverToUser(userId, message, options),
      notify,
      absoluteUrl: (path) => absoluteLink(publicUrl, path),
      unsubscribePath: (token) => `${REPORT_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
    });
    fastify.decorate('reports', sender);
    await fastify.jobs.work(REPORTS_DUE_QUEUE, async () => {
      await sender.sendDue();
    });
    await fastify.jobs.every(REPORTS_DUE_QUEUE, '* * * * *');
  },
  { name: 'report-scheduler' },
);
