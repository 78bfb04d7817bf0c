import { screen, within } from '@testing-library/react';
import { findRow, MEMBER, makeUser, renderUsersPage, writes } from '../../../testing/users';

const other = makeUser({ _id: 'o', id: 'o', name: 'Olive Other', email: 'olive@example.com' });
const admin = makeUser({ _id: 'a', id: 'a', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });

describe('User Management for a non-admin', () => {
  it('shows every write action disabled, with the reason', async () => {
    renderUsersPage({ me: MEMBER, users: [MEMBER, other, admin] });
    const otherRow = await findRow('olive@example.com');

    expect(screen.getByText('Only admins can manage users')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add User' });
    expect(add).toBeDisabled();
    expect(add).toHaveAttribute('title', 'Only admins can manage users');

    const del = within(otherRow).getByRole('button', { name: 'Delete Olive Other' });
    expect(del).toBeDisabled();
    expect(del).toHaveAttribute('title', 'Only admins can manage users');
    expect(within(await findRow('member@example.com')).getByRole('button', { name: 'Delete Max Member' })).toBeDisabled();
    // Still: no Delete at all on admin rows.
    expect(within(await findRow('ada@example.com')).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('offers a reviewer no user management either: they correct calls, not accounts', async () => {
    const reviewer = makeUser({ _id: 'r', id: 'r', name: 'Rita Reviewer', email: 'rita@example.com', role: 'reviewer' });
    renderUsersPage({ me: reviewer, users: [reviewer, other] });
    const otherRow = await findRow('olive@example.com');
    expect(screen.getByText('Only admins can manage users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeDisabled();
    expect(within(otherRow).getByRole('button', { name: 'Delete Olive Other' })).toBeDisabled();
  });

  it("opens someone else's account read-only, with Update User disabled", async () => {
    const { user, fetchMock } = renderUsersPage({ me: MEMBER, users: [MEMBER, other] });
    await user.click(within(await findRow('olive@example.com')).getByRole('button', { name: 'Edit Olive Other' }));
    const form = await screen.findByRole('dialog', { name: 'Edit User' });

    expect(within(form).getByText('Only admins can manage users')).toBeInTheDocument();
    for (const label of [/^Name/, /^Email/, /^New Password/, /^Role/]) expect(within(form).getByLabelText(label)).toBeDisabled();
    expect(within(form).getByRole('switch', { name: 'Active' })).toBeDisabled();
    const save = within(form).getByRole('button', { name: 'Update User' });
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('title', 'Only admins can manage users');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(writes(fetchMock)).toEqual([]);
  });

  it('lets them change their own name and password, and nothing else', async () => {
    const { user, fetchMock } = renderUsersPage({ me: MEMBER, users: [MEMBER, other] });
    await user.click(within(await findRow('member@example.com')).getByRole('button', { name: 'Edit Max Member' }));
    const form = await screen.findByRole('dialog', { name: 'Edit User' });

    expect(within(form).getByText('Only an admin can change your email, role or status')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Name/)).toBeEnabled();
    expect(within(form).getByLabelText(/^New Password/)).toBeEnabled();
    expect(within(form).getByText('Changing your own password signs you out everywhere else.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Email/)).toBeDisabled();
    expect(within(form).getByLabelText(/^Role/)).toBeDisabled();
    expect(within(form).getByRole('switch', { name: 'Active' })).toBeDisabled();

    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Max Renamed');
    await user.click(within(form).getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    // `active` is the admins' field: it is not sent at all.
    expect(writes(fetchMock)).toMatchObject([
      { method: 'PUT', url: '/api/users/member', body: { name: 'Max Renamed', email: 'member@example.com', password: '', role: 'user' } },
    ]);
    expect(writes(fetchMock)[0]?.body).not.toHaveProperty('active');
  });
});
