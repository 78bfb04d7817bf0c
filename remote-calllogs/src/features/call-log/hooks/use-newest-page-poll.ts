import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { usePollOptions } from '@callboard/shared-ui/use-poll-options';
import useSWR from 'swr';
import { fetchLogPage, type LogPage } from '../api/calls-api';

/** Its own key, apart from the records pages, so a poll never stands in for a page another screen cached. */
const POLL_KEY = 'calllogs/newest-page';

/**
 * Page 1 of the log, fetched at the Auto Refresh interval while it is on
 * (usePollOptions, which also keeps SWR's 30 s deduping window from
 * swallowing 5 s and 15 s polls). Not on mount: the log has just loaded page
 * 1 itself. SWR pauses the polling while the tab is hidden or offline.
 */
export function useNewestPagePoll(filters: FilterQuery): LogPage | undefined {
  const apiFetch = useApiFetch();
  const poll = usePollOptions();
  const { data } = useSWR(
    poll.refreshInterval > 0 ? ([POLL_KEY, filters] as const) : null,
    ([, query]) => fetchLogPage(apiFetch, query, 1),
    {
      ...poll,
      revalidateOnMount: false,
      revalidateIfStale: false,
      revalidateOnFocus: false,
      keepPreviousData: false,
      shouldRetryOnError: false,
    },
  );
  return data;
}
