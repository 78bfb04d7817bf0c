import {
  EXPORT_COLUMNS_MAX_LENGTH,
  EXPORT_COLUMNS_PARAM,
  XLSX_EXPORT_MAX_ROWS,
  parseExportColumns,
  type CallFilterParams,
  type ExportFormat,
  type PublicUser,
} from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { callFilterQuerySchema, parseCallFilter } from '../../../domain/calls/call-filter';
import { describeFilter, openCallExport } from '../../../domain/export/call-export';
import { exportExpressions } from '../../../domain/export/export-query';
import { partnerSeesColumn } from '../../../domain/partners/field-visibility';
import { currentPartnerScope } from '../../../domain/partners/request-scope';
import type { ExportLimits } from '../../../domain/export/export-guard';
import { ExportSlots, defaultExportSlotLimits, type ExportSlotLimits } from '../../../domain/export/export-slots';
import { STALLED_READER_MS, watchStalledReader } from '../../../domain/export/stalled-reader';
import { SHEET_CONTENT_TYPES, downloadName } from '../../../domain/export/sheet-writer';
import { validationFailed } from '../../../http/http-error';
import { bearer } from '../schemas';

export interface ExportRouteOptions {
  /** Above this many rows an XLSX export is refused with a 422 (CSV has no cap). */
  xlsxMaxRows?: number;
  /** Rows per database statement. */
  batchSize?: number;
  limits?: Partial<ExportLimits>;
  /** Exports this instance runs at once, and how many wait (default: from the database's pool). */
  slots?: Partial<ExportSlotLimits>;
  /** A client that reads nothing for this long has its export stopped (default STALLED_READER_MS). */
  stalledReaderMs?: number;
}

type ExportQuery = CallFilterParams & { fmt: ExportFormat; [EXPORT_COLUMNS_PARAM]?: string };

/** GET /api/calls/export: the filtered call records as a CSV or XLSX download (domain/export/call-export.ts does the work). */
export default async function exportRoutes(fastify: FastifyInstance, options: ExportRouteOptions): Promise<void> {
  const xlsxMaxRows = options.xlsxMaxRows ?? XLSX_EXPORT_MAX_ROWS;
  // Per user across every instance on the database, on either engine (plugins/app/shared-state.ts).
  const guard = fastify.sharedState.exportGuard(options.limits);
  const slots = new ExportSlots({ ...defaultExportSlotLimits(fastify.db.kind), ...options.slots });
  const stalledReaderMs = options.stalledReaderMs ?? STALLED_READER_MS;

  fastify.addHook('onRequest', fastify.authenticate);

  fastify.get<{ Querystring: ExportQuery }>(
    '/export',
    {
      // A HEAD would run the whole export only to throw the body away.
      exposeHeadRoute: false,
      // It gives way to other requests rather than being counted among them (export-pacing.ts). A partner
      // gets its own calls' rows and only the columns it may read (domain/partners/field-visibility.ts).
      config: { bulk: true, partner: 'scoped' },
      schema: {
        tags: ['calls'],
        summary: 'The filtered call records as a CSV or XLSX file (streamed; XLSX capped)',
        description: `The records table's columns named in \`${EXPORT_COLUMNS_PARAM}\` (comma-separated keys, in that order; the table's default columns without it), with its labels, times in America/New_York, text cells formula-neutralised. X-Total-Count carries the row count. XLSX above ${xlsxMaxRows.toLocaleString('en-US')} rows → 422. At most one export at a time and a few per minute per user, and a few at once per server (a short wait for a turn first) → 429 with Retry-After. A client that reads nothing for ${Math.round(stalledReaderMs / 1000)} s has its download cut.`,
        security: bearer,
        querystring: {
          type: 'object',
          required: ['fmt'],
          properties: {
            ...callFilterQuerySchema,
            fmt: { type: 'string', enum: ['csv', 'xlsx'] },
            [EXPORT_COLUMNS_PARAM]: {
              type: 'string',
              maxLength: EXPORT_COLUMNS_MAX_LENGTH,
              description: 'Record column keys, comma-separated (contract/src/record-columns.ts), e.g. callTimestamp,callerId,revenue,payout,profit',
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { fmt } = request.query;
      const filter = parseCallFilter(request.query);
      const asked = parseExportColumns(request.query[EXPORT_COLUMNS_PARAM]);
      if ('error' in asked) throw validationFailed([{ field: EXPORT_COLUMNS_PARAM, message: asked.error }]);
      // A partner's file holds only the columns it may read: others asked for (or in the default set) are left out.
      const scope = currentPartnerScope();
      const columns = scope ? asked.keys.filter((key) => partnerSeesColumn(scope, key)) : asked.keys;
      if (columns.length === 0) {
        throw validationFailed([{ field: EXPORT_COLUMNS_PARAM, message: `${EXPORT_COLUMNS_PARAM}: none of these columns is available to this account` }]);
      }
      const user = request.currentUser as PublicUser;
      const who = { userId: user.id, email: user.email, format: fmt, columns: columns.length, filter: describeFilter(filter) };
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

      // Then a turn among this instance's exports, waited for briefly; a client leaving meanwhile gives its place up.
      const left = new AbortController();
      reply.raw.once('close', () => left.abort());
      let releaseSlot: () => void;
      try {
        releaseSlot = await slots.acquire(left.signal);
      } catch (error) {
        const outcome = left.signal.aborted ? { outcome: 'client left' } : { outcome: 'refused', reason: (error as Error).message };
        request.log[left.signal.aborted ? 'info' : 'warn']({ ...who, ...outcome, running: slots.running, queued: slots.queued }, 'calls export');
        throw error;
      }
      reply.raw.once('finish', releaseSlot);
      reply.raw.once('close', releaseSlot);
      // A client that stops reading would hold its slot and its connection for ever: cut it, which ends the export.
      watchStalledReader(reply.raw, stalledReaderMs, () => {
        request.log.warn({ ...who, outcome: 'stopped', reason: `the client read nothing for ${stalledReaderMs} ms` }, 'calls export');
        reply.raw.destroy();
      });

      const { total, body } = await openCallExport({
        db: fastify.db,
        gate: fastify.interactive,
        log: request.log,
        filter,
        fmt,
        columns,
        expressions: exportExpressions(scope?.callerId),
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
