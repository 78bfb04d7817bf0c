/**
 * The job runner in two processes on one PostgreSQL database, as two instances behind a load balancer have
 * it: each its own pool, its own timers, the compiled runner (api/dist, built by buildServer). Both work the
 * same queues and both keep the same schedule; a tick's job runs once, and each job sent runs once.
 * (The server processes of support/server-processes.ts run the runner too; the processes here run only the
 * runner, with a handler that writes a row per run, so every run can be counted.)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { openPostgresDatabase } from '../../src/db/postgres-database';
import type { Database } from '../../src/db/database';
import { startJobRunner } from '../../src/domain/jobs/job-runner';
import { buildServer } from '../support/server-processes';
import { createPostgresDatabase } from '../support/test-database';

const DIST = path.resolve(__dirname, '..', '..', 'dist');

/** One instance: the runner with fast polling and cron checks, a handler per queue writing a row per run. */
const INSTANCE_SCRIPT = `
const { openPostgresDatabase } = require(${JSON.stringify(path.join(DIST, 'db', 'postgres-database.js'))});
const { startJobRunner } = require(${JSON.stringify(path.join(DIST, 'domain', 'jobs', 'job-runner.js'))});
(async () => {
  const db = await openPostgresDatabase(process.env.DATABASE_URL);
  const log = { error: (fields, message) => console.error(message, fields.err && fields.err.message), warn: (fields, message) => console.error(message) };
  const jobs = await startJobRunner(db, log, { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
  const record = (queue) => async (_data, job) => {
    await db.query('INSERT INTO job_runs (queue, job_id, instance) VALUES ($1, $2, $3)', [queue, job.id, process.env.INSTANCE]);
  };
  await jobs.work('instances.tick', record('instances.tick'));
  await jobs.work('instances.each', record('instances.each'));
  await jobs.every('instances.tick', '* * * * *');
  process.once('SIGTERM', () => {
    jobs.stop().then(() => db.close()).then(() => process.exit(0), () => process.exit(1));
  });
  console.log('ready');
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

interface Instance {
  stop(): Promise<void>;
  output(): string;
}

function startInstance(databaseUrl: string, name: string): Promise<Instance> {
  const child = spawn(process.execPath, ['-e', INSTANCE_SCRIPT], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, INSTANCE: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const instance: Instance = {
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance ${name} not ready within 20 s:\n${output}`)), 20_000);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) {
        clearTimeout(timer);
        resolve(instance);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`instance ${name} exited (code ${child.exitCode}):\n${output}`));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silentLog = { error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

let database: { url: string; drop: () => Promise<void> };
let db: Database;
let instances: Instance[] = [];

beforeAll(async () => {
  await buildServer();
  database = await createPostgresDatabase({ migrated: true });
  db = await openPostgresDatabase(database.url);
  await db.exec('CREATE TABLE job_runs (queue text NOT NULL, job_id uuid NOT NULL, instance text NOT NULL, at timestamptz NOT NULL DEFAULT now())');
}, 240_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await db?.close();
  await database?.drop();
}, 60_000);

const runs = (queue: string) => db.query<{ job_id: string; instance: string }>('SELECT job_id::text, instance FROM job_runs WHERE queue = $1', [queue]);

test('two instances keep one schedule: each tick runs once, and each job sent runs once', async () => {
  const started = Date.now();
  instances = await Promise.all([startInstance(database.url, 'a'), startInstance(database.url, 'b')]);

  // Jobs sent from elsewhere (a third runner that works nothing): taken by one instance each.
  const sender = await startJobRunner(db, silentLog, { working: false });
  const sent = await Promise.all(Array.from({ length: 20 }, (_, n) => sender.send('instances.each', { n })));
  await sender.stop();
  const deadline = Date.now() + 15_000;
  while ((await runs('instances.each')).length < sent.length && Date.now() < deadline) await sleep(100);

  // Both instances check the schedule every second; several checks fall in each tick.
  while ((await runs('instances.tick')).length === 0 && Date.now() < deadline) await sleep(100);
  await sleep(5_000);
  await Promise.all(instances.map((instance) => instance.stop()));
  const minutes = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;

  const each = await runs('instances.each');
  expect(each.map((run) => run.job_id).sort()).toEqual([...sent].sort());
  const ticks = await runs('instances.tick');
  expect(ticks.length).toBeGreaterThanOrEqual(1);
  expect(ticks.length).toBeLessThanOrEqual(minutes);
  expect(new Set(ticks.map((run) => run.job_id)).size).toBe(ticks.length);
  for (const instance of instances) expect(instance.output()).not.toMatch(/failed|Error/);
}, 60_000);
