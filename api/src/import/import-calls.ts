/**
 * The one importer of a tracking platform's CSV export, for `npm run import` (cli/import.ts) and the app's
 * Import tab (import-run.ts) alike: the file is streamed (csv-records.ts), each row mapped (column-mapping.ts)
 * and checked by the same validateIngestCall as POST /api/ingest/calls, and valid calls are stored in batches
 * through storeCalls, ingest's own write (the rollups and the change log move with it), so re-importing a file
 * updates its calls.
 *
 * Only a bounded number of rows is ever held: when the parsed rows waiting for the database reach a batch, the
 * source stream is paused until they are taken. Rows are applied in file order; a call id that repeats updates
 * the call its earlier row stored, whatever the batch size. Each batch says how many data rows it completes, so
 * a run stopped midway can be resumed past them (`skipRows`) without importing any row twice.
 */
import type { Readable } from 'node:stream';
import type { Database } from '../db/database';
import { storeCalls } from '../domain/calls/calls-writer';
import { validateIngestCall, type NormalisedCall } from '../domain/calls/ingest-validation';
import { columnOf, mapRow, resolveColumns, type MappedRow, type ResolvedColumns } from './column-mapping';
import type { HeaderRecognition } from './header-recognition';
import { csvRecords, headerOf, isBlank, type CsvRecord } from './csv-records';

export { CsvHeaderError } from './csv-records';

export const DEFAULT_IMPORT_BATCH = 1000;
/** Rejected rows kept with their messages; beyond this only `rejectedCount` grows, so a wholly wrong file cannot exhaust memory. */
export const DEFAULT_KEEP_REJECTED = 10_000;

export interface ImportProgress {
  /** Data rows read so far (blank lines are not rows). */
  rows: number;
  /** Rows that passed validation (stored, or in a dry run, would be). */
  valid: number;
  inserted: number;
  updated: number;
  rejected: number;
  /** Line of the file the last row read starts on. */
  line: number;
  elapsedMs: number;
}

export interface ImportRowError {
  field: string;
  /** The CSV header the value came from, when the file has a column for the field. */
  column: string | null;
  message: string;
}

export interface ImportRejection {
  /** Line of the file the row starts on (the header is line 1; quoted values may span lines). */
  line: number;
  systemCallId: string | null;
  errors: ImportRowError[];
  /** The row's values as the file has them, for a file of the rejected rows to fix and import again. */
  fields: string[];
}

export interface ImportSummary {
  rows: number;
  /** Rows that passed validation: stored, or in a dry run, would be. */
  valid: number;
  inserted: number;
  updated: number;
  rejectedCount: number;
  /** The first `keepRejected` rejected rows, in file order. */
  rejected: ImportRejection[];
  columns: ResolvedColumns;
  dryRun: boolean;
}

/** What one write stores: valid calls and the rows refused since the last batch, in file order. */
export interface ImportBatch {
  calls: NormalisedCall[];
  rejected: ImportRejection[];
  /** Data rows read through this batch's last one: a run resumed after it skips this many. */
  rowsThrough: number;
}

/** Stores one batch and says how many of its calls were new and how many were already stored. */
export type StoreBatch = (batch: ImportBatch) => Promise<{ inserted: number; updated: number }>;

export interface ImportOptions {
  /** Rows per write (default 1000): valid calls and rejected rows together. */
  batchSize?: number;
  /** Read and check every row, store nothing. */
  dryRun?: boolean;
  /** Called after each batch. */
  onProgress?: (progress: ImportProgress) => void;
  keepRejected?: number;
  /** Stops reading at the next row; the batch in hand is not stored and the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Which column fills which field; default: recognised from the header row (header-recognition.ts), as the app proposes it. */
  mapping?: HeaderRecognition;
  /** Data rows an earlier run of the same file already imported: read past, not imported again. */
  skipRows?: number;
  /** How a batch is written (the app's also keeps its rejected rows and progress); default storeCalls in one statement. */
  store?: StoreBatch;
}

/** One data row checked: the call to store, or why it is refused, with what its values became either way. */
export interface CheckedRow {
  call: NormalisedCall | null;
  /** The row under the mapping, before validation; null when the row is not valid CSV. */
  mapped: MappedRow['call'] | null;
  systemCallId: string | null;
  errors: ImportRowError[];
}

/** One data row through the mapping and the ingest API's validation, as an import and its preview read it. */
export function checkRow(record: CsvRecord, columns: ResolvedColumns): CheckedRow {
  const idColumn = columns.mapping.find((e) => e.field === 'systemCallId')?.column ?? 0;
  const rawId = record.fields[idColumn]?.trim() || null;
  if (record.problem || record.fields.length !== columns.width) {
    const message = record.problem
      ? `the row is not valid CSV: ${record.problem}`
      : `the row has ${record.fields.length} values but the header has ${columns.width} columns (an unquoted comma or line break?)`;
    return { call: null, mapped: null, systemCallId: rawId, errors: [{ field: 'row', column: null, message }] };
  }
  const mapped = mapRow(record.fields, columns);
  const checked = validateIngestCall(mapped.call);
  if (checked.call && mapped.errors.length === 0) return { call: checked.call, mapped: mapped.call, systemCallId: checked.call.systemCallId, errors: [] };
  // A value that could not be converted is left out, so the validator would only repeat it as missing.
  const converted = new Set(mapped.errors.map((e) => e.field));
  return {
    call: null,
    mapped: mapped.call,
    systemCallId: checked.systemCallId ?? rawId,
    errors: [...mapped.errors, ...checked.errors.filter((e) => !converted.has(e.field)).map((e) => ({ ...e, column: columnOf(columns, e.field) }))],
  };
}

/**
 * Imports a CSV export of calls; throws MissingColumnsError or CsvHeaderError before storing anything if the
 * header is unusable. A dry run needs no database (`db` may be null), so it can check a file while the server
 * holds the embedded one.
 */
export async function importCallsCsv(db: Database | null, stream: Readable, options: ImportOptions = {}): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? DEFAULT_IMPORT_BATCH;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a whole number above 0 (got ${batchSize})`);
  const dryRun = options.dryRun ?? false;
  if (!db && !dryRun && !options.store) throw new TypeError('importCallsCsv needs a database unless it is a dry run');
  const store: StoreBatch = options.store ?? ((batch) => storeCalls(db as Database, batch.calls));
  const keepRejected = options.keepRejected ?? DEFAULT_KEEP_REJECTED;
  const skipRows = options.skipRows ?? 0;
  const started = Date.now();

  let columns: ResolvedColumns | undefined;
  let rows = 0;
  let valid = 0;
  let inserted = 0;
  let updated = 0;
  let rejectedCount = 0;
  const rejected: ImportRejection[] = [];
  let calls = new Map<string, NormalisedCall>();
  let refused: ImportRejection[] = [];
  let reportedAt = 0;
  let line = 1;

  const report = () => {
    reportedAt = rows;
    options.onProgress?.({ rows, valid, inserted, updated, rejected: rejectedCount, line, elapsedMs: Date.now() - started });
  };
  const flush = async (rowsThrough: number) => {
    if (calls.size === 0 && refused.length === 0) return;
    const batch: ImportBatch = { calls: [...calls.values()], rejected: refused, rowsThrough };
    calls = new Map();
    refused = [];
    if (!dryRun) {
      const outcome = await store(batch);
      inserted += outcome.inserted;
      updated += outcome.updated;
    }
    report();
    // PGlite runs on this thread: let timers and I/O in between batches.
    await new Promise((resolve) => setImmediate(resolve));
    options.signal?.throwIfAborted();
  };

  options.signal?.throwIfAborted();
  for await (const record of csvRecords(stream, batchSize)) {
    options.signal?.throwIfAborted();
    line = record.line;
    if (!columns) {
      columns = resolveColumns(headerOf(record), options.mapping);
      continue;
    }
    if (isBlank(record.fields)) continue;
    rows += 1;
    if (rows <= skipRows) {
      if (rows - reportedAt >= batchSize) report();
      continue;
    }
    const outcome = checkRow(record, columns);
    if (outcome.call) {
      valid += 1;
      // One statement cannot upsert a call twice: a repeat starts the next batch, so the later row updates the earlier.
      if (calls.has(outcome.call.systemCallId)) await flush(rows - 1);
      calls.set(outcome.call.systemCallId, outcome.call);
    } else {
      rejectedCount += 1;
      const rejection = { line: record.line, systemCallId: outcome.systemCallId, errors: outcome.errors, fields: record.fields };
      refused.push(rejection);
      if (rejected.length < keepRejected) rejected.push(rejection);
    }
    if (calls.size + refused.length >= batchSize) await flush(rows);
    else if (rows - reportedAt >= batchSize) report();
  }
  if (!columns) headerOf(undefined);
  await flush(rows);
  return { rows, valid, inserted, updated, rejectedCount, rejected, columns: columns as ResolvedColumns, dryRun };
}
