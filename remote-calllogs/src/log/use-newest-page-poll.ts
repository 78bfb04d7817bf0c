import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import useSWR from 'swr';
import { fetchLogPage, type LogPage } from '../api/calls-api';

/** Its own key, apart from the records pages, so a poll never stands in for a page another screen cached. */
const POLL_KEY = 'calllogs/newest-page';

/**
 * Page 1 of the log, fetched every `intervalMs` while Auto Refresh is on
 * (0 stops it). Not on mount: the log has just loaded page 1 itself. SWR
 * pauses the polling while the tab is hidden or offline.
 *
 * SWR's polling dedupes against the last request within `dedupingInterval`,
 * which the shell sets to 30 s for its cache rules: left alone, a 5 s or 15 s
 * interval would really poll every 30 s. Polls are never duplicates of each other.
 */
export function useNewestPagePoll(filters: FilterQuery, intervalMs: number): LogPage | undefined {
  const apiFetch = useApiFetch();
  const { data } = useSWR(
    intervalMs > 0 ? ([POLL_KEY, filters] as const) : null,
    ([, query]) => fetchLogPage(apiFetch, query, 1),
    {
      refreshInterval: intervalMs,
      revalidateOnMount: false,
      revalidateIfStale: false,
      revalidateOnFocus: false,
      keepPreviousData: false,
      shouldRetryOnError: false,
      dedupingInterval: 0,
    },
  );
  return data;
}
