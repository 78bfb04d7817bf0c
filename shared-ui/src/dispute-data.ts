/**
 * Disputes as the screens read and change them (issue 35; docs/api.md, "Disputes"): a call's disputes with
 * whether one may be opened now, the queue's pages, and the three changes a screen makes (open, decide,
 * withdraw). Every change ends the same way: each cached dispute answer and every call answer a dispute touches
 * (the call's detail and history, the records' badges, the money in the figures) is revalidated.
 */
import { PICKER_LIST_LIMIT, filterOptionsPath, type ApiSuccess, type ExportFormat, type FilterOption } from '@callboard/contract';
import {
  DISPUTES_EXPORT_PATH,
  DISPUTES_PATH,
  disputeDecisionPath,
  disputesOfCallPath,
  disputeWithdrawPath,
  type CallDisputes,
  type DisputeChangeResult,
  type DisputeDecisionBody,
  type DisputesPage,
  type DisputesParams,
  type OpenDisputeBody,
} from '@callboard/contract/disputes';
import { dependsOnDispositions, keyPath } from '@callboard/shared-auth/data/call-keys';
import { useApiDownload, useApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { saveFile } from './save-file';

/** Whether a cached key holds disputes: the queue's pages, one dispute, or a call's disputes. */
export function isDisputeKey(key: unknown): boolean {
  const path = keyPath(key);
  if (path === null) return false;
  return path === DISPUTES_PATH || path.startsWith(`${DISPUTES_PATH}/`) || /^\/api\/calls\/[^/]+\/disputes$/.test(path);
}

/** Whether a dispute's event makes a cached answer stale: disputes, and every call answer (badges, money, history). */
export function staleAfterDisputeEvent(key: unknown): boolean {
  return isDisputeKey(key) || dependsOnDispositions(key);
}

/** Revalidates everything a dispute's event (or its undo) changed. */
export function useRefreshAfterDispute(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate(staleAfterDisputeEvent);
  }, [mutate]);
}

export interface CallDisputesState {
  data: CallDisputes | undefined;
  error: unknown;
  isLoading: boolean;
}

/** A call's disputes (newest first) and whether one may be opened on it now; nothing is fetched without a call. */
export function useCallDisputes(callId: string | null | undefined): CallDisputesState {
  const apiFetch = useApiFetch();
  const swr = useSWR(callId ? disputesOfCallPath(callId) : null, (path: string) => apiFetch<ApiSuccess<CallDisputes>>(path));
  const error: unknown = swr.error;
  return { data: swr.data?.data, error, isLoading: swr.isLoading };
}

/** The query of a page of the queue, as SWR's key holds it: only the params that are set. */
export type DisputesQuery = Partial<Record<keyof DisputesParams, string | number>>;

/** One page of disputes for the queue's filters. */
export function useDisputesPage(query: DisputesQuery) {
  const apiFetch = useApiFetch();
  const swr = useSWR([DISPUTES_PATH, query] as const, ([path, params]) => apiFetch<DisputesPage>(path, { query: params }), {
    keepPreviousData: true,
  });
  const error: unknown = swr.error;
  return { page: swr.data, error, isLoading: swr.isLoading, isValidating: swr.isValidating, reload: swr.mutate };
}

/** The three changes a screen makes to disputes; each answers the dispute as it now is, or throws the ApiError. */
export function useDisputeActions() {
  const apiFetch = useApiFetch();
  const refresh = useRefreshAfterDispute();
  const changed = useCallback(
    async (request: Promise<ApiSuccess<DisputeChangeResult>>) => {
      const answer = await request;
      void refresh().catch(() => undefined);
      return answer.data;
    },
    [refresh],
  );
  const open = useCallback(
    (callId: string, body: OpenDisputeBody) => changed(apiFetch(disputesOfCallPath(callId), { method: 'POST', body })),
    [apiFetch, changed],
  );
  const decide = useCallback(
    (id: string, body: DisputeDecisionBody) => changed(apiFetch(disputeDecisionPath(id), { method: 'POST', body })),
    [apiFetch, changed],
  );
  const withdraw = useCallback((id: string) => changed(apiFetch(disputeWithdrawPath(id), { method: 'POST' })), [apiFetch, changed]);
  return { open, decide, withdraw, refresh };
}

/** The queue's list as a CSV or XLSX file, for the same filters (GET DISPUTES_EXPORT_PATH), handed to the browser. */
export function useDisputesExport() {
  const apiDownload = useApiDownload();
  return useCallback(
    async (query: DisputesQuery, fmt: ExportFormat) => {
      const file = await apiDownload(DISPUTES_EXPORT_PATH, { query: { ...query, fmt }, fallbackFilename: `disputes.${fmt}` });
      saveFile(file.blob, file.filename);
    },
    [apiDownload],
  );
}

/** How far back the queue's buyer and publisher pickers look for names: disputes are of recent calls. */
const PICKER_RANGE = 'last_6_months';

/**
 * The buyers or publishers the queue's picker offers: those with calls in the last six months (the filters
 * API, which narrows a partner's to its own), by name.
 */
export function useDisputePickerOptions(dimension: 'buyers' | 'publishers', enabled: boolean): FilterOption[] {
  const apiFetch = useApiFetch();
  const swr = useSWR(enabled ? [filterOptionsPath(dimension), { datePreset: PICKER_RANGE, limit: PICKER_LIST_LIMIT }] as const : null, ([path, query]) =>
    apiFetch<ApiSuccess<Partial<Record<string, FilterOption[]>>>>(path, { query }),
  );
  const options = swr.data?.data[dimension];
  return Array.isArray(options) ? [...options].sort((a, b) => a.label.localeCompare(b.label)) : [];
}
