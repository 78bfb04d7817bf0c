/**
 * The cost endpoints, each read in one place: its SWR key and the hook that
 * reads it (the paths are the contract's API_PATHS). Keys are `[path, query]`, the shape the
 * shell's global fetcher takes, so the query is part of the cache key and a
 * filter change is a new request.
 */
import {
  API_PATHS,
  filterOptionsPath,
  PAYMENT_HISTORY_LIMIT,
  PICKER_LIST_LIMIT,
  type ApiSuccess,
  type Breakdown,
  type BreakdownGroup,
  type CostStats,
  type FilterOption,
  type Payment,
} from '@callboard/contract';
import { filterParamsAtom, type FilterQuery } from '@callboard/shared-ui/filter-atoms';
import { usePollOptions } from '@callboard/shared-ui/use-poll-options';
import { useAtomValue } from 'jotai';
import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';

type Key<Query> = readonly [path: string, query: Query];

export const costStatsKey = (filters: FilterQuery): Key<FilterQuery> => [API_PATHS.costStats, filters];

export const breakdownKey = (filters: FilterQuery, groupBy: BreakdownGroup): Key<FilterQuery & { groupBy: BreakdownGroup }> => [
  API_PATHS.costBreakdown,
  { ...filters, groupBy },
];

/**
 * The payment history follows the global publisher selection (the API filters
 * by publisher ids); payments have no calls, so the date range does not apply.
 */
export const paymentsKey = (publisher: string | undefined): Key<{ limit: number; publisher?: string }> => [
  API_PATHS.payments,
  publisher ? { limit: PAYMENT_HISTORY_LIMIT, publisher } : { limit: PAYMENT_HISTORY_LIMIT },
];

export const publisherOptionsKey: Key<{ limit: number }> = [filterOptionsPath('publishers'), { limit: PICKER_LIST_LIMIT }];

/** Cost figures for the current filters; polled while Auto Refresh is on. */
export function useCostStats() {
  const filters = useAtomValue(filterParamsAtom);
  return useSWR<ApiSuccess<CostStats>, Error>(costStatsKey(filters), usePollOptions());
}

/** The breakdown for the current filters, grouped as asked; polled while Auto Refresh is on. */
export function useCostBreakdown(groupBy: BreakdownGroup) {
  const filters = useAtomValue(filterParamsAtom);
  return useSWR<ApiSuccess<Breakdown>, Error>(breakdownKey(filters, groupBy), usePollOptions());
}

/** The newest payments (at most PAYMENT_HISTORY_LIMIT), narrowed to the selected publishers. */
export function usePayments() {
  const { publisher } = useAtomValue(filterParamsAtom);
  return useSWR<ApiSuccess<Payment[]>, Error>(paymentsKey(publisher));
}

/** Every publisher, for the payment dialog; loaded only while `enabled` (the dialog is open). */
export function usePublisherOptions(enabled: boolean) {
  return useSWR<ApiSuccess<{ publishers: FilterOption[] }>, Error>(enabled ? publisherOptionsKey : null);
}

/** Revalidates every cached payment list (whatever its publisher filter) after a write. */
export function useRevalidatePayments(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => Array.isArray(key) && key[0] === API_PATHS.payments), [mutate]);
}
