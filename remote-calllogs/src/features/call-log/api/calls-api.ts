/**
 * The calls endpoints the log reads and writes, each declared once: its path,
 * its query and the function that calls it. Money, statuses and the audit
 * come as the contract describes them; nothing here reshapes the answers.
 */
import {
  type ApiSuccess,
  type BulkUpdateBody,
  type CallDetail,
  type RecordsResponse,
} from '@callboard/contract';
import type { BoundApiFetch } from '@callboard/shared-auth/use-session';
import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';

export const RECORDS_PATH = '/api/calls/records';
export const BULK_UPDATE_PATH = '/api/calls/bulk-update';

/**
 * Rows per request. Larger than the records table's 25: a log is read by
 * scrolling, and fewer round trips keep the scroll smooth; well under the
 * API's maximum of 200 so a page still answers fast.
 */
export const LOG_PAGE_SIZE = 50;

export function callDetailPath(id: string): string {
  return `${RECORDS_PATH}/${encodeURIComponent(id)}`;
}

/**
 * The query for one page of the log. The log is always newest first whatever
 * the records view's sort is: it is a feed, and "new calls on top" only makes
 * sense in that order.
 */
export function logPageQuery(filters: FilterQuery, page: number): FilterQuery {
  return { ...filters, page, limit: LOG_PAGE_SIZE, sortBy: 'callTimestamp', sortDir: 'desc' };
}

/** One answer of the records endpoint, stamped with when it arrived so the freshest copy of a call wins. */
export interface LogPage extends RecordsResponse {
  receivedAt: number;
}

/** Strips undefined values: the client's QueryParams type does not take them. */
function asQuery(query: FilterQuery): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

export async function fetchLogPage(apiFetch: BoundApiFetch, filters: FilterQuery, page: number): Promise<LogPage> {
  const answer = await apiFetch<RecordsResponse>(RECORDS_PATH, { query: asQuery(logPageQuery(filters, page)) });
  return { ...answer, receivedAt: Date.now() };
}

export type CallDetailResponse = ApiSuccess<CallDetail>;

export type BulkUpdateResponse = ApiSuccess<{ updated: number }>;

export function bulkUpdate(apiFetch: BoundApiFetch, body: BulkUpdateBody): Promise<BulkUpdateResponse> {
  return apiFetch<BulkUpdateResponse>(BULK_UPDATE_PATH, { method: 'PUT', body });
}

/**
 * Whether a cached SWR key holds data a re-disposition changes: a call's
 * detail and the records pages (here and in Reporting), the stats cards, and
 * the cost figures (cost per sale counts Sales). Keys are a path or `[path, query]`.
 */
export function dependsOnDispositions(key: unknown): boolean {
  const path = typeof key === 'string' ? key : Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null;
  if (path === null) return false;
  return path.startsWith(RECORDS_PATH) || path.startsWith('/api/stats') || path.startsWith('/api/cost/');
}
