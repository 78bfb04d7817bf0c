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
  const { data, error, isLoading } = useSWR(id ? callDetailPath(id) : null, (path: string) => apiFetch<CallDetailResponse>(path), {
    keepPreviousData: false,
  });
  return { detail: data?.data, error: error as unknown, isLoading };
}
