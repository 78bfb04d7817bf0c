import fp from 'fastify-plugin';
import { sessionsRepository } from '../../../domain/auth/sessions-repository';
import { runPeriodically } from '../periodic-task';

/** Ended sessions are deleted this often; a session lasts 12 hours, so a few minutes late costs nothing. */
export const SESSION_SWEEP_INTERVAL_MS = 10 * 60_000;

export interface SessionHousekeepingOptions {
  /** Tests only: sweep this often instead. */
  intervalMs?: number;
}

/**
 * Deletes expired and long-ended sessions on a timer (sessionsRepository.deleteEnded),
 * so the table holds only sessions that can still matter. Every instance runs it;
 * their sweeps skip each other's rows. Registered after the database.
 */
export default fp<SessionHousekeepingOptions>(
  async function sessionHousekeeping(fastify, options) {
    runPeriodically(fastify, options.intervalMs ?? SESSION_SWEEP_INTERVAL_MS, async () => {
      try {
        const deleted = await sessionsRepository.deleteEnded(fastify.db);
        if (deleted > 0) fastify.log.info({ deleted }, 'sessions: deleted expired and ended sessions');
      } catch (error) {
        fastify.log.warn({ err: error }, 'sessions: deleting expired sessions failed; trying again at the next sweep');
      }
    });
  },
  { name: 'session-housekeeping' },
);
