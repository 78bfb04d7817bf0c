/**
 * The delivery endpoints as the Delivery endpoints tab reads and changes them (contract/src/delivery.ts,
 * GET|POST /api/delivery-endpoints and each endpoint's PUT, DELETE, rotate-secret, resume and test).
 */
import {
  DELIVERY_ENDPOINTS_PATH,
  deliveryEndpointPath,
  deliveryPath,
  resumeEndpointPath,
  rotateEndpointSecretPath,
  testEndpointPath,
  type Delivery,
  type DeliveryEndpoint,
  type EndpointBody,
  type EndpointWithSecret,
} from '@callboard/contract/delivery';
import { useApiFetch, type BoundApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useAdminRequest, type Answer } from '../../admin-tools/admin-request';

export const ENDPOINTS_TEXT = {
  loadFailed: 'Failed to load delivery endpoints',
  saveFailed: 'Failed to save the endpoint',
  deleteFailed: 'Failed to delete the endpoint',
  rotateFailed: 'Failed to make a new secret',
  resumeFailed: 'Failed to resume the endpoint',
  testFailed: 'Failed to send the test message',
} as const;

export function useEndpoints() {
  return useSWR<Answer<DeliveryEndpoint[]>, Error>(DELIVERY_ENDPOINTS_PATH);
}

/** How long a test message is followed before the toast says to look in Deliveries: past the 10 s a webhook may take. */
export const TEST_FOLLOW_MS = 15_000;
export const TEST_POLL_MS = 1_000;

/** What a test message's toast says: sent, failed, to be tried again, or not tried yet when the toast must go. */
export function testOutcomeText(endpoint: Pick<DeliveryEndpoint, 'name'>, delivery: Delivery): { ok: boolean; text: string } {
  const code = delivery.lastStatusCode === null ? '' : ` (${delivery.lastStatusCode})`;
  if (delivery.status === 'sent') return { ok: true, text: `Test message delivered to ${endpoint.name}${code}` };
  const why = delivery.lastError ? `: ${delivery.lastError}` : '';
  if (delivery.status === 'failed') return { ok: false, text: `Test message to ${endpoint.name} failed${code}${why}` };
  if (delivery.status === 'pending') return { ok: true, text: `Test message to ${endpoint.name} is still on its way: see Deliveries for its outcome` };
  return { ok: false, text: `Test message to ${endpoint.name} did not go through${code}${why}; it is tried again (see Deliveries)` };
}

/** Asks for the delivery until it leaves `pending` or the time is up; the last answer either way. */
export async function followDelivery(apiFetch: BoundApiFetch, first: Delivery, waitMs = TEST_FOLLOW_MS, stepMs = TEST_POLL_MS): Promise<Delivery> {
  let delivery = first;
  const until = Date.now() + waitMs;
  while (delivery.status === 'pending' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    delivery = (await apiFetch<Answer<Delivery>>(deliveryPath(delivery.id))).data;
  }
  return delivery;
}

export function useEndpointActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const { run, pending } = useAdminRequest();
  const refresh = useCallback(() => mutate(DELIVERY_ENDPOINTS_PATH), [mutate]);

  const create = useCallback(
    (body: EndpointBody) =>
      run(() => apiFetch<Answer<EndpointWithSecret>>(DELIVERY_ENDPOINTS_PATH, { method: 'POST', body }), {
        success: 'Endpoint added',
        failure: ENDPOINTS_TEXT.saveFailed,
        toastFieldErrors: false,
        then: refresh,
      }),
    [apiFetch, run, refresh],
  );

  const update = useCallback(
    (id: string, body: Omit<EndpointBody, 'kind'>) =>
      run(() => apiFetch<Answer<DeliveryEndpoint>>(deliveryEndpointPath(id), { method: 'PUT', body }), {
        success: 'Endpoint saved',
        failure: ENDPOINTS_TEXT.saveFailed,
        toastFieldErrors: false,
        then: refresh,
      }),
    [apiFetch, run, refresh],
  );

  const remove = useCallback(
    (id: string) => run(() => apiFetch<Answer<null>>(deliveryEndpointPath(id), { method: 'DELETE' }), { success: 'Endpoint deleted', failure: ENDPOINTS_TEXT.deleteFailed, then: refresh }),
    [apiFetch, run, refresh],
  );

  const rotate = useCallback(
    (id: string) =>
      run(() => apiFetch<Answer<EndpointWithSecret>>(rotateEndpointSecretPath(id), { method: 'POST' }), {
        // The dialog showing the new secret says it; a toast over it would only repeat it.
        success: null,
        failure: ENDPOINTS_TEXT.rotateFailed,
        then: refresh,
      }),
    [apiFetch, run, refresh],
  );

  const resume = useCallback(
    (id: string) => run(() => apiFetch<Answer<DeliveryEndpoint>>(resumeEndpointPath(id), { method: 'POST' }), { success: 'Endpoint resumed', failure: ENDPOINTS_TEXT.resumeFailed, then: refresh }),
    [apiFetch, run, refresh],
  );

  /**
   * Sends a test message and follows its delivery for a while, so the toast says whether it arrived (with the
   * receiver's status code) rather than only that it was queued. A paused endpoint holds it: the server's
   * answer says so at once.
   */
  const sendTest = useCallback(
    (endpoint: DeliveryEndpoint) =>
      run(
        async () => {
          const queued = await apiFetch<Answer<Delivery>>(testEndpointPath(endpoint.id), { method: 'POST' });
          if (endpoint.pausedAt !== null) return { ...queued, outcome: { ok: true, text: queued.message ?? 'Test message queued' } };
          return { ...queued, outcome: testOutcomeText(endpoint, await followDelivery(apiFetch, queued.data)) };
        },
        { success: 'Test message queued', failure: ENDPOINTS_TEXT.testFailed, then: refresh, report: (answer) => answer.outcome },
      ),
    [apiFetch, run, refresh],
  );

  return useMemo(() => ({ create, update, remove, rotate, resume, sendTest, pending }), [create, update, remove, rotate, resume, sendTest, pending]);
}
