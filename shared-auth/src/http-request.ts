/**
 * The wire half of the API client, the same for every call: address, headers,
 * body and query encoding, timeout, and turning every way a call can fail
 * into an ApiError. It knows nothing about sessions, so the refresh call and
 * logout can use it without the 401 rule or the refresh-before-send that
 * apiFetch layers on top.
 */
import { ApiError } from '@callboard/shared-auth/api-error';

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

export interface HttpRequestOptions extends Omit<RequestInit, 'body' | 'headers' | 'signal' | 'credentials' | 'method'> {
  method?: string;
  /** Plain objects and arrays are sent as JSON; FormData, Blob, URLSearchParams and strings as they are. */
  body?: unknown;
  headers?: HeadersInit;
  /** Added to the path; arrays are comma-joined, undefined/null/empty values skipped. */
  query?: QueryParams;
  /** The caller's own cancellation; it rejects with the signal's reason, not an ApiError. */
  signal?: AbortSignal;
  /** Default 30 s for JSON calls; covers the whole response, body included. */
  timeoutMs?: number;
  /** File responses: called once the answer is known good, before its body is read (headers such as X-Total-Count). */
  onResponse?: (response: Response) => void;
  /** File responses: each piece of the body as it arrives, so a long export can show its progress. */
  onChunk?: (chunk: Uint8Array) => void;
}

export type ResponseReader = 'json' | 'blob';

export interface HttpResult<T> {
  data: T;
  response: Response;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The build-time API base (webpack defines `process.env.CALLBOARD_API_BASE`).
 * Read without a `typeof process` guard on purpose: the define replaces the
 * whole expression, while a guard would stay and be false in a browser. When
 * nothing is defined a browser throws ReferenceError: same origin then.
 */
export function apiBase(): string {
  try {
    return (process.env.CALLBOARD_API_BASE ?? '').replace(/\/+$/, '');
  } catch {
    return '';
  }
}

export function buildQuery(query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value)
      ? value.filter((item) => item !== '' && item !== null && item !== undefined).join(',')
      : String(value);
    if (text !== '') params.append(key, text);
  }
  return params.toString();
}

export function buildUrl(path: string, query?: QueryParams): string {
  const address = /^https?:\/\//i.test(path) ? path : `${apiBase()}${path.startsWith('/') ? '' : '/'}${path}`;
  const search = buildQuery(query);
  if (!search) return address;
  return `${address}${address.includes('?') ? '&' : '?'}${search}`;
}

/**
 * Sends one request and reads the answer. Success is 200–299; JSON answers
 * are parsed with an empty body read as null. Everything else throws ApiError.
 */
export async function sendRequest<T>(
  path: string,
  options: HttpRequestOptions,
  token: string | null,
  reader: ResponseReader = 'json',
): Promise<HttpResult<T>> {
  const { body, headers, query, signal: callerSignal, timeoutMs = DEFAULT_TIMEOUT_MS, method, onResponse, onChunk, ...init } = options;
  if (callerSignal?.aborted) throw callerSignal.reason;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forwardAbort, { once: true });

  // Every way the wait can end early becomes the right error: the caller's reason, a timeout, or a network failure.
  const failure = (error: unknown): unknown => {
    if (timedOut) return new ApiError({ kind: 'TIMEOUT_ERROR', errorText: `Request timed out after ${timeoutMs} ms`, cause: error });
    if (callerSignal?.aborted) return callerSignal.reason ?? error;
    const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
    return new ApiError({ kind: 'FETCH_ERROR', errorText: text || 'Network error', cause: error });
  };

  try {
    let response: Response;
    try {
      response = await untilAborted(
        fetch(buildUrl(path, query), {
          ...init,
          method: method ?? 'GET',
          credentials: 'include',
          headers: buildHeaders(body, headers, token),
          body: encodeBody(body),
          signal: controller.signal,
        }),
        controller.signal,
      );
    } catch (error) {
      throw failure(error);
    }

    if (response.ok && reader === 'blob') {
      try {
        onResponse?.(response);
        const blob = onChunk && response.body ? readInChunks(response, onChunk) : response.blob();
        return { data: (await untilAborted(blob, controller.signal)) as T, response };
      } catch (error) {
        throw failure(error);
      }
    }

    let rawText: string;
    try {
      rawText = await untilAborted(response.text(), controller.signal);
    } catch (error) {
      throw failure(error);
    }

    let parsed: unknown;
    try {
      parsed = rawText.trim() === '' ? null : JSON.parse(rawText);
    } catch (error) {
      const statusLine = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      throw new ApiError({
        kind: 'PARSING_ERROR',
        status: response.status,
        statusText: response.statusText,
        rawText,
        errorText: `The server's response could not be read (${statusLine})`,
        cause: error,
      });
    }

    if (!response.ok) {
      throw new ApiError({ kind: 'HTTP_ERROR', status: response.status, statusText: response.statusText, body: parsed });
    }
    return { data: parsed as T, response };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
}

/** The body piece by piece (reported to `onChunk`), then as one Blob of the response's type. */
async function readInChunks(response: Response, onChunk: (chunk: Uint8Array) => void): Promise<Blob> {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!value) continue;
    chunks.push(value);
    onChunk(value);
  }
  const type = response.headers.get('content-type') ?? undefined;
  return new Blob(chunks as BlobPart[], type ? { type } : undefined);
}

/** Accept and content-type JSON, bearer token when present; the caller's headers win. */
function buildHeaders(body: unknown, extra: HeadersInit | undefined, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A browser must write multipart/binary content types itself (with the boundary), so those keep none of ours.
  if (!isNativeBody(body)) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  for (const [name, value] of headerEntries(extra)) {
    for (const existing of Object.keys(headers)) {
      if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    }
    headers[name] = value;
  }
  return headers;
}

function headerEntries(init: HeadersInit | undefined): [string, string][] {
  if (!init) return [];
  if (Array.isArray(init)) return init.map(([name, value]) => [String(name), String(value)]);
  if (typeof (init as Headers).forEach === 'function' && typeof (init as Headers).get === 'function') {
    const entries: [string, string][] = [];
    (init as Headers).forEach((value, name) => entries.push([name, value]));
    return entries;
  }
  return Object.entries(init as Record<string, string>);
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || isNativeBody(body)) return body as BodyInit;
  return JSON.stringify(body);
}

function isNativeBody(body: unknown): boolean {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** Rejects as soon as the signal aborts, even if the underlying promise ignores the signal. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
