/**
 * The job runner (domain/jobs/job-runner.ts) on each engine: pg-boss through our Database, with its polling
 * and cron check made fast. Two runners on one database stand for two instances (on PostgreSQL each has a
 * pool of its own); two real server processes: test/instances/job-runner-instances.test.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import { DEFAULT_PARTNER_FIELDS, type PartnerScope } from '@callboard/contract';
import type { Database } from '../src/db/database';
import { JOB_RUNNER_SCHEMA } from '../src/db/migrations/0032-job-runner';
import { JOB_TIME_ZONE, startJobRunner, type JobContext, type JobRunner, type JobRunnerSettings } from '../src/domain/jobs/job-runner';
import { PgBossDatabase } from '../src/domain/jobs/pg-boss-database';
import { currentPartnerScope, enterPartnerScope, runWithRequestScope } from '../src/domain/partners/request-scope';
import { anotherPoolOn, createTestDatabase, type TestDatabase } from './support/test-database';

const FAST: JobRunnerSettings = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, maintenanceIntervalSeconds: 1, stopTimeoutMs: 2_000 };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface LoggedLine {
  level: 'error' | 'warn';
  fields: Record<string, unknown>;
  message: string;
}

/** The parts of Fastify's logger the runner uses, keeping what it is told. */
function recordingLog(): { log: FastifyBaseLogger; lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const log = {
    error: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'error', fields, message }),
    warn: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'warn', fields, message }),
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

const runners: JobRunner[] = [];
async function runner(settings: JobRunnerSettings = FAST, db: Database = database.db, log = recordingLog().log): Promise<JobRunner> {
  const started = await startJobRunner(db, log, settings);
  runners.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

async function jobState(queue: string, id: string): Promise<string | undefined> {
  const rows = await database.db.query<{ state: string }>(`SELECT state::text FROM ${JOB_RUNNER_SCHEMA}.job WHERE name = $1 AND id = $2`, [queue, id]);
  return rows[0]?.state;
}

test('a job sent is worked once, with its data, its id and retry count 0, and recorded as completed', async () => {
  const jobs = await runner();
  const seen: { data: object; job: JobContext }[] = [];
  await jobs.work<{ call: number }>('test.round-trip', async (data, job) => {
    seen.push({ data, job });
  });
  const id = await jobs.send('test.round-trip', { call: 42 });
  expect(id).toEqual(expect.any(String));
  await waitFor('the job to be worked', () => seen.length > 0);
  expect(seen).toEqual([{ data: { call: 42 }, job: { id, retryCount: 0 } }]);
  await waitFor('the job to be completed', async () => (await jobState('test.round-trip', id as string)) === 'completed');
  await sleep(600);
  expect(seen).toHaveLength(1);
});

test('a throwing handler is retried with a growing wait, then the job fails for good, each failure logged with its queue and id', async () => {
  const { log, lines } = recordingLog();
  const jobs = await runner(FAST, database.db, log);
  const runs: { at: number; retryCount: number }[] = [];
  await jobs.work('test.always-fails', async (_data, job) => {
    runs.push({ at: Date.now(), retryCount: job.retryCount });
    throw new Error(`attempt ${job.retryCount} failed`);
  });
  const id = (await jobs.send('test.always-fails', {}, { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true })) as string;
  await waitFor('the job to fail for good', async () => (await jobState('test.always-fails', id)) === 'failed', 20_000);
  expect(runs.map((r) => r.retryCount)).toEqual([0, 1, 2]);
  // Backoff: the first retry waits 1-2 s, the second 2-4 s (pg-boss: delay × 2^n / 2, plus up to as much again).
  const [first, second, third] = runs.map((r) => r.at) as [number, number, number];
  expect(second - first).toBeGreaterThanOrEqual(1_000);
  expect(third - second).toBeGreaterThanOrEqual(2_000);
  const failures = lines.filter((line) => line.level === 'error' && line.fields.queue === 'test.always-fails');
  expect(failures.map((line) => [line.fields.jobId, line.fields.retryCount, line.message])).toEqual([
    [id, 0, 'jobs: a job failed; it will be retried'],
    [id, 1, 'jobs: a job failed; it will be retried'],
    [id, 2, 'jobs: a job failed for good (no retry left)'],
  ]);
  expect((failures[2]?.fields.err as Error).message).toBe('attempt 2 failed');
});

test('with a concurrency, a batch of jobs runs side by side and the next is taken at once; one that throws is retried on its own', async () => {
  // A long polling interval: only asking again at once after a batch gets through twelve jobs quickly.
  const jobs = await runner({ ...FAST, pollingIntervalSeconds: 5 });
  let running = 0;
  let mostAtOnce = 0;
  const started: number[] = [];
  const runs: Array<{ n: number; retryCount: number }> = [];
  await jobs.work<{ n: number }>(
    'test.side-by-side',
    async ({ n }, job) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      started.push(Date.now());
      runs.push({ n, retryCount: job.retryCount });
      await sleep(300);
      running -= 1;
      if (n === 5 && job.retryCount === 0) throw new Error('job 5 failed once');
    },
    { concurrency: 4 },
  );
  const sentAt = Date.now();
  const ids: string[] = [];
  for (let n = 1; n <= 12; n += 1) ids.push((await jobs.send('test.side-by-side', { n }, { retryDelaySeconds: 1, retryBackoff: false }))!);
  await waitFor('every job to complete', async () => {
    const states = await Promise.all(ids.map((id) => jobState('test.side-by-side', id)));
    return states.every((state) => state === 'completed');
  });
  expect(mostAtOnce).toBe(4);
  // Three batches back to back, not a polling interval (5 s) between them.
  expect(started[11]! - sentAt).toBeLessThan(4_000);
  expect(runs.filter((r) => r.n === 5).map((r) => r.retryCount)).toEqual([0, 1]);
  expect(runs.filter((r) => r.n !== 5).every((r) => r.retryCount === 0)).toBe(true);
  expect(runs).toHaveLength(13);
});

test('a concurrency outside 1 to 100 is refused', async () => {
  const jobs = await runner({ working: false });
  await expect(jobs.work('test.too-many', async () => {}, { concurrency: 0 })).rejects.toThrow('concurrency of test.too-many must be a whole number from 1 to 100');
});

test('with a singletonKey a second queued job is refused; without one every job is queued', async () => {
  const jobs = await runner({ working: false });
  const first = await jobs.send('test.singleton', { n: 1 }, { singletonKey: 'publisher-3' });
  expect(first).toEqual(expect.any(String));
  expect(await jobs.send('test.singleton', { n: 2 }, { singletonKey: 'publisher-3' })).toBeNull();
  expect(await jobs.send('test.singleton', { n: 3 }, { singletonKey: 'publisher-4' })).toEqual(expect.any(String));
  const unkeyed = [await jobs.send('test.singleton', { n: 4 }), await jobs.send('test.singleton', { n: 5 })];
  expect(unkeyed).toEqual([expect.any(String), expect.any(String)]);
  const queued = await database.db.query<{ n: number }>(`SELECT (data->>'n')::int AS n FROM ${JOB_RUNNER_SCHEMA}.job WHERE name = 'test.singleton' ORDER BY 1`);
  expect(queued.map((row) => row.n)).toEqual([1, 3, 4, 5]);
});

test('a schedule sends one job per tick however many instances check it, read in New York time', async () => {
  // The cron names the current hour in New York, every minute of it: in any other zone it is not due now.
  // Kept clear of the hour's end, so the test's few seconds stay within it.
  const now = DateTime.now().setZone(JOB_TIME_ZONE);
  if (now.minute === 59 && now.second >= 45) await sleep((61 - now.second) * 1_000);
  const cron = `* ${DateTime.now().setZone(JOB_TIME_ZONE).hour} * * *`;
  const second = database.url ? await anotherPoolOn(database) : undefined;
  try {
    const instances = [await runner(), await runner(FAST, second?.db ?? database.db)];
    const ticks: { instance: number; at: number }[] = [];
    const started = Date.now();
    for (const [index, jobs] of instances.entries()) {
      await jobs.work('test.tick', async () => {
        ticks.push({ instance: index, at: Date.now() });
      });
      await jobs.every('test.tick', cron, { what: 'tick' });
    }
    await waitFor('the first tick', () => ticks.length > 0, 20_000);
    // Both instances check the schedules every second: several more checks within the tick.
    await sleep(4_000);
    await Promise.all(instances.map((jobs) => jobs.stop()));
    // A tick is a minute: the jobs sent are one per minute the test's time touched, at most.
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
    expect(ticks.length).toBeGreaterThanOrEqual(1);
    expect(ticks.length).toBeLessThanOrEqual(minutes);
  } finally {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await second?.drop();
  }
});

test('a cron without 5 fields, and a queue name that is not one, are refused', async () => {
  const jobs = await runner({ working: false });
  await expect(jobs.every('test.bad-cron', '*/5 * * * * *')).rejects.toThrow('must have 5 fields');
  await expect(jobs.send('Not A Queue', {})).rejects.toThrow('a queue name is');
});

test('stop waits for a running handler, and the job it finishes is recorded as completed', async () => {
  const jobs = await runner();
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = false;
  await jobs.work('test.slow', async () => {
    started = true;
    await gate;
  });
  const id = (await jobs.send('test.slow', {})) as string;
  await waitFor('the handler to start', () => started);
  let stopped = false;
  const stopping = jobs.stop().then(() => {
    stopped = true;
  });
  await sleep(700);
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(await jobState('test.slow', id)).toBe('completed');
});

test('stop gives up on a handler that outlasts its timeout: the job is failed, to be retried', async () => {
  const { log, lines } = recordingLog();
  const jobs = await runner({ ...FAST, stopTimeoutMs: 1_000 }, database.db, log);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = false;
  await jobs.work('test.stuck', async () => {
    started = true;
    await gate;
  });
  const id = (await jobs.send('test.stuck', {})) as string;
  await waitFor('the handler to start', () => started);
  const before = Date.now();
  await jobs.stop();
  expect(Date.now() - before).toBeLessThan(4_000);
  expect(await jobState('test.stuck', id)).toBe('retry');
  expect(lines.map((line) => line.message)).toContain('jobs: stopped with a job still running; it was failed and will be retried');
  // pg-boss looks every second for its stopped worker to end, which it does once its handler returns:
  // let it, so no timer of this file's runners outlives the file.
  release();
  await sleep(1_100);
});

test("a job sent during a partner's request runs outside that partner's scope", async () => {
  const jobs = await runner();
  const scopes: (PartnerScope | undefined)[] = [];
  await jobs.work('test.scope', async () => {
    scopes.push(currentPartnerScope());
  });
  const partner: PartnerScope = { kind: 'publisher', ids: [3], historyFrom: null, ...DEFAULT_PARTNER_FIELDS };
  await runWithRequestScope(async () => {
    enterPartnerScope(partner);
    expect(currentPartnerScope()).toBe(partner);
    await jobs.send('test.scope', {});
  });
  await waitFor('the job to be worked', () => scopes.length > 0);
  expect(scopes).toEqual([undefined]);
});

test('a job whose completion cannot be written is logged, and is no unhandled rejection', async () => {
  const { log, lines } = recordingLog();
  const failing: Database = {
    ...database.db,
    query: (text, params) =>
      text.includes("state = 'completed'") && text.includes('UNNEST($2::uuid[])')
        ? Promise.reject(new Error('connection lost'))
        : database.db.query(text, params),
  };
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const jobs = await runner(FAST, failing, log);
    let worked = false;
    await jobs.work('test.unrecorded', async () => {
      worked = true;
    });
    const id = (await jobs.send('test.unrecorded', {})) as string;
    await waitFor('the failure to be logged', () => lines.some((line) => line.message.startsWith('jobs: recording a finished job failed')));
    expect(worked).toBe(true);
    await jobs.stop();
    expect(await jobState('test.unrecorded', id)).toBe('active');
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});

test("the partner role cannot read the job tables (a job's data is the network's)", async () => {
  const asPartner = database.db.transaction(async (tx) => {
    await tx.query('SET LOCAL ROLE callboard_partner');
    return tx.query(`SELECT 1 FROM ${JOB_RUNNER_SCHEMA}.job`);
  });
  await expect(asPartner).rejects.toThrow(`permission denied for schema ${JOB_RUNNER_SCHEMA}`);
});

describe("pg-boss's database", () => {
  const adapter = () => new PgBossDatabase(database.db, JOB_RUNNER_SCHEMA, () => {});

  test('a script of several statements runs in one transaction and answers the last one\'s rows', async () => {
    const { rows } = await adapter().executeSql(`
      BEGIN;
      CREATE TEMP TABLE script_probe (n int) ON COMMIT DROP;
      INSERT INTO script_probe VALUES (1), (2);
      SELECT sum(n)::int AS total, ';' AS semicolon FROM script_probe;
      COMMIT;
    `);
    expect(rows).toEqual([{ total: 3, semicolon: ';' }]);
  });

  test('a script that fails is rolled back whole, and the connection serves the next statement', async () => {
    await database.db.exec('CREATE TABLE IF NOT EXISTS script_rollback (n int)');
    await expect(adapter().executeSql('BEGIN; INSERT INTO script_rollback VALUES (1); SELECT 1 / 0; COMMIT;')).rejects.toThrow('division by zero');
    expect(await database.db.query('SELECT n FROM script_rollback')).toEqual([]);
  });

  test('an array parameter round-trips', async () => {
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    const { rows } = await adapter().executeSql('SELECT array_length($1::uuid[], 1) AS n, ($1::uuid[])[2]::text AS second', [ids]);
    expect(rows).toEqual([{ n: 2, second: ids[1] }]);
  });
});
