import { screen, within } from '@testing-library/react';
import { deferred, findRow, listQueries, makeUsers, renderUsersPage, shownEmails, type FakeRequest } from '../../../testing/users';

const pagination = () => screen.getByRole('navigation', { name: 'Users pagination' });
const pageButtons = () =>
  within(pagination())
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);
const isList = (request: FakeRequest) => request.method === 'GET' && request.path === '/api/users';

describe('User Management: pagination', () => {
  it('is hidden while everything fits on one page', async () => {
    renderUsersPage({ users: makeUsers(10) });
    await findRow('user10@example.com');
    expect(screen.queryByRole('navigation', { name: 'Users pagination' })).not.toBeInTheDocument();
  });

  it('shows Previous, a button per page and Next, with Previous disabled on page 1', async () => {
    renderUsersPage({ users: makeUsers(25) });
    await findRow('user1@example.com');
    expect(shownEmails()).toHaveLength(10);
    expect(pageButtons()).toEqual(['1', '2', '3']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(within(pagination()).getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('moves with Next, Previous and the page buttons, and disables Next on the last page', async () => {
    const { user, fetchMock } = renderUsersPage({ users: makeUsers(25) });
    await findRow('user1@example.com');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await findRow('user11@example.com');
    expect(listQueries(fetchMock).at(-1)?.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await findRow('user21@example.com');
    expect(shownEmails()).toEqual(['user21@example.com', 'user22@example.com', 'user23@example.com', 'user24@example.com', 'user25@example.com']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await findRow('user11@example.com');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // Page 2 was fetched seconds ago: the app's cache answers it (data is refetched after 30 s).
    expect(listQueries(fetchMock).map((query) => query.get('page'))).toEqual(['1', '2', '3']);
  });

  it('shows at most 5 page buttons, a window that follows the current page', async () => {
    const { user } = renderUsersPage({ users: makeUsers(95) });
    await findRow('user1@example.com');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);

    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    await findRow('user41@example.com');
    expect(pageButtons()).toEqual(['3', '4', '5', '6', '7']);

    await user.click(screen.getByRole('button', { name: 'Page 7' }));
    await findRow('user61@example.com');
    expect(pageButtons()).toEqual(['5', '6', '7', '8', '9']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await findRow('user71@example.com');
    expect(pageButtons()).toEqual(['6', '7', '8', '9', '10']);
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    await findRow('user91@example.com');
    expect(pageButtons()).toEqual(['6', '7', '8', '9', '10']);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('disables every control while a page is loading, keeping the previous rows on screen', async () => {
    let hold: ReturnType<typeof deferred<Response>> | null = null;
    const { user, api } = renderUsersPage({
      users: makeUsers(25),
      override: (request) => (isList(request) && hold ? hold.promise : undefined),
    });
    await findRow('user1@example.com');

    hold = deferred<Response>();
    const pending = hold;
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();
    for (const button of within(pagination()).getAllByRole('button')) expect(button).toBeDisabled();
    expect(shownEmails()[0]).toBe('user1@example.com');

    hold = null;
    pending.resolve(api.handle({ method: 'GET', path: '/api/users', query: new URLSearchParams('page=2&limit=10'), body: undefined }));
    await findRow('user11@example.com');
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('goes back a page when a delete empties the last one', async () => {
    const { user } = renderUsersPage({ users: makeUsers(11) });
    await findRow('user1@example.com');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    const row = await findRow('user11@example.com');
    await user.click(within(row).getByRole('button', { name: 'Delete User 11' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await findRow('user1@example.com');
    expect(screen.queryByRole('navigation', { name: 'Users pagination' })).not.toBeInTheDocument();
    expect(screen.getByText('10 user(s) total')).toBeInTheDocument();
  });
});
