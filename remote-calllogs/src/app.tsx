import { Navigate, Route, Routes } from '@callboard/shared-router';
import { useAreaBase } from '@callboard/shared-ui/area-tabs';
import { useDefaultView, useFiltersInUrl } from '@callboard/shared-ui/use-filters-in-url';
import { lazy, Suspense } from 'react';
import { CallLogPage } from './features/call-log/components/call-log-page';
import { useSeesDisputesTab } from './features/disputes/components/call-logs-tabs';

// The Disputes tab is its own chunk, fetched when it is opened (remoteEntry.js stays within its budget).
const DisputesPage = lazy(() => import('./features/disputes/components/disputes-page'));

/**
 * The area's route tree, exposed to the shell as `./App` (no required props;
 * it reads the shared store). The shell mounts it under its own route. A
 * call's details have their own address (calls/:callId) and open over the log,
 * which stays mounted: both routes render the same page. The applied filters live in the query string.
 * The Disputes tab (reviewers, admins and partners) has its own filters in its address, so the log's
 * filters do not rewrite it.
 */
export default function App() {
  const base = useAreaBase();
  const seesDisputes = useSeesDisputesTab();
  return (
    <Routes>
      {seesDisputes ? (
        <Route
          path="disputes"
          element={
            <Suspense fallback={<p className="cb-page cb-muted">Loading disputes...</p>}>
              <DisputesPage base={base} />
            </Suspense>
          }
        />
      ) : null}
      <Route path="*" element={<LogArea />} />
    </Routes>
  );
}

/** The log and a call's details over it, once the address's view is in the filters. */
function LogArea() {
  // The screens below ask for data as they mount: only once the address's view is in the filters.
  const filtersRead = useFiltersInUrl('callLogs', useDefaultView('callLogs'));
  if (!filtersRead) return null;
  return (
    <Routes>
      <Route index element={<CallLogPage />} />
      <Route path="calls/:callId" element={<CallLogPage />} />
      {/* Any other address goes to / (in the shell, /reporting; a remote on its own shows its index), replacing it so Back skips it. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
