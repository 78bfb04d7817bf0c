import { DELIVERY_MESSAGES, endpointScreenLink } from '@callboard/contract/delivery';
import { jsonResponse } from '@callboard/shared-auth/testing/fetch-mock';
import { screen, waitFor, within } from '@testing-library/react';
import { FakeDeliveryApi, makeEndpoint, renderAdminArea } from '../../../testing/admin-area';

function withEndpoints() {
  const api = new FakeDeliveryApi();
  api.endpoints = [
    makeEndpoint('e1', { name: 'QC webhook', url: 'https://qc.example.com/hook', owner: { id: 'me', name: 'Ada Admin' } }),
    makeEndpoint('e2', {
      name: 'Ops Slack',
      kind: 'slack',
      url: 'https://hooks.slack.com/services/T1/B2/C3',
      owner: null,
      consecutiveFailures: 5,
      pausedAt: '2026-03-09T14:30:00.000Z',
      pauseReason: '5 deliveries failed in a row (last: 500)',
    }),
  ];
  return api;
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;
/** The toaster's text (react-hot-toast draws each toast's message once). */
const toastSaying = (text: string | RegExp) => screen.findByText(text, {}, { timeout: 5000 });

function setClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true, writable: true });
}

test('lists each endpoint: name, kind, URL, owner, whether paused (why, since when) and its failures in a row', async () => {
  renderAdminArea({ path: '/users/endpoints', deliveries: withEndpoints() });
  const table = await screen.findByRole('table', { name: 'Delivery endpoints' });
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Kind', 'URL', 'Owner', 'State', 'Failures in a row', 'Actions']);

  const qc = await rowOf('QC webhook');
  expect(within(qc).getByText('Webhook')).toBeInTheDocument();
  expect(within(qc).getByText('https://qc.example.com/hook')).toBeInTheDocument();
  expect(within(qc).getByText('Ada Admin')).toBeInTheDocument();
  expect(within(qc).getByText('Active')).toBeInTheDocument();

  const slack = await rowOf('Ops Slack');
  expect(within(slack).getByText('Slack')).toBeInTheDocument();
  expect(within(slack).getByText('Paused')).toBeInTheDocument();
  expect(within(slack).getByText(/^since /)).toBeInTheDocument();
  expect(within(slack).getByText('5 deliveries failed in a row (last: 500)')).toBeInTheDocument();
  expect(within(slack).getByText('No owner (admins are told)')).toBeInTheDocument();
  expect(within(slack).getByRole('cell', { name: '5' })).toBeInTheDocument();
});

test('adding an endpoint says what is wrong under the field, as the contract words it, and sends nothing until it is right', async () => {
  const api = withEndpoints();
  const { user, writes } = renderAdminArea({ path: '/users/endpoints', deliveries: api });
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  const dialog = screen.getByRole('dialog', { name: 'Add endpoint' });

  await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
  expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription(DELIVERY_MESSAGES.nameRequired);
  expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();

  await user.type(within(dialog).getByLabelText(/^Name/), 'Floor Slack');
  await user.selectOptions(within(dialog).getByLabelText(/^Kind/), 'slack');
  await user.type(within(dialog).getByLabelText(/^URL/), 'http://hooks.slack.com/services/x');
  await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
  expect(within(dialog).getByLabelText(/^URL/)).toHaveAttribute('aria-invalid', 'true');
  expect(within(dialog).getByText(DELIVERY_MESSAGES.slackUrlInsecure)).toBeInTheDocument();
  expect(writes()).toEqual([]);

  await user.clear(within(dialog).getByLabelText(/^URL/));
  await user.type(within(dialog).getByLabelText(/^URL/), 'https://hooks.slack.com/services/x');
  await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
  // A Slack endpoint has no secret: no dialog follows, the list shows it.
  expect(await toastSaying('Endpoint added')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await rowOf('Floor Slack')).toBeInTheDocument();
  expect(writes()).toEqual(['POST /api/delivery-endpoints']);
});

test('the server’s refusal lands under its field too', async () => {
  const { user } = renderAdminArea({
    path: '/users/endpoints',
    override: (request) =>
      request.method === 'POST' && request.path === '/api/delivery-endpoints'
        ? jsonResponse({ success: false, code: 'VALIDATION_ERROR', message: 'bad', errors: [{ field: 'url', message: 'That host does not answer' }] }, 400)
        : undefined,
  });
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  const dialog = screen.getByRole('dialog', { name: 'Add endpoint' });
  await user.type(within(dialog).getByLabelText(/^Name/), 'Hook');
  await user.type(within(dialog).getByLabelText(/^URL/), 'https://nowhere.example.com');
  await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
  expect(await within(dialog).findByText('That host does not answer')).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/^URL/)).toHaveFocus();
});

test('a webhook’s signing secret is shown once after adding it, with Copy, and is gone once the dialog closes', async () => {
  const api = withEndpoints();
  const { user } = renderAdminArea({ path: '/users/endpoints', deliveries: api });
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  const form = screen.getByRole('dialog', { name: 'Add endpoint' });
  await user.type(within(form).getByLabelText(/^Name/), 'Billing hook');
  await user.type(within(form).getByLabelText(/^URL/), 'https://billing.example.com/in');
  await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

  const dialog = await screen.findByRole('dialog', { name: 'Signing secret for Billing hook' });
  expect(within(dialog).getByText(/it is not shown again/)).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Signing secret')).toHaveValue('whsec_made1');
  const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
  setClipboard(writeText);
  await user.click(within(dialog).getByRole('button', { name: 'Copy signing secret' }));
  expect(writeText).toHaveBeenCalledWith('whsec_made1');
  expect(await toastSaying('Signing secret copied')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await rowOf('Billing hook')).toBeInTheDocument();
  expect(screen.queryByDisplayValue('whsec_made1')).toBeNull();
  expect(document.body).not.toHaveTextContent('whsec_made1');
});

test('Rotate secret asks first, then shows the new secret once', async () => {
  const { user, writes } = renderAdminArea({ path: '/users/endpoints', deliveries: withEndpoints() });
  await user.click(within(await rowOf('QC webhook')).getByRole('button', { name: 'More actions for QC webhook' }));
  await user.click(screen.getByRole('menuitem', { name: 'Rotate secret' }));
  const confirm = screen.getByRole('dialog', { name: 'Rotate secret' });
  expect(confirm).toHaveTextContent('The old one stops verifying at once');
  await user.click(within(confirm).getByRole('button', { name: 'Make a new secret' }));
  const dialog = await screen.findByRole('dialog', { name: 'New signing secret for QC webhook' });
  expect(within(dialog).getByLabelText('Signing secret')).toHaveValue('whsec_rotated1');
  expect(writes()).toEqual(['POST /api/delivery-endpoints/e1/rotate-secret']);
  // A Slack endpoint has no secret to rotate.
  await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
  await user.click(within(await rowOf('Ops Slack')).getByRole('button', { name: 'More actions for Ops Slack' }));
  expect(screen.queryByRole('menuitem', { name: 'Rotate secret' })).toBeNull();
});

test('a paused endpoint is resumed from its row', async () => {
  const api = withEndpoints();
  const { user, writes } = renderAdminArea({ path: '/users/endpoints', deliveries: api });
  await user.click(within(await rowOf('Ops Slack')).getByRole('button', { name: 'Resume Ops Slack' }));
  expect(await toastSaying('Endpoint resumed')).toBeInTheDocument();
  await waitFor(async () => expect(within(await rowOf('Ops Slack')).getByText('Active')).toBeInTheDocument());
  expect(writes()).toEqual(['POST /api/delivery-endpoints/e2/resume']);
});

test('a test message’s toast says whether it arrived, with the receiver’s answer', async () => {
  const api = withEndpoints();
  const { user } = renderAdminArea({ path: '/users/endpoints', deliveries: api });
  await user.click(within(await rowOf('QC webhook')).getByRole('button', { name: 'Send a test message to QC webhook' }));
  expect(await toastSaying('Test message delivered to QC webhook (204)')).toBeInTheDocument();

  api.testOutcome = { status: 'retrying', lastStatusCode: 500, lastError: 'Internal Server Error' };
  await user.click(within(await rowOf('QC webhook')).getByRole('button', { name: 'Send a test message to QC webhook' }));
  expect(await toastSaying('Test message to QC webhook did not go through (500): Internal Server Error; it is tried again (see Deliveries)')).toBeInTheDocument();
});

test('a test to a paused endpoint says it waits for the endpoint to be resumed', async () => {
  const { user, requests } = renderAdminArea({ path: '/users/endpoints', deliveries: withEndpoints() });
  await user.click(within(await rowOf('Ops Slack')).getByRole('button', { name: 'Send a test message to Ops Slack' }));
  expect(await toastSaying('Test queued: the endpoint is paused, so it is sent once an admin resumes it')).toBeInTheDocument();
  expect(requests().filter((request) => request.path.startsWith('/api/deliveries/'))).toEqual([]);
});

test('Edit keeps the kind and saves the name and URL; Delete asks first', async () => {
  const api = withEndpoints();
  const { user, requests, writes } = renderAdminArea({ path: '/users/endpoints', deliveries: api });
  await user.click(within(await rowOf('QC webhook')).getByRole('button', { name: 'More actions for QC webhook' }));
  await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit endpoint' });
  expect(within(dialog).getByLabelText(/^Kind/)).toBeDisabled();
  await user.clear(within(dialog).getByLabelText(/^Name/));
  await user.type(within(dialog).getByLabelText(/^Name/), 'QC receiver');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await rowOf('QC receiver')).toBeInTheDocument();
  expect(requests('/api/delivery-endpoints/e1').find((request) => request.method === 'PUT')?.body).toEqual({ name: 'QC receiver', url: 'https://qc.example.com/hook' });

  await user.click(within(await rowOf('QC receiver')).getByRole('button', { name: 'More actions for QC receiver' }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete endpoint' });
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await toastSaying('Endpoint deleted')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'QC receiver' })).toBeNull());
  expect(writes()).toEqual(['PUT /api/delivery-endpoints/e1', 'DELETE /api/delivery-endpoints/e1']);
});

test('an endpoint a link names (a pause notice) is marked; Its deliveries opens the log filtered to it', async () => {
  // The very link a pause notification carries (the server makes it with the contract's endpointScreenLink).
  const { user, location } = renderAdminArea({ path: endpointScreenLink('e2'), deliveries: withEndpoints() });
  expect(await rowOf('Ops Slack')).toHaveClass('deliveries-row--marked');
  expect(await rowOf('QC webhook')).not.toHaveClass('deliveries-row--marked');
  await user.click(within(await rowOf('Ops Slack')).getByRole('button', { name: 'More actions for Ops Slack' }));
  await user.click(screen.getByRole('menuitem', { name: 'Its deliveries' }));
  await waitFor(() => expect(location.pathname).toBe('/users/deliveries'));
  expect(location.search).toBe('?endpoint=e2');
});
