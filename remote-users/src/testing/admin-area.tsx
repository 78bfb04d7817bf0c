/**
 * Renders the Users area at one of its admin tabs inside the app's host (renderInHost: the real providers, a
 * router with the area under /users as the shell mounts it, the toaster, an admin signed in), with `fetch`
 * answered by the in-memory delivery and connector APIs (admin-api.ts) and the users API (users.tsx).
 */
import type { PublicUser } from '@callboard/contract';
import { renderInHost, type FakeRequest, type RenderedInHost } from '@callboard/shared-auth/testing/render-in-host';
import App from '../app';
import { FakeConnectorsApi, FakeDeliveryApi } from './admin-api';
import { ADMIN, FakeUsersApi, type Override } from './users';

export { FakeConnectorsApi, FakeDeliveryApi, makeDelivery, makeEndpoint } from './admin-api';
export { ADMIN, MEMBER } from './users';

export interface RenderAdminAreaOptions {
  /** Where the router starts ("/users/endpoints?endpoint=e1"). */
  path: string;
  me?: PublicUser;
  deliveries?: FakeDeliveryApi;
  connectors?: FakeConnectorsApi;
  override?: Override;
}

export interface RenderedAdminArea extends RenderedInHost {
  deliveries: FakeDeliveryApi;
  connectors: FakeConnectorsApi;
  /** The requests that changed something, as "METHOD path". */
  writes: () => string[];
}

export function renderAdminArea({ path, me = ADMIN, deliveries = new FakeDeliveryApi(), connectors = new FakeConnectorsApi(), override }: RenderAdminAreaOptions): RenderedAdminArea {
  const users = new FakeUsersApi([me]);
  const rendered = renderInHost(<App />, {
    path,
    route: '/users/*',
    session: me,
    api: async (request: FakeRequest) => (await override?.(request)) ?? deliveries.handle(request) ?? connectors.handle(request) ?? users.handle(request),
  });
  const writes = () => rendered.requests().filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);
  return { ...rendered, deliveries, connectors, writes };
}
