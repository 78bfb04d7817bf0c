import type { ApiSuccess } from '@callboard/contract';
import { DISPUTE_WINDOWS_PATH, disputeWindowPath, type DisputeWindow, type DisputeWindowBody } from '@callboard/contract/disputes';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';

/** A call's disputes and eligibility (GET disputesOfCallPath), whose `windowDays` follows the buyer's window. */
const isCallDisputesKey = (key: unknown) => typeof key === 'string' && /^\/api\/calls\/[^/]+\/disputes$/.test(key);

/**
 * Every buyer's dispute window (GET DISPUTE_WINDOWS_PATH, the network's people), by name; nothing is fetched
 * until `enabled` (the dialog is open). `save` sets one buyer's window (PUT disputeWindowPath, an admin), puts
 * the answer in the list, and has every open call's eligibility read again; it throws the ApiError.
 */
export function useDisputeWindows(enabled: boolean) {
  const apiFetch = useApiFetch();
  const { mutate: mutateAll } = useSWRConfig();
  const swr = useSWR(enabled ? DISPUTE_WINDOWS_PATH : null, (path: string) => apiFetch<ApiSuccess<DisputeWindow[]>>(path));
  const { mutate } = swr;
  const save = useCallback(
    async (buyerId: number, days: number) => {
      const body: DisputeWindowBody = { days };
      const answer = await apiFetch<ApiSuccess<DisputeWindow>>(disputeWindowPath(buyerId), { method: 'PUT', body });
      const saved = answer.data;
      await mutate((current) => current && { ...current, data: current.data.map((row) => (row.buyerId === saved.buyerId ? saved : row)) }, { revalidate: false });
      void mutateAll(isCallDisputesKey).catch(() => undefined);
      return saved;
    },
    [apiFetch, mutate, mutateAll],
  );
  const error: unknown = swr.error;
  return { windows: swr.data?.data, error, isLoading: swr.isLoading, reload: swr.mutate, save };
}
