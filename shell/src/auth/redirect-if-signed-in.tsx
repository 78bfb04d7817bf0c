import { redirectTarget } from '@callboard/shared-auth/require-auth';
import { useSession } from '@callboard/shared-auth/use-session';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '@callboard/shared-router';
import './auth.css';

/**
 * Keeps signed-in people off /login and /register, where they have nothing to do: they go back to
 * the page they came from, else /reporting, replacing history.
 *
 * The loading screen is for the session restore at start only. shared-auth
 * also raises isLoading while a login is pending; swapping the form
 * for a spinner then would unmount it mid-request and lose its busy state.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useSession();
  const location = useLocation();
  const [restored, setRestored] = useState(!isLoading);
  // Adjusting state during render (React's documented pattern): once restored, always restored.
  if (!isLoading && !restored) setRestored(true);

  if (isLoading && !restored) {
    return (
      <div className="auth-pending" role="status">
        <Spinner size="md" decorative />
        Loading...
      </div>
    );
  }
  if (isAuthenticated) return <Navigate to={redirectTarget(location.state)} replace />;
  return <>{children}</>;
}
