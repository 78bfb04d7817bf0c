import { API_PATHS, type ApiSuccess, type FilterOption } from '@callboard/contract';
import { useApiFetch, type BoundApiFetch } from '@callboard/shared-auth/use-session';
import { filterParamsAtom, type FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import useSWR from 'swr';

export type DispositionsResponse = ApiSuccess<{ dispositions: FilterOption[] }>;

/**
 * The API counts dispositions over every status whatever is chosen, so the
 * chosen dispositions (and statuses) are left out of the key: ticking a box
 * does not refetch the list it sits in.
 */
export function dispositionsQuery(params: FilterQuery): FilterQuery {
  const { disposition: _disposition, status: _status, ...rest } = params;
  return rest;
}

export function dispositionsKey(params: FilterQuery) {
  return [API_PATHS.dispositions, dispositionsQuery(params)] as const;
}

export function fetchDispositions(apiFetch: BoundApiFetch, params: FilterQuery): Promise<DispositionsResponse> {
  return apiFetch<DispositionsResponse>(API_PATHS.dispositions, { query: params });
}

export interface DispositionOptionsState {
  options: FilterOption[];
  error: unknown;
  isLoading: boolean;
}

/** The Dispositions dropdown's options with their counts under the current date range and selections. */
export function useDispositionOptions(): DispositionOptionsState {
  const params = useAtomValue(filterParamsAtom);
  const key = useMemo(() => dispositionsKey(params), [params]);
  const apiFetch = useApiFetch();
  const swr = useSWR(key, ([, query]) => fetchDispositions(apiFetch, query));
  const { data, isLoading } = swr;
  // SWR types a failure as `any`; it is whatever the fetcher threw.
  const error: unknown = swr.error;
  return { options: data?.data?.dispositions ?? [], error, isLoading };
}
