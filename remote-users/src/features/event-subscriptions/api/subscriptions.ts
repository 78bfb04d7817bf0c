/**
 * Event subscriptions as the Event subscriptions tab reads and changes them (contract/src/event-subscriptions.ts,
 * GET|POST /api/event-subscriptions and each one's PUT and DELETE), and the sources a subscription may be
 * narrowed to, by name (GET /api/filters/{dimension}, as the pickers read them).
 */
import { filterOptionsPath, PICKER_LIST_LIMIT, type FilterDimension, type FilterOption } from '@callboard/contract';
import {
  EVENT_SUBSCRIPTIONS_PATH,
  eventSubscriptionPath,
  type EventSubscription,
  type EventSubscriptionBody,
} from '@callboard/contract/event-subscriptions';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useAdminRequest, type Answer } from '../../admin-tools/admin-request';

export const SUBSCRIPTIONS_TEXT = {
  loadFailed: 'Failed to load event subscriptions',
  saveFailed: 'Failed to save the subscription',
  deleteFailed: 'Failed to delete the subscription',
} as const;

export function useSubscriptions() {
  return useSWR<Answer<EventSubscription[]>, Error>(EVENT_SUBSCRIPTIONS_PATH);
}

/** The counts beside each source are its calls over the last 30 days: the busy ones come first. */
const SOURCE_COUNTS_PRESET = 'last_30_days';

type Options = Answer<Partial<Record<FilterDimension, FilterOption[]>>>;

/** One dimension's sources whose name holds `search` (busiest first), read only while `enabled`. */
export function useSourceOptions(dimension: FilterDimension, search: string, enabled: boolean) {
  const key = enabled ? ([filterOptionsPath(dimension), { datePreset: SOURCE_COUNTS_PRESET, search: search.trim() || undefined, limit: PICKER_LIST_LIMIT }] as const) : null;
  const swr = useSWR<Options, Error>(key);
  return { options: swr.data?.data[dimension] ?? [], isLoading: swr.isLoading, error: swr.error };
}

/** The names of the sources `ids` (by id), asked for once; an id with no calls left keeps no name. */
export function useSourceNames(dimension: FilterDimension, ids: readonly number[]): ReadonlyMap<string, string> {
  const key = ids.length === 0 ? null : ([filterOptionsPath(dimension), { datePreset: SOURCE_COUNTS_PRESET, ids: [...ids].sort((a, b) => a - b).join(',') }] as const);
  const options = useSWR<Options, Error>(key).data?.data[dimension];
  return useMemo(() => new Map((options ?? []).map((option) => [option.value, option.label])), [options]);
}

export function useSubscriptionActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const { run, pending } = useAdminRequest();
  const refresh = useCallback(() => mutate(EVENT_SUBSCRIPTIONS_PATH), [mutate]);

  const save = useCallback(
    (id: string | null, body: EventSubscriptionBody) =>
      run(() => apiFetch<Answer<EventSubscription>>(id ? eventSubscriptionPath(id) : EVENT_SUBSCRIPTIONS_PATH, { method: id ? 'PUT' : 'POST', body }), {
        success: id ? 'Subscription saved' : 'Subscription added',
        failure: SUBSCRIPTIONS_TEXT.saveFailed,
        toastFieldErrors: false,
        then: refresh,
      }),
    [apiFetch, run, refresh],
  );

  const remove = useCallback(
    (id: string) =>
      run(() => apiFetch<Answer<null>>(eventSubscriptionPath(id), { method: 'DELETE' }), { success: 'Subscription deleted', failure: SUBSCRIPTIONS_TEXT.deleteFailed, then: refresh }),
    [apiFetch, run, refresh],
  );

  return useMemo(() => ({ save, remove, pending }), [save, remove, pending]);
}
