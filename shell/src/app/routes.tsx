import { AppToaster } from '@callboard/shared-auth/app-toaster';
import { REMOTES, STAFF_ROLES, type Role } from '@callboard/contract';
import { RequireAuth } from '@callboard/shared-auth/require-auth';
import { Navigate, Outlet, Route, Routes } from '@callboard/shared-router';
import { Suspense } from 'react';
import { LoginPage } from '../auth/login-page';
import { RedirectIfSignedIn } from '../auth/redirect-if-signed-in';
import { RegisterPage } from '../auth/register-page';
import { UnauthorizedPage } from '../pages/unauthorized-page';
import { DashboardLayout, RemoteArea } from './dashboard-frame';
import { paths } from './paths';
import { RouteErrorBoundary } from './route-error';
import { ThemeSync } from './theme-sync';


function RootFrame() {
  return (
    <>
      <ThemeSync />
      <AppToaster />
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}

function FrameLoading() {
  return (
    <div className="screen-loading" role="status">
      Loading...
    </div>
  );
}

/**
 * The areas open to some roles only; every other area is every signed-in person's. A partner has no Users
 * area (the server answers its routes 403): its address leads to /unauthorized through the route guard.
 */
const AREA_ROLES: Readonly<Partial<Record<string, readonly Role[]>>> = { users: STAFF_ROLES };

/** The app's route table. Each area's own routes live in its remote, mounted under `<area route>/*` (contract's remote registry). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootFrame />}>
        <Route path={paths.login} element={<RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn>} />
        <Route path={paths.register} element={<RedirectIfSignedIn><RegisterPage /></RedirectIfSignedIn>} />
        <Route
          path={paths.root}
          element={
            <RequireAuth>
              <Suspense fallback={<FrameLoading />}>
                <DashboardLayout />
              </Suspense>
            </RequireAuth>
          }
        >
          <Route index element={<Navigate to={paths.reporting} replace />} />
          {REMOTES.map((remote) => (
            <Route
              key={remote.name}
              path={`${remote.route}/*`}
              element={
                <RequireAuth roles={AREA_ROLES[remote.name]}>
                  <RemoteArea key={remote.name} remote={remote.federationName} />
                </RequireAuth>
              }
            />
          ))}
          <Route path={paths.unauthorized} element={<UnauthorizedPage />} />
        </Route>
        <Route path="*" element={<Navigate to={paths.root} replace />} />
      </Route>
    </Routes>
  );
}
