/**
 * An in-memory stand-in for the imports API (contract/src/imports.ts) behind the Users area's Import tab. It reads
 * an uploaded file as plain comma-separated lines (the tests' files have no quotes), proposes the mapping a test
 * gives it (the server's recognition has tests of its own: api/src/import/), checks a mapping with the contract's
 * own importMappingErrors, and previews each row under the mapping as the column's text, a missing call id being
 * a row's problem. A run moves its progress one step each time it is read, until done.
 */
import {
  IMPORTS_PATH,
  importMappingErrors,
  missingImportFields,
  type ImportDetail,
  type ImportMappingEntry,
  type ImportPreviewRow,
} from '@callboard/contract/imports';
import type { Platform } from '@callboard/contract/platforms';
import { fakeResponse, jsonResponse } from '@callboard/shared-auth/testing/fetch-mock';
import type { FakeRequest } from '@callboard/shared-auth/testing/render-in-host';

const NOW = '2026-03-10T15:00:00.000Z';

/** A Blob's text through FileReader (jsdom's Blob has no text()). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

interface Stored {
  detail: ImportDetail;
  rows: string[][];
}

export class FakeImportsApi {
  private readonly stored = new Map<string, Stored>();
  private next = 1;
  /** The bodies uploads sent, as they were given to fetch. */
  readonly uploads: unknown[] = [];
  /** Rows read per GET of a running import. */
  step = 2;

  constructor(
    private readonly proposal: { platform: Platform | null; recognisedColumns: number; mapping: (headers: string[]) => ImportMappingEntry[] },
    /** What GET rejects.csv answers. */
    readonly rejectsCsv = '\uFEFF"Line","Rejection reason","Inbound Call ID"\r\n3,"Inbound Call ID: systemCallId is required",""\r\n',
  ) {}

  private preview(stored: Stored): ImportPreviewRow[] {
    const { mapping, columns } = stored.detail;
    return stored.rows.map((fields, index) => {
      const values = Object.fromEntries(mapping.map((e) => [e.field, fields[e.column] || null]));
      const id = mapping.find((e) => e.field === 'systemCallId');
      const problems = id && !fields[id.column] ? [{ field: 'systemCallId', column: columns[id.column]?.header ?? null, message: 'systemCallId is required' }] : [];
      return { line: index + 2, values, problems };
    });
  }

  private answer(stored: Stored, status = 200) {
    const { detail } = stored;
    const columns = detail.columns.map((c) => ({ ...c, fields: detail.mapping.filter((e) => e.column === c.index).map((e) => e.field) }));
    const full: ImportDetail = { ...detail, columns, missingFields: missingImportFields(detail.mapping), preview: detail.status === 'uploaded' ? this.preview(stored) : null };
    stored.detail = full;
    return jsonResponse({ success: true, data: full }, status);
  }

  handle(request: Pick<FakeRequest, 'method' | 'path' | 'query' | 'body'>): Promise<Response> | Response | undefined {
    const { method, path } = request;
    if (path === IMPORTS_PATH && method === 'POST') return this.upload(request.body as Blob, request.query.get('name') ?? 'upload.csv');
    if (path === IMPORTS_PATH && method === 'GET') {
      return jsonResponse({ success: true, data: [...this.stored.values()].map(({ detail: { columns: _c, mapping: _m, preview: _p, missingFields: _f, ...summary } }) => summary) });
    }
    const match = /^\/api\/imports\/([^/]+)(\/mapping|\/run|\/rejects\.csv)?$/.exec(path);
    if (!match) return undefined;
    const stored = this.stored.get(decodeURIComponent(match[1] as string));
    if (!stored) return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Import not found' }, 404);
    const { detail } = stored;
    switch (`${method} ${match[2] ?? ''}`) {
      case 'GET ':
        if (detail.status === 'queued') detail.status = 'running';
        else if (detail.status === 'running') {
          const rowsRead = Math.min(detail.totalRows, detail.progress.rowsRead + this.step);
          const rejected = stored.rows.slice(0, rowsRead).filter((row) => this.preview({ ...stored, rows: [row] })[0]?.problems.length).length;
          detail.progress = { rowsRead, inserted: rowsRead - rejected, updated: 0, rejected };
          if (rowsRead === detail.totalRows) Object.assign(detail, { status: 'done', finishedAt: NOW });
        }
        return this.answer(stored);
      case 'PUT /mapping': {
        const checked = importMappingErrors((request.body as { mapping?: unknown })?.mapping, detail.columns.length);
        if (!checked.mapping) return jsonResponse({ success: false, code: 'VALIDATION_ERROR', message: checked.errors[0]?.message, errors: checked.errors }, 400);
        detail.mapping = checked.mapping;
        return this.answer(stored);
      }
      case 'POST /run':
        detail.status = 'queued';
        detail.startedAt = NOW;
        return this.answer(stored, 202);
      case 'GET /rejects.csv':
        return fakeResponse({
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="calls-rejected.csv"' },
          blob: new Blob([this.rejectsCsv], { type: 'text/csv' }),
        });
      default:
        return undefined;
    }
  }

  private async upload(body: Blob, name: string): Promise<Response> {
    this.uploads.push(body);
    const [header = '', ...lines] = (await readText(body)).split('\n').filter((line) => line.trim() !== '');
    const headers = header.split(',');
    const id = `i${this.next++}`;
    const stored: Stored = {
      rows: lines.map((line) => line.split(',')),
      detail: {
        id,
        fileName: name,
        byteSize: body.size,
        totalRows: lines.length,
        createdAt: NOW,
        platform: this.proposal.platform,
        recognisedColumns: this.proposal.recognisedColumns,
        columns: headers.map((h, index) => ({ index, header: h, fields: [] })),
        mapping: this.proposal.mapping(headers),
        missingFields: [],
        status: 'uploaded',
        progress: { rowsRead: 0, inserted: 0, updated: 0, rejected: 0 },
        startedAt: null,
        finishedAt: null,
        error: null,
        preview: null,
      },
    };
    this.stored.set(id, stored);
    return this.answer(stored, 201);
  }
}
