import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { Navigate, Outlet, Route, Routes, useLocation } from '@callboard/shared-router';
import { AreaTabs } from '@callboard/shared-ui/area-tabs';
import { filtersAtom } from '@callboard/shared-ui/filter-atoms';
import { viewSearch } from '@callboard/shared-ui/filter-url';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useDefaultView, useFiltersInUrl } from '@callboard/shared-ui/use-filters-in-url';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { CostsPage } from './features/costs/components/costs-page';
import { OverviewPage } from './features/overview/components/overview-page';
import { ScorecardPage } from './features/scorecard/components/scorecard-page';
import './app.css';

// Loaded on first use, in one chunk (unfiltered-tabs.ts says why): the area's first screen carries neither.
const unfilteredTabs = () => import('./unfiltered-tabs');
const AlertsPage = lazy(() => unfilteredTabs().then((tabs) => ({ default: tabs.AlertsPage })));
const ReportsPage = lazy(() => unfilteredTabs().then((tabs) => ({ default: tabs.ReportsPage })));

/** The tabs whose pages read no filters: their address holds only their own query, never a view. */
const UNFILTERED_PAGES = /\/(alerts|reports)\/?$/;

/**
 * The Reporting area's route tree, exposed to the shell as `./App` and mounted
 * under /reporting. Statistics and Records share one page (the cards sum up the records below); Costs and
 * the Scorecard are the tabs beside it; a call's details have their own address so they can be shared. The applied filters,
 * the records table's order and its page live in the query string of every one of these addresses.
 * Alerts (the alert rules) and Reports (the scheduled reports) are the network's own tabs, with no filters.
 * A partner has no Scorecard, Alerts or Reports, and Costs only as a publisher partner (screen-access.ts): those
 * addresses go to the index.
 */
export default function App() {
  const { costs, seesScorecard, seesAlerts, seesReportSchedules } = useScreenAccess();
  return (
    <Routes>
      <Route element={<ReportingFrame />}>
        <Route index element={<OverviewPage />} />
        <Route path="calls/:callId" element={<OverviewPage />} />
        {costs !== 'none' ? <Route path="costs" element={<CostsPage />} /> : null}
        {seesScorecard ? <Route path="scorecard" element={<ScorecardPage />} /> : null}
        {seesAlerts ? <Route path="alerts" element={<AlertsPage />} /> : null}
        {seesReportSchedules ? <Route path="reports" element={<ReportsPage />} /> : null}
      </Route>
      {/* Any other address goes to / (in the shell, /reporting; a remote on its own shows its index), replacing it so Back skips it. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** The area's heading and tabs above whichever tab's page the address names. */
function ReportingFrame() {
  const { costs, seesScorecard, seesAlerts, seesReportSchedules } = useScreenAccess();
  const { pathname, search } = useLocation();
  const filters = useAtomValue(filtersAtom);
  const unfiltered = UNFILTERED_PAGES.test(pathname);
  // A call's details (calls/:id) open over Statistics & Records, so that tab stays marked there: it matches
  // its sub-paths too on that address alone.
  const onCallDetails = /\/calls\/[^/]+\/?$/.test(pathname);
  // Each tab carries the view's query: a bare address opens the person's default view (use-filters-in-url.ts),
  // which a change of tab must not do. Where the address holds the view, that is its query; on the unfiltered
  // pages it is the view in force, so Statistics opened from Alerts shows what it showed before.
  const view = unfiltered ? viewSearch('reporting', filters) : '';
  const viewQuery = unfiltered ? (view === '' ? '' : `?${view}`) : search;
  const tabs = [
    { path: '', label: 'Statistics & Records', search: viewQuery, end: !onCallDetails },
    ...(costs !== 'none' ? [{ path: '/costs', label: 'Costs', search: viewQuery }] : []),
    ...(seesScorecard ? [{ path: '/scorecard', label: 'Scorecard', search: viewQuery }] : []),
    ...(seesAlerts ? [{ path: '/alerts', label: 'Alerts', search: viewQuery }] : []),
    ...(seesReportSchedules ? [{ path: '/reports', label: 'Reports', search: viewQuery }] : []),
  ];
  return (
    <section className="cb-page reporting">
      <header className="cb-page__header reporting__header">
        <h1 className="cb-page__title">Reporting</h1>
        <AreaTabs label="Reporting views" tabs={tabs} />
      </header>
      {unfiltered ? (
        <Suspense
          fallback={
            <p className="reporting__loading" role="status">
              <Spinner size="sm" decorative /> Loading…
            </p>
          }
        >
          <Outlet />
        </Suspense>
      ) : (
        <FilteredPage />
      )}
    </section>
  );
}

/**
 * A page of the filtered tabs, once the address's view is in the filters: the screens ask for data as they
 * mount, so not before. Kept by these tabs only: the unfiltered ones' own query (Reports' `?view=…&new=1`) is
 * not a view, and read as one it would be replaced by the default view's.
 */
function FilteredPage() {
  const filtersRead = useFiltersInUrl('reporting', useDefaultView('reporting'));
  return filtersRead ? <Outlet /> : null;
}
