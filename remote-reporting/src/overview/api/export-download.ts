import type { ExportFormat } from '@callboard/contract';
// ApiError through api-fetch's re-export: one shared module fewer in the remote entry.
import { ApiError, DEFAULT_DOWNLOAD_TIMEOUT_MS, filenameFromDisposition, type QueryParams } from '@callboard/shared-auth/api-fetch';
import { buildUrl } from '@callboard/shared-auth/http-request';
import { clearSession, tokenAtom, type Store } from '@callboard/shared-auth/session';
import { ensureFreshToken } from '@callboard/shared-auth/token-refresh';
import { createCsvRowCounter } from '../export/csv-row-counter';

export const EXPORT_PATH = '/api/calls/export';

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
  /** Used when the response names no file. */
  fallbackFilename: string;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  timeoutMs?: number;
}

/**
 * GET /api/calls/export, read chunk by chunk so the popup can show how much
 * has arrived. shared-auth's apiDownload reads the body in one `blob()` and
 * has no progress callback, so this follows the same client rules itself
 * (spec §7, DESIGN §5): refresh an expiring token first, bearer header,
 * cookies included, a failure becomes an ApiError with spec §8's message, and
 * a 401 signs out the session that sent the request.
 */
export async function downloadExport(store: Store, options: ExportDownloadOptions): Promise<StreamedFile> {
  const { format, query, fallbackFilename, signal, onProgress, timeoutMs = DEFAULT_DOWNLOAD_TIMEOUT_MS } = options;
  if (signal?.aborted) throw signal.reason;
  await ensureFreshToken(store);
  const token = store.get(tokenAtom);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const failure = (error: unknown): unknown => {
    if (signal?.aborted) return signal.reason ?? error;
    if (timedOut) return new ApiError({ kind: 'TIMEOUT_ERROR', errorText: `Request timed out after ${timeoutMs} ms`, cause: error });
    if (error instanceof ApiError) return error;
    const text = error instanceof Error ? error.message : '';
    return new ApiError({ kind: 'FETCH_ERROR', errorText: text || 'Network error', cause: error });
  };

  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(buildUrl(EXPORT_PATH, { ...query, fmt: format }), {
      method: 'GET',
      credentials: 'include',
      headers,
      signal: controller.signal,
    });

    if (!response.ok) {
      const error = await httpError(response);
      // Spec §6: a 401 ends the session, but only the one that sent the request.
      if (response.status === 401 && token !== null && store.get(tokenAtom) === token) clearSession(store);
      throw error;
    }

    const total = Number(response.headers.get('x-total-count'));
    const progress: DownloadProgress = {
      bytes: 0,
      rows: format === 'csv' ? 0 : null,
      totalRows: Number.isFinite(total) && total >= 0 && response.headers.get('x-total-count') !== null ? total : null,
    };
    onProgress?.({ ...progress });
    const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackFilename;
    const blob = await readBody(response, format, progress, onProgress);
    return { blob, filename, progress };
  } catch (error) {
    throw failure(error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

async function readBody(
  response: Response,
  format: ExportFormat,
  progress: DownloadProgress,
  onProgress: ExportDownloadOptions['onProgress'],
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? undefined;
  const reader = response.body?.getReader();
  if (!reader) {
    // No stream to read (an old browser): one progress step at the end.
    const blob = await response.blob();
    progress.bytes = blob.size;
    onProgress?.({ ...progress });
    return blob;
  }
  const counter = format === 'csv' ? createCsvRowCounter() : null;
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!value) continue;
    chunks.push(value);
    progress.bytes += value.byteLength;
    if (counter) {
      counter.push(value);
      progress.rows = counter.rows();
    }
    onProgress?.({ ...progress });
  }
  return new Blob(chunks as BlobPart[], type ? { type } : undefined);
}

/** An error answer as the API client would report it: the body's message first (spec §8). */
async function httpError(response: Response): Promise<ApiError> {
  let rawText = '';
  try {
    rawText = await response.text();
  } catch {
    // The body could not be read: the status text still says what happened.
  }
  let body: unknown = null;
  try {
    body = rawText.trim() === '' ? null : JSON.parse(rawText);
  } catch {
    body = null;
  }
  return new ApiError({
    kind: 'HTTP_ERROR',
    status: response.status,
    statusText: response.statusText,
    body,
    rawText: body === null && rawText ? rawText : undefined,
  });
}
