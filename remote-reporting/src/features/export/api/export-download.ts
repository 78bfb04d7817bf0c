import { API_PATHS, EXPORT_COLUMNS_PARAM, exportColumnsParam, type ExportFormat, type RecordColumnKey } from '@callboard/contract';
import { apiDownload, DEFAULT_DOWNLOAD_TIMEOUT_MS, type QueryParams } from '@callboard/shared-auth/api-fetch';
import type { Store } from '@callboard/shared-auth/session';
import { createCsvRowCounter } from '../components/csv-row-counter';

/** What has arrived of a download so far. */
export interface DownloadProgress {
  bytes: number;
  /** Data rows received so far: counted for CSV, unknown (null) for XLSX, a compressed zip. */
  rows: number | null;
  /** The rows the file will hold, from the X-Total-Count header; null when the server did not say. */
  totalRows: number | null;
}

export interface StreamedFile {
  blob: Blob;
  /** From Content-Disposition, else the fallback. */
  filename: string;
  progress: DownloadProgress;
}

export interface ExportDownloadOptions {
  format: ExportFormat;
  query: QueryParams;
  /** The columns the file holds, in order: the records table's visible ones. */
  columns: readonly RecordColumnKey[];
  /** Used when the response names no file. */
  fallbackFilename: string;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  timeoutMs?: number;
}

/**
 * GET /api/calls/export through the API client (bearer token, refresh ahead
 * of expiry, 401 signs out, the server's message on failure), read chunk by chunk so the
 * popup can show how much has arrived and, for CSV, how many rows.
 */
export async function downloadExport(store: Store, options: ExportDownloadOptions): Promise<StreamedFile> {
  const { format, query, columns, fallbackFilename, signal, onProgress, timeoutMs = DEFAULT_DOWNLOAD_TIMEOUT_MS } = options;
  const counter = format === 'csv' ? createCsvRowCounter() : null;
  const progress: DownloadProgress = { bytes: 0, rows: counter ? 0 : null, totalRows: null };
  const { blob, filename } = await apiDownload(store, API_PATHS.callsExport, {
    query: { ...query, fmt: format, [EXPORT_COLUMNS_PARAM]: exportColumnsParam(columns) },
    fallbackFilename,
    signal,
    timeoutMs,
    onResponse: (response) => {
      const header = response.headers.get('x-total-count');
      const total = Number(header);
      progress.totalRows = header !== null && Number.isFinite(total) && total >= 0 ? total : null;
      onProgress?.({ ...progress });
    },
    onChunk: (chunk) => {
      progress.bytes += chunk.byteLength;
      if (counter) {
        counter.push(chunk);
        progress.rows = counter.rows();
      }
      onProgress?.({ ...progress });
    },
  });
  if (progress.bytes === 0) {
    // No stream to read (an old browser): one progress step at the end.
    progress.bytes = blob.size;
    onProgress?.({ ...progress });
  }
  return { blob, filename, progress };
}
