/**
 * The calls endpoints the log reads and writes: the query of a log page and
 * the functions that call them (the paths are the contract's API_PATHS).
 * Money, statuses and the audit come as the contract describes them; nothing
 * here reshapes the answers.
 */
import {
  API_PATHS,
  type ApiSuccess,
  type BulkUpdateBody,
  type BulkUpdateResult,
  type CallRecord,
  type RecordsCursorMeta,
  type RecordsCursorResponse,
} from '@callboard/contract';
import type { BoundApiFetch } from '@callboard/shared-auth/use-session';
import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';

/**
 * Rows per request. Larger than the records table's 25: a log is read by
 * scrolling, and fewer round trips keep the scroll smooth; well under the
 * API's maximum of 200 so a page still answers fast.
 */
export const LOG_PAGE_SIZE = 50;

/**
 * Where a page of the log starts: the first page (the newest calls), or the
 * place after which a page goes on (a cursor from the page above it).
 */
export interface LogPageStart {
  cursor: string | null;
}

/**
 * The query for one page of the log. The log is always newest first whatever
 * the records view's sort is: it is a feed, and "new calls on top" only makes
 * sense in that order. Below the first page it pages by cursor
 * (contract/src/records-cursor.ts): calls arriving above never shift it.
 */
export function logPageQuery(filters: FilterQuery, start: LogPageStart, limit = LOG_PAGE_SIZE): FilterQuery {
  const position = start.cursor === null ? { page: 1 } : { cursor: start.cursor };
  return { ...filters, ...position, limit, sortBy: 'callTimestamp', sortDir: 'desc' };
}

/** One answer of the records endpoint, with where it started and when it arrived (the freshest copy of a call wins). */
export interface LogPage {
  /** The cursor it was asked with; null for the first page. */
  cursor: string | null;
  data: CallRecord[];
  meta: RecordsCursorMeta;
  receivedAt: number;
}

export async function fetchLogPage(apiFetch: BoundApiFetch, filters: FilterQuery, start: LogPageStart, limit = LOG_PAGE_SIZE): Promise<LogPage> {
  const answer = await apiFetch<RecordsCursorResponse>(API_PATHS.records, { query: logPageQuery(filters, start, limit) });
  return { cursor: start.cursor, data: answer.data, meta: answer.meta, receivedAt: Date.now() };
}

export type BulkUpdateResponse = ApiSuccess<BulkUpdateResult>;

export function bulkUpdate(apiFetch: BoundApiFetch, body: BulkUpdateBody): Promise<BulkUpdateResponse> {
  return apiFetch<BulkUpdateResponse>(API_PATHS.bulkUpdate, { method: 'PUT', body });
}

