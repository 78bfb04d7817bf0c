import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { AdminOnly, isAdmin } from '@callboard/shared-auth/admin-gate';
import { clearSession, saveSession } from '@callboard/shared-auth/session';
import { makeToken, makeUser } from '@callboard/shared-auth/testing/fetch-mock';

beforeEach(() => localStorage.clear());

describe('admin gate', () => {
  it('counts only the admin role as an admin', () => {
    expect(isAdmin(makeUser({ role: 'admin' }))).toBe(true);
    expect(isAdmin(makeUser({ role: 'user' }))).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('shows its children to admins and the fallback to everyone else, following the session', () => {
    const store = createStore();
    saveSession(store, { token: makeToken(900), user: makeUser({ role: 'user' }) });
    render(
      <Provider store={store}>
        <AdminOnly fallback={<p>Only admins can do this.</p>}>
          <button type="button">Delete everything</button>
        </AdminOnly>
      </Provider>,
    );
    expect(screen.getByText('Only admins can do this.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();

    act(() => saveSession(store, { token: makeToken(900), user: makeUser({ role: 'admin' }) }));
    expect(screen.getByRole('button', { name: 'Delete everything' })).toBeInTheDocument();

    act(() => clearSession(store));
    expect(screen.getByText('Only admins can do this.')).toBeInTheDocument();
  });
});
