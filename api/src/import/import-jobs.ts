import fp from 'fastify-plugin';
import type { WriteTurns } from '../domain/ingest/ingest-write-queue';
import { IMPORT_RUN_QUEUE, orphanedRuns, pruneImports, runStoredImport } from './import-run';

/** The sweep's queue: runs no instance holds are sent again, and old imports deleted. */
export const IMPORT_SWEEP_QUEUE = 'imports.sweep';
/** Every 5 minutes: a run whose instance died waits at most its lease (2 minutes) and this for another to take it. */
export const IMPORT_SWEEP_CRON = '*/5 * * * *';

/** How the run's job is sent: one queued per import, and given an hour before the runner counts it as stuck. */
export const IMPORT_RUN_JOB = { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 3600 } as const;

export interface ImportJobsOptions {
  /** REPEAT_WINDOW_DAYS. */
  repeatWindowDays: number;
  /** The ingest routes' turns (app.ts): an import's batches wait their turn beside the platforms' deliveries. */
  writeTurns?: WriteTurns;
}

/**
 * The app's CSV imports on the job runner (api/src/import/README.md): `imports.run` runs one import on whichever
 * instance takes its job (import-run.ts); `imports.sweep`, once across the instances every 5 minutes, sends
 * again the runs no instance holds and deletes what is kept no longer. As the app closes, a run stops after the
 * batch it is storing and its job is retried, resuming past what was stored. Registered after the job runner.
 */
export default fp<ImportJobsOptions>(
  async function importJobs(fastify, options) {
    const closing = new AbortController();
    fastify.addHook('onClose', async () => closing.abort(new Error('the server is closing')));

    await fastify.jobs.work<{ importId: string }>(IMPORT_RUN_QUEUE, async ({ importId }) => {
      const outcome = await runStoredImport(
        {
          db: fastify.db,
          repeatWindowDays: options.repeatWindowDays,
          writeTurns: options.writeTurns,
          announce: () => void fastify.callsChanges.publish(),
          signal: closing.signal,
        },
        importId,
      );
      if (outcome !== 'not-taken') fastify.log.info({ importId, outcome }, 'import run ended');
    });

    await fastify.jobs.work(IMPORT_SWEEP_QUEUE, async () => {
      for (const importId of await orphanedRuns(fastify.db)) {
        fastify.log.warn({ importId }, 'import run held by no instance: sent again');
        await fastify.jobs.send(IMPORT_RUN_QUEUE, { importId }, { ...IMPORT_RUN_JOB, singletonKey: importId });
      }
      const removed = await pruneImports(fastify.db);
      if (removed > 0) fastify.log.info({ removed }, 'imports removed past their keeping');
    });
    await fastify.jobs.every(IMPORT_SWEEP_QUEUE, IMPORT_SWEEP_CRON);
  },
  { name: 'import-jobs', dependencies: ['job-runner'] },
);
