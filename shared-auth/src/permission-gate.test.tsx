import { act, render, renderHook, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import type { ReactNode } from 'react';
import { Permitted, usePermission } from '@callboard/shared-auth/permission-gate';
import { clearSession, saveSession } from '@callboard/shared-auth/session';
import { makeToken, makeUser } from '@callboard/shared-auth/testing/fetch-mock';
import type { Role } from '@callboard/contract';

beforeEach(() => localStorage.clear());

function signedInAs(role: Role | null) {
  const store = createStore();
  if (role) saveSession(store, { token: makeToken(900), user: makeUser({ role }) });
  return store;
}

describe('permission gate', () => {
  it.each([
    ['user', false, false],
    ['reviewer', true, false],
    ['admin', true, true],
    [null, false, false],
  ] as const)('%s: re-dispositions calls %s, manages users %s', (role, redisposition, manageUsers) => {
    const store = signedInAs(role);
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => [usePermission('redispositionCalls'), usePermission('manageUsers'), usePermission('managePayments')], { wrapper });
    expect(result.current).toEqual([redisposition, manageUsers, manageUsers]);
  });

  it('shows its children to the roles with the permission and the fallback to the rest, following the session', () => {
    const store = signedInAs('user');
    render(
      <Provider store={store}>
        <Permitted permission="redispositionCalls" fallback={<p>Only reviewers can do this.</p>}>
          <button type="button">Re-disposition</button>
        </Permitted>
      </Provider>,
    );
    expect(screen.getByText('Only reviewers can do this.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();

    act(() => saveSession(store, { token: makeToken(900), user: makeUser({ role: 'reviewer' }) }));
    expect(screen.getByRole('button', { name: 'Re-disposition' })).toBeInTheDocument();

    act(() => saveSession(store, { token: makeToken(900), user: makeUser({ role: 'admin' }) }));
    expect(screen.getByRole('button', { name: 'Re-disposition' })).toBeInTheDocument();

    act(() => clearSession(store));
    expect(screen.getByText('Only reviewers can do this.')).toBeInTheDocument();
  });
});
