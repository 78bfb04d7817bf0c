/**
 * The API client every screen uses, so every call follows the same rules: the
 * wire rules of http-request plus the session rules — send the bearer token,
 * refresh it first when it is about to expire, and sign out on a 401 (the
 * session has ended on the server). 403, 5xx and network failures never sign
 * out: the person is still who they were, the call just failed.
 */
import { ApiError } from '@callboard/shared-auth/api-error';
import {
  sendRequest,
  type HttpRequestOptions,
  type HttpResult,
  type QueryParams,
  type ResponseReader,
} from '@callboard/shared-auth/http-request';
import { clearSession, tokenAtom, type Store } from '@callboard/shared-auth/session';
import { ensureFreshToken } from '@callboard/shared-auth/token-refresh';

export { ApiError, type ApiErrorKind } from '@callboard/shared-auth/api-error';
export type { QueryParams, QueryValue } from '@callboard/shared-auth/http-request';

export interface ApiFetchOptions extends HttpRequestOptions {
  /** Default true. The login request sets false: its 401 means "wrong password", not "session ended". */
  signOutOn401?: boolean;
  /** Default true. Calls that need no live token (login, register, logout) skip the refresh-before-send. */
  refreshIfExpiring?: boolean;
}

export interface ApiDownloadOptions extends ApiFetchOptions {
  /** Used when the response names no file. Default "download". */
  fallbackFilename?: string;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** An export of a large range streams for minutes (docs/decisions/0006-export-pacing.md), so downloads get far longer than JSON's 30 s. */
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

/** A JSON call; resolves to the parsed body (null when empty), throws ApiError otherwise. */
export async function apiFetch<T = unknown>(store: Store, path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { data } = await sendWithSession<T>(store, path, options, 'json');
  return data;
}

/** A file response (the export endpoints): the body as a Blob and the name from Content-Disposition. */
export async function apiDownload(store: Store, path: string, options: ApiDownloadOptions = {}): Promise<DownloadedFile> {
  const { fallbackFilename = 'download', timeoutMs = DEFAULT_DOWNLOAD_TIMEOUT_MS, ...rest } = options;
  const { data, response } = await sendWithSession<Blob>(store, path, { ...rest, timeoutMs }, 'blob');
  return { blob: data, filename: filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackFilename };
}

/** SWR keys: a path, or [path, query] so the query is part of the cache key. */
export type ApiKey = string | readonly [path: string, query?: QueryParams];

/** The fetcher for `<SWRConfig value={{ fetcher: swrFetcher(store) }}>`. */
export function swrFetcher(store: Store): <T = unknown>(key: ApiKey) => Promise<T> {
  return <T = unknown>(key: ApiKey): Promise<T> => {
    const [path, query] = typeof key === 'string' ? [key, undefined] : key;
    return apiFetch<T>(store, path, { query });
  };
}

/**
 * `attachment; filename="x.csv"` or RFC 5987 `filename*=UTF-8''x%20y.csv`
 * (preferred when both are given). Only the last path segment is kept, so a
 * hostile header cannot name a path.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim().replace(/^"(.*)"$/, '$1');
  const encoded = extended ? /^[\w!#$%&+^`{}~-]*'[^']*'(.*)$/.exec(extended)?.[1] : undefined;
  if (encoded !== undefined) {
    try {
      const name = baseName(decodeURIComponent(encoded));
      if (name) return name;
    } catch {
      // Malformed percent-encoding: fall back to the plain filename parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  const name = value ? baseName(value) : '';
  return name || null;
}

function baseName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').trim();
}

async function sendWithSession<T>(
  store: Store,
  path: string,
  options: ApiFetchOptions,
  reader: ResponseReader,
): Promise<HttpResult<T>> {
  const { signOutOn401 = true, refreshIfExpiring = true, ...request } = options;
  if (refreshIfExpiring) await ensureFreshToken(store);
  const token = store.get(tokenAtom);
  try {
    return await sendRequest<T>(path, request, token, reader);
  } catch (error) {
    // A 401 signs out — but only the session that sent the request; one started since (a new login) stays.
    if (signOutOn401 && error instanceof ApiError && error.status === 401 && token !== null && store.get(tokenAtom) === token) {
      clearSession(store);
    }
    throw error;
  }
}
