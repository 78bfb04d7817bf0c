import type { ApiSuccess, CallDetail } from '@callboard/contract';
import { useApiFetch, type BoundApiFetch } from '@callboard/shared-auth/use-session';
import useSWR from 'swr';

export type CallDetailResponse = ApiSuccess<CallDetail>;

export function callDetailPath(id: string): string {
  return `/api/calls/records/${encodeURIComponent(id)}`;
}

/** A string key (the path), as the shell's global fetcher reads it; null while no call is open. */
export function callDetailKey(id: string | undefined): string | null {
  return id ? callDetailPath(id) : null;
}

export function fetchCallDetail(apiFetch: BoundApiFetch, path: string): Promise<CallDetailResponse> {
  return apiFetch<CallDetailResponse>(path);
}

export interface CallDetailState {
  detail: CallDetail | undefined;
  error: unknown;
  isLoading: boolean;
}

/** One call with its audit history (GET /api/calls/records/{id}); nothing is fetched without an id. */
export function useCallDetail(id: string | undefined): CallDetailState {
  const apiFetch = useApiFetch();
  const swr = useSWR(callDetailKey(id), (path: string) => fetchCallDetail(apiFetch, path), {
    keepPreviousData: false,
  });
  const { data, isLoading } = swr;
  // SWR types a failure as `any`; it is whatever the fetcher threw.
  const error: unknown = swr.error;
  return { detail: data?.data, error, isLoading };
}
