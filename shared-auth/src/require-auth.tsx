/**
 * The route guard of every signed-in page: a loading screen while the
 * session is being restored, /login for visitors (remembering where they were
 * going), /unauthorized for a role outside the required list, else the page.
 */
import { LOGIN_SCREEN, type Role } from '@callboard/contract';
import { useAtomValue, useStore } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from '@callboard/shared-router';
import { isAuthenticatedAtom, isLoadingAtom, userAtom } from '@callboard/shared-auth/session';

/** Served prerendered by the API (contract's first screens), so it is the contract's path. */
export const LOGIN_PATH = LOGIN_SCREEN.path;
export const UNAUTHORIZED_PATH = '/unauthorized';
export const DEFAULT_AFTER_LOGIN_PATH = '/reporting';

export interface RequireAuthProps {
  /** Empty or absent: any signed-in user; every screen is open to every role today, so the routes pass none. */
  roles?: readonly Role[];
  /** Rendered when allowed; without children the guard renders the matched child route (`<Outlet />`). */
  children?: ReactNode;
  /** Replaces the default loading screen. */
  loadingFallback?: ReactNode;
}

/** What the guard leaves in the location state when it sends a visitor to /login. */
export interface RedirectState {
  from: { pathname: string; search?: string; hash?: string };
}

export function RequireAuth({ roles, children, loadingFallback }: RequireAuthProps) {
  const store = useStore();
  const isLoading = useAtomValue(isLoadingAtom, { store });
  const isAuthenticated = useAtomValue(isAuthenticatedAtom, { store });
  const user = useAtomValue(userAtom, { store });
  const location = useLocation();

  if (isLoading) {
    return (
      loadingFallback ?? (
        <div role="status" className="auth-loading">
          Loading...
        </div>
      )
    );
  }
  if (!isAuthenticated) {
    const state: RedirectState = { from: location };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  if (roles && roles.length > 0 && (!user || !roles.includes(user.role))) {
    return <Navigate to={UNAUTHORIZED_PATH} replace />;
  }
  return children === undefined ? <Outlet /> : <>{children}</>;
}

/**
 * Where to go after signing in: the location the guard remembered, else
 * /reporting. Only same-app paths are accepted ("//host" would leave the site),
 * and never the auth screens themselves, which would loop.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  let target: string | undefined;
  if (typeof from === 'string') {
    target = from;
  } else if (typeof from === 'object' && from !== null && typeof (from as { pathname?: unknown }).pathname === 'string') {
    const { pathname, search, hash } = from as { pathname: string; search?: unknown; hash?: unknown };
    target = `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  }
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return DEFAULT_AFTER_LOGIN_PATH;
  }
  const pathname = target.split(/[?#]/)[0];
  if (pathname === LOGIN_PATH || pathname === '/register') return DEFAULT_AFTER_LOGIN_PATH;
  return target;
}
