import { Navigate, NavLink, Route, Routes, useLocation } from '@callboard/shared-router';
import { useFiltersInUrl } from '@callboard/shared-ui/use-filters-in-url';
import { CostsPage } from './features/costs/components/costs-page';
import { OverviewPage } from './features/overview/components/overview-page';
import { ScorecardPage } from './features/scorecard/components/scorecard-page';
import './app.css';

/**
 * The Reporting area's route tree, exposed to the shell as `./App` and mounted
 * under /reporting. Statistics and Records share one page (the cards sum up the records below); Costs and
 * the Scorecard are the tabs beside it; a call's details have their own address so they can be shared. The applied filters,
 * the records table's order and its page live in the query string of every one of these addresses.
 */
export default function App() {
  // The screens below ask for data as they mount: only once the address's view is in the filters.
  const filtersRead = useFiltersInUrl('reporting');
  const onOtherTab = /\/(costs|scorecard)\/?$/.test(useLocation().pathname);
  return (
    <section className="cb-page reporting">
      <header className="cb-page__header reporting__header">
        <h1 className="cb-page__title">Reporting</h1>
        <nav className="reporting__tabs" aria-label="Reporting views">
          {/* A call's details (calls/:id) open over Statistics & Records, so that tab stays marked. */}
          <NavLink to="." end className={() => tabClass({ isActive: !onOtherTab })}>
            Statistics &amp; Records
          </NavLink>
          <NavLink to="costs" className={tabClass}>
            Costs
          </NavLink>
          <NavLink to="scorecard" className={tabClass}>
            Scorecard
          </NavLink>
        </nav>
      </header>
      {filtersRead ? (
        <Routes>
          <Route index element={<OverviewPage />} />
          <Route path="calls/:callId" element={<OverviewPage />} />
          <Route path="costs" element={<CostsPage />} />
          <Route path="scorecard" element={<ScorecardPage />} />
          {/* Any other address goes to / (in the shell, /reporting; a remote on its own shows its index), replacing it so Back skips it. */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      ) : null}
    </section>
  );
}

function tabClass({ isActive }: { isActive: boolean }) {
  return isActive ? 'reporting__tab reporting__tab--active' : 'reporting__tab';
}
