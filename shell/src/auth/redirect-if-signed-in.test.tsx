import { isLoadingAtom } from '@callboard/shared-auth/session';
import { act, screen } from '@testing-library/react';
import { paths } from '../app/paths';
import { landedOn, renderAuth } from './testing';

describe.each([
  ['/login', paths.login, 'Welcome Back!', 'Login Now'],
  // The register screen shows its form once the API has said registration is open.
  ['/register', paths.register, 'Create Account', 'Register Now'],
])('%s', (_name, path, title, submit) => {
  test('a signed-in visitor goes to /reporting, replacing history', async () => {
    renderAuth({ path, session: 'signed-in' });
    expect(await landedOn()).toEqual({ path: paths.reporting, navigationType: 'REPLACE' });
    expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
  });

  test('a signed-in visitor goes back to the page they came from', async () => {
    renderAuth({ path, session: 'signed-in', state: { from: { pathname: paths.users, search: '?q=ada' } } });
    expect(await landedOn()).toEqual({ path: '/users?q=ada', navigationType: 'REPLACE' });
  });

  test('a visitor who is not signed in sees the form', async () => {
    renderAuth({ path });
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: submit })).toBeInTheDocument();
  });

  test('while the session is being restored a loading status shows, then the form', async () => {
    const { store } = renderAuth({ path, session: 'restoring' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();

    act(() => store.set(isLoadingAtom, false));
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: submit })).toBeInTheDocument();
  });
});

test('a login in progress (isLoading again) keeps the form on screen rather than the loading status', () => {
  const { store } = renderAuth({ path: paths.login });
  act(() => store.set(isLoadingAtom, true));
  expect(screen.getByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
});
