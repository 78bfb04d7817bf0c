/**
 * What the write path costs the database itself, without HTTP or a server:
 * batches of 1000 generated calls of the last day stored one after another
 * (storeCalls: ingest_calls() and every rollup trigger), then QC verdicts on
 * them in batches of 100, each batch timed. The calls are deleted and the
 * tables vacuumed afterwards, so the database is left as it was.
 *
 * Meant for comparing two schemas on one loaded machine, where the HTTP
 * ingest row moves by more than the difference (and fails outright past the
 * statement limit): give two copies of one database, and the rounds alternate
 * between them, so both see the same load.
 *
 *   tsc -b api && node api/dist/bench/write-cost.js --database copy_a --database copy_b --rounds 3
 *
 * Nothing is migrated: each database is measured with the schema it has.
 */
import { generateDemoCalls } from '../demo/demo-calls';
import { storeCalls, ingestVerdicts } from '../domain/calls/calls-writer';
import { openPostgresDatabase } from '../db/postgres-database';
import type { Database } from '../db/database';
import { vacuumAnalyze } from './bench-database';

const BATCHES = 20;
const VERDICT_BATCH = 100;
const STATUSES = ['Sales', 'Voicemail', 'DNC', 'Hungup'];

interface Options {
  databases: string[];
  rounds: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { databases: [], rounds: 3 };
  for (let i = 0; i < argv.length; i += 1) {
    const next = () => argv[++i] ?? '';
    if (argv[i] === '--database') options.databases.push(next());
    else if (argv[i] === '--rounds') options.rounds = Number(next());
    else throw new Error(`unknown argument ${argv[i]} (use --database NAME (twice or more), --rounds N)`);
  }
  if (options.databases.length === 0 || options.databases.some((d) => !/^[a-z_][a-z0-9_]*$/.test(d))) throw new Error('--database takes a lower-case PostgreSQL name');
  if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error('--rounds takes a whole number from 1');
  return options;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** One round on one database: ms per batch of 1000 calls stored, and per batch of 100 verdicts. */
async function round(db: Database, url: string, tag: string): Promise<{ ingest: number[]; verdicts: number[] }> {
  const prefix = `writecost-${tag}-${Date.now()}-`;
  const batches = [...generateDemoCalls({ calls: BATCHES * 1000, days: 1, seed: 7000 + Math.floor(Math.random() * 1000), end: new Date() })].map((batch) =>
    batch.map((call) => ({ ...call, systemCallId: `${prefix}${call.systemCallId}` })),
  );
  const ingest: number[] = [];
  for (const batch of batches) ingest.push(await timed(() => storeCalls(db, batch)));
  const ids = batches.flat().map((call) => call.systemCallId);
  const verdicts: number[] = [];
  for (let i = 0; i + VERDICT_BATCH <= ids.length; i += VERDICT_BATCH * 10) {
    const results = ids.slice(i, i + VERDICT_BATCH).map((systemCallId, n) => ({ systemCallId, disposition: STATUSES[(i / VERDICT_BATCH + n) % STATUSES.length] }));
    verdicts.push(await timed(() => ingestVerdicts(db, results)));
  }
  await db.query('DELETE FROM calls WHERE system_call_id LIKE $1', [`${prefix}%`]);
  await vacuumAnalyze(db, url);
  return { ingest, verdicts };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const urls = options.databases.map((name) => {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  });
  const dbs = await Promise.all(urls.map((url) => openPostgresDatabase(url, { statementTimeoutMs: 0 })));
  const results = options.databases.map(() => ({ ingest: [] as number[], verdicts: [] as number[] }));
  try {
    for (let r = 0; r < options.rounds; r += 1) {
      for (const [i, name] of options.databases.entries()) {
        const { ingest, verdicts } = await round(dbs[i] as Database, urls[i] as string, `${r}-${i}`);
        (results[i] as { ingest: number[] }).ingest.push(...ingest);
        (results[i] as { verdicts: number[] }).verdicts.push(...verdicts);
        console.log(`round ${r + 1} ${name}: 1000 calls ${median(ingest).toFixed(1)} ms (median of ${ingest.length}), 100 verdicts ${median(verdicts).toFixed(1)} ms (median of ${verdicts.length})`);
      }
    }
    console.log('\n| database | 1000 calls stored: median ms (calls/s) | 100 verdicts: median ms |\n| --- | ---: | ---: |');
    for (const [i, name] of options.databases.entries()) {
      const { ingest, verdicts } = results[i] as { ingest: number[]; verdicts: number[] };
      console.log(`| ${name} | ${median(ingest).toFixed(1)} (${Math.round(1000 / (median(ingest) / 1000))}) | ${median(verdicts).toFixed(1)} |`);
    }
  } finally {
    await Promise.all(dbs.map((db) => db.close()));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
