import fp from 'fastify-plugin';
import { sessionsRepository } from '../../../domain/auth/sessions-repository';

/** Ended sessions are deleted every 10 minutes (New York's clock); a session lasts 12 hours, so a few minutes late costs nothing. */
export const SESSION_SWEEP_CRON = '*/10 * * * *';

/** The job runner's queue of the sweep. */
export const SESSION_SWEEP_QUEUE = 'sessions.sweep';

export interface SessionHousekeepingOptions {
  /** Tests only: sweep on this cron instead. */
  cron?: string;
}

/**
 * Deletes expired and long-ended sessions on a schedule of the job runner (sessionsRepository.deleteEnded),
 * so the table holds only sessions that can still matter. One instance sweeps each tick, whichever takes the
 * job; a sweep that fails is logged by the runner and retried, and the next tick sweeps anyway.
 * Registered after the database and the job runner.
 */
export default fp<SessionHousekeepingOptions>(
  async function sessionHousekeeping(fastify, options) {
    await fastify.jobs.work(SESSION_SWEEP_QUEUE, async () => {
      const deleted = await sessionsRepository.deleteEnded(fastify.db);
      if (deleted > 0) fastify.log.info({ deleted }, 'sessions: deleted expired and ended sessions');
    });
    await fastify.jobs.every(SESSION_SWEEP_QUEUE, options.cron ?? SESSION_SWEEP_CRON);
  },
  { name: 'session-housekeeping', dependencies: ['job-runner'] },
);
