import { useApiFetch } from '@callboard/shared-auth/use-session';
import useSWR from 'swr';
import { callDetailPath, type CallDetailResponse } from '../../call-log/api/calls-api';

/**
 * One call with its audit history. The key is the path, as the shell's
 * fetcher and Reporting's detail read it, so both share one cached answer.
 * Never the previous call's answer while the next loads: j/k walk through
 * calls with the panel open, and a stale history beside a new call would lie.
 */
export function useCallDetail(id: string | null) {
  const apiFetch = useApiFetch();
  const swr = useSWR(id ? callDetailPath(id) : null, (path: string) => apiFetch<CallDetailResponse>(path), {
    keepPreviousData: false,
  });
  const { data, isLoading } = swr;
  // SWR types a failure as `any`; it is whatever the fetcher threw.
  const error: unknown = swr.error;
  return { detail: data?.data, error, isLoading };
}
