import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '@callboard/shared-auth/session';
import { StandaloneHost } from '@callboard/shared-auth/standalone-host';
import { authAnswer, installFetchMock, jsonResponse, makeToken, makeUser, recordedCalls } from '@callboard/shared-auth/testing/fetch-mock';

function UserCount() {
  const { data } = useSWR<{ total: number }>('/api/users');
  return <p>{data ? `${data.total} users` : 'Fetching users'}</p>;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('StandaloneHost', () => {
  it('asks for a sign-in, shows the error of a failed one, then the remote once signed in', async () => {
    const user = userEvent.setup();
    const token = makeToken(900);
    const fetch = installFetchMock(async (url, init) => {
      if (url === '/api/auth/login') {
        const body = JSON.parse(init?.body as string) as { password: string };
        return body.password === 'secret1'
          ? jsonResponse(authAnswer(token, makeUser({ name: 'Ada' })))
          : jsonResponse({ success: false, message: 'Invalid email or password' }, 401);
      }
      if (url === '/api/users') return jsonResponse({ success: true, total: 3 });
      return jsonResponse({ success: true, message: 'Logged out' });
    });
    render(
      <StandaloneHost title="Users (standalone)">
        <UserCount />
      </StandaloneHost>,
    );

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // The remote's SWR calls go through apiFetch with the new token.
    expect(await screen.findByText('3 users')).toBeInTheDocument();
    expect(recordedCalls(fetch).find((call) => call.url === '/api/users')?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(screen.getByText('Ada')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(recordedCalls(fetch).some((call) => call.url === '/api/auth/logout')).toBe(true));
  });

  it('restores a stored session without asking again', async () => {
    installFetchMock(async () => jsonResponse({ success: true, total: 5 }));
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(makeUser()));
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken(900));
    render(
      <StandaloneHost title="Users (standalone)">
        <UserCount />
      </StandaloneHost>,
    );
    expect(await screen.findByText('5 users')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('shows the shortcuts listener its remote gives it beside the app, once signed in', async () => {
    installFetchMock(async () => jsonResponse({ success: true, total: 5 }));
    const view = render(
      <StandaloneHost title="Users (standalone)" shortcutsHelp={<p>Press ? for shortcuts</p>}>
        <UserCount />
      </StandaloneHost>,
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Press ? for shortcuts')).toBeNull();
    view.unmount();

    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(makeUser()));
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken(900));
    render(
      <StandaloneHost title="Users (standalone)" shortcutsHelp={<p>Press ? for shortcuts</p>}>
        <UserCount />
      </StandaloneHost>,
    );
    expect(await screen.findByText('5 users')).toBeInTheDocument();
    expect(screen.getByText('Press ? for shortcuts')).toBeInTheDocument();
  });
});
