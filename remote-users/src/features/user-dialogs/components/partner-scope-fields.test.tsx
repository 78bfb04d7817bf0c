import { screen, waitFor, within } from '@testing-library/react';
import { userAtom } from '@callboard/shared-auth/session';
import { findRow, jsonResponse, makeUser, makeUsers, renderUsersPage, writes, type FakeRequest } from '../../../testing/users';

const dialog = () => screen.getByRole('dialog');
const field = (label: RegExp) => within(dialog()).getByLabelText(label);

const PUBLISHERS = [
  { value: '11', label: 'Blue Lead Co', count: 5 },
  { value: '12', label: 'Blue Lead Two', count: 3 },
];
const BUYERS = [{ value: '21', label: 'Acme Insurance', count: 4 }];

/** The pickers' lists, as /api/filters answers them. */
const pickers = (request: FakeRequest) => {
  if (request.path === '/api/filters/publishers') return jsonResponse({ success: true, data: PUBLISHERS });
  if (request.path === '/api/filters/buyers') return jsonResponse({ success: true, data: BUYERS });
  return undefined;
};

const PARTNER = makeUser({
  _id: 'p1',
  id: 'p1',
  name: 'Blue Partner',
  email: 'blue@partner.example',
  role: 'partner',
  partnerScope: { kind: 'publisher', ids: [11, 12], historyFrom: '2026-10-01', callerId: 'masked', recordings: true, transcripts: true, counterparty: false },
});

describe('the partner scope in the user dialog', () => {
  it('appears with the Partner role, with the defaults, and sends the scope chosen', async () => {
    const view = renderUsersPage({ users: makeUsers(1), override: pickers });
    await findRow('user1@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(within(dialog()).queryByRole('group', { name: 'Partner scope' })).not.toBeInTheDocument();

    await view.user.type(field(/^Email/), 'blue@partner.example');
    await view.user.type(field(/^Password/), 'partner-secret');
    await view.user.selectOptions(field(/^Role/), 'partner');
    const scope = await within(dialog()).findByRole('group', { name: 'Partner scope' });
    expect(within(scope).getByLabelText(/^Partner kind/)).toHaveValue('publisher');
    expect(within(scope).getByLabelText(/^Caller id/)).toHaveValue('masked');
    expect(within(scope).getByRole('option', { name: 'Masked (+1 ••• ••• 0123)' })).toBeInTheDocument();
    expect(within(scope).getByRole('switch', { name: 'Recordings' })).toBeChecked();
    expect(within(scope).getByRole('switch', { name: 'Transcripts' })).toBeChecked();
    expect(within(scope).getByRole('switch', { name: 'Show the other side (buyers and targets)' })).not.toBeChecked();
    // The history start is said in words, whichever is chosen.
    expect(within(scope).getByRole('radio', { name: /From today, the invite date/ })).toBeChecked();
    expect(within(scope).getByText(/This partner sees calls from \d{4}-\d{2}-\d{2} on; earlier calls stay hidden\./)).toBeInTheDocument();

    // Nothing chosen: the message is under the publishers, and nothing is sent.
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(await within(scope).findByText('Choose at least one publisher')).toBeInTheDocument();
    expect(writes(view.fetchMock)).toEqual([]);

    await view.user.click(await within(scope).findByRole('checkbox', { name: /Blue Lead Two/ }));
    expect(within(scope).queryByText('Choose at least one publisher')).not.toBeInTheDocument();
    await view.user.click(within(scope).getByRole('radio', { name: 'All history' }));
    expect(within(scope).getByText('This partner sees every call of its sources, however old.')).toBeInTheDocument();
    await view.user.selectOptions(within(scope).getByLabelText(/^Caller id/), 'hidden');
    await view.user.click(within(scope).getByRole('switch', { name: 'Recordings' }));
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(writes(view.fetchMock)).toHaveLength(1));
    expect(writes(view.fetchMock)[0]?.body).toMatchObject({
      role: 'partner',
      partnerScope: { kind: 'publisher', ids: [12], historyFrom: null, callerId: 'hidden', recordings: false, transcripts: true, counterparty: false },
    });
  });

  it('a buyer partner picks buyers; a chosen day is asked for and sent', async () => {
    const view = renderUsersPage({ users: makeUsers(1), override: pickers });
    await findRow('user1@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Add User' }));
    await view.user.type(field(/^Email/), 'acme@partner.example');
    await view.user.type(field(/^Password/), 'partner-secret');
    await view.user.selectOptions(field(/^Role/), 'partner');
    const scope = await within(dialog()).findByRole('group', { name: 'Partner scope' });
    await view.user.selectOptions(within(scope).getByLabelText(/^Partner kind/), 'buyer');
    expect(within(scope).getByRole('switch', { name: 'Show the other side (publishers)' })).toBeInTheDocument();
    await view.user.click(await within(scope).findByRole('checkbox', { name: /Acme Insurance/ }));
    await view.user.click(within(scope).getByRole('radio', { name: 'From a date I choose' }));
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(await within(scope).findByText('History start must be a date (YYYY-MM-DD), or null for all history')).toBeInTheDocument();
    await view.user.type(within(scope).getByLabelText(/^First day the partner sees/), '2026-09-15');
    expect(within(scope).queryByText(/History start must be a date/)).not.toBeInTheDocument();
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(writes(view.fetchMock)).toHaveLength(1));
    expect(writes(view.fetchMock)[0]?.body).toMatchObject({ partnerScope: { kind: 'buyer', ids: [21], historyFrom: '2026-09-15' } });
  });

  it('shows the server’s scope error under its field', async () => {
    const view = renderUsersPage({
      users: makeUsers(1),
      override: (request) =>
        pickers(request) ??
        (request.method === 'POST'
          ? jsonResponse({ success: false, code: 'VALIDATION_ERROR', message: 'No publisher with id 11', errors: [{ field: 'partnerScope.ids', message: 'No publisher with id 11' }] }, 400)
          : undefined),
    });
    await findRow('user1@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Add User' }));
    await view.user.type(field(/^Email/), 'blue@partner.example');
    await view.user.type(field(/^Password/), 'partner-secret');
    await view.user.selectOptions(field(/^Role/), 'partner');
    const scope = await within(dialog()).findByRole('group', { name: 'Partner scope' });
    await view.user.click(await within(scope).findByRole('checkbox', { name: /Blue Lead Co/ }));
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(await within(scope).findByRole('alert')).toHaveTextContent('No publisher with id 11');
  });

  it('edits a partner’s stored scope; another role sends none', async () => {
    const view = renderUsersPage({ users: [PARTNER], override: pickers });
    await findRow('blue@partner.example');
    await view.user.click(screen.getByRole('button', { name: 'Edit Blue Partner' }));
    const scope = await within(dialog()).findByRole('group', { name: 'Partner scope' });
    expect(within(scope).getByRole('radio', { name: 'From a date I choose' })).toBeChecked();
    expect(within(scope).getByLabelText(/^First day the partner sees/)).toHaveValue('2026-10-01');
    expect(await within(scope).findByRole('checkbox', { name: /Blue Lead Co/ })).toBeChecked();
    await view.user.selectOptions(field(/^Role/), 'user');
    expect(within(dialog()).queryByRole('group', { name: 'Partner scope' })).not.toBeInTheDocument();
    await view.user.click(within(dialog()).getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(writes(view.fetchMock)).toHaveLength(1));
    expect(writes(view.fetchMock)[0]?.body).not.toHaveProperty('partnerScope');
  });
});

describe('partners in the users table', () => {
  it('shows the scope as a badge and offers View as… to an admin', async () => {
    const viewAsAnswer = { ...PARTNER, viewAsBy: { id: 'me', name: 'Ada Admin' } };
    const view = renderUsersPage({
      users: [PARTNER, ...makeUsers(1)],
      override: (request) =>
        request.method === 'POST' && request.path === '/api/users/p1/view-as'
          ? jsonResponse({ success: true, data: { token: 'view-as-token', expiresIn: 900, user: viewAsAnswer } })
          : undefined,
    });
    const row = await findRow('blue@partner.example');
    expect(within(row).getByText('Publisher partner · 2 sources')).toBeInTheDocument();
    expect(within(await findRow('user1@example.com')).queryByRole('button', { name: /View as/ })).not.toBeInTheDocument();

    await view.user.click(within(row).getByRole('button', { name: 'View as Blue Partner' }));
    await waitFor(() => expect(view.store.get(userAtom)?.viewAsBy).toEqual({ id: 'me', name: 'Ada Admin' }));
    await waitFor(() => expect(view.location.pathname).toBe('/'));
  });

  it('offers View as… to nobody but an admin', async () => {
    renderUsersPage({ me: makeUser({ id: 'member', _id: 'member', role: 'user' }), users: [PARTNER] });
    const row = await findRow('blue@partner.example');
    expect(within(row).queryByRole('button', { name: /View as/ })).not.toBeInTheDocument();
  });
});
