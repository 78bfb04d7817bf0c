/**
 * The calls endpoints the log reads and writes: the query of a log page and
 * the functions that call them (the paths are the contract's API_PATHS).
 * Money, statuses and the audit come as the contract describes them; nothing
 * here reshapes the answers.
 */
import { API_PATHS, type ApiSuccess, type BulkUpdateBody, type BulkUpdateResult, type RecordsResponse } from '@callboard/contract';
import type { BoundApiFetch } from '@callboard/shared-auth/use-session';
import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';

/**
 * Rows per request. Larger than the records table's 25: a log is read by
 * scrolling, and fewer round trips keep the scroll smooth; well under the
 * API's maximum of 200 so a page still answers fast.
 */
export const LOG_PAGE_SIZE = 50;

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
export async function fetchLogPage(apiFetch: BoundApiFetch, filters: FilterQuery, page: number): Promise<LogPage> {
  const answer = await apiFetch<RecordsResponse>(API_PATHS.records, { query: logPageQuery(filters, page) });
  return { ...answer, receivedAt: Date.now() };
}

export type BulkUpdateResponse = ApiSuccess<BulkUpdateResult>;

export function bulkUpdate(apiFetch: BoundApiFetch, body: BulkUpdateBody): Promise<BulkUpdateResponse> {
  return apiFetch<BulkUpdateResponse>(API_PATHS.bulkUpdate, { method: 'PUT', body });
}

