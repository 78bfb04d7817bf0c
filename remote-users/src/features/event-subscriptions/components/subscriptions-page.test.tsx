import {
  EVENT_SUBSCRIPTIONS_PATH,
  EVENT_SUBSCRIPTION_MESSAGES,
  parseEventSubscriptionBody,
  type EventSubscription,
} from '@callboard/contract/event-subscriptions';
import { jsonResponse } from '@callboard/shared-auth/testing/fetch-mock';
import type { FakeRequest } from '@callboard/shared-auth/testing/render-in-host';
import { screen, waitFor, within } from '@testing-library/react';
import { FakeDeliveryApi, makeEndpoint, renderAdminArea } from '../../../testing/admin-area';

const NOW = '2026-03-10T15:00:00.000Z';
const BUYERS = [
  { value: '12', label: 'Acme Insurance', count: 40 },
  { value: '7', label: 'Beta Health', count: 12 },
];

/** GET|POST /api/event-subscriptions and each one's PUT and DELETE, checked with the contract's parser as the server does; the buyers' picker list. */
class FakeSubscriptionsApi {
  made = 0;
  constructor(
    public subscriptions: EventSubscription[],
    private readonly endpoints: FakeDeliveryApi,
  ) {}

  handle = (request: FakeRequest): Response | undefined => {
    if (request.path === '/api/filters/buyers') {
      const ids = request.query.get('ids')?.split(',');
      const search = (request.query.get('search') ?? '').toLowerCase();
      const buyers = BUYERS.filter((b) => (ids ? ids.includes(b.value) : b.label.toLowerCase().includes(search)));
      return jsonResponse({ success: true, data: { buyers } });
    }
    if (request.path === EVENT_SUBSCRIPTIONS_PATH && request.method === 'GET') return jsonResponse({ success: true, data: this.subscriptions });
    if (request.path === EVENT_SUBSCRIPTIONS_PATH && request.method === 'POST') return this.write(null, request.body);
    if (!request.path.startsWith(`${EVENT_SUBSCRIPTIONS_PATH}/`)) return undefined;
    const id = request.path.slice(EVENT_SUBSCRIPTIONS_PATH.length + 1);
    if (request.method === 'DELETE') {
      this.subscriptions = this.subscriptions.filter((s) => s.id !== id);
      return jsonResponse({ success: true, message: 'Subscription deleted', data: null });
    }
    return request.method === 'PUT' ? this.write(id, request.body) : undefined;
  };

  private write(id: string | null, raw: unknown): Response {
    const body = parseEventSubscriptionBody((raw ?? {}) as Record<string, unknown>);
    if (Array.isArray(body)) return jsonResponse({ success: false, code: 'VALIDATION_ERROR', message: body[0]!.message, errors: body }, 400);
    const endpoint = this.endpoints.endpoints.find((e) => e.id === body.endpointId);
    if (!endpoint) {
      const errors = [{ field: 'endpointId', message: EVENT_SUBSCRIPTION_MESSAGES.endpointNotFound }];
      return jsonResponse({ success: false, code: 'VALIDATION_ERROR', message: errors[0]!.message, errors }, 400);
    }
    const { endpointId: _endpointId, ...fields } = body;
    const saved: EventSubscription = {
      ...fields,
      id: id ?? `s${(this.made += 1)}`,
      endpoint: { id: endpoint.id, name: endpoint.name, paused: endpoint.pausedAt !== null },
      createdBy: { id: 'me', name: 'Ada Admin' },
      createdAt: NOW,
      updatedAt: NOW,
    };
    this.subscriptions = id ? this.subscriptions.map((s) => (s.id === id ? saved : s)) : [...this.subscriptions, saved];
    return jsonResponse({ success: true, message: id ? 'Subscription saved' : 'Subscription added', data: saved }, id ? 200 : 201);
  }
}

function world() {
  const deliveries = new FakeDeliveryApi();
  deliveries.endpoints = [makeEndpoint('e1', { name: 'Buyer system' }), makeEndpoint('e2', { name: 'Ops Slack', kind: 'slack' }), makeEndpoint('e3', { name: 'Warehouse' })];
  const subscriptions = new FakeSubscriptionsApi(
    [
      {
        id: 'sub1',
        name: 'Warehouse feed',
        endpoint: { id: 'e3', name: 'Warehouse', paused: true },
        eventTypes: ['call.created', 'call.updated'],
        campaignIds: [],
        publisherIds: [],
        buyerIds: [],
        dispositionBecomes: null,
        enabled: true,
        createdBy: null,
        createdAt: NOW,
        updatedAt: NOW,
      },
    ],
    deliveries,
  );
  return { deliveries, subscriptions };
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;
const toastSaying = (text: string | RegExp) => screen.findByText(text, {}, { timeout: 5000 });

test('lists each subscription: its endpoint (paused or not), its events, what it is narrowed to and whether it is on', async () => {
  const { deliveries, subscriptions } = world();
  renderAdminArea({ path: '/users/event-subscriptions', deliveries, override: subscriptions.handle });
  const table = await screen.findByRole('table', { name: 'Event subscriptions' });
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Endpoint', 'Events', 'Only', 'State', 'Actions']);
  const row = await rowOf('Warehouse feed');
  expect(row).toHaveTextContent('Warehouse');
  expect(within(row).getByText('Paused')).toBeInTheDocument();
  expect(within(row).getByText('call.created, call.updated')).toBeInTheDocument();
  expect(within(row).getByText('Every call')).toBeInTheDocument();
  expect(within(row).getByText('On')).toBeInTheDocument();
});

test('adding the buyer’s postback: the contract’s words under each field first, then the body the server takes', async () => {
  const { deliveries, subscriptions } = world();
  const { user, writes, requests } = renderAdminArea({ path: '/users/event-subscriptions', deliveries, override: subscriptions.handle });
  await user.click(await screen.findByRole('button', { name: 'Add subscription' }));
  const dialog = screen.getByRole('dialog', { name: 'Add subscription' });

  await user.click(within(dialog).getByRole('button', { name: 'Add subscription' }));
  expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription(EVENT_SUBSCRIPTION_MESSAGES.nameRequired);
  expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();
  expect(within(dialog).getByText(EVENT_SUBSCRIPTION_MESSAGES.typesRequired)).toBeInTheDocument();
  expect(writes()).toEqual([]);

  await user.type(within(dialog).getByLabelText(/^Name/), 'Acme postback: Sales');
  // Only webhooks take events: the Slack endpoint is not offered.
  const endpoint = within(dialog).getByLabelText(/^Webhook endpoint/);
  expect(within(endpoint).queryByRole('option', { name: 'Ops Slack' })).toBeNull();
  await user.selectOptions(endpoint, 'e1');
  await user.click(within(dialog).getByRole('checkbox', { name: /call\.created/ }));
  await user.click(within(dialog).getByRole('checkbox', { name: /call\.disposition_changed/ }));
  await user.click(within(dialog).getByRole('checkbox', { name: /dispute\.opened/ }));
  await user.selectOptions(within(dialog).getByLabelText(/^When the disposition becomes/), 'Sales');
  await user.click(await within(dialog).findByRole('checkbox', { name: /Acme Insurance/ }));
  expect(await within(dialog).findByText('Chosen: Acme Insurance')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Add subscription' }));
  expect(within(dialog).getByLabelText(/^When the disposition becomes/)).toHaveAccessibleDescription(expect.stringContaining(EVENT_SUBSCRIPTION_MESSAGES.dispositionTypes));
  expect(writes()).toEqual([]);

  await user.click(within(dialog).getByRole('checkbox', { name: /dispute\.opened/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Add subscription' }));
  expect(await toastSaying('Subscription added')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const row = await rowOf('Acme postback: Sales');
  expect(within(row).getByText('Calls of 1 buyer, when the disposition becomes Sales')).toBeInTheDocument();
  expect(writes()).toEqual([`POST ${EVENT_SUBSCRIPTIONS_PATH}`]);
  expect(requests(EVENT_SUBSCRIPTIONS_PATH).find((r) => r.method === 'POST')?.body).toEqual({
    name: 'Acme postback: Sales',
    endpointId: 'e1',
    eventTypes: ['call.created', 'call.disposition_changed'],
    campaignIds: [],
    publisherIds: [],
    buyerIds: [12],
    dispositionBecomes: 'Sales',
    enabled: true,
  });
});

test('the server’s refusal lands under its field', async () => {
  const { deliveries, subscriptions } = world();
  const { user } = renderAdminArea({
    path: '/users/event-subscriptions',
    deliveries,
    override: (request) => {
      // The endpoint was deleted in another tab meanwhile.
      if (request.method === 'POST' && request.path === EVENT_SUBSCRIPTIONS_PATH) deliveries.endpoints = deliveries.endpoints.filter((e) => e.id !== 'e1');
      return subscriptions.handle(request);
    },
  });
  await user.click(await screen.findByRole('button', { name: 'Add subscription' }));
  const dialog = screen.getByRole('dialog', { name: 'Add subscription' });
  await user.type(within(dialog).getByLabelText(/^Name/), 'New calls');
  await user.selectOptions(within(dialog).getByLabelText(/^Webhook endpoint/), 'e1');
  await user.click(within(dialog).getByRole('checkbox', { name: /call\.created/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Add subscription' }));
  expect(await within(dialog).findByText(EVENT_SUBSCRIPTION_MESSAGES.endpointNotFound)).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/^Webhook endpoint/)).toHaveFocus();
});

test('Turn off sends the subscription back with enabled false; Delete asks first', async () => {
  const { deliveries, subscriptions } = world();
  const { user, writes, requests } = renderAdminArea({ path: '/users/event-subscriptions', deliveries, override: subscriptions.handle });
  await user.click(within(await rowOf('Warehouse feed')).getByRole('button', { name: 'Actions for Warehouse feed' }));
  await user.click(screen.getByRole('menuitem', { name: 'Turn off' }));
  expect(await toastSaying('Subscription saved')).toBeInTheDocument();
  await waitFor(async () => expect(within(await rowOf('Warehouse feed')).getByText('Off')).toBeInTheDocument());
  expect(requests(`${EVENT_SUBSCRIPTIONS_PATH}/sub1`).find((r) => r.method === 'PUT')?.body).toMatchObject({ endpointId: 'e3', eventTypes: ['call.created', 'call.updated'], enabled: false });

  await user.click(within(await rowOf('Warehouse feed')).getByRole('button', { name: 'Actions for Warehouse feed' }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete subscription' })).getByRole('button', { name: 'Delete' }));
  expect(await toastSaying('Subscription deleted')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'Warehouse feed' })).toBeNull());
  expect(writes()).toEqual([`PUT ${EVENT_SUBSCRIPTIONS_PATH}/sub1`, `DELETE ${EVENT_SUBSCRIPTIONS_PATH}/sub1`]);
});
