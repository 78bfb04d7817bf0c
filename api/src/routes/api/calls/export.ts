import { PassThrough } from 'node:stream';
import {
  DISPLAY_TIME_ZONE,
  RECORD_COLUMNS,
  XLSX_EXPORT_MAX_ROWS,
  type CallFilterParams,
  type ExportFormat,
  type PublicUser,
} from '@callboard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { HttpError } from '../../../http/http-error';
import { callFilterQuerySchema, parseCallFilter, type CallFilter } from '../../../plugins/app/calls/call-filter';
import { toCallRecord, type RecordRow } from '../../../plugins/app/calls/call-record';
import { sumCalls, totalsByStatus } from '../../../plugins/app/calls/call-totals';
import { streamRecords } from '../../../plugins/app/calls/record-stream';
import { ExportGuard, type ExportLimits } from '../../../plugins/app/export/export-guard';
import { SHEET_CONTENT_TYPES, createSheetWriter, downloadName, type SheetCell, type SheetColumn } from '../../../plugins/app/export/sheet-writer';
import { bearer } from '../schemas';

export interface ExportRouteOptions {
  /** Above this many rows an XLSX export is refused with a 422 (CSV has no cap). */
  xlsxMaxRows?: number;
  /** Rows per database statement. */
  batchSize?: number;
  limits?: Partial<ExportLimits>;
}

/** The records table's columns, labels and order (spec §2); only the duration is a number. */
export const EXPORT_COLUMNS: SheetColumn[] = RECORD_COLUMNS.map((c) => ({
  header: c.label,
  kind: c.key === 'durationSec' ? 'number' : 'text',
  width: Math.max(10, Math.round(c.width / 7)),
}));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HOUR_MS = 3_600_000;
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Renders instants as RECORD_TIME_FORMAT ("MMM dd hh:mm:ss a", en-US) in
 * America/New_York, exactly as luxon does but without luxon's ~7 µs per call,
 * which alone would cap an export near 140k rows/s. The zone's offset comes
 * from luxon once per UTC hour: New York's clock changes fall on whole UTC
 * hours, and an export runs in time order, so the cache almost always hits.
 */
export function newYorkTimeFormatter(): (instant: Date) => string {
  let cachedHour = Number.NaN;
  let offsetMs = 0;
  return (instant) => {
    const ms = instant.getTime();
    const hour = Math.floor(ms / HOUR_MS);
    if (hour !== cachedHour) {
      cachedHour = hour;
      offsetMs = DateTime.fromMillis(hour * HOUR_MS, { zone: DISPLAY_TIME_ZONE }).offset * 60_000;
    }
    const local = new Date(ms + offsetMs);
    const h = local.getUTCHours();
    return `${MONTHS[local.getUTCMonth()]} ${pad(local.getUTCDate())} ${pad(h % 12 || 12)}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
  };
}

function toCells(row: RecordRow, formatTime: (instant: Date) => string): SheetCell[] {
  const record = toCallRecord(row);
  return RECORD_COLUMNS.map((c) => (c.key === 'callTimestamp' ? formatTime(new Date(row.call_ts)) : (record[c.key] ?? null)));
}

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

      const batches = streamRecords(fastify.db, filter, {
        batchSize: options.batchSize,
        // Calls ingested while an XLSX is written must not push it past what its writer can hold.
        maxRows: fmt === 'xlsx' ? xlsxMaxRows : undefined,
      });
      // The first batch is read before the response starts, so a failure here is still a proper error reply.
      const first = await batches.next();

      const body = new PassThrough();
      reply
        .header('content-type', SHEET_CONTENT_TYPES[fmt])
        .header('content-disposition', `attachment; filename="${downloadName('call_records', fmt)}"`)
        .header('cache-control', 'no-store')
        .header('x-total-count', String(total));
      void writeExport({ request, body, fmt, first, batches, total, who, startedAt });
      // Sent as a stream rather than hijacked, so onSend hooks and the security headers still apply.
      return reply.send(body);
    },
  );
}

interface ExportJob {
  request: FastifyRequest;
  body: PassThrough;
  fmt: ExportFormat;
  first: IteratorResult<RecordRow[]>;
  batches: AsyncGenerator<RecordRow[]>;
  total: number;
  /** Who asked for what, for the log. */
  who: Record<string, unknown>;
  startedAt: number;
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
  const formatTime = newYorkTimeFormatter();
  const writer = createSheetWriter(fmt, EXPORT_COLUMNS, body, 'Call records');
  let rows = 0;
  const log = (outcome: string) => ({
    ...job.who,
    total: job.total,
    rows,
    ms: Math.round(performance.now() - job.startedAt),
    outcome,
  });
  try {
    for (let next = job.first; !next.done; next = await batches.next()) {
      if (body.destroyed) throw new ClientGone();
      await Promise.race([writer.write(next.value.map((row) => toCells(row, formatTime))), gone]);
      rows += next.value.length;
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
