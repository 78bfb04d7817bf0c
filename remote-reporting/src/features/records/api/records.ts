import { API_PATHS, type CallRecord, type RecordsMeta, type RecordsResponse } from '@callboard/contract';
import { recordsKey } from '@callboard/shared-auth/data/call-keys';
import { useApiFetch, type BoundApiFetch } from '@callboard/shared-auth/use-session';
import { recordsParamsAtom, type FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { usePollOptions } from '@callboard/shared-ui/use-poll-options';
import { useAtomValue } from 'jotai';
import { useRef } from 'react';
import useSWR from 'swr';

export function fetchRecords(apiFetch: BoundApiFetch, params: FilterQuery): Promise<RecordsResponse> {
  return apiFetch<RecordsResponse>(API_PATHS.records, { query: params });
}

export interface RecordsState {
  /** The rows to draw: the current query's, or while it loads the last answered query's (so the table does not jump). */
  rows: CallRecord[];
  meta: RecordsMeta | undefined;
  /** Whether `rows` answer the current query (false while a new page or filter loads, and after it failed). */
  current: boolean;
  error: unknown;
  isLoading: boolean;
}

/**
 * A page of call records for the current filters, page and sort,
 * polled at the refresh interval while Auto Refresh is on.
 *
 * SWR's keepPreviousData is off on purpose and done here instead: SWR would
 * keep showing the previous query's rows after the new one failed, as if they
 * answered it; here they stay only while the new query is loading.
 */
export function useRecords(): RecordsState {
  const params = useAtomValue(recordsParamsAtom);
  const poll = usePollOptions();
  const apiFetch = useApiFetch();
  const swr = useSWR(recordsKey(params), ([, query]) => fetchRecords(apiFetch, query), {
    ...poll,
    keepPreviousData: false,
  });
  const { data, isLoading } = swr;
  // SWR types a failure as `any`; it is whatever the fetcher threw.
  const error: unknown = swr.error;
  const lastAnswer = useRef<RecordsResponse | undefined>(undefined);
  if (data !== undefined) lastAnswer.current = data;
  const shown = data ?? (isLoading ? lastAnswer.current : undefined);
  return { rows: shown?.data ?? [], meta: shown?.meta, current: data !== undefined, error, isLoading };
}
