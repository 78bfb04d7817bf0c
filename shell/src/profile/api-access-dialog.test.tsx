import { type PublicUser } from '@callboard/contract';
import { MAX_LIVE_PARTNER_KEYS, PARTNER_KEY_MESSAGES, type PartnerKey } from '@callboard/contract/partner-keys';
import type { FakeRequest } from '@callboard/shared-auth/testing/render-in-host';
import { renderInHost } from '@callboard/shared-auth/testing/render-in-host';
import { screen, waitFor, within } from '@testing-library/react';
import { renderDashboard } from '../layout/testing';
import ApiAccessDialog, { API_ACCESS_TEXT } from './api-access-dialog';

const PARTNER: Partial<PublicUser> = {
  name: 'Blue Lead Co',
  role: 'partner',
  partnerScope: { kind: 'publisher', ids: [3], historyFrom: null, callerId: 'masked', recordings: true, transcripts: true, counterparty: false },
};

const key = (n: number, overrides: Partial<PartnerKey> = {}): PartnerKey => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Key ${n}`,
  prefix: `cbp_abc${n}de`,
  createdAt: '2026-10-01T14:00:00.000Z',
  lastUsedAt: null,
  ...overrides,
});

/** A fake partner-keys API over a list the test starts from; POST and DELETE change it as the server would. */
function keysApi(start: PartnerKey[], refuse?: (request: FakeRequest) => { status: number; body: unknown } | undefined) {
  let keys = [...start];
  const api = (request: FakeRequest) => {
    const refusal = refuse?.(request);
    if (refusal) return refusal;
    if (request.path === '/api/partner-keys' && request.method === 'GET') return { body: { success: true, data: keys } };
    if (request.path === '/api/partner-keys' && request.method === 'POST') {
      const made = { ...key(9, { name: (request.body as { name: string }).name }), key: 'cbp_THE-WHOLE-SECRET-KEY' };
      keys = [made, ...keys];
      return { status: 201, body: { success: true, data: made } };
    }
    const revoked = /^\/api\/partner-keys\/(.+)$/.exec(request.path);
    if (revoked && request.method === 'DELETE') {
      keys = keys.filter((k) => k.id !== revoked[1]);
      return { body: { success: true, message: 'Key revoked' } };
    }
    return undefined;
  };
  return api;
}

function openDialog(start: PartnerKey[], options: { account?: Partial<PublicUser>; refuse?: Parameters<typeof keysApi>[1] } = {}) {
  const onClose = jest.fn();
  const rendered = renderInHost(<ApiAccessDialog onClose={onClose} />, { session: { ...PARTNER, ...options.account }, api: keysApi(start, options.refuse) });
  return { ...rendered, onClose };
}

test('lists the live keys by name, first characters, creation and last use, never the whole key', async () => {
  openDialog([key(1, { lastUsedAt: '2026-10-02T15:30:00.000Z' }), key(2)]);
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(2);
  expect(within(rows[0]!).getByText('Key 1')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('cbp_abc1de…')).toBeInTheDocument();
  expect(within(rows[0]!).queryByText('Never')).not.toBeInTheDocument();
  expect(within(rows[1]!).getByText('Never')).toBeInTheDocument();
});

test('says so when there are no keys yet', async () => {
  openDialog([]);
  expect(await screen.findByText(API_ACCESS_TEXT.none)).toBeInTheDocument();
});

test('Create key sends the trimmed name, shows the key once with the copy note, and lists the new key', async () => {
  const { user, requests } = openDialog([]);
  await screen.findByText(API_ACCESS_TEXT.none);
  await user.type(screen.getByLabelText('Name'), '  Nightly import ');
  await user.click(screen.getByRole('button', { name: 'Create key' }));

  const created = await screen.findByRole('region', { name: 'New key' });
  expect(within(created).getByText(API_ACCESS_TEXT.shownOnce)).toBeInTheDocument();
  expect(within(created).getByDisplayValue('cbp_THE-WHOLE-SECRET-KEY')).toHaveAttribute('readonly');
  expect(requests('/api/partner-keys').filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ name: 'Nightly import' }]);
  // The how-to example carries the new key, so it can be pasted as it is.
  expect(screen.getByText(/curl -H "X-Api-Key: cbp_THE-WHOLE-SECRET-KEY"/)).toBeInTheDocument();
  const table = await screen.findByRole('table');
  expect(within(table).getByText('Nightly import')).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveValue('');
});

test('a blank name is refused before anything is sent, and editing clears the message', async () => {
  const { user, requests } = openDialog([]);
  await screen.findByText(API_ACCESS_TEXT.none);
  await user.type(screen.getByLabelText('Name'), '   ');
  await user.click(screen.getByRole('button', { name: 'Create key' }));
  expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(expect.stringContaining('name is required'));
  expect(requests('/api/partner-keys').filter((r) => r.method === 'POST')).toHaveLength(0);
  await user.type(screen.getByLabelText('Name'), 'x');
  expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
});

test("the server's refusal is shown: a name error under the field, anything else above", async () => {
  const { user } = openDialog([], {
    refuse: (request) =>
      request.method === 'POST'
        ? { status: 409, body: { success: false, code: 'CONFLICT', message: PARTNER_KEY_MESSAGES.tooMany } }
        : undefined,
  });
  await screen.findByText(API_ACCESS_TEXT.none);
  await user.type(screen.getByLabelText('Name'), 'Another');
  await user.click(screen.getByRole('button', { name: 'Create key' }));
  expect(await screen.findByText(PARTNER_KEY_MESSAGES.tooMany)).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'New key' })).not.toBeInTheDocument();
});

test(`at ${MAX_LIVE_PARTNER_KEYS} keys the form says why it is closed`, async () => {
  openDialog(Array.from({ length: MAX_LIVE_PARTNER_KEYS }, (_, i) => key(i + 1)));
  expect(await screen.findByText(API_ACCESS_TEXT.atCap)).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
});

test('Revoke removes the key from the list', async () => {
  const { user, requests } = openDialog([key(1), key(2)]);
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Revoke Key 1' }));
  await waitFor(() => expect(screen.queryByText('Key 1')).not.toBeInTheDocument());
  expect(screen.getByText('Key 2')).toBeInTheDocument();
  expect(requests().filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/partner-keys/${key(1).id}`]);
});

test('an admin viewing as the partner sees the keys but neither makes nor revokes one', async () => {
  openDialog([key(1)], { account: { viewAsBy: { id: 'admin-1', name: 'Grace Admin' } } });
  await screen.findByRole('table');
  expect(screen.getByText(API_ACCESS_TEXT.viewAs)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create key' })).not.toBeInTheDocument();
});

describe('the account menu', () => {
  const menuItems = async (account: Partial<PublicUser>) => {
    const rendered = await renderDashboard({ account, api: keysApi([key(1)]) });
    await rendered.user.click(within(screen.getByRole('banner')).getByRole('button', { name: account.name ?? 'Ada Lovelace' }));
    return { ...rendered, items: within(screen.getByRole('menu', { name: 'Account' })).getAllByRole('menuitem') };
  };

  test('a partner has API access, which opens the dialog', async () => {
    const { items, user } = await menuItems(PARTNER);
    expect(items.map((item) => item.textContent)).toContain('API access');
    await user.click(screen.getByRole('menuitem', { name: 'API access' }));
    expect(await screen.findByRole('dialog', { name: 'API access' })).toBeInTheDocument();
    expect(await screen.findByText('Key 1')).toBeInTheDocument();
  });

  test('the network’s own people do not', async () => {
    const { items } = await menuItems({ role: 'admin' });
    expect(items.map((item) => item.textContent)).not.toContain('API access');
  });
});
