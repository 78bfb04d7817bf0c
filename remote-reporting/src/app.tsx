import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { Navigate, Outlet, Route, Routes, useLocation } from '@callboard/shared-router';
import { AreaTabs } from '@callboard/shared-ui/area-tabs';
import { useDefaultView, useFiltersInUrl } from '@callboard/shared-ui/use-filters-in-url';
import { CostsPage } from './features/costs/components/costs-page';
import { OverviewPage } from './features/overview/components/overview-page';
import { ScorecardPage } from './features/scorecard/components/scorecard-page';
import './app.css';

/**
 * The Reporting area's route tree, exposed to the shell as `./App` and mounted
 * under /reporting. Statistics and Records share one page (the cards sum up the records below); Costs and
 * the Scorecard are the tabs beside it; a call's details have their own address so they can be shared. The applied filters,
 * the records table's order and its page live in the query string of every one of these addresses.
 * A partner has no Scorecard, and Costs only as a publisher partner (screen-access.ts): those addresses go to the index.
 */
export default function App() {
  const { costs, seesScorecard } = useScreenAccess();
  return (
    <Routes>
      <Route element={<ReportingFrame />}>
        <Route index element={<OverviewPage />} />
        <Route path="calls/:callId" element={<OverviewPage />} />
        {costs !== 'none' ? <Route path="costs" element={<CostsPage />} /> : null}
        {seesScorecard ? <Route path="scorecard" element={<ScorecardPage />} /> : null}
      </Route>
      {/* Any other address goes to / (in the shell, /reporting; a remote on its own shows its index), replacing it so Back skips it. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** The area's heading and tabs above whichever tab's page the address names. */
function ReportingFrame() {
  // The screens below ask for data as they mount: only once the address's view is in the filters.
  const filtersRead = useFiltersInUrl('reporting', useDefaultView('reporting'));
  const { costs, seesScorecard } = useScreenAccess();
  const { pathname, search } = useLocation();
  // A call's details (calls/:id) open over Statistics & Records, so that tab stays marked there: it matches
  // its sub-paths too on that address alone.
  const onCallDetails = /\/calls\/[^/]+\/?$/.test(pathname);
  // Each tab carries the view's query: a bare address opens the person's default view (use-filters-in-url.ts),
  // which a change of tab must not do.
  const tabs = [
    { path: '', label: 'Statistics & Records', search, end: !onCallDetails },
    ...(costs !== 'none' ? [{ path: '/costs', label: 'Costs', search }] : []),
    ...(seesScorecard ? [{ path: '/scorecard', label: 'Scorecard', search }] : []),
  ];
  return (
    <section className="cb-page reporting">
      <header className="cb-page__header reporting__header">
        <h1 className="cb-page__title">Reporting</h1>
        <AreaTabs label="Reporting views" tabs={tabs} />
      </header>
      {filtersRead ? <Outlet /> : null}
    </section>
  );
}
