/**
 * One call with its audit history, read the same way by Reporting's details
 * dialog and Call Logs' detail panel, so both share one cached answer.
 */
import { callRecordPath, type ApiSuccess, type CallDetail } from '@callboard/contract';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import useSWR from 'swr';

export type CallDetailResponse = ApiSuccess<CallDetail>;

/**
 * A string key (the path), as the shell's global fetcher reads it; null while no call is open.
 * With a transcript search, the path asks for the words it matches (`?q=`): still under the
 * call's path, so a re-disposition's revalidation (call-keys.ts) reaches it.
 */
export function callDetailKey(id: string | null | undefined, q = ''): string | null {
  if (!id) return null;
  const search = q.trim();
  return search === '' ? callRecordPath(id) : `${callRecordPath(id)}?${new URLSearchParams({ q: search }).toString()}`;
}

export interface CallDetailState {
  detail: CallDetail | undefined;
  error: unknown;
  isLoading: boolean;
}

/**
 * The call `id` (nothing is fetched without one), with the words `q` (the
 * transcript search in force) matches in its texts (`detail.matches`). Never the previous call's
 * answer while the next loads: Call Logs walks from call to call with the
 * panel open, and a stale history beside a new call would lie.
 */
export function useCallDetail(id: string | null | undefined, q = ''): CallDetailState {
  const apiFetch = useApiFetch();
  const swr = useSWR(callDetailKey(id, q), (path: string) => apiFetch<CallDetailResponse>(path), {
    keepPreviousData: false,
  });
  const { data, isLoading } = swr;
  // SWR types a failure as `any`; it is whatever the fetcher threw.
  const error: unknown = swr.error;
  return { detail: data?.data, error, isLoading };
}
