import { screen, waitFor, within } from '@testing-library/react';
import { deferred, findRow, jsonResponse, makeUser, makeUsers, renderUsersPage, writes } from '../../../testing/users';

const bob = makeUser({ _id: 'b', id: 'b', name: 'Bob Builder', email: 'bob@example.com' });

describe('Deleting a user', () => {
  it('asks first, and Cancel sends nothing', async () => {
    const { user, fetchMock } = renderUsersPage({ users: [bob] });
    await user.click(within(await findRow('bob@example.com')).getByRole('button', { name: 'Delete Bob Builder' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(within(confirm).getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    expect(within(confirm).getByText('bob@example.com')).toBeInTheDocument();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(fetchMock)).toEqual([]);
    expect(screen.getByRole('cell', { name: 'bob@example.com' })).toBeInTheDocument();
  });

  it('deletes on confirmation, says so and drops the row', async () => {
    const { user, fetchMock } = renderUsersPage({ users: [bob, ...makeUsers(2)] });
    await user.click(within(await findRow('bob@example.com')).getByRole('button', { name: 'Delete Bob Builder' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(writes(fetchMock)).toMatchObject([{ method: 'DELETE', url: '/api/users/b' }]);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'bob@example.com' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('2 user(s) total')).toBeInTheDocument();
  });

  it('stays busy until the server answers, with row actions and pagination held', async () => {
    const held = deferred<Response>();
    const { user } = renderUsersPage({
      users: [bob, ...makeUsers(12)],
      override: (request) => (request.method === 'DELETE' ? held.promise : undefined),
    });
    await user.click(within(await findRow('bob@example.com')).getByRole('button', { name: 'Delete Bob Builder' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next', hidden: true })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit User 1', hidden: true })).toBeDisabled();

    held.resolve(jsonResponse({ success: true, message: 'User deleted successfully' }));
    await screen.findByText('User deleted successfully');
  });

  it('reports a refusal with the server message', async () => {
    const { user } = renderUsersPage({
      users: [bob],
      override: (request) =>
        request.method === 'DELETE' ? jsonResponse({ success: false, code: 'FORBIDDEN', message: 'Admin role required' }, 403) : undefined,
    });
    await user.click(within(await findRow('bob@example.com')).getByRole('button', { name: 'Delete Bob Builder' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Admin role required')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'bob@example.com' })).toBeInTheDocument();
  });

  it('says "Failed to delete user" when the server gives no message', async () => {
    const { user } = renderUsersPage({
      users: [bob],
      override: (request) => (request.method === 'DELETE' ? jsonResponse(undefined, 500) : undefined),
    });
    await user.click(within(await findRow('bob@example.com')).getByRole('button', { name: 'Delete Bob Builder' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
  });
});
