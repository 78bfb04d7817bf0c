import { PassThrough, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import {
  IMPORT_CONTENT_TYPES,
  IMPORT_FIELDS,
  IMPORT_FILE_NAME_MAX_LENGTH,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_NAME_PARAM,
  IMPORT_PREVIEW_ROWS,
  IMPORT_REJECT_COLUMNS,
  IMPORT_STATUSES,
  IMPORT_FIELD_LABELS,
  importMappingErrors,
  missingImportFields,
  type ImportDetail,
  type ImportMappingBody,
} from '@callboard/contract/imports';
import { FIELD_TRANSFORMS, PLATFORMS } from '@callboard/contract/platforms';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, conflict, notFound, validationFailed } from '../../../http/http-error';
import { neutralise } from '../../../domain/export/neutralise';
import { SHEET_CONTENT_TYPES, createSheetWriter } from '../../../domain/export/sheet-writer';
import { CsvHeaderError } from '../../../import/csv-records';
import { recogniseHeaders } from '../../../import/header-recognition';
import { IMPORT_RUN_JOB } from '../../../import/import-jobs';
import { previewRows, readFileHead } from '../../../import/import-preview';
import { IMPORT_RUN_QUEUE } from '../../../import/import-run';
import {
  completeUpload,
  createImport,
  deleteImport,
  findImport,
  importSummaryOf,
  listImports,
  queueImport,
  recognitionOf,
  rejectedRowsPage,
  setImportMapping,
  type ImportRow,
} from '../../../import/imports-repository';
import { FileTooLargeError, NotCsvError, countStoredRows, readStoredFile, writeStoredFile } from '../../../import/stored-file';
import { bearer, idParams } from '../schemas';

const mappingEntrySchema = {
  type: 'object',
  properties: { field: { type: 'string', enum: [...IMPORT_FIELDS] }, column: { type: 'integer' }, transform: { type: 'string', enum: [...FIELD_TRANSFORMS] } },
} as const;

const progressSchema = {
  type: 'object',
  properties: { rowsRead: { type: 'integer' }, inserted: { type: 'integer' }, updated: { type: 'integer' }, rejected: { type: 'integer' } },
} as const;

const summaryProperties = {
  id: { type: 'string', format: 'uuid' },
  fileName: { type: 'string' },
  byteSize: { type: 'integer' },
  totalRows: { type: 'integer' },
  createdAt: { type: 'string', format: 'date-time' },
  platform: { type: ['string', 'null'], enum: [...PLATFORMS, null] },
  recognisedColumns: { type: 'integer' },
  status: { type: 'string', enum: [...IMPORT_STATUSES] },
  progress: progressSchema,
  startedAt: { type: ['string', 'null'], format: 'date-time' },
  finishedAt: { type: ['string', 'null'], format: 'date-time' },
  error: { type: ['string', 'null'] },
} as const;

const problemSchema = { type: 'object', properties: { field: { type: 'string' }, column: { type: ['string', 'null'] }, message: { type: 'string' } } } as const;

const detailSchema = {
  type: 'object',
  properties: {
    ...summaryProperties,
    columns: {
      type: 'array',
      items: { type: 'object', properties: { index: { type: 'integer' }, header: { type: 'string' }, fields: { type: 'array', items: { type: 'string' } } } },
    },
    mapping: { type: 'array', items: mappingEntrySchema },
    missingFields: { type: 'array', items: { type: 'string' } },
    preview: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: {
          line: { type: 'integer' },
          // Each mapped field's value: text, a number or yes/no, as it will be stored.
          values: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } },
          problems: { type: 'array', items: problemSchema },
        },
      },
    },
  },
} as const;

const oneImport = { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: detailSchema } } as const;

const fileNameOf = (query: Record<string, string | undefined>): string => {
  const name = (query[IMPORT_NAME_PARAM] ?? '').replace(/[\\/]+/g, ' ').trim();
  return name === '' ? 'upload.csv' : name.slice(0, IMPORT_FILE_NAME_MAX_LENGTH);
};

/** The import as the screen shows it; the preview only while its mapping may still change (it reads the file). */
async function detailOf(fastify: FastifyInstance, row: ImportRow): Promise<ImportDetail> {
  const recognition = recognitionOf(row);
  const head = row.status === 'uploaded' ? await readFileHead(readStoredFile(fastify.db, row.id), IMPORT_PREVIEW_ROWS) : null;
  return {
    ...importSummaryOf(row),
    columns: row.headers.map((header, index) => ({ index, header, fields: row.mapping.filter((e) => e.column === index).map((e) => e.field) })),
    mapping: row.mapping,
    missingFields: missingImportFields(row.mapping),
    preview: head ? previewRows(head, recognition) : null,
  };
}

const UPLOAD_TYPE_MESSAGE = `Send the CSV file itself as the body, with Content-Type ${IMPORT_CONTENT_TYPES[0]}`;

const unprocessable = (message: string) => new HttpError(422, 'UNPROCESSABLE', message);

/** Whether the body is gzip-compressed (a browser compresses the file before sending it); anything else but identity is refused. */
function isGzipped(request: FastifyRequest): boolean {
  const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip') throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as it is, or gzip-compressed (Content-Encoding: gzip)');
  return encoding === 'gzip';
}

/** The body as the file's bytes: gunzipped when it came compressed. Made just as it is read, so no error of it goes unheard. */
function fileBytes(body: Readable, gzipped: boolean): Readable {
  if (!gzipped) return body;
  const gunzip = createGunzip();
  body.on('error', (error) => gunzip.destroy(error));
  return body.pipe(gunzip);
}

/**
 * Importing a platform's CSV export from the app (issue 37 item 4; api/src/import/README.md): upload, the
 * proposed mapping and the first rows as they will be stored, a changed mapping, the run on the job runner, its
 * progress and the rejected rows as CSV. Admins only (manageIngestKeys: an import is a way in for calls, as an
 * ingest key and a connector are); closed to partners (no `partner: 'scoped'`).
 */
export default async function importRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  fastify.addHook('onRequest', fastify.requirePermission('manageIngestKeys'));

  // The file is the body, streamed as it arrives (never parsed here, nor held whole): the app's 1 MB body limit
  // does not apply to it, IMPORT_MAX_BYTES does, counted as it is written.
  fastify.addContentTypeParser([...IMPORT_CONTENT_TYPES], (_request, payload, done) => done(null, payload));
  // Any other type: the upload says what it takes (the app-wide answer speaks of JSON only).
  fastify.addContentTypeParser('*', (request, _payload, done) => {
    const upload = request.method === 'POST' && !(request.params as { id?: string }).id;
    done(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', upload ? UPLOAD_TYPE_MESSAGE : 'Send the body as application/json'), undefined);
  });

  const find = async (id: string) => {
    const row = await findImport(fastify.db, id);
    if (!row) throw notFound(IMPORT_MESSAGES.notFound);
    return row;
  };

  fastify.post<{ Querystring: Record<string, string | undefined> }>(
    '',
    {
      schema: {
        tags: ['imports'],
        summary: `Upload a platform's CSV export (the body is the file, up to ${IMPORT_MAX_BYTES / 1024 / 1024} MB, gzip-compressed or not): its recognised platform, the proposed mapping and the first ${IMPORT_PREVIEW_ROWS} rows as they will be stored`,
        security: bearer,
        querystring: { type: 'object', properties: { [IMPORT_NAME_PARAM]: { type: 'string', description: 'The file name, shown with the import' } } },
        response: { 201: oneImport },
      },
    },
    async (request, reply) => {
      if (!request.body || typeof (request.body as Readable).pipe !== 'function') {
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_TYPE_MESSAGE);
      }
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES) throw new HttpError(413, 'TOO_LARGE', IMPORT_MESSAGES.tooLarge);
      const gzipped = isGzipped(request);
      const body = request.body as Readable;
      const id = await createImport(fastify.db, fileNameOf(request.query), request.currentUser?.id ?? null);
      try {
        const byteSize = await writeStoredFile(fastify.db, id, fileBytes(body, gzipped), IMPORT_MAX_BYTES);
        if (byteSize === 0) throw unprocessable(IMPORT_MESSAGES.empty);
        const head = await readFileHead(readStoredFile(fastify.db, id), IMPORT_PREVIEW_ROWS);
        if (head.headers.length < 2) throw unprocessable(IMPORT_MESSAGES.oneColumn);
        const recognition = recogniseHeaders(head.headers);
        await completeUpload(fastify.db, id, { byteSize, totalRows: await countStoredRows(fastify.db, id), headers: head.headers, recognition });
      } catch (error) {
        await deleteImport(fastify.db, id);
        // What is left of the body is drained, so the answer reaches a client that is still sending.
        body.resume();
        if (error instanceof FileTooLargeError) throw new HttpError(413, 'TOO_LARGE', IMPORT_MESSAGES.tooLarge);
        if (error instanceof NotCsvError) throw unprocessable(error.kind === 'workbook' ? IMPORT_MESSAGES.workbook : IMPORT_MESSAGES.notCsv);
        if (error instanceof CsvHeaderError) throw unprocessable(`${error.message}. ${IMPORT_MESSAGES.notCsv}`);
        if ((error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') throw new HttpError(400, 'VALIDATION_ERROR', 'The body says it is gzip-compressed but is not');
        throw error;
      }
      const row = await find(id);
      request.log.info({ actor: request.currentUser?.id, importId: id, bytes: Number(row.byte_size), rows: row.total_rows, platform: row.platform }, 'import uploaded');
      return reply.code(201).send({ success: true, message: 'File uploaded: check the mapping and the preview, then import', data: await detailOf(fastify, row) });
    },
  );

  fastify.get(
    '',
    {
      schema: {
        tags: ['imports'],
        summary: 'The latest imports, newest first, with their progress',
        security: bearer,
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: { type: 'object', properties: summaryProperties } } } } },
      },
    },
    async () => ({ success: true, data: (await listImports(fastify.db)).map(importSummaryOf) }),
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['imports'],
        summary: 'One import: its mapping, and its preview until it runs; its progress (rows read, stored, rejected) while it runs; its summary after',
        security: bearer,
        params: idParams,
        response: { 200: oneImport },
      },
    },
    async (request) => ({ success: true, data: await detailOf(fastify, await find(request.params.id)) }),
  );

  fastify.put<{ Params: { id: string }; Body: ImportMappingBody }>(
    '/:id/mapping',
    {
      schema: {
        tags: ['imports'],
        summary: 'Change which column fills which field (before the import runs); answers the preview again',
        security: bearer,
        params: idParams,
        // Loose on purpose: importMappingErrors (contract) words every problem under its field, for the screen and the API alike.
        body: {
          type: 'object',
          required: ['mapping'],
          properties: { mapping: { description: `A list of { field, column, transform }: field one of ${IMPORT_FIELDS.join(', ')}; column the header's position from 0` } },
        },
        response: { 200: oneImport },
      },
    },
    async (request) => {
      const row = await find(request.params.id);
      const { mapping, errors } = importMappingErrors(request.body.mapping, row.headers.length);
      if (!mapping) throw validationFailed(errors);
      if (!(await setImportMapping(fastify.db, row.id, mapping))) throw conflict(IMPORT_MESSAGES.mappingLocked);
      return { success: true, message: 'Mapping saved', data: await detailOf(fastify, await find(row.id)) };
    },
  );

  fastify.post<{ Params: { id: string } }>(
    '/:id/run',
    { schema: { tags: ['imports'], summary: 'Import the file: it runs on the server, once; read its progress with GET', security: bearer, params: idParams, response: { 202: oneImport } } },
    async (request, reply) => {
      const row = await find(request.params.id);
      const missing = missingImportFields(row.mapping);
      if (missing.length > 0) {
        throw validationFailed(missing.map((field) => ({ field, message: IMPORT_MESSAGES.needsColumns(missing.map((f) => IMPORT_FIELD_LABELS[f])) })));
      }
      if (!(await queueImport(fastify.db, row.id, request.currentUser?.id ?? null))) throw conflict(IMPORT_MESSAGES.alreadyRun);
      await fastify.jobs.send(IMPORT_RUN_QUEUE, { importId: row.id }, { ...IMPORT_RUN_JOB, singletonKey: row.id });
      request.log.info({ actor: request.currentUser?.id, importId: row.id }, 'import started');
      return reply.code(202).send({ success: true, message: 'Import started', data: await detailOf(fastify, await find(row.id)) });
    },
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id/rejects.csv',
    {
      schema: {
        tags: ['imports'],
        summary: `The rejected rows as CSV: ${IMPORT_REJECT_COLUMNS.join(' and ')}, then the file's own columns as it had them (fix them and upload this file again)`,
        security: bearer,
        params: idParams,
      },
    },
    async (request, reply) => {
      const row = await find(request.params.id);
      if (row.status === 'uploaded') throw conflict(IMPORT_MESSAGES.notRunYet);
      return sendRejects(fastify, row, reply);
    },
  );
}

/** Rows of the rejects file per statement. */
const REJECTS_PAGE = 1000;

/** Streams the rejected rows in file order, a page per statement, through the app's CSV writer (formula-neutralised, as every file it writes). */
function sendRejects(fastify: FastifyInstance, row: ImportRow, reply: FastifyReply) {
  const output = new PassThrough();
  const columns = [...IMPORT_REJECT_COLUMNS, ...row.headers].map((header, i) => ({ header: neutralise(header), kind: i === 0 ? ('number' as const) : ('text' as const) }));
  const writer = createSheetWriter('csv', columns, output);
  void (async () => {
    try {
      for (let after = 0; ; ) {
        const page = await rejectedRowsPage(fastify.db, row.id, after, REJECTS_PAGE);
        await writer.write(page.map((r) => [r.line, r.reason, ...r.fields]));
        if (page.length < REJECTS_PAGE) break;
        after = (page[page.length - 1] as { line: number }).line;
      }
      await writer.end();
    } catch (error) {
      fastify.log.error({ err: error, importId: row.id }, 'rejected rows file failed');
      output.destroy(error as Error);
    }
  })();
  const base = row.file_name.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_').slice(0, 100) || 'import';
  return reply
    .header('content-type', SHEET_CONTENT_TYPES.csv)
    .header('content-disposition', `attachment; filename="${base}-rejected.csv"`)
    .header('cache-control', 'no-store')
    .send(output);
}
