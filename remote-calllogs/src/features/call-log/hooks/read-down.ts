/**
 * Reading the log down from its newest call until the answers reach rows it
 * already shows. A poll of the newest page that shares nothing with the log
 * (more calls arrived than a page holds), and a reload of a log that took in
 * many arrivals, both leave a stretch between the newest calls and the rows
 * below; reading it by cursor (contract/src/records-cursor.ts) down to where
 * the rows are fills it exactly, where starting over would drop every row
 * read so far.
 */
import { RECORDS_MAX_LIMIT, type CallRecord } from '@callboard/contract';
import type { BoundApiFetch } from '@callboard/shared-auth/use-session';
import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { fetchLogPage, type LogPage } from '../api/calls-api';
import { newestFirst } from './merge-calls';

/**
 * At most this many pages of RECORDS_MAX_LIMIT (5,000 calls) are read to
 * reach the rows: past that the log starts over from the newest page instead.
 */
export const READ_DOWN_MAX_PAGES = 25;

/**
 * Whether calls read down from the newest have reached `row`: they hold it, or
 * a call no newer than it (it may have left the filters since it was shown).
 */
export function reaches(calls: readonly CallRecord[], row: CallRecord): boolean {
  return calls.some((call) => call.id === row.id || newestFirst(call, row) >= 0);
}

/**
 * The pages from the newest call down to `row` (or to the last call), the
 * first being `first` when it was read already (a poll). Null when that takes
 * more than READ_DOWN_MAX_PAGES more pages.
 */
export async function readDownTo(apiFetch: BoundApiFetch, filters: FilterQuery, row: CallRecord, first?: LogPage): Promise<LogPage[] | null> {
  const pages = [first ?? (await fetchLogPage(apiFetch, filters, { cursor: null }, RECORDS_MAX_LIMIT))];
  for (let read = 0; ; read += 1) {
    const last = pages[pages.length - 1] as LogPage;
    if (reaches(last.data, row) || last.meta.nextCursor === null) return pages;
    if (read === READ_DOWN_MAX_PAGES) return null;
    pages.push(await fetchLogPage(apiFetch, filters, { cursor: last.meta.nextCursor }, RECORDS_MAX_LIMIT));
  }
}
