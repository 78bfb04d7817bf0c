/**
 * `npm run seed -- --calls N --days D [--seed S] [--end ISO]`: stores demo
 * calls in the database the server would use (DATABASE_URL, else the
 * embedded one in DATA_DIR), migrating it first. The same arguments give the
 * same calls; running again updates them instead of adding more.
 * Exit codes: 0 done, 1 failed (environment, database), 2 wrong arguments.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/env';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { DEMO_LIMITS } from '../demo/demo-calls';
import { seedDemoCalls } from '../demo/seed-demo-calls';
import { readOptions, UsageError, wholeNumber } from './command-line';

const USAGE = `Usage: npm run seed -- [--calls N] [--days D] [--seed S] [--end ISO-DATE]

  --calls N   how many calls (default 50000, at most ${DEMO_LIMITS.maxCalls})
  --days D    spread over the D days before --end (default 90, at most ${DEMO_LIMITS.maxDays})
  --seed S    which run of calls (default 1); the same seed gives the same call ids
  --end ISO   when the period ends (default now), e.g. 2026-06-01T00:00:00Z

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data).
Stop a server using the embedded database first: only one process may open it at a time.`;

interface SeedArguments {
  calls: number;
  days: number;
  seed: number;
  end: Date;
}

/** Reads the command line; throws UsageError naming the first wrong argument. */
function parseSeedArguments(argv: string[], now = new Date()): SeedArguments | 'help' {
  const values = readOptions(argv, {
    calls: { type: 'string' },
    days: { type: 'string' },
    seed: { type: 'string' },
    end: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name]) : undefined);
  const rawEnd = text('end');
  const end = rawEnd === undefined ? now : new Date(rawEnd);
  if (Number.isNaN(end.getTime())) throw new UsageError(`--end must be an ISO 8601 date-time, e.g. 2026-06-01T00:00:00Z (got "${rawEnd}")`);
  return {
    calls: wholeNumber('calls', text('calls'), 50_000, 1, DEMO_LIMITS.maxCalls),
    days: wholeNumber('days', text('days'), 90, 1, DEMO_LIMITS.maxDays),
    seed: wholeNumber('seed', text('seed'), 1, 0, DEMO_LIMITS.maxSeed),
    end,
  };
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(argv: string[]): Promise<number> {
  let args: SeedArguments | 'help';
  try {
    args = parseSeedArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`seed: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }

  const config = loadConfig(process.env, process.cwd());
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const where = config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname})` : `embedded (${pgliteDir})`;
  console.log(`Seeding ${count(args.calls)} demo calls over ${args.days} days up to ${args.end.toISOString()} (seed ${args.seed}) into ${where}`);

  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : pgliteDir });
  try {
    const { applied } = await migrate(db);
    if (applied.length > 0) console.log(`Applied migrations ${applied.join(', ')}`);
    const started = performance.now();
    // About twenty progress lines whatever the size, on batch boundaries.
    const step = Math.max(1000, Math.ceil(args.calls / 20 / 1000) * 1000);
    const outcome = await seedDemoCalls(db, {
      ...args,
      onProgress(done, total) {
        if (done % step !== 0 && done !== total) return;
        const seconds = (performance.now() - started) / 1000;
        console.log(`  ${count(done)} / ${count(total)} (${Math.floor((done / total) * 100)}%), ${count(done / seconds)} calls/s`);
      },
    });
    const seconds = outcome.elapsedMs / 1000;
    console.log(
      `Done: ${count(outcome.calls)} calls (${count(outcome.inserted)} new, ${count(outcome.updated)} updated) in ${seconds.toFixed(1)} s, ${count(outcome.calls / seconds)} calls/s`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  });
