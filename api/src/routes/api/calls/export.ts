import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  RECORD_COLUMNS,
  XLSX_EXPORT_MAX_ROWS,
  type CallFilterParams,
  type ExportFormat,
  type PublicUser,
} from '@callboard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../../http/http-error';
import { callFilterQuerySchema, parseCallFilter, type CallFilter } from '../../../domain/calls/call-filter';
import { sumCalls, totalsByStatus } from '../../../domain/calls/call-totals';
import { streamRecords } from '../../../domain/calls/record-stream';
import { ExportGuard, type ExportLimits } from '../../../domain/export/export-guard';
import {
  CSV_LINE_SQL,
  EXPORT_COLUMNS_SQL,
  copyCsvSql,
  exportCells,
  type CsvLineRow,
  type ExportRow,
} from '../../../domain/export/export-query';
import { DASHBOARD_ACTIVE_MS, betweenBatches, givingWay, type InteractiveGate } from '../../../plugins/app/export-pacing';
import {
  SHEET_CONTENT_TYPES,
  createCsvLineWriter,
  createSheetWriter,
  downloadName,
  type SheetColumn,
} from '../../../domain/export/sheet-writer';
import { bearer } from '../schemas';

export interface ExportRouteOptions {
  /** Above this many rows an XLSX export is refused with a 422 (CSV has no cap). */
  xlsxMaxRows?: number;
  /** Rows per database statement. */
  batchSize?: number;
  limits?: Partial<ExportLimits>;
}

/**
 * Rows per statement when CSV lines come in batches (PGlite; PostgreSQL uses COPY). Each
 * statement holds PGlite's thread: 300 lines take ~8 ms, so a request arriving meanwhile waits
 * little, and at 1M calls the export still runs at ~25-28k rows/s (500: about the same speed,
 * a stats request's p95 ~28 ms instead of ~20).
 */
export const CSV_LINES_BATCH = 300;

/** While the dashboard is in use, shorter statements still: a request arriving mid-statement waits ~3 ms, not ~8. */
export const CSV_LINES_BATCH_BUSY = 100;

/** The records table's columns, labels and order (spec §2); only the duration is a number. */
export const EXPORT_COLUMNS: SheetColumn[] = RECORD_COLUMNS.map((c) => ({
  header: c.label,
  kind: c.key === 'durationSec' ? 'number' : 'text',
  width: Math.max(10, Math.round(c.width / 7)),
}));

/** What the log keeps of a filter: enough to tell what was taken. */
function describeFilter(filter: CallFilter) {
  return {
    preset: filter.range.preset,
    from: filter.range.from.toISOString(),
    to: filter.range.to.toISOString(),
    campaignIds: filter.campaignIds,
    publisherIds: filter.publisherIds,
    targetIds: filter.targetIds,
    buyerIds: filter.buyerIds,
    statuses: filter.statuses,
    search: filter.search,
    callerId: filter.callerId,
  };
}

class ClientGone extends Error {}

type ExportQuery = CallFilterParams & { fmt: ExportFormat };

/**
 * GET /api/calls/export: the filtered call records as a CSV or XLSX download.
 * Rows stream from short keyset statements into the response with
 * backpressure, so memory stays flat whatever the row count; the count comes
 * first (from the rollups when it can) so that XLSX's cap is checked before
 * anything is sent and the client can show progress (X-Total-Count).
 */
export default async function exportRoutes(fastify: FastifyInstance, options: ExportRouteOptions): Promise<void> {
  const xlsxMaxRows = options.xlsxMaxRows ?? XLSX_EXPORT_MAX_ROWS;
  const guard = new ExportGuard(options.limits);

  fastify.addHook('onRequest', fastify.authenticate);

  fastify.get<{ Querystring: ExportQuery }>(
    '/export',
    {
      // A HEAD would run the whole export only to throw the body away.
      exposeHeadRoute: false,
      // It gives way to other requests rather than being counted among them (export-pacing.ts).
      config: { bulk: true },
      schema: {
        tags: ['calls'],
        summary: 'The filtered call records as a CSV or XLSX file (streamed; XLSX capped)',
        description: `Columns and labels of the records table, times in America/New_York, text cells formula-neutralised. X-Total-Count carries the row count. XLSX above ${xlsxMaxRows.toLocaleString('en-US')} rows → 422. At most one export at a time and a few per minute per user → 429.`,
        security: bearer,
        querystring: {
          type: 'object',
          required: ['fmt'],
          properties: { ...callFilterQuerySchema, fmt: { type: 'string', enum: ['csv', 'xlsx'] } },
        },
      },
    },
    async (request, reply) => {
      const { fmt } = request.query;
      const filter = parseCallFilter(request.query);
      const user = request.currentUser as PublicUser;
      const who = { userId: user.id, email: user.email, format: fmt, filter: describeFilter(filter) };
      let release: () => void;
      try {
        release = guard.acquire(user.id);
      } catch (error) {
        request.log.warn({ ...who, outcome: 'refused', reason: (error as Error).message }, 'calls export');
        throw error;
      }
      // Whatever happens next, the slot is free once the response is over or the client has gone.
      reply.raw.once('finish', release);
      reply.raw.once('close', release);

      const startedAt = performance.now();
      const total = sumCalls(await totalsByStatus(fastify.db, filter, filter.range));
      if (fmt === 'xlsx' && total > xlsxMaxRows) {
        request.log.info({ ...who, total, outcome: 'refused', reason: 'over the XLSX cap' }, 'calls export');
        throw new HttpError(
          422,
          'UNPROCESSABLE',
          `XLSX export is limited to ${xlsxMaxRows.toLocaleString('en-US')} rows and this selection has ${total.toLocaleString('en-US')}. Narrow the date range or export CSV.`,
        );
      }

      reply
        .header('content-type', SHEET_CONTENT_TYPES[fmt])
        .header('content-disposition', `attachment; filename="${downloadName('call_records', fmt)}"`)
        .header('cache-control', 'no-store')
        .header('x-total-count', String(total));
      const body = new PassThrough();

      if (fmt === 'csv' && fastify.db.copyOut) {
        // PostgreSQL writes the CSV itself: one COPY statement, streamed, on a connection of its own.
        // Wait for the first output (or the error) before answering, so a failing statement is still a proper error reply.
        const source = await firstOutput(await fastify.db.copyOut(copyCsvSql(filter)));
        void copyExport({ request, body, source, total, who, startedAt, gate: fastify.interactive });
        return reply.send(body);
      }

      const batches = streamRecords<ExportRow | CsvLineRow>(fastify.db, filter, {
        // CSV comes from the database as whole lines; XLSX needs the cells.
        columns: fmt === 'csv' ? CSV_LINE_SQL : EXPORT_COLUMNS_SQL,
        batchSize:
          options.batchSize ??
          (fmt === 'csv' ? () => (fastify.interactive.activeWithin(DASHBOARD_ACTIVE_MS) ? CSV_LINES_BATCH_BUSY : CSV_LINES_BATCH) : undefined),
        // Calls ingested while an XLSX is written must not push it past what its writer can hold.
        maxRows: fmt === 'xlsx' ? xlsxMaxRows : undefined,
      });
      // The first batch is read before the response starts, so a failure here is still a proper error reply.
      const first = await batches.next();
      void writeExport({ request, body, fmt, first, batches, total, who, startedAt, gate: fastify.interactive });
      // Sent as a stream rather than hijacked, so onSend hooks and the security headers still apply.
      return reply.send(body);
    },
  );
}

interface ExportJob {
  request: FastifyRequest;
  body: PassThrough;
  fmt: ExportFormat;
  first: IteratorResult<Array<ExportRow | CsvLineRow>>;
  batches: AsyncGenerator<Array<ExportRow | CsvLineRow>>;
  total: number;
  /** Who asked for what, for the log. */
  who: Record<string, unknown>;
  startedAt: number;
  gate: InteractiveGate;
}

/** Rows of the batch path into the file: CSV lines as the database rendered them, XLSX cells through exceljs. */
function batchWriter(fmt: ExportFormat, body: PassThrough): { write(rows: Array<ExportRow | CsvLineRow>): Promise<void>; end(): Promise<void> } {
  if (fmt === 'xlsx') {
    const sheet = createSheetWriter('xlsx', EXPORT_COLUMNS, body, 'Call records');
    return { write: (rows) => sheet.write((rows as ExportRow[]).map(exportCells)), end: () => sheet.end() };
  }
  const csv = createCsvLineWriter(EXPORT_COLUMNS, body);
  return { write: (rows) => csv.write((rows as CsvLineRow[]).map((r) => r.line)), end: () => csv.end() };
}

/**
 * Writes every batch through the sheet writer into `body`. A client that
 * leaves stops the work; a failure once bytes are out destroys the stream,
 * and Fastify then cuts the connection, so the client sees a broken download
 * rather than a file that looks complete.
 */
async function writeExport(job: ExportJob): Promise<void> {
  const { request, body, fmt, batches } = job;
  // The sheet writer waits for 'drain', which a destroyed stream never emits: race every wait against the client leaving.
  const gone = new Promise<never>((_, reject) => {
    body.once('close', () => {
      if (!body.writableFinished) reject(new ClientGone());
    });
  });
  gone.catch(() => undefined);
  const writer = batchWriter(fmt, body);
  let rows = 0;
  const log = (outcome: string) => ({
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
    request.log.info(log('complete'), 'calls export');
  } catch (error) {
    await batches.return(undefined).catch(() => undefined);
    if (error instanceof ClientGone || body.destroyed) {
      request.log.info(log('client left'), 'calls export');
      return;
    }
    request.log.error({ ...log('failed'), err: error }, 'calls export');
    body.destroy(error as Error);
  }
}

interface CopyJob {
  request: FastifyRequest;
  body: PassThrough;
  source: Readable;
  total: number;
  who: Record<string, unknown>;
  startedAt: number;
  gate: InteractiveGate;
}

/** Pipes PostgreSQL's COPY output into the response after the BOM Excel needs to read UTF-8. */
async function copyExport(job: CopyJob): Promise<void> {
  const { request, body, source } = job;
  const ms = () => Math.round(performance.now() - job.startedAt);
  body.write('\uFEFF');
  try {
    await pipeline(source, givingWay(job.gate), body);
    request.log.info({ ...job.who, total: job.total, ms: ms(), outcome: 'complete', via: 'copy' }, 'calls export');
  } catch (error) {
    // pipeline has destroyed both streams: the client sees a cut download, and the COPY connection is closed.
    const left = body.destroyed && !(error instanceof Error && 'code' in error && typeof (error as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((error as { code: string }).code));
    request.log[left ? 'info' : 'error']({ ...job.who, total: job.total, ms: ms(), outcome: left ? 'client left' : 'failed', err: left ? undefined : error }, 'calls export');
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
