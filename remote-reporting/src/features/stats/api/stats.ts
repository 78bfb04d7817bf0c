import { API_PATHS, type ApiSuccess, type StatsData } from '@callboard/contract';
import { statsKey } from '@callboard/shared-auth/data/call-keys';
import { useApiFetch, type BoundApiFetch } from '@callboard/shared-auth/use-session';
import { filterParamsAtom, type FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { usePollOptions } from '@callboard/shared-ui/use-poll-options';
import { useAtomValue } from 'jotai';
import useSWR from 'swr';

export type StatsResponse = ApiSuccess<StatsData>;

export function fetchStats(apiFetch: BoundApiFetch, params: FilterQuery): Promise<StatsResponse> {
  return apiFetch<StatsResponse>(API_PATHS.stats, { query: params });
}

export interface StatsState {
  stats: StatsData | undefined;
  error: unknown;
  /** No answer yet for the current filters (first load, or a filter just changed). */
  isLoading: boolean;
}

/**
 * The stats of the current filters: fetched on every mount, again
 * whenever a filter changes (the key holds them), and on the interval while
 * Auto Refresh is on. The previous filters' figures are never shown for the
 * new ones: the cards show spinners until the new answer arrives.
 */
export function useStats(): StatsState {
  const params = useAtomValue(filterParamsAtom);
  const poll = usePollOptions();
  const apiFetch = useApiFetch();
  const swr = useSWR(statsKey(params), ([, query]) => fetchStats(apiFetch, query), {
    ...poll,
    revalidateOnMount: true,
    keepPreviousData: false,
  });
  const { data, isLoading } = swr;
  // SWR types a failure as `any`; it is whatever the fetcher threw.
  const error: unknown = swr.error;
  return { stats: data?.data, error, isLoading };
}
