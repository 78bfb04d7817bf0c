import { screen, waitFor, within } from '@testing-library/react';
import { findRow, jsonResponse, listQueries, makeUser, makeUsers, renderUsersPage, writes, type RenderUsersResult } from '../../../testing/users';

const dialog = () => screen.getByRole('dialog');
const field = (label: RegExp) => within(dialog()).getByLabelText(label);

async function openCreate({ user }: RenderUsersResult) {
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  return screen.findByRole('dialog', { name: 'Create User' });
}

describe('Create User dialog', () => {
  it('opens empty with the spec fields, role user by default', async () => {
    const view = renderUsersPage({ users: makeUsers(1) });
    await findRow('user1@example.com');
    const form = await openCreate(view);

    expect(within(form).getByRole('heading', { name: 'Create User' })).toBeInTheDocument();
    expect(field(/^Name/)).toHaveAttribute('placeholder', 'Enter user name');
    expect(field(/^Name/)).toHaveValue('');
    expect(field(/^Email/)).toHaveValue('');
    expect(field(/^Password/)).toHaveValue('');
    expect(field(/^Role/)).toHaveValue('user');
    expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(['User', 'Reviewer', 'Admin', 'Partner']);
    // Name is optional; Email, Password and Role are starred.
    expect(within(form).getByText('Email').closest('label')).toHaveTextContent('Email *');
    expect(within(form).getByText('Password').closest('label')).toHaveTextContent('Password *');
    expect(within(form).getByText('Role').closest('label')).toHaveTextContent('Role *');
    expect(within(form).getByText('Name').closest('label')).toHaveTextContent(/^Name$/);
    expect(within(form).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(form).getByRole('button', { name: 'Create User' })).toBeEnabled();
  });

  it('blocks an empty submit with the messages under their fields', async () => {
    const view = renderUsersPage({ users: makeUsers(1) });
    await findRow('user1@example.com');
    await openCreate(view);
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));

    expect(within(dialog()).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog()).getByText('Password is required')).toBeInTheDocument();
    expect(field(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Email/)).toHaveFocus();
    expect(writes(view.fetchMock)).toEqual([]);
  });

  it('says an address is invalid and a password too short, and clears each message as its field is edited', async () => {
    const view = renderUsersPage({ users: makeUsers(1) });
    await findRow('user1@example.com');
    await openCreate(view);
    await view.user.type(field(/^Email/), 'not-an-email');
    await view.user.type(field(/^Password/), '12345');
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));

    expect(within(dialog()).getByText('Email is invalid')).toBeInTheDocument();
    expect(within(dialog()).getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await view.user.type(field(/^Email/), '@example.com');
    expect(within(dialog()).queryByText('Email is invalid')).not.toBeInTheDocument();
    // Only the edited field's message goes.
    expect(within(dialog()).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await view.user.type(field(/^Password/), '6');
    expect(within(dialog()).queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
    expect(writes(view.fetchMock)).toEqual([]);
  });

  it('creates the user, says so, closes and reloads the list', async () => {
    const view = renderUsersPage({ users: makeUsers(1) });
    await findRow('user1@example.com');
    await openCreate(view);
    await view.user.type(field(/^Name/), '  Nora Newcomer ');
    await view.user.type(field(/^Email/), 'nora@example.com');
    await view.user.type(field(/^Password/), 's3cret-pass');
    await view.user.selectOptions(field(/^Role/), 'admin');
    const listed = listQueries(view.fetchMock).length;
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = writes(view.fetchMock);
    expect(post).toMatchObject({ method: 'POST', url: '/api/users' });
    expect(post?.body).toEqual({ name: 'Nora Newcomer', email: 'nora@example.com', password: 's3cret-pass', role: 'admin' });
    await findRow('nora@example.com');
    expect(listQueries(view.fetchMock).length).toBeGreaterThan(listed);
    expect(screen.getByText('2 user(s) total')).toBeInTheDocument();
  });

  it('shows the server message and its field errors when the save is refused', async () => {
    const view = renderUsersPage({
      users: makeUsers(1),
      override: (request) =>
        request.method === 'POST'
          ? jsonResponse({ success: false, code: 'CONFLICT', message: 'Email is already registered' }, 409)
          : undefined,
    });
    await findRow('user1@example.com');
    await openCreate(view);
    await view.user.type(field(/^Email/), 'user1@example.com');
    await view.user.type(field(/^Password/), 's3cret-pass');
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));

    // Under the field and as the toast.
    await waitFor(() => expect(screen.getAllByText('Email is already registered')).toHaveLength(2));
    expect(field(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Create User' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Create User' })).toBeEnabled();
  });

  it('puts a 400 validation answer under the fields it names', async () => {
    const view = renderUsersPage({
      users: makeUsers(1),
      override: (request) =>
        request.method === 'POST'
          ? jsonResponse(
              { success: false, code: 'VALIDATION_ERROR', message: 'Invalid input', errors: [{ field: 'password', message: 'Password must be at most 256 characters' }] },
              400,
            )
          : undefined,
    });
    await findRow('user1@example.com');
    await openCreate(view);
    await view.user.type(field(/^Email/), 'new@example.com');
    await view.user.type(field(/^Password/), 's3cret-pass');
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog()).findByText('Password must be at most 256 characters')).toBeInTheDocument();
    expect(await screen.findByText('Invalid input')).toBeInTheDocument();
  });

  it('says "Failed to save user" when the server gives no message', async () => {
    const view = renderUsersPage({
      users: makeUsers(1),
      override: (request) => (request.method === 'POST' ? Promise.reject(new TypeError('Failed to fetch')) : undefined),
    });
    await findRow('user1@example.com');
    await openCreate(view);
    await view.user.type(field(/^Email/), 'new@example.com');
    await view.user.type(field(/^Password/), 's3cret-pass');
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Failed to save user')).toBeInTheDocument();
  });

  it('starts over every time it opens', async () => {
    const view = renderUsersPage({ users: makeUsers(1) });
    await findRow('user1@example.com');
    await openCreate(view);
    await view.user.type(field(/^Name/), 'Half typed');
    await view.user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(within(dialog()).getByText('Email is required')).toBeInTheDocument();
    await view.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await openCreate(view);
    expect(field(/^Name/)).toHaveValue('');
    expect(within(dialog()).queryByText('Email is required')).not.toBeInTheDocument();

    // Escape closes too, and the next Edit starts from the row, not from the create form.
    await view.user.type(field(/^Name/), 'Again');
    await view.user.keyboard('{Escape}');
    await view.user.click(within(await findRow('user1@example.com')).getByRole('button', { name: 'Edit User 1' }));
    expect(field(/^Name/)).toHaveValue('User 1');
  });
});

describe('Edit User dialog', () => {
  const target = makeUser({ _id: 't', id: 't', name: 'Tess Target', email: 'tess@example.com', role: 'user', active: true });

  async function openEdit(view: RenderUsersResult) {
    const row = await findRow('tess@example.com');
    await view.user.click(within(row).getByRole('button', { name: 'Edit Tess Target' }));
    return screen.findByRole('dialog', { name: 'Edit User' });
  }

  it('opens filled, with New Password blank and its hint', async () => {
    const view = renderUsersPage({ users: [target] });
    const form = await openEdit(view);
    expect(field(/^Name/)).toHaveValue('Tess Target');
    expect(field(/^Email/)).toHaveValue('tess@example.com');
    expect(field(/^New Password/)).toHaveValue('');
    expect(field(/^New Password/)).toHaveAttribute('placeholder', 'Leave blank to keep current password');
    expect(field(/^Role/)).toHaveValue('user');
    expect(within(form).getByRole('switch', { name: 'Active' })).toBeChecked();
    expect(within(form).getByRole('button', { name: 'Update User' })).toBeEnabled();
    expect(within(form).queryByRole('button', { name: 'Create User' })).not.toBeInTheDocument();
  });

  it('saves with a blank password (kept), says so and shows the change', async () => {
    const view = renderUsersPage({ users: [target] });
    await openEdit(view);
    await view.user.clear(field(/^Name/));
    await view.user.type(field(/^Name/), 'Tess Renamed');
    await view.user.selectOptions(field(/^Role/), 'admin');
    await view.user.click(within(dialog()).getByRole('button', { name: 'Update User' }));

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    const [put] = writes(view.fetchMock);
    expect(put).toMatchObject({ method: 'PUT', url: '/api/users/t' });
    expect(put?.body).toEqual({ name: 'Tess Renamed', email: 'tess@example.com', password: '', role: 'admin', active: true });
    const row = await findRow('tess@example.com');
    await waitFor(() => expect(within(row).getByText('Tess Renamed')).toBeInTheDocument());
    expect(within(row).getByText('Admin')).toHaveClass('cb-badge--danger');
  });

  it('makes someone a Reviewer: the role sent, and the row shows the Reviewer badge', async () => {
    const view = renderUsersPage({ users: [target] });
    await openEdit(view);
    await view.user.selectOptions(field(/^Role/), 'Reviewer');
    await view.user.click(within(dialog()).getByRole('button', { name: 'Update User' }));

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(writes(view.fetchMock)[0]?.body).toMatchObject({ role: 'reviewer' });
    const row = await findRow('tess@example.com');
    await waitFor(() => expect(within(row).getByText('Reviewer')).toHaveClass('cb-badge--accent'));
  });

  it('still checks a new password for length', async () => {
    const view = renderUsersPage({ users: [target] });
    await openEdit(view);
    await view.user.type(field(/^New Password/), 'abc');
    await view.user.click(within(dialog()).getByRole('button', { name: 'Update User' }));
    expect(within(dialog()).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(writes(view.fetchMock)).toEqual([]);
  });

  it('deactivates with the Active switch', async () => {
    const view = renderUsersPage({ users: [target] });
    await openEdit(view);
    await view.user.click(within(dialog()).getByRole('switch', { name: 'Active' }));
    await view.user.click(within(dialog()).getByRole('button', { name: 'Update User' }));
    await screen.findByText('User updated successfully');
    expect(writes(view.fetchMock)[0]?.body).toMatchObject({ active: false });
    const row = await findRow('tess@example.com');
    await waitFor(() => expect(within(row).getByText('Inactive')).toBeInTheDocument());
  });

  it('reports a refused update with the server message', async () => {
    const view = renderUsersPage({
      users: [target],
      override: (request) =>
        request.method === 'PUT' ? jsonResponse({ success: false, code: 'CONFLICT', message: 'The last active admin cannot be demoted or deactivated' }, 409) : undefined,
    });
    await openEdit(view);
    await view.user.click(within(dialog()).getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText('The last active admin cannot be demoted or deactivated')).toBeInTheDocument();
    // Not an email problem: nothing under the fields, and the dialog stays for another try.
    expect(field(/^Email/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  });

  describe('your own new password', () => {
    const me = makeUser({ _id: 'me', id: 'me', name: 'Ada Admin', email: 'admin@example.com', role: 'admin' });

    async function openOwn(view: RenderUsersResult) {
      const row = await findRow('admin@example.com');
      await view.user.click(within(row).getByRole('button', { name: 'Edit Ada Admin' }));
      return screen.findByRole('dialog', { name: 'Edit User' });
    }

    it('asks for the current password once a new one is typed, and requires it', async () => {
      const view = renderUsersPage({ users: [me] });
      const form = await openOwn(view);
      expect(within(form).getByText('Changing your own password signs you out everywhere else.')).toBeInTheDocument();
      expect(within(form).queryByLabelText(/^Current Password/)).not.toBeInTheDocument();

      await view.user.type(field(/^New Password/), 'brand-new-pw');
      expect(field(/^Current Password/)).toHaveAttribute('type', 'password');
      expect(field(/^Current Password/)).toHaveAttribute('autocomplete', 'current-password');
      expect(within(form).getByText('Current Password').closest('label')).toHaveTextContent('Current Password *');
      await view.user.click(within(form).getByRole('button', { name: 'Update User' }));
      expect(within(form).getByText('Current password is required')).toBeInTheDocument();
      expect(field(/^Current Password/)).toHaveFocus();
      expect(writes(view.fetchMock)).toEqual([]);

      await view.user.type(field(/^Current Password/), 'the-old-pw');
      expect(within(form).queryByText('Current password is required')).not.toBeInTheDocument();
      await view.user.click(within(form).getByRole('button', { name: 'Update User' }));
      expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
      expect(writes(view.fetchMock)[0]?.body).toEqual({
        name: 'Ada Admin',
        email: 'admin@example.com',
        password: 'brand-new-pw',
        currentPassword: 'the-old-pw',
        role: 'admin',
      });
    });

    it("shows the server's message under the field when the current password is wrong, and stays open", async () => {
      const view = renderUsersPage({
        users: [me],
        override: (request) =>
          request.method === 'PUT'
            ? jsonResponse(
                {
                  success: false,
                  code: 'FORBIDDEN',
                  message: 'Current password is incorrect',
                  errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
                },
                403,
              )
            : undefined,
      });
      await openOwn(view);
      await view.user.type(field(/^New Password/), 'brand-new-pw');
      await view.user.type(field(/^Current Password/), 'a-wrong-guess');
      await view.user.click(within(dialog()).getByRole('button', { name: 'Update User' }));

      // Under the field and as the toast; still signed in, the dialog waits for another try.
      await waitFor(() => expect(screen.getAllByText('Current password is incorrect')).toHaveLength(2));
      expect(field(/^Current Password/)).toHaveAttribute('aria-invalid', 'true');
      expect(field(/^Current Password/)).toHaveFocus();
      expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
      expect(within(dialog()).getByRole('button', { name: 'Update User' })).toBeEnabled();
    });

    it('asks nothing more when an admin sets someone else\'s password', async () => {
      const view = renderUsersPage({ users: [me, target] });
      await openEdit(view);
      await view.user.type(field(/^New Password/), 'set-by-admin');
      expect(within(dialog()).queryByLabelText(/^Current Password/)).not.toBeInTheDocument();
      await view.user.click(within(dialog()).getByRole('button', { name: 'Update User' }));
      await screen.findByText('User updated successfully');
      expect(writes(view.fetchMock)[0]?.body).toEqual({ name: 'Tess Target', email: 'tess@example.com', password: 'set-by-admin', role: 'user', active: true });
    });
  });

  it('keeps an admin from deactivating their own account', async () => {
    const view = renderUsersPage({ users: [makeUser({ _id: 'me', id: 'me', name: 'Ada Admin', email: 'admin@example.com', role: 'admin' })] });
    const row = await findRow('admin@example.com');
    await view.user.click(within(row).getByRole('button', { name: 'Edit Ada Admin' }));
    const form = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(form).getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(within(form).getByText('You cannot deactivate your own account')).toBeInTheDocument();
    expect(within(form).getByText('Changing your own role signs you out.')).toBeInTheDocument();
    await view.user.click(within(form).getByRole('button', { name: 'Update User' }));
    await screen.findByText('User updated successfully');
    expect(writes(view.fetchMock)[0]?.body).not.toHaveProperty('active');
  });
});
