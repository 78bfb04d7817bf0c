import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  deferred,
  findRow,
  jsonResponse,
  listQueries,
  makeUser,
  makeUsers,
  renderUsersPage,
  shownEmails,
  type FakeRequest,
} from '../../../testing/users';

const isList = (request: FakeRequest) => request.method === 'GET' && request.path === '/api/users';

describe('User Management: the list', () => {
  it('shows the heading, Add User, the search box and "Loading users..." until the first page arrives', async () => {
    const held = deferred<Response>();
    const { api } = renderUsersPage({ users: makeUsers(2), override: (request) => (isList(request) ? held.promise : undefined) });

    expect(screen.getByRole('heading', { name: 'User Management', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeEnabled();
    expect(screen.getByPlaceholderText('Search users by name, email, or role...')).toBeInTheDocument();
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();

    held.resolve(api.handle({ method: 'GET', path: '/api/users', query: new URLSearchParams('page=1&limit=10'), body: undefined }));
    await findRow('user1@example.com');
    expect(screen.queryByText('Loading users...')).not.toBeInTheDocument();
  });

  it('asks for page 1 with 10 users a page', async () => {
    const { fetchMock } = renderUsersPage({ users: makeUsers(3) });
    await findRow('user1@example.com');
    const [first] = listQueries(fetchMock);
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('10');
    expect(first?.has('search')).toBe(false);
  });

  it('shows Name, Email, Role, Status and Actions for each user', async () => {
    renderUsersPage({
      users: [
        makeUser({ _id: 'a', id: 'a', name: 'Grace Hopper', email: 'grace@example.com', role: 'admin', avatar: 'https://img.example.com/grace.png' }),
        makeUser({ _id: 'b', id: 'b', name: '', email: 'nameless@example.com', role: 'user', active: false }),
        makeUser({ _id: 'c', id: 'c', name: 'Rita Reviewer', email: 'rita@example.com', role: 'reviewer' }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Email', 'Role', 'Status', 'Actions']);

    const grace = await findRow('grace@example.com');
    expect(within(grace).getByText('Grace Hopper')).toBeInTheDocument();
    expect(grace.querySelector('img')).toHaveAttribute('src', 'https://img.example.com/grace.png');
    expect(within(grace).getByText('Admin')).toHaveClass('cb-badge--danger');
    expect(within(grace).getByText('Active')).toHaveClass('cb-badge--success');

    const nameless = await findRow('nameless@example.com');
    expect(within(nameless).getByText('N/A')).toBeInTheDocument();
    expect(nameless.querySelector('img')).toBeNull();
    expect(within(nameless).getByTestId('avatar-placeholder')).toBeInTheDocument();
    expect(within(nameless).getByText('User')).toHaveClass('cb-badge--info');
    expect(within(nameless).getByText('Inactive')).toBeInTheDocument();

    // Each role its own tone: a reviewer is neither an admin nor a user at a glance.
    const rita = await findRow('rita@example.com');
    expect(within(rita).getByText('Reviewer')).toHaveClass('cb-badge--accent');
  });

  it('falls back to the placeholder icon when an avatar fails to load', async () => {
    renderUsersPage({ users: [makeUser({ _id: 'a', id: 'a', email: 'a@example.com', avatar: 'https://img.example.com/gone.png' })] });
    const row = await findRow('a@example.com');
    fireEvent.error(row.querySelector('img') as HTMLImageElement);
    await waitFor(() => expect(row.querySelector('img')).toBeNull());
    expect(within(row).getByTestId('avatar-placeholder')).toBeInTheDocument();
  });

  it('offers Edit on every row and Delete on every row but admin ones', async () => {
    renderUsersPage({
      users: [
        makeUser({ _id: 'a', id: 'a', name: 'Alice', email: 'alice@example.com', role: 'admin' }),
        makeUser({ _id: 'b', id: 'b', name: 'Bob', email: 'bob@example.com', role: 'user' }),
      ],
    });
    const alice = await findRow('alice@example.com');
    const bob = await findRow('bob@example.com');
    expect(within(alice).getByRole('button', { name: 'Edit Alice' })).toBeEnabled();
    expect(within(alice).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(bob).getByRole('button', { name: 'Edit Bob' })).toBeEnabled();
    expect(within(bob).getByRole('button', { name: 'Delete Bob' })).toBeEnabled();
  });

  it('shows the total as "N user(s) total"', async () => {
    renderUsersPage({ users: makeUsers(23) });
    expect(await screen.findByText('23 user(s) total')).toBeInTheDocument();
    expect(screen.queryByText(/filtered/)).not.toBeInTheDocument();
  });
});

describe('User Management: search', () => {
  it('waits for typing to stop, sends the trimmed search, and shows the filtered count beside the total', async () => {
    const { user, fetchMock } = renderUsersPage({
      users: [...makeUsers(12), makeUser({ _id: 'z', id: 'z', name: 'Zoe Quinn', email: 'zoe@example.com' })],
    });
    await screen.findByText('13 user(s) total');
    const before = listQueries(fetchMock).length;

    await user.type(screen.getByPlaceholderText('Search users by name, email, or role...'), '  zoe ');
    await findRow('zoe@example.com');
    const searches = listQueries(fetchMock).slice(before);
    // One request for the settled text, not one per keystroke.
    expect(searches).toHaveLength(1);
    expect(searches[0]?.get('search')).toBe('zoe');
    expect(searches[0]?.get('page')).toBe('1');
    expect(screen.getByText('1 filtered')).toBeInTheDocument();
    expect(screen.getByText('13 user(s) total')).toBeInTheDocument();
    expect(shownEmails()).toEqual(['zoe@example.com']);
  });

  it('goes back to page 1 when the search changes', async () => {
    const { user, fetchMock } = renderUsersPage({ users: makeUsers(25) });
    await findRow('user1@example.com');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await findRow('user21@example.com');

    // Every user matches, so the result has 3 pages too: the page shown must still be 1.
    await user.type(screen.getByPlaceholderText('Search users by name, email, or role...'), 'example.com');
    await screen.findByText('25 filtered');
    await findRow('user1@example.com');
    const last = listQueries(fetchMock).at(-1);
    expect(last?.get('search')).toBe('example.com');
    expect(last?.get('page')).toBe('1');
    // No request ever paired the new search with the old page.
    expect(listQueries(fetchMock).some((query) => query.has('search') && query.get('page') === '3')).toBe(false);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('clearing the search shows everyone again without the filtered badge', async () => {
    const { user } = renderUsersPage({ users: makeUsers(4) });
    await findRow('user1@example.com');
    const box = screen.getByPlaceholderText('Search users by name, email, or role...');
    await user.type(box, 'user3');
    await screen.findByText('1 filtered');
    await user.clear(box);
    await waitFor(() => expect(screen.queryByText(/filtered/)).not.toBeInTheDocument());
    await waitFor(() => expect(shownEmails()).toHaveLength(4));
  });
});

describe('User Management: empty and failed states', () => {
  it('says there are no users yet', async () => {
    renderUsersPage({ users: [] });
    expect(await screen.findByText('No users available')).toBeInTheDocument();
    expect(screen.getByText('Create your first user to get started')).toBeInTheDocument();
    expect(screen.getByText('0 user(s) total')).toBeInTheDocument();
  });

  it('says nothing matched a search', async () => {
    const { user } = renderUsersPage({ users: makeUsers(3) });
    await findRow('user1@example.com');
    await user.type(screen.getByPlaceholderText('Search users by name, email, or role...'), 'nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms')).toBeInTheDocument();
    expect(screen.getByText('0 filtered')).toBeInTheDocument();
    expect(screen.getByText('3 user(s) total')).toBeInTheDocument();
  });

  it('reports a failed load with a toast and a Retry that loads again', async () => {
    let failing = true;
    const { user, fetchMock } = renderUsersPage({
      users: makeUsers(2),
      override: (request) =>
        isList(request) && failing ? jsonResponse({ success: false, code: 'UNAVAILABLE', message: 'Database unavailable' }, 503) : undefined,
    });
    expect(await screen.findByText('Please try again later')).toBeInTheDocument();
    // The inline title and the toast both say it.
    expect(screen.getAllByText('Failed to load users')).toHaveLength(2);

    failing = false;
    const before = listQueries(fetchMock).length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await findRow('user1@example.com');
    expect(listQueries(fetchMock).length).toBe(before + 1);
    expect(screen.queryByText('Please try again later')).not.toBeInTheDocument();
  });
});
