import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DIMENSIONS, FILTER_DIMENSIONS, type ExportFormat, type RecordColumnKey } from '@callboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/http-error';
import type { CallFilter } from '../calls/call-filter';
import { sumCalls, totalsByStatus } from '../calls/call-totals';
import { streamRecords } from '../calls/record-stream';
import { selectedIds } from '../calls/selected-ids';
import { DASHBOARD_ACTIVE_MS, betweenBatches, givingWay, type InteractiveGate } from '../../plugins/app/export-pacing';
import {
  copyCsvSql,
  csvLineSql,
  exportCells,
  exportColumnsSql,
  exportExpressions,
  exportRecordColumns,
  isNumberColumn,
  type CsvLineRow,
  type ExportExpressions,
  type ExportRow,
} from './export-query';
import { createCsvLineWriter, createSheetWriter, type SheetColumn } from './sheet-writer';

/**
 * Rows per statement when CSV lines come in batches (PGlite; PostgreSQL uses COPY). Each
 * statement holds PGlite's thread, so a batch is kept short enough that a request arriving
 * meanwhile waits little, and long enough that the export keeps its speed.
 */
export const CSV_LINES_BATCH = 300;

/** While the dashboard is in use, shorter statements still, so a request arriving mid-statement waits less. */
export const CSV_LINES_BATCH_BUSY = 100;

/** The file's columns: the records table's labels for the columns asked, in their order; the duration and the money are numbers. */
export function exportSheetColumns(keys: readonly RecordColumnKey[]): SheetColumn[] {
  return exportRecordColumns(keys).map((c) => ({
    header: c.label,
    kind: isNumberColumn(c.key) ? 'number' : 'text',
    width: Math.max(10, Math.round(c.width / 7)),
  }));
}

/** What the log keeps of a filter: enough to tell what was taken. */
export function describeFilter(filter: CallFilter) {
  return {
    preset: filter.range.preset,
    from: filter.range.from.toISOString(),
    to: filter.range.to.toISOString(),
    ...Object.fromEntries(FILTER_DIMENSIONS.map((d) => [DIMENSIONS[d].idsField, selectedIds(filter, d)])),
    statuses: filter.statuses,
    search: filter.search,
    callerId: filter.callerId,
    q: filter.q,
    connected: filter.connected,
    repeat: filter.repeat,
  };
}

class ClientGone extends Error {}

export interface CallExportRequest {
  db: Database;
  /** The pacing that lets people's requests go first. */
  gate: InteractiveGate;
  log: FastifyBaseLogger;
  filter: CallFilter;
  fmt: ExportFormat;
  /** The columns the file holds, in order (the ones Reporting's table shows; contract/src/record-columns.ts). */
  columns: readonly RecordColumnKey[];
  /** Each column's SQL (default: as stored; a partner's masked caller id: export-query.ts exportExpressions). */
  expressions?: ExportExpressions;
  /** Who asked for what, for the log. */
  who: Record<string, unknown>;
  xlsxMaxRows: number;
  /** Rows per database statement (default: the CSV batch sizes above, the record stream's for XLSX). */
  batchSize?: number;
}

/**
 * The filtered call records as a CSV or XLSX file, streamed. Rows come from
 * short keyset statements (or PostgreSQL's COPY for CSV) into `body` with
 * backpressure, so memory stays flat whatever the row count; the count comes
 * first (from the rollups when it can) so that XLSX's cap is checked before
 * anything is sent and the client can show progress. The first output is
 * read before this resolves, so a failure up to there is still a proper
 * error reply; after it the file is written in the background.
 */
export async function openCallExport(request: CallExportRequest): Promise<{ total: number; body: PassThrough }> {
  const { db, gate, log, filter, fmt, columns, who, xlsxMaxRows } = request;
  const expressions = request.expressions ?? exportExpressions();
  const startedAt = performance.now();
  const total = sumCalls(await totalsByStatus(db, filter, filter.range, 'counts'));
  if (fmt === 'xlsx' && total > xlsxMaxRows) {
    log.info({ ...who, total, outcome: 'refused', reason: 'over the XLSX cap' }, 'calls export');
    throw new HttpError(
      422,
      'UNPROCESSABLE',
      `XLSX export is limited to ${xlsxMaxRows.toLocaleString('en-US')} rows and this selection has ${total.toLocaleString('en-US')}. Narrow the date range or export CSV.`,
    );
  }
  const body = new PassThrough();

  if (fmt === 'csv' && db.copyOut) {
    // PostgreSQL writes the CSV itself: one COPY statement, streamed, on a connection of its own.
    const source = await firstOutput(await db.copyOut(copyCsvSql(filter, columns, expressions)));
    void copyExport({ log, body, source, total, who, startedAt, gate });
    return { total, body };
  }

  const batches = streamRecords<ExportRow | CsvLineRow>(db, filter, {
    // CSV comes from the database as whole lines; XLSX needs the cells.
    columns: fmt === 'csv' ? csvLineSql(columns, expressions) : exportColumnsSql(columns, expressions),
    batchSize:
      request.batchSize ??
      (fmt === 'csv' ? () => (gate.activeWithin(DASHBOARD_ACTIVE_MS) ? CSV_LINES_BATCH_BUSY : CSV_LINES_BATCH) : undefined),
    // Calls ingested while an XLSX is written must not push it past what its writer can hold.
    maxRows: fmt === 'xlsx' ? xlsxMaxRows : undefined,
  });
  const first = await batches.next();
  void writeExport({ log, body, fmt, columns, first, batches, total, who, startedAt, gate });
  return { total, body };
}

interface ExportJob {
  log: FastifyBaseLogger;
  body: PassThrough;
  fmt: ExportFormat;
  columns: readonly RecordColumnKey[];
  first: IteratorResult<Array<ExportRow | CsvLineRow>>;
  batches: AsyncGenerator<Array<ExportRow | CsvLineRow>>;
  total: number;
  /** Who asked for what, for the log. */
  who: Record<string, unknown>;
  startedAt: number;
  gate: InteractiveGate;
}

/** Rows of the batch path into the file: CSV lines as the database rendered them, XLSX cells through exceljs. */
function batchWriter(
  fmt: ExportFormat,
  columns: readonly RecordColumnKey[],
  body: PassThrough,
): { write(rows: Array<ExportRow | CsvLineRow>): Promise<void>; end(): Promise<void> } {
  const sheetColumns = exportSheetColumns(columns);
  if (fmt === 'xlsx') {
    const sheet = createSheetWriter('xlsx', sheetColumns, body, 'Call records');
    return { write: (rows) => sheet.write((rows as ExportRow[]).map((row) => exportCells(row, columns.length))), end: () => sheet.end() };
  }
  const csv = createCsvLineWriter(sheetColumns, body);
  return { write: (rows) => csv.write((rows as CsvLineRow[]).map((r) => r.line)), end: () => csv.end() };
}

/**
 * Writes every batch through the sheet writer into `body`. A client that
 * leaves stops the work; a failure once bytes are out destroys the stream,
 * and Fastify then cuts the connection, so the client sees a broken download
 * rather than a file that looks complete.
 */
async function writeExport(job: ExportJob): Promise<void> {
  const { log, body, fmt, batches } = job;
  // The sheet writer waits for 'drain', which a destroyed stream never emits: race every wait against the client leaving.
  const gone = new Promise<never>((_, reject) => {
    body.once('close', () => {
      if (!body.writableFinished) reject(new ClientGone());
    });
  });
  gone.catch(() => undefined);
  const writer = batchWriter(fmt, job.columns, body);
  let rows = 0;
  const summary = (outcome: string) => ({
    ...job.who,
    total: job.total,
    rows,
    ms: Math.round(performance.now() - job.startedAt),
    outcome,
  });
  try {
    // When the current batch began: its statement (which holds PGlite's main thread), then its writing.
    let batchStartedAt = performance.now();
    for (let next = job.first; !next.done; ) {
      if (body.destroyed) throw new ClientGone();
      await Promise.race([writer.write(next.value), gone]);
      rows += next.value.length;
      // Let the requests waiting go first, and leave the dashboard room while it is in use.
      await betweenBatches(job.gate, performance.now() - batchStartedAt);
      batchStartedAt = performance.now();
      next = await batches.next();
    }
    await Promise.race([writer.end(), gone]);
    log.info(summary('complete'), 'calls export');
  } catch (error) {
    await batches.return(undefined).catch(() => undefined);
    if (error instanceof ClientGone || body.destroyed) {
      log.info(summary('client left'), 'calls export');
      return;
    }
    log.error({ ...summary('failed'), err: error }, 'calls export');
    body.destroy(error as Error);
  }
}

interface CopyJob {
  log: FastifyBaseLogger;
  body: PassThrough;
  source: Readable;
  total: number;
  who: Record<string, unknown>;
  startedAt: number;
  gate: InteractiveGate;
}

/** Pipes PostgreSQL's COPY output into the response after the BOM Excel needs to read UTF-8. */
async function copyExport(job: CopyJob): Promise<void> {
  const { log, body, source } = job;
  const ms = () => Math.round(performance.now() - job.startedAt);
  body.write('\uFEFF');
  try {
    await pipeline(source, givingWay(job.gate), body);
    log.info({ ...job.who, total: job.total, ms: ms(), outcome: 'complete', via: 'copy' }, 'calls export');
  } catch (error) {
    // pipeline has destroyed both streams: the client sees a cut download, and the COPY connection is closed.
    const left = body.destroyed && !(error instanceof Error && 'code' in error && typeof (error as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((error as { code: string }).code));
    log[left ? 'info' : 'error']({ ...job.who, total: job.total, ms: ms(), outcome: left ? 'client left' : 'failed', err: left ? undefined : error }, 'calls export');
  }
}

/** Resolves once the stream has data to read or has ended; rejects if it fails first. */
function firstOutput(source: Readable): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      source.off('readable', onReady).off('end', onReady).off('error', done);
      if (error) reject(error);
      else resolve(source);
    };
    const onReady = () => done();
    source.once('readable', onReady).once('end', onReady).once('error', done);
  });
}
