import { CONNECTOR_MESSAGES, connectorTemplates, connectorUrl, presetMapping, type ConnectorEvent, type MappingEntry } from '@callboard/contract/connectors';
import { jsonResponse } from '@callboard/shared-auth/testing/fetch-mock';
import { callsChangedAtom } from '@callboard/shared-auth/live-status';
import { act, screen, waitFor, within } from '@testing-library/react';
import { FakeConnectorsApi, renderAdminArea } from '../../../testing/admin-area';

const toastSaying = (text: string | RegExp) => screen.findByText(text, {}, { timeout: 5000 });

/** A short mapping of Retreaver's names, so each row's place is known. */
const SHORT_MAPPING: MappingEntry[] = [
  { name: 'uuid', field: 'systemCallId', transform: 'text', token: '[call_uuid]' },
  { name: 'caller', field: 'callerId', transform: 'text', token: '[caller]' },
  { name: 'campaign_name', field: 'campaignName', transform: 'text', token: '[campaign_name]' },
];

function withConnectors() {
  const api = new FakeConnectorsApi();
  api.connectors = [
    api.makeConnector('c1', 'retreaver', { name: 'Retreaver – main', lastEventAt: '2026-03-10T14:55:00.000Z', heldCalls: 2, mapping: SHORT_MAPPING }),
    api.makeConnector('c2', 'trackdrive', { name: 'TrackDrive', enabled: false }),
  ];
  return api;
}

function event(id: string, overrides: Partial<ConnectorEvent>): ConnectorEvent {
  return {
    id,
    receivedAt: '2026-03-10T14:55:00.000Z',
    method: 'GET',
    contentType: null,
    payload: { query: { call_uuid: 'RTV-1' }, body: null },
    outcome: 'created',
    reason: null,
    platformCallId: 'RTV-1',
    callId: '101',
    ...overrides,
  };
}

test('lists the connectors: name, platform, enabled, last event; a row opens the connector', async () => {
  const { user, location } = renderAdminArea({ path: '/users/connectors', connectors: withConnectors() });
  const table = await screen.findByRole('table', { name: 'Connectors' });
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Platform', 'State', 'Last event', 'Held calls']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(within(rows[0] as HTMLElement).getByText('Retreaver')).toBeInTheDocument();
  expect(within(rows[0] as HTMLElement).getByText('Enabled')).toBeInTheDocument();
  expect(within(rows[1] as HTMLElement).getByText('Disabled')).toBeInTheDocument();
  expect(within(rows[1] as HTMLElement).getByText('None yet')).toBeInTheDocument();

  await user.click(within(rows[1] as HTMLElement).getAllByRole('cell')[0] as HTMLElement);
  expect(await screen.findByRole('heading', { name: 'TrackDrive', level: 1 })).toBeInTheDocument();
  expect(location.pathname).toBe('/users/connectors/c2');
  expect(screen.getByRole('alert')).toHaveTextContent('This connector is disabled');
});

test('creating one from a preset checks it first, then opens it with the exact URL and template per fire point to paste, each with Copy', async () => {
  const api = withConnectors();
  const { user, location, writes } = renderAdminArea({ path: '/users/connectors', connectors: api });
  await user.click(await screen.findByRole('button', { name: 'New connector' }));
  const dialog = screen.getByRole('dialog', { name: 'New connector' });
  await user.clear(within(dialog).getByLabelText(/^Time zone/));
  await user.type(within(dialog).getByLabelText(/^Time zone/), 'Mars/Olympus');
  await user.click(within(dialog).getByRole('button', { name: 'Create connector' }));
  expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription(CONNECTOR_MESSAGES.nameRequired);
  expect(within(dialog).getByText(CONNECTOR_MESSAGES.timeZoneUnknown('Mars/Olympus'))).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();
  expect(writes()).toEqual([]);

  await user.type(within(dialog).getByLabelText(/^Name/), 'Ringba – main account');
  await user.selectOptions(within(dialog).getByLabelText(/^Platform/), 'ringba');
  await user.clear(within(dialog).getByLabelText(/^Time zone/));
  await user.type(within(dialog).getByLabelText(/^Time zone/), 'America/Chicago');
  await user.click(within(dialog).getByRole('button', { name: 'Create connector' }));

  expect(await screen.findByRole('heading', { name: 'Ringba – main account', level: 1 })).toBeInTheDocument();
  expect(location.pathname).toBe('/users/connectors/c-new1');
  expect(writes()).toEqual(['POST /api/connectors']);
  expect(screen.getByText(/Paste its URL into Ringba/)).toBeInTheDocument();

  // The URL and the templates are the contract's, from the Ringba preset's mapping. Asked within their section:
  // label queries over the whole page (the mapping's hundred fields) take seconds each in jsdom.
  const paste = screen.getByRole('region', { name: 'Paste into Ringba' });
  const url = connectorUrl('http://localhost:8080', 'c-new1', 'tok_c-new1');
  expect(within(paste).getByLabelText('Connector URL')).toHaveValue(url);
  const templates = connectorTemplates('ringba', presetMapping('ringba'), url);
  expect(templates.map((template) => template.on)).toEqual(['Incoming', 'Connected', 'Completed', 'Finalized', 'Converted', 'Payout', 'Recording']);
  for (const template of templates) {
    expect(within(paste).getByLabelText(`URL for ${template.on}`)).toHaveValue(template.url);
    expect(within(paste).getByLabelText(`Copy URL for ${template.on}`)).toBeInTheDocument();
  }
  const completed = within(paste).getByLabelText('URL for Completed');
  expect((completed as HTMLInputElement).value).toContain('inboundCallId=[Call:InboundCallId]');
  expect((completed as HTMLInputElement).value).toContain('hasConnected=yes');

  const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true, writable: true });
  await user.click(within(paste).getByLabelText('Copy URL for Completed'));
  expect(writeText).toHaveBeenCalledWith(templates[2]?.url);
  expect(await toastSaying('URL for Completed copied')).toBeInTheDocument();
});

test('the mapping is edited as a table; the contract’s errors stand under the cells they concern and nothing is sent', async () => {
  const api = withConnectors();
  const { user, writes } = renderAdminArea({ path: '/users/connectors/c1', connectors: api });
  const form = await screen.findByRole('form', { name: 'Field mapping' });
  const save = within(form).getByRole('button', { name: 'Save mapping' });
  expect(save).toBeDisabled();

  // Row 1 maps the call id: pointing it elsewhere leaves none; row 2's name is cleared.
  const firstField = within(form).getByRole('combobox', { name: 'Callboard field, row 1' });
  expect(firstField).toHaveValue('systemCallId');
  await user.selectOptions(firstField, 'callerId');
  await user.clear(within(form).getByRole('textbox', { name: 'Retreaver name, row 2' }));
  await user.click(save);
  expect(within(form).getByRole('textbox', { name: 'Retreaver name, row 2' })).toHaveAccessibleDescription(CONNECTOR_MESSAGES.nameMissing);
  expect(writes()).toEqual([]);

  await user.type(within(form).getByRole('textbox', { name: 'Retreaver name, row 2' }), 'cid');
  await user.click(save);
  expect(within(form).getByRole('alert')).toHaveTextContent(CONNECTOR_MESSAGES.noCallId);
  expect(writes()).toEqual([]);

  // A transform the field cannot take is not offered: another field keeps only the transforms it takes.
  await user.selectOptions(firstField, 'systemCallId');
  const added = within(form).getByRole('button', { name: 'Add a row' });
  await user.click(added);
  const rows = within(within(form).getByRole('table', { name: 'Mapping' })).getAllByRole('row').length - 1;
  await user.type(within(form).getByRole('textbox', { name: `Retreaver name, row ${rows}` }), 'sale_amount');
  await user.selectOptions(within(form).getByRole('combobox', { name: `Callboard field, row ${rows}` }), 'revenue');
  expect(within(form).getByRole('combobox', { name: `Read as, row ${rows}` })).toHaveValue('money');
  await user.click(save);
  expect(await toastSaying('Connector saved')).toBeInTheDocument();
  expect(writes()).toEqual(['PUT /api/connectors/c1']);
  expect(api.connectors.find((connector) => connector.id === 'c1')?.mapping).toEqual([
    SHORT_MAPPING[0],
    { ...SHORT_MAPPING[1], name: 'cid' },
    SHORT_MAPPING[2],
    { name: 'sale_amount', field: 'revenue', transform: 'money' },
  ]);
});

test('the server’s refusal of a mapping lands on its row', async () => {
  const api = withConnectors();
  const { user } = renderAdminArea({
    path: '/users/connectors/c1',
    connectors: api,
    override: (request) =>
      request.method === 'PUT'
        ? jsonResponse({ success: false, code: 'VALIDATION_ERROR', message: 'bad', errors: [{ field: 'mapping[0].name', message: 'Taken by another connector' }] }, 400)
        : undefined,
  });
  const form = await screen.findByRole('form', { name: 'Field mapping' });
  await user.type(within(form).getByRole('textbox', { name: 'Token, row 1' }), 'x');
  await user.click(within(form).getByRole('button', { name: 'Save mapping' }));
  expect(await within(form).findByText('Taken by another connector')).toBeInTheDocument();
  expect(within(form).getByRole('textbox', { name: 'Retreaver name, row 1' })).toHaveAttribute('aria-invalid', 'true');
});

test('the last events show what each became, and why one was rejected; they are read again when calls change, and on Refresh', async () => {
  const api = withConnectors();
  api.events.c1 = [
    event('ev3', { outcome: 'rejected', reason: 'callTimestamp: "yesterday" is not a date', platformCallId: 'RTV-3', callId: null, payload: { query: { call_uuid: 'RTV-3', started_at: 'yesterday' }, body: null } }),
    event('ev2', { outcome: 'held', reason: 'waiting for the call’s campaign and publisher', platformCallId: 'RTV-2', callId: null }),
    event('ev1', { outcome: 'created' }),
  ];
  const { store, user, requests } = renderAdminArea({ path: '/users/connectors/c1', connectors: api });
  const table = await screen.findByRole('table', { name: 'Received events' });
  await within(table).findByText('Rejected');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(['Rejected', 'Held for its call', 'Created the call']);
  expect(within(rows[0] as HTMLElement).getByText('callTimestamp: "yesterday" is not a date')).toBeInTheDocument();
  await user.click(within(rows[0] as HTMLElement).getByText('Show what was sent'));
  expect(within(rows[0] as HTMLElement).getByText(/"started_at": "yesterday"/)).toBeVisible();

  const reads = () => requests('/api/connectors/c1/events').length;
  const before = reads();
  api.events.c1.unshift(event('ev4', { outcome: 'updated', platformCallId: 'RTV-1' }));
  act(() => store.set(callsChangedAtom, { seq: 1, change: { inserted: 0, updated: 1, newestCallTimestamp: null } }));
  expect(await within(table).findByText('Updated the call')).toBeInTheDocument();
  expect(reads()).toBe(before + 1);

  api.events.c1.unshift(event('ev5', { outcome: 'ignored_stale', reason: 'nothing newer than the call holds' }));
  await user.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(await within(table).findByText('Nothing newer')).toBeInTheDocument();
});

test('Disable, Rotate token (asked first) and Delete (asked first) from the connector’s page', async () => {
  const api = withConnectors();
  const { user, writes, location } = renderAdminArea({ path: '/users/connectors/c1', connectors: api });
  await screen.findByRole('heading', { name: 'Retreaver – main', level: 1 });
  await user.click(screen.getByRole('button', { name: 'Disable' }));
  expect(await screen.findByRole('button', { name: 'Enable' })).toBeInTheDocument();
  expect(api.connectors[0]?.enabled).toBe(false);

  const oldUrl = screen.getByLabelText<HTMLInputElement>('Connector URL').value;
  await user.click(screen.getByRole('button', { name: 'Rotate token' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Rotate token' })).getByRole('button', { name: 'Make a new token' }));
  await waitFor(() => expect(screen.getByLabelText('Connector URL')).not.toHaveValue(oldUrl));
  expect(screen.getByLabelText<HTMLInputElement>('Connector URL').value).toContain('token=tok_rotated');

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete connector' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(location.pathname).toBe('/users/connectors'));
  expect(writes()).toEqual(['PUT /api/connectors/c1', 'POST /api/connectors/c1/rotate-secret', 'DELETE /api/connectors/c1']);
  expect(await screen.findAllByRole('cell', { name: 'TrackDrive' })).toHaveLength(2);
  expect(screen.queryByRole('cell', { name: 'Retreaver – main' })).toBeNull();
});
