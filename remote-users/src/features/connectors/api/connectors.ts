/**
 * The inbound connectors as the Connectors tab reads and changes them (contract/src/connectors.ts: GET|POST
 * /api/connectors, each connector's GET, PUT, DELETE, rotate-secret and its last events).
 */
import {
  CONNECTORS_PATH,
  connectorEventsPath,
  connectorPath,
  connectorRotatePath,
  type Connector,
  type ConnectorBody,
  type ConnectorEvent,
} from '@callboard/contract/connectors';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useAdminRequest, type Answer } from '../../admin-tools/admin-request';

export const CONNECTORS_TEXT = {
  loadFailed: 'Failed to load connectors',
  saveFailed: 'Failed to save the connector',
  deleteFailed: 'Failed to delete the connector',
  rotateFailed: 'Failed to make a new token',
  eventsFailed: 'Failed to load the received events',
} as const;

export function useConnectors() {
  return useSWR<Answer<Connector[]>, Error>(CONNECTORS_PATH);
}

export function useConnector(id: string) {
  return useSWR<Answer<Connector>, Error>(connectorPath(id));
}

export function useConnectorEvents(id: string) {
  return useSWR<Answer<ConnectorEvent[]>, Error>(connectorEventsPath(id));
}

export function useConnectorActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const { run, pending } = useAdminRequest();
  // The list and every connector's own answer: a change shows in both.
  const refresh = useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith(CONNECTORS_PATH) && !key.endsWith('/events')), [mutate]);

  const create = useCallback(
    (body: ConnectorBody) =>
      run(() => apiFetch<Answer<Connector>>(CONNECTORS_PATH, { method: 'POST', body }), { success: 'Connector created', failure: CONNECTORS_TEXT.saveFailed, toastFieldErrors: false, then: refresh }),
    [apiFetch, run, refresh],
  );

  /** A change of some fields (the mapping, the time zone, enabled): the rest stay. */
  const update = useCallback(
    (id: string, body: Partial<ConnectorBody>) =>
      run(() => apiFetch<Answer<Connector>>(connectorPath(id), { method: 'PUT', body }), { success: 'Connector saved', failure: CONNECTORS_TEXT.saveFailed, toastFieldErrors: false, then: refresh }),
    [apiFetch, run, refresh],
  );

  const remove = useCallback(
    (id: string) => run(() => apiFetch<Answer<null>>(connectorPath(id), { method: 'DELETE' }), { success: 'Connector deleted', failure: CONNECTORS_TEXT.deleteFailed, then: refresh }),
    [apiFetch, run, refresh],
  );

  const rotate = useCallback(
    (id: string) => run(() => apiFetch<Answer<Connector>>(connectorRotatePath(id), { method: 'POST' }), { success: 'New token made', failure: CONNECTORS_TEXT.rotateFailed, then: refresh }),
    [apiFetch, run, refresh],
  );

  return useMemo(() => ({ create, update, remove, rotate, pending }), [create, update, remove, rotate, pending]);
}
