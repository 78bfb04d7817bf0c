import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from '@callboard/shared-router';
import type { Role } from '@callboard/contract';
import { RequireAuth, redirectTarget } from '@callboard/shared-auth/require-auth';
import { renderInHost, type SessionSeed } from '@callboard/shared-auth/testing/render-in-host';

function LoginProbe() {
  const location = useLocation();
  return <p>Login page, back to {redirectTarget(location.state)}</p>;
}

function renderGuarded(session: SessionSeed, { roles, at = '/users?page=2#top' }: { roles?: Role[]; at?: string } = {}) {
  return renderInHost(
    <Routes>
      <Route path="/login" element={<LoginProbe />} />
      <Route path="/unauthorized" element={<p>No access</p>} />
      <Route
        path="/users"
        element={
          <RequireAuth roles={roles}>
            <p>User management</p>
          </RequireAuth>
        }
      />
      <Route element={<RequireAuth />}>
        <Route path="/reporting" element={<p>Reporting page</p>} />
      </Route>
    </Routes>,
    { path: at, session },
  );
}

function signedIn(role: Role): SessionSeed {
  return { role };
}

describe('RequireAuth', () => {
  it('shows a loading screen while the session is being restored', () => {
    renderGuarded('restoring');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('User management')).toBeNull();
  });

  it('sends a visitor to /login remembering where they were going', () => {
    renderGuarded('signed-out');
    expect(screen.getByText('Login page, back to /users?page=2#top')).toBeInTheDocument();
    expect(screen.queryByText('User management')).toBeNull();
  });

  it('sends a signed-in user without a required role to /unauthorized', () => {
    renderGuarded(signedIn('user'), { roles: ['admin'] });
    expect(screen.getByText('No access')).toBeInTheDocument();
    expect(screen.queryByText('User management')).toBeNull();
  });

  it('renders the page for an allowed role, or any signed-in user when no roles are required', () => {
    const { unmount } = renderGuarded(signedIn('admin'), { roles: ['admin'] });
    expect(screen.getByText('User management')).toBeInTheDocument();
    unmount();
    renderGuarded(signedIn('user'), { roles: [] });
    expect(screen.getByText('User management')).toBeInTheDocument();
  });

  it('renders the matched child route when used as a layout route', () => {
    renderGuarded(signedIn('user'), { at: '/reporting' });
    expect(screen.getByText('Reporting page')).toBeInTheDocument();
  });
});

describe('redirectTarget', () => {
  it('returns the remembered path with its search and hash', () => {
    expect(redirectTarget({ from: { pathname: '/callLogs', search: '?q=1', hash: '#x' } })).toBe('/callLogs?q=1#x');
    expect(redirectTarget({ from: { pathname: '/users' } })).toBe('/users');
  });

  it('defaults to /reporting without a usable location', () => {
    expect(redirectTarget(undefined)).toBe('/reporting');
    expect(redirectTarget(null)).toBe('/reporting');
    expect(redirectTarget({ email: 'a@b.co' })).toBe('/reporting');
    expect(redirectTarget({ from: { pathname: '//evil.example' } })).toBe('/reporting');
    expect(redirectTarget({ from: { pathname: '/login', search: '?x' } })).toBe('/reporting');
  });
});
