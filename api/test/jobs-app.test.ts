/**
 * The job runner as the app has it (plugins/app/job-runner.ts): `fastify.jobs`, a job's failure in the
 * server's log, closing the app waiting for a running handler before the database goes, and the tests'
 * default of queuing without working.
 */
import { JOB_RUNNER_SCHEMA } from '../src/db/migrations/0032-job-runner';
import type { JobRunnerSettings } from '../src/domain/jobs/job-runner';
import { buildTestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const FAST: JobRunnerSettings = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, stopTimeoutMs: 3_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.exec('CREATE TABLE job_effects (note text NOT NULL)');
});
afterAll(() => database.drop());

/** An app on the file's database, closed by the test (closing the app leaves the database open). */
async function appWith(jobs: JobRunnerSettings | undefined, logLines?: string[]) {
  const logStream = logLines ? { write: (line: string) => void logLines.push(line) } : undefined;
  return (await buildTestApp({ database: { ...database, drop: async () => {} }, ...(jobs ? { jobs } : {}), logStream })).app;
}

test("a job's failure goes to the server's log with its queue and job id", async () => {
  const lines: string[] = [];
  const app = await appWith(FAST, lines);
  try {
    await app.jobs.work('test.app-fails', async () => {
      throw new Error('the endpoint answered 500');
    });
    const id = await app.jobs.send('test.app-fails', {}, { retryLimit: 0 });
    await waitFor('the failure in the log', () => lines.some((line) => line.includes('the endpoint answered 500')));
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.queue === 'test.app-fails');
    expect(logged).toMatchObject({ level: 50, queue: 'test.app-fails', jobId: id, retryCount: 0, msg: 'jobs: a job failed for good (no retry left)' });
  } finally {
    await app.close();
  }
});

test('closing the app waits for a running handler, which still has the database', async () => {
  const app = await appWith(FAST);
  let started = false;
  await app.jobs.work('test.app-slow', async () => {
    started = true;
    await sleep(700);
    await app.db.query("INSERT INTO job_effects VALUES ('written while closing')");
  });
  await app.jobs.send('test.app-slow', {});
  await waitFor('the handler to start', () => started);
  await app.close();
  expect(await database.db.query('SELECT note FROM job_effects')).toEqual([{ note: 'written while closing' }]);
});

test("the tests' default app queues jobs and works none", async () => {
  const app = await appWith(undefined);
  try {
    let worked = false;
    await app.jobs.work('test.app-idle', async () => {
      worked = true;
    });
    const id = await app.jobs.send('test.app-idle', {});
    await sleep(1_000);
    expect(worked).toBe(false);
    const [job] = await database.db.query<{ state: string }>(`SELECT state::text FROM ${JOB_RUNNER_SCHEMA}.job WHERE id = $1`, [id]);
    expect(job?.state).toBe('created');
  } finally {
    await app.close();
  }
});
