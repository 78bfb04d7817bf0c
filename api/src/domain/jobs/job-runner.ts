import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/database';
import { JOB_RUNNER_SCHEMA } from '../../db/migrations/0032-job-runner';
import { outsideRequestScope } from '../partners/request-scope';
import { PgBossDatabase } from './pg-boss-database';

/**
 * The one job runner (docs/decisions/0039-one-job-runner.md): queued and periodic work on pg-boss 10, in the
 * database itself on both engines, through our Database (pg-boss-database.ts). A job is taken by one instance
 * (`FOR UPDATE SKIP LOCKED`), retried with backoff when its handler throws, and a schedule sends one job per
 * tick however many instances run. Work that a test drives with its own clock is a plain domain function
 * (e.g. `evaluateAlerts(db, now)`); a handler only calls it.
 */

export interface JobOptions {
  /** At most one job of this key waiting to start in its queue: a second send is refused (null) until the first starts. */
  singletonKey?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** Runs after the first that may follow a failure (default JOB_DEFAULTS.retryLimit). */
  retryLimit?: number;
  /** Seconds before a retry (default JOB_DEFAULTS.retryDelaySeconds); with backoff, the first wait. */
  retryDelaySeconds?: number;
  /** Each retry waits about twice the one before, with jitter (default JOB_DEFAULTS.retryBackoff). */
  retryBackoff?: boolean;
  /** A run taking longer fails (and is retried); default 15 minutes, at most 24 hours. */
  expireInSeconds?: number;
}

export interface WorkOptions {
  /**
   * Jobs of the queue this instance runs at once (default 1). With more than one, each poll takes up to this
   * many jobs and runs them side by side, each failing or completing on its own; a poll that found any asks
   * again at once instead of waiting for the polling interval, so a busy queue is worked back to back.
   */
  concurrency?: number;
}

export interface JobContext {
  id: string;
  /** 0 on the first run, then 1, 2… on each retry. */
  retryCount: number;
}

export interface JobRunner {
  /** Queues one job (created on first use). With singletonKey, at most one queued job per key. Returns its id, or null when refused as a duplicate. */
  send(queue: string, data: object, options?: JobOptions): Promise<string | null>;
  /** This instance handles `queue`'s jobs; a throw fails the job (retried per its options). */
  work<T extends object>(queue: string, handler: (data: T, job: JobContext) => Promise<void>, options?: WorkOptions): Promise<void>;
  /** Sends a job to `queue` on a cron (5 fields, America/New_York), once per tick across ALL instances on the database. */
  every(queue: string, cron: string, data?: object): Promise<void>;
  stop(): Promise<void>;
}

/** A failed job is tried again up to 3 times, after about 5-10 s, 10-20 s and 20-40 s (pg-boss's backoff doubles with jitter). */
export const JOB_DEFAULTS = { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true } as const;

/** The business's clock (the product's day boundaries are New York's): every cron is read in it. */
export const JOB_TIME_ZONE = 'America/New_York';

export interface JobRunnerSettings {
  /**
   * False: `send` queues jobs, but `work` and `every` are only checked, not recorded, and this instance runs
   * no job and sends no scheduled one (no polling, no statement until a send). The API tests that drive no
   * job build the app so, since every app registers handlers and schedules; a server always works.
   */
  working?: boolean;
  /** How often each queue this instance works is asked for a job (and the schedules' jobs are forwarded); default 5 s, at least 0.5. */
  pollingIntervalSeconds?: number;
  /** How often the instances' shared check for due schedules runs (one instance wins each round); default 30 s, 1 to 45. */
  cronMonitorIntervalSeconds?: number;
  /** How often expired jobs are failed and old ones archived (one instance wins each round); default 120 s. */
  maintenanceIntervalSeconds?: number;
  /** How long `stop` waits for running handlers before failing them (they are retried); default 5 s. */
  stopTimeoutMs?: number;
}

export const JOB_RUNNER_DEFAULTS: Required<JobRunnerSettings> = {
  working: true,
  pollingIntervalSeconds: 5,
  cronMonitorIntervalSeconds: 30,
  maintenanceIntervalSeconds: 120,
  stopTimeoutMs: 5_000,
};

/** Letters, digits, `.`, `-`, `_`: names that read well in logs. pg-boss's own queues start with `__pgboss`. */
const QUEUE_NAME = /^[a-z][a-z0-9._-]{0,99}$/;

/**
 * Every queue is pg-boss's `short` policy: at most one job per singleton key in the `created` state. A job
 * sent without a key gets its own id as its key, so unkeyed jobs never refuse each other; a schedule's jobs
 * carry no key, so a tick whose job has not started yet is not joined by the next one (periodic work that
 * fell behind runs once, not once per missed tick).
 */
const QUEUE_POLICY = 'short';

/** Opens the runner on `db` (migrated: migration 0032 made pg-boss's schema) and, when working, starts it. */
export async function startJobRunner(db: Database, log: FastifyBaseLogger, settings: JobRunnerSettings = {}): Promise<JobRunner> {
  const runner = new PgBossJobRunner(db, log, { ...JOB_RUNNER_DEFAULTS, ...definedOnly(settings) });
  await runner.start();
  return runner;
}

class PgBossJobRunner implements JobRunner {
  private readonly boss: PgBoss;
  private readonly database: PgBossDatabase;
  private readonly queues = new Map<string, Promise<void>>();
  /** Queue → the id of this instance's worker on it, to wake it when this instance sends. */
  private readonly workers = new Map<string, string>();
  private readonly running = new Set<Promise<unknown>>();
  private stopping: Promise<void> | undefined;

  constructor(
    db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly settings: Required<JobRunnerSettings>,
  ) {
    this.database = new PgBossDatabase(db, JOB_RUNNER_SCHEMA, (error) =>
      log.error({ err: error }, 'jobs: recording a finished job failed; it stays active until it expires, then is retried'),
    );
    this.boss = new PgBoss({
      db: this.database,
      schema: JOB_RUNNER_SCHEMA,
      // Migration 0032 made the schema: pg-boss only checks its version.
      migrate: false,
      schedule: settings.working,
      supervise: settings.working,
      pollingIntervalSeconds: settings.pollingIntervalSeconds,
      cronWorkerIntervalSeconds: Math.min(45, Math.max(1, Math.round(settings.pollingIntervalSeconds))),
      cronMonitorIntervalSeconds: settings.cronMonitorIntervalSeconds,
      maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
      retryLimit: JOB_DEFAULTS.retryLimit,
      retryDelay: JOB_DEFAULTS.retryDelaySeconds,
      retryBackoff: JOB_DEFAULTS.retryBackoff,
    });
    // pg-boss emits its own failures (a poll, a maintenance round, the cron check) as 'error' events; an
    // EventEmitter without a listener would throw them instead.
    this.boss.on('error', (error: Error & { queue?: string }) => {
      log.error({ err: error, queue: error.queue }, 'jobs: the job runner failed a round; it tries again at the next');
    });
  }

  async start(): Promise<void> {
    // Its timers and polling loops belong to no request, whoever registered the runner.
    if (this.settings.working) await outsideRequestScope(() => this.boss.start());
  }

  async send(queue: string, data: object, options: JobOptions = {}): Promise<string | null> {
    checkQueueName(queue);
    await this.queue(queue);
    const id = randomUUID();
    const sent = await this.boss.send(queue, data, { id, singletonKey: options.singletonKey ?? id, ...sendOptions(options) });
    // A job this instance works starts now, not at its worker's next poll.
    const worker = this.workers.get(queue);
    if (sent && worker && !options.startAfterSeconds) this.boss.notifyWorker(worker);
    return sent;
  }

  async work<T extends object>(queue: string, handler: (data: T, job: JobContext) => Promise<void>, options: WorkOptions = {}): Promise<void> {
    checkQueueName(queue);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 100) throw new Error(`jobs: the concurrency of ${queue} must be a whole number from 1 to 100`);
    if (this.workers.has(queue)) throw new Error(`jobs: queue ${queue} already has a handler on this instance`);
    if (!this.settings.working) {
      this.workers.set(queue, '');
      return;
    }
    await this.queue(queue);
    const workerId = await outsideRequestScope(() =>
      this.boss.work<T>(queue, { batchSize: concurrency, includeMetadata: true }, async (jobs) => {
        if (jobs.length === 0) return;
        if (this.stopping) throw new Error('the job runner stopped before this job began');
        if (concurrency === 1) {
          await this.handle(queue, jobs[0]!, handler);
          return;
        }
        await this.handleSideBySide(queue, jobs, handler);
        // pg-boss waits its polling interval after a batch; more may be waiting already.
        const self = this.workers.get(queue);
        if (self) this.boss.notifyWorker(self);
      }),
    );
    this.workers.set(queue, workerId);
  }

  /**
   * A batch's jobs at once, each on its own: pg-boss fails or completes a batch as one (src/manager.js, `watch`),
   * so a job whose handler threw is failed here first (retried per its options), and pg-boss's completion of
   * the batch then leaves it alone (it completes only jobs still active).
   */
  private async handleSideBySide<T extends object>(queue: string, jobs: PgBoss.JobWithMetadata<T>[], handler: (data: T, job: JobContext) => Promise<void>): Promise<void> {
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await this.handle(queue, job, handler);
        } catch (error) {
          await this.boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
  }

  async every(queue: string, cron: string, data: object = {}): Promise<void> {
    checkQueueName(queue);
    if (cron.trim().split(/\s+/).length !== 5) throw new Error(`jobs: the cron of ${queue} must have 5 fields (minute hour day month weekday): "${cron}"`);
    if (!this.settings.working) return;
    await this.queue(queue);
    // One schedule per queue, kept in the database: the last `every` for a queue sets it for every instance.
    await this.boss.schedule(queue, cron, data, { tz: JOB_TIME_ZONE });
  }

  stop(): Promise<void> {
    this.stopping ??= this.stopNow();
    return this.stopping;
  }

  private async stopNow(): Promise<void> {
    const deadline = Date.now() + this.settings.stopTimeoutMs;
    if (this.settings.working) {
      // Stops polling, waits for running handlers up to the timeout, then fails those still running (retried later).
      await this.boss.stop({ graceful: true, wait: true, close: false, timeout: this.settings.stopTimeoutMs });
    }
    // A handler past the timeout, and the statements that record finished jobs (pg-boss does not await
    // them), must not outlive the database, which closes right after.
    const handlersDone = await settleWithin([...this.running], deadline - Date.now());
    const statementsDone = await this.database.settled(Math.max(0, deadline - Date.now()));
    if (!handlersDone || !statementsDone) this.log.warn({ timeoutMs: this.settings.stopTimeoutMs }, 'jobs: stopped with a job still running; it was failed and will be retried');
  }

  private async handle<T extends object>(queue: string, job: PgBoss.JobWithMetadata<T>, handler: (data: T, job: JobContext) => Promise<void>): Promise<void> {
    const run = outsideRequestScope(() => handler(job.data, { id: job.id, retryCount: job.retryCount }));
    this.running.add(run);
    try {
      await run;
    } catch (error) {
      const retried = job.retryCount < job.retryLimit;
      this.log.error(
        { err: error, queue, jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit },
        retried ? 'jobs: a job failed; it will be retried' : 'jobs: a job failed for good (no retry left)',
      );
      throw error;
    } finally {
      this.running.delete(run);
    }
  }

  /**
   * Creates the queue on first use, once per queue per instance: pg-boss makes a table partition per queue
   * (on PGlite a first one took over 100 ms), under a lock all instances take (pg-boss-database.ts), so a
   * queue that exists is only looked up.
   */
  private queue(name: string): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      created = this.boss.getQueue(name).then(async (existing) => {
        if (!existing) await this.boss.createQueue(name, { name, policy: QUEUE_POLICY });
      });
      created.catch(() => this.queues.delete(name));
      this.queues.set(name, created);
    }
    return created;
  }
}

function checkQueueName(queue: string): void {
  if (!QUEUE_NAME.test(queue)) throw new Error(`jobs: a queue name is lower-case letters, digits, '.', '-' or '_', starting with a letter: "${queue}"`);
}

/** Our option names as pg-boss's, leaving out those not given (pg-boss refuses a key present with no value). */
function sendOptions(options: JobOptions): PgBoss.SendOptions {
  return definedOnly({
    startAfter: options.startAfterSeconds,
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryBackoff,
    expireInSeconds: options.expireInSeconds,
  });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** True when every promise settled within `timeoutMs`. */
async function settleWithin(promises: Promise<unknown>[], timeoutMs: number): Promise<boolean> {
  if (promises.length === 0) return true;
  if (timeoutMs <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const settled = Promise.allSettled(promises).then(() => true as const);
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
