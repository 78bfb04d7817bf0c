import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { Navigate, Outlet, Route, Routes } from '@callboard/shared-router';
import { AreaTabs } from '@callboard/shared-ui/area-tabs';
import { Spinner } from '@callboard/shared-ui/spinner';
import { Suspense, useMemo } from 'react';
import { USERS_AREA_TABS, type UsersAreaTab } from './users-area-tabs';
import './app.css';

/**
 * The area's route tree, exposed to the shell as `./App` (no required props;
 * it reads the shared store). The shell mounts it under its own route. The
 * tabs the signed-in person is offered (users-area-tabs.tsx) each have an
 * address under the area; every other address goes to /.
 */
export default function App() {
  const access = useScreenAccess();
  const tabs = useMemo(() => USERS_AREA_TABS.filter((tab) => tab.shownTo(access)), [access]);
  return (
    <Routes>
      <Route element={<UsersAreaFrame tabs={tabs} />}>
        {tabs.flatMap(({ path, subPaths = [], page: Page }) => [
          path === '' ? <Route key="index" index element={<Page />} /> : <Route key={path} path={path} element={<Page />} />,
          ...subPaths.map((sub) => <Route key={`${path}/${sub}`} path={`${path}/${sub}`} element={<Page />} />),
        ])}
      </Route>
      {/* Any other address goes to / (in the shell, /reporting; a remote on its own shows its index), replacing it so Back skips it. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/**
 * The tabs above whichever tab's page the address names; no tabs for someone offered only the Users page.
 * The index tab is current on its own address only: every other tab's address starts with it.
 */
function UsersAreaFrame({ tabs }: { tabs: readonly UsersAreaTab[] }) {
  return (
    <div className={tabs.length > 1 ? 'users-area users-area--tabbed' : 'users-area'}>
      {tabs.length > 1 ? (
        <AreaTabs
          label="User management views"
          className="users-area__tabs"
          tabs={tabs.map(({ path, label }) => ({ path: path === '' ? '' : `/${path}`, label, end: path === '' }))}
        />
      ) : null}
      <Suspense
        fallback={
          <div className="cb-page users-area__loading" role="status">
            <Spinner size="sm" decorative /> Loading…
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  );
}
