import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { useLiveStatus, useOnCallsChanged } from '@callboard/shared-auth/use-live-events';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { usePollOptions } from '@callboard/shared-ui/use-poll-options';
import useSWR from 'swr';
import { fetchLogPage, type LogPage } from '../api/calls-api';

/** Its own key, apart from the records pages, so a poll never stands in for a page another screen cached. */
const POLL_KEY = 'calllogs/newest-page';

/**
 * While live, the newest page is fetched at most this often: a new call shows within
 * a second of its delivery, and a burst of deliveries costs a few requests, not one each.
 */
export const LOG_LIVE_MIN_GAP_MS = 500;

/**
 * Page 1 of the log, fetched again whenever the calls change while the live
 * stream is open; while it is down, at the Auto Refresh interval if that is on
 * (usePollOptions, which also keeps SWR's 30 s deduping window from
 * swallowing 5 s and 15 s polls). Not on mount: the log has just loaded page
 * 1 itself. SWR pauses the polling while the tab is hidden or offline.
 */
export function useNewestPagePoll(filters: FilterQuery): LogPage | undefined {
  const apiFetch = useApiFetch();
  const live = useLiveStatus() === 'live';
  const { refreshInterval, dedupingInterval } = usePollOptions();
  const { data, mutate } = useSWR(
    live || refreshInterval > 0 ? ([POLL_KEY, filters] as const) : null,
    ([, query]) => fetchLogPage(apiFetch, query, { cursor: null }),
    {
      refreshInterval,
      dedupingInterval,
      revalidateOnMount: false,
      revalidateIfStale: false,
      revalidateOnFocus: false,
      keepPreviousData: false,
      shouldRetryOnError: false,
    },
  );
  useOnCallsChanged(() => void mutate(), live, LOG_LIVE_MIN_GAP_MS);
  return data;
}
