import fp from 'fastify-plugin';
import { pruneChangeLog } from '../../domain/changes/change-log-retention';

/** Once a day, at 03:23 New York time (a quiet hour, off the hour other schedules start on). */
export const CHANGE_LOG_PRUNE_CRON = '23 3 * * *';

/** The job runner's queue of the pruning. */
export const CHANGE_LOG_PRUNE_QUEUE = 'changes.prune';

export interface ChangeLogPruningOptions {
  /** CHANGE_LOG_RETENTION_DAYS. */
  retentionDays: number;
  /** Tests only: prune on this cron instead. */
  cron?: string;
}

/**
 * Removes the change log's changes older than CHANGE_LOG_RETENTION_DAYS (domain/changes/change-log-retention.ts)
 * on a daily schedule of the job runner, once across every instance on the database; a run that fails is logged
 * by the runner and retried, and the next day's run catches up anyway. Registered after the job runner.
 */
export default fp<ChangeLogPruningOptions>(
  async function changeLogPruning(fastify, options) {
    await fastify.jobs.work(CHANGE_LOG_PRUNE_QUEUE, async () => {
      const { removed, prunedThrough } = await pruneChangeLog(fastify.db, options.retentionDays);
      if (removed > 0) fastify.log.info({ removed, prunedThrough, retentionDays: options.retentionDays }, 'change log: removed the changes past its retention');
    });
    await fastify.jobs.every(CHANGE_LOG_PRUNE_QUEUE, options.cron ?? CHANGE_LOG_PRUNE_CRON);
  },
  { name: 'change-log-pruning', dependencies: ['job-runner'] },
);
