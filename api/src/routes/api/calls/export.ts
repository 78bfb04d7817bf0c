import { XLSX_EXPORT_MAX_ROWS, type CallFilterParams, type ExportFormat, type PublicUser } from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { callFilterQuerySchema, parseCallFilter } from '../../../domain/calls/call-filter';
import { describeFilter, openCallExport } from '../../../domain/export/call-export';
import type { ExportLimits } from '../../../domain/export/export-guard';
import { SHEET_CONTENT_TYPES, downloadName } from '../../../domain/export/sheet-writer';
import { bearer } from '../schemas';

export interface ExportRouteOptions {
  /** Above this many rows an XLSX export is refused with a 422 (CSV has no cap). */
  xlsxMaxRows?: number;
  /** Rows per database statement. */
  batchSize?: number;
  limits?: Partial<ExportLimits>;
}

type ExportQuery = CallFilterParams & { fmt: ExportFormat };

/** GET /api/calls/export: the filtered call records as a CSV or XLSX download (domain/export/call-export.ts does the work). */
export default async function exportRoutes(fastify: FastifyInstance, options: ExportRouteOptions): Promise<void> {
  const xlsxMaxRows = options.xlsxMaxRows ?? XLSX_EXPORT_MAX_ROWS;
  // Per user across every instance on PostgreSQL, in memory on the embedded engine (plugins/app/shared-state.ts).
  const guard = fastify.sharedState.exportGuard(options.limits);

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
        release = await guard.acquire(user.id);
      } catch (error) {
        request.log.warn({ ...who, outcome: 'refused', reason: (error as Error).message }, 'calls export');
        throw error;
      }
      // Whatever happens next, the slot is free once the response is over or the client has gone.
      reply.raw.once('finish', release);
      reply.raw.once('close', release);

      const { total, body } = await openCallExport({
        db: fastify.db,
        gate: fastify.interactive,
        log: request.log,
        filter,
        fmt,
        who,
        xlsxMaxRows,
        batchSize: options.batchSize,
      });
      // Sent as a stream rather than hijacked, so onSend hooks and the security headers still apply.
      return reply
        .header('content-type', SHEET_CONTENT_TYPES[fmt])
        .header('content-disposition', `attachment; filename="${downloadName('call_records', fmt)}"`)
        .header('cache-control', 'no-store')
        .header('x-total-count', String(total))
        .send(body);
    },
  );
}
