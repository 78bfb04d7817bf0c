import PgBoss from 'pg-boss';
import { splitStatements, transactionBody } from '../../domain/jobs/sql-script';
import type { Migration } from './index';

/** The schema that holds the job runner's tables (pg-boss's queue, jobs, schedules, archive). */
export const JOB_RUNNER_SCHEMA = 'pgboss';

/**
 * The job runner's tables (docs/decisions/0039-one-job-runner.md): pg-boss's own construction plan for
 * the version in package.json (exactly 10.4.2, its schema version 24), run here so the schema is in the
 * migrations' history, in the tests' migrated snapshot and template, and made under the migrations' lock
 * on PostgreSQL; the runner then starts with pg-boss's `migrate: false`, which only checks the version.
 *
 * The plan is one text wrapped in pg-boss's own `BEGIN; SET LOCAL …; SELECT pg_advisory_xact_lock(…); …
 * COMMIT;`; its statements run one by one inside this migration's transaction, as every migration's do,
 * without that wrapper (the migration is already one transaction under the migrations' lock).
 *
 * A pg-boss with another schema version is a new migration running `PgBoss.getMigrationPlans` — never an
 * edit of this one: a database migrated here holds version 24, and the runner refuses to start on any other.
 */
export const jobRunner: Migration = {
  version: '0032-job-runner',
  statements: withoutPgBossLock(transactionBody(splitStatements(PgBoss.getConstructionPlans(JOB_RUNNER_SCHEMA)))),
};

/** pg-boss's plan less its lock settings and advisory lock; throws if the plan is not the shape this migration was written for. */
function withoutPgBossLock(body: string[] | undefined): string[] {
  const [lockTimeout, idleTimeout, advisoryLock, ...statements] = body ?? [];
  const shaped =
    /^SET LOCAL lock_timeout/.test(lockTimeout ?? '') &&
    /^SET LOCAL idle_in_transaction_session_timeout/.test(idleTimeout ?? '') &&
    /^SELECT pg_advisory_xact_lock\(/.test(advisoryLock ?? '') &&
    /^CREATE SCHEMA IF NOT EXISTS pgboss$/.test(statements[0] ?? '') &&
    /^INSERT INTO pgboss\.version\(version\) VALUES \('24'\)$/.test(statements[statements.length - 1] ?? '');
  if (!shaped) throw new Error('migration 0032: pg-boss construction plan is not the one this migration runs (schema version 24, pg-boss 10.4.2)');
  return statements;
}
