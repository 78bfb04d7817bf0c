/**
 * `npm run import -- FILE.csv [--dry-run] [--batch N]`: imports a tracking
 * platform's CSV export into the database the server uses (DATABASE_URL, or
 * the embedded one in DATA_DIR), printing progress and the rejected rows.
 *
 * Exit status: 0 every row imported; 1 some rows rejected (the others are
 * stored) or the import stopped on an error; 2 nothing was imported: wrong
 * arguments, a file that cannot be read, a wrong environment or a header row
 * without the required columns; 130 interrupted (Ctrl-C), after the batch
 * being stored was committed.
 */
import { createReadStream, fstatSync, openSync } from 'node:fs';
import path from 'node:path';
import { PLATFORM_PRESETS } from '@callboard/contract/platforms';
import { ConfigError, loadConfig } from '../config/env';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { MissingColumnsError } from '../import/column-mapping';
import { CsvHeaderError, DEFAULT_IMPORT_BATCH, importCallsCsv, type ImportProgress, type ImportSummary } from '../import/import-calls';

export const MAX_IMPORT_BATCH = 10_000;
/** Rejected rows printed; the count covers them all. */
const SHOWN_REJECTIONS = 20;

export const IMPORT_USAGE = `Usage: npm run import -- FILE.csv [--dry-run] [--batch N]

Imports a call-tracking platform's CSV export (Ringba's, Retreaver's or
TrackDrive's column names, or Callboard's own: the app's Import tab reads
them the same way) into the database the server uses: DATABASE_URL, or the
embedded database in DATA_DIR (stop the server first: the embedded database
takes one process at a time). Importing a file again updates its calls.

  --dry-run   read and check every row, store nothing (the database is not
              opened, so this works while the server runs)
  --batch N   calls stored per transaction, 1 to ${MAX_IMPORT_BATCH} (default ${DEFAULT_IMPORT_BATCH})
  --help      show this text

Exit status: 0 all rows imported, 1 some rows rejected or the import failed,
2 nothing imported (arguments, file, environment or header row).`;

export interface ImportArgs {
  file: string;
  dryRun: boolean;
  batchSize: number;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parses the command line; 'help' when help was asked for. Throws UsageError. */
export function parseImportArgs(argv: readonly string[]): ImportArgs | 'help' {
  let file: string | undefined;
  let dryRun = false;
  let batch: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--batch' || arg.startsWith('--batch=')) {
      batch = arg === '--batch' ? argv[++i] : arg.slice('--batch='.length);
      if (batch === undefined) throw new UsageError('--batch needs a number, e.g. --batch 1000');
    } else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
    else if (file === undefined) file = arg;
    else throw new UsageError(`one file at a time (got "${file}" and "${arg}")`);
  }
  if (file === undefined) throw new UsageError('which file? Give the CSV file to import');
  let batchSize = DEFAULT_IMPORT_BATCH;
  if (batch !== undefined) {
    batchSize = Number(batch);
    if (!/^\d+$/.test(batch) || batchSize < 1 || batchSize > MAX_IMPORT_BATCH) {
      throw new UsageError(`--batch must be a whole number from 1 to ${MAX_IMPORT_BATCH} (got "${batch}")`);
    }
  }
  return { file, dryRun, batchSize };
}

/** Opens the file for reading now, so a missing or unreadable file is reported before the database is touched. */
function openCsv(file: string): number {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`file not found: ${file}`);
    if (code === 'EACCES' || code === 'EPERM') throw new UsageError(`cannot read ${file}: permission denied`);
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (fstatSync(fd).isDirectory()) throw new UsageError(`${file} is a folder, not a CSV file`);
  return fd;
}

const count = (n: number) => n.toLocaleString('en-US');
const perSecond = (rows: number, ms: number) => count(Math.round(rows / Math.max(ms / 1000, 0.001)));

function progressLine(p: ImportProgress, dryRun: boolean): string {
  const kept = dryRun ? `${count(p.valid)} valid` : `${count(p.inserted)} inserted, ${count(p.updated)} updated`;
  return `  ${count(p.rows)} rows: ${kept}, ${count(p.rejected)} rejected (${perSecond(p.rows, p.elapsedMs)} rows/s)`;
}

function summaryLines(file: string, summary: ImportSummary, elapsedMs: number, where: string): string[] {
  const lines = [
    summary.dryRun
      ? `Checked ${file} (dry run, nothing stored) in ${(elapsedMs / 1000).toFixed(1)} s`
      : `Imported ${file} into ${where} in ${(elapsedMs / 1000).toFixed(1)} s (${perSecond(summary.rows, elapsedMs)} rows/s)`,
    `  rows      ${count(summary.rows)}`,
    ...(summary.dryRun
      ? [`  valid     ${count(summary.valid)}`]
      : [`  inserted  ${count(summary.inserted)}`, `  updated   ${count(summary.updated)}`]),
    `  rejected  ${count(summary.rejectedCount)}`,
  ];
  const { platform, recognisedColumns } = summary.columns;
  if (platform) lines.push(`Columns read as ${PLATFORM_PRESETS[platform].label}'s (${count(recognisedColumns)} of ${count(summary.columns.width)} headers are its names)`);
  if (summary.columns.ignored.length > 0) lines.push(`Ignored columns: ${summary.columns.ignored.join(', ')}`);
  for (const u of summary.columns.unused) lines.push(`Column "${u.header}" not used: ${u.field} is read from "${u.usedHeader}"`);
  if (summary.rejectedCount > 0) {
    const shown = summary.rejected.slice(0, SHOWN_REJECTIONS);
    lines.push(`Rejected rows${summary.rejectedCount > shown.length ? ` (first ${shown.length} of ${count(summary.rejectedCount)})` : ''}:`);
    for (const r of shown) {
      const problems = r.errors.map((e) => `${e.column ?? e.field}: ${e.message}`).join('; ');
      lines.push(`  line ${r.line}${r.systemCallId ? ` (${r.systemCallId})` : ''}: ${problems}`);
    }
    if (summary.rejectedCount > shown.length) lines.push(`  … and ${count(summary.rejectedCount - shown.length)} more`);
    if (!summary.dryRun) lines.push('Fix these rows and import the file again: calls already stored are updated, not duplicated.');
  }
  return lines;
}

export interface ImportIo {
  env: Record<string, string | undefined>;
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Progress overwrites one line on a terminal, and is one line per batch elsewhere. */
  isTTY?: boolean;
  signal?: AbortSignal;
}

/** The whole command; resolves to the exit status. */
export async function runImport(argv: readonly string[], io: ImportIo): Promise<number> {
  let args: ImportArgs;
  let fd: number;
  let config: ReturnType<typeof loadConfig>;
  try {
    const parsed = parseImportArgs(argv);
    if (parsed === 'help') {
      io.out(`${IMPORT_USAGE}\n`);
      return 0;
    }
    args = parsed;
    config = loadConfig(io.env, io.cwd);
    // npm runs scripts from the package folder; the file is named relative to where the command was typed.
    fd = openCsv(path.resolve(io.env.INIT_CWD ?? io.cwd, args.file));
  } catch (error) {
    if (error instanceof UsageError) io.err(`import: ${error.message}\n\n${IMPORT_USAGE}\n`);
    else if (error instanceof ConfigError) io.err(`import: ${error.message}\n`);
    else throw error;
    return 2;
  }

  const stream = createReadStream('', { fd, encoding: 'utf8' });
  const pgliteDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite');
  // Host and database name only: the URL may carry a password.
  const where = config.databaseUrl
    ? `PostgreSQL (${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname})`
    : `the embedded database (${pgliteDir})`;
  let db: Database | undefined;
  let last: ImportProgress | undefined;
  let started: number;
  try {
    if (args.dryRun) io.err(`Checking ${args.file} (dry run: the database is not opened)\n`);
    else {
      db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
      const { applied } = await migrate(db);
      if (applied.length > 0) io.err(`database: applied migrations ${applied.join(', ')}\n`);
      io.err(`Importing ${args.file} into ${where}, ${count(args.batchSize)} calls per batch\n`);
    }
    started = Date.now();
    const summary = await importCallsCsv(db ?? null, stream, {
      batchSize: args.batchSize,
      dryRun: args.dryRun,
      signal: io.signal,
      onProgress(progress) {
        last = progress;
        io.err(io.isTTY ? `\r\x1b[2K${progressLine(progress, args.dryRun)}` : `${progressLine(progress, args.dryRun)}\n`);
      },
    });
    if (io.isTTY && last) io.err('\n');
    io.out(`${summaryLines(args.file, summary, Date.now() - started, where).join('\n')}\n`);
    return summary.rejectedCount > 0 ? 1 : 0;
  } catch (error) {
    if (io.isTTY && last) io.err('\n');
    if (error instanceof MissingColumnsError || error instanceof CsvHeaderError) {
      io.err(`import: ${error.message}\nNothing was imported.\n`);
      return 2;
    }
    const interrupted = io.signal?.aborted ?? false;
    const reason = interrupted ? 'interrupted' : `stopped: ${error instanceof Error ? error.message : String(error)}`;
    const done = last
      ? ` after line ${last.line}; ${args.dryRun ? `${count(last.rows)} rows checked` : `${count(last.inserted + last.updated)} calls were stored before`}`
      : '';
    io.err(`import ${reason}${done}. Importing the file again updates the calls already stored.\n`);
    return interrupted ? 130 : 1;
  } finally {
    stream.destroy();
    await db?.close();
  }
}

if (require.main === module) {
  // The first Ctrl-C stops once the batch being stored is committed, so the database closes cleanly; a second one exits at once.
  const interrupt = new AbortController();
  process.once('SIGINT', () => {
    interrupt.abort(new Error('interrupted'));
    process.once('SIGINT', () => process.exit(130));
  });
  runImport(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    isTTY: process.stderr.isTTY,
    signal: interrupt.signal,
  }).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
