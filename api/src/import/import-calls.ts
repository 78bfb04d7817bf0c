/**
 * Imports a tracking platform's CSV export: the file is streamed through
 * papaparse, each row is mapped (column-mapping.ts) and checked by the same
 * validateIngestCall as POST /api/ingest/calls, and valid calls are stored in
 * batches through storeCalls, so re-importing a file updates its calls.
 *
 * Only a bounded number of rows is ever held: when the parsed rows waiting
 * for the database reach a batch, the source stream is paused until they are
 * taken. Rows are applied in file order; a call id that repeats updates the
 * call its earlier row stored, whatever the batch size.
 */
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import type { Database } from '../db/database';
import { storeCalls } from '../domain/calls/calls-writer';
import { validateIngestCall, type NormalisedCall } from '../domain/calls/ingest-validation';
import { columnOf, mapRow, resolveColumns, type ResolvedColumns } from './column-mapping';

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

export interface ImportOptions {
  /** Calls stored per transaction (default 1000). */
  batchSize?: number;
  /** Read and check every row, store nothing. */
  dryRun?: boolean;
  /** Called after each batch. */
  onProgress?: (progress: ImportProgress) => void;
  keepRejected?: number;
  /** Stops reading at the next row; the batch in hand is not stored and the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The file has no usable header row. */
export class CsvHeaderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvHeaderError';
  }
}

interface CsvRecord {
  line: number;
  fields: string[];
  /** papaparse's complaint about this row (an unterminated or malformed quote). */
  problem: string | undefined;
}

function countLineBreaks(fields: readonly string[]): number {
  let count = 0;
  for (const field of fields) {
    if (field.includes('\n') || field.includes('\r')) count += field.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return count;
}

/** Text from a stream of text or bytes, decoding UTF-8 across chunk boundaries (papaparse's per-chunk toString() would split characters). */
async function* decodeChunks(source: AsyncIterable<unknown>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of source) {
    if (typeof chunk === 'string') yield chunk;
    else if (chunk instanceof Uint8Array) yield decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    else throw new TypeError('the CSV stream must deliver text or bytes');
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

async function* prepend(head: string, rest: AsyncIterator<string>): AsyncGenerator<string> {
  try {
    if (head) yield head;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}

const DELIMITERS = [',', ';', '\t', '|'] as const;
const HEADER_SCAN_LIMIT = 64 * 1024;

/**
 * The separator the header line uses most (outside quotes); comma when none.
 * Decided here from the whole first line: papaparse would guess from its
 * first chunk, which a stream may cut anywhere.
 */
export function guessDelimiter(firstLine: string): string {
  const bare = firstLine.replace(/"[^"]*"/g, '');
  let best = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const n = bare.split(d).length - 1;
    if (n > bestCount) [best, bestCount] = [d, n];
  }
  return best;
}

/**
 * The rows of a CSV stream, header first, each with the line it starts on.
 * papaparse pushes rows as the stream delivers data; the stream is paused
 * while `highWater` rows wait, and resumed when they are taken.
 */
async function* csvRecords(source: Readable, highWater: number): AsyncGenerator<CsvRecord> {
  const text = decodeChunks(source)[Symbol.asyncIterator]();
  let head = '';
  try {
    while (!/[\r\n]/.test(head) && head.length < HEADER_SCAN_LIMIT) {
      const next = await text.next();
      if (next.done) break;
      head += next.value;
    }
  } catch (error) {
    source.destroy();
    throw error;
  }
  const delimiter = guessDelimiter(head.split(/\r\n|\r|\n/, 1)[0] ?? '');
  const parsed = Readable.from(prepend(head, text));

  let queue: CsvRecord[] = [];
  let finished = false;
  let failure: Error | undefined;
  let pausedHere = false;
  let wake: (() => void) | undefined;
  let parser: Papa.Parser | undefined;
  let line = 1;
  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };

  Papa.parse<string[]>(parsed, {
    header: false,
    skipEmptyLines: false,
    delimiter,
    step(results, handle) {
      parser = handle;
      const fields = results.data;
      const problem = results.errors.find((e) => e.type === 'Quotes')?.message;
      queue.push({ line, fields, problem });
      line += 1 + countLineBreaks(fields);
      if (queue.length >= highWater && !pausedHere) {
        pausedHere = true;
        parsed.pause();
      }
      notify();
    },
    complete() {
      finished = true;
      notify();
    },
    error(error) {
      failure = error;
      notify();
    },
  });

  try {
    for (;;) {
      if (queue.length > 0) {
        const ready = queue;
        queue = [];
        // Parsing goes on while these rows are stored; at most `highWater` more wait meanwhile.
        if (pausedHere) {
          pausedHere = false;
          parsed.resume();
        }
        yield* ready;
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    if (!finished) {
      parser?.abort();
      parsed.destroy();
      source.destroy();
    }
  }
}

const isBlank = (fields: readonly string[]) => fields.every((f) => f.trim() === '');

/** One data row checked: the call to store, or why it is refused. */
function checkRow(record: CsvRecord, columns: ResolvedColumns, idIndex: number): { call: NormalisedCall } | Omit<ImportRejection, 'line'> {
  if (record.problem || record.fields.length !== columns.width) {
    const message = record.problem
      ? `the row is not valid CSV: ${record.problem}`
      : `the row has ${record.fields.length} values but the header has ${columns.width} columns (an unquoted comma or line break?)`;
    return { systemCallId: record.fields[idIndex]?.trim() || null, errors: [{ field: 'row', column: null, message }] };
  }
  const mapped = mapRow(record.fields, columns);
  const checked = validateIngestCall(mapped.call);
  if (checked.call && mapped.errors.length === 0) return { call: checked.call };
  // A value that could not be converted is left out, so the validator would only repeat it as missing.
  const converted = new Set(mapped.errors.map((e) => e.field));
  return {
    systemCallId: checked.systemCallId ?? (record.fields[idIndex]?.trim() || null),
    errors: [
      ...mapped.errors,
      ...checked.errors.filter((e) => !converted.has(e.field)).map((e) => ({ ...e, column: columnOf(columns, e.field) })),
    ],
  };
}

/**
 * Imports a CSV export of calls; throws MissingColumnsError or CsvHeaderError
 * before storing anything if the header is unusable. A dry run needs no
 * database (`db` may be null), so it can check a file while the server holds
 * the embedded one.
 */
export async function importCallsCsv(db: Database | null, stream: Readable, options: ImportOptions = {}): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? DEFAULT_IMPORT_BATCH;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a whole number above 0 (got ${batchSize})`);
  const dryRun = options.dryRun ?? false;
  if (!db && !dryRun) throw new TypeError('importCallsCsv needs a database unless it is a dry run');
  const keepRejected = options.keepRejected ?? DEFAULT_KEEP_REJECTED;
  const started = Date.now();

  let columns: ResolvedColumns | undefined;
  let idIndex = 0;
  let rows = 0;
  let valid = 0;
  let inserted = 0;
  let updated = 0;
  let rejectedCount = 0;
  const rejected: ImportRejection[] = [];
  let batch = new Map<string, NormalisedCall>();
  let reportedAt = 0;
  let line = 1;

  const report = () => {
    reportedAt = rows;
    options.onProgress?.({ rows, valid, inserted, updated, rejected: rejectedCount, line, elapsedMs: Date.now() - started });
  };
  const flush = async () => {
    if (batch.size === 0) return;
    const calls = [...batch.values()];
    batch = new Map();
    if (db && !dryRun) {
      const outcome = await storeCalls(db, calls);
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
      const headers = record.fields.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim());
      if (isBlank(headers)) throw new CsvHeaderError('The first line of the CSV file is blank: it should be the header row');
      if (record.problem) throw new CsvHeaderError(`The header row is not valid CSV: ${record.problem}`);
      columns = resolveColumns(headers);
      idIndex = columns.columns.find((c) => c.field === 'systemCallId')?.index ?? 0;
      continue;
    }
    if (isBlank(record.fields)) continue;
    rows += 1;
    const outcome = checkRow(record, columns, idIndex);
    if ('call' in outcome) {
      valid += 1;
      // One statement cannot upsert a call twice: a repeat starts the next batch, so the later row updates the earlier.
      if (batch.has(outcome.call.systemCallId)) await flush();
      batch.set(outcome.call.systemCallId, outcome.call);
    } else {
      rejectedCount += 1;
      if (rejected.length < keepRejected) rejected.push({ line: record.line, ...outcome });
    }
    if (batch.size >= batchSize) await flush();
    else if (rows - reportedAt >= batchSize) report();
  }
  if (!columns) throw new CsvHeaderError('The CSV file is empty: its first line should be the header row');
  await flush();
  return { rows, valid, inserted, updated, rejectedCount, rejected, columns, dryRun };
}
