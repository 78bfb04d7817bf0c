import { useAuthActions } from '@callboard/shared-auth/use-session';
import { useCallback } from 'react';
import { useNavigate } from '@callboard/shared-router';
import { paths } from '../app/paths';

/**
 * The one sign-out both the header menu and the sidebar use:
 * end the session, then show /login in place of the page left behind, so
 * Back does not return to a screen that would only bounce to /login again.
 */
export function useSignOut(): () => void {
  const { logout } = useAuthActions();
  const navigate = useNavigate();
  return useCallback(() => {
    // logout() clears the atoms and storage before its first await; what follows
    // is the best-effort server call, which must not hold the person on this page.
    void logout();
    void navigate(paths.login, { replace: true });
  }, [logout, navigate]);
}
