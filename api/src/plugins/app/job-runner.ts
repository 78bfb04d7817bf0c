import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { startJobRunner, type JobRunner, type JobRunnerSettings } from '../../domain/jobs/job-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one job runner (domain/jobs/job-runner.ts): queued and periodic work, once across instances. */
    jobs: JobRunner;
  }
}

export interface JobRunnerPluginOptions {
  /** The database the server opened (not the partner-walled view: the job tables are the network's). */
  db: Database;
  settings?: JobRunnerSettings;
}

/**
 * Starts the job runner as the app registers and stops it as the app closes: in an onClose hook, so before
 * whoever opened the database closes it (start-server.ts, the tests' helpers), and after the plugins
 * registered later, which may still send jobs as they close. A job's failure is logged with its queue and id.
 */
export default fp<JobRunnerPluginOptions>(
  async function jobRunner(fastify, { db, settings }) {
    const jobs = await startJobRunner(db, fastify.log, settings);
    fastify.decorate('jobs', jobs);
    fastify.addHook('onClose', async () => {
      await jobs.stop();
    });
  },
  { name: 'job-runner' },
);
