/**
 * The deliveries log as the Deliveries tab reads it (GET /api/deliveries with its filters and page, one
 * delivery with its attempts) and replays one (POST replay: a new delivery, the same payload and webhook-id).
 * The filters and the page live in the address, so a link opens the same view.
 */
import {
  DELIVERIES_PATH,
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  deliveryPath,
  replayDeliveryPath,
  type DeliveriesPage,
  type Delivery,
  type DeliveryChannel,
  type DeliveryDetail,
  type DeliveryStatus,
} from '@callboard/contract/delivery';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useAdminRequest, type Answer } from '../../admin-tools/admin-request';

export const DELIVERIES_PAGE_SIZE = 25;

export interface DeliveryFilters {
  status: DeliveryStatus | null;
  channel: DeliveryChannel | null;
  endpoint: string | null;
  page: number;
  /** The delivery open in the attempts dialog. */
  open: string | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => ((values as readonly string[]).includes(value ?? '') ? (value as T) : null);

/** The filters an address holds; anything it holds that is not one is left out. */
export function readDeliveryFilters(search: URLSearchParams): DeliveryFilters {
  const page = Number(search.get('page'));
  return {
    status: oneOf(DELIVERY_STATUSES, search.get('status')),
    channel: oneOf(DELIVERY_CHANNELS, search.get('channel')),
    endpoint: search.get('endpoint') || null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    open: search.get('open') || null,
  };
}

/** The address's query for these filters: only what is chosen, page 1 left out. */
export function deliveryFiltersSearch(filters: DeliveryFilters): string {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.channel) search.set('channel', filters.channel);
  if (filters.endpoint) search.set('endpoint', filters.endpoint);
  if (filters.page > 1) search.set('page', String(filters.page));
  if (filters.open) search.set('open', filters.open);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function useDeliveries(filters: DeliveryFilters) {
  const { status, channel, endpoint, page } = filters;
  const query = { page, limit: DELIVERIES_PAGE_SIZE, ...(status ? { status } : {}), ...(channel ? { channel } : {}), ...(endpoint ? { endpoint } : {}) };
  return useSWR<DeliveriesPage, Error>([DELIVERIES_PATH, query]);
}

export function useDelivery(id: string | null) {
  return useSWR<Answer<DeliveryDetail>, Error>(id ? deliveryPath(id) : null);
}

export function useReplay() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const { run, pending } = useAdminRequest();
  // The log's every page and the replayed delivery itself: the new one is listed first.
  const refresh = useCallback(() => mutate((key) => (Array.isArray(key) && key[0] === DELIVERIES_PATH) || (typeof key === 'string' && key.startsWith(DELIVERIES_PATH))), [mutate]);
  const replay = useCallback(
    (delivery: Delivery) => run(() => apiFetch<Answer<Delivery>>(replayDeliveryPath(delivery.id), { method: 'POST' }), { success: 'Delivery queued again', failure: 'Failed to replay the delivery', then: refresh }),
    [apiFetch, run, refresh],
  );
  return { replay, pending };
}
