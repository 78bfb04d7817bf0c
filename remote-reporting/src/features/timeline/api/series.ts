import { API_PATHS, type ApiSuccess, type SeriesData } from '@callboard/contract';
import { seriesKey } from '@callboard/shared-auth/data/call-keys';
import { useApiFetch, type BoundApiFetch } from '@callboard/shared-auth/use-session';
import { filterParamsAtom, type FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { usePollOptions } from '@callboard/shared-ui/use-poll-options';
import { useAtomValue } from 'jotai';
import useSWR from 'swr';

export type SeriesResponse = ApiSuccess<SeriesData>;

/** The bucket size is left to the API (`auto`): it picks hours, days or weeks from the range's length. */
export function fetchSeries(apiFetch: BoundApiFetch, params: FilterQuery): Promise<SeriesResponse> {
  return apiFetch<SeriesResponse>(API_PATHS.series, { query: params });
}

export interface SeriesState {
  series: SeriesData | undefined;
  error: unknown;
  /** No answer yet for the current filters (first load, or a filter just changed). */
  isLoading: boolean;
  retry: () => void;
}

/**
 * The timeline of the current filters, under the same rules as the stats
 * cards (features/stats/api/stats.ts): refetched whenever a filter changes,
 * on live changes or the interval while Auto Refresh is on, and never showing
 * the previous filters' bars for the new ones.
 */
export function useSeries(): SeriesState {
  const params = useAtomValue(filterParamsAtom);
  const poll = usePollOptions();
  const apiFetch = useApiFetch();
  const swr = useSWR(seriesKey(params), ([, query]) => fetchSeries(apiFetch, query), {
    ...poll,
    revalidateOnMount: true,
    keepPreviousData: false,
  });
  const { data, isLoading, mutate } = swr;
  // SWR types a failure as `any`; it is whatever the fetcher threw.
  const error: unknown = swr.error;
  return { series: data?.data, error, isLoading, retry: () => void mutate() };
}
