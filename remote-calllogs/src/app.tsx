import { Navigate, Route, Routes } from '@callboard/shared-router';
import { useDefaultView, useFiltersInUrl } from '@callboard/shared-ui/use-filters-in-url';
import { CallLogPage } from './features/call-log/components/call-log-page';

/**
 * The area's route tree, exposed to the shell as `./App` (no required props;
 * it reads the shared store). The shell mounts it under its own route. A
 * call's details have their own address (calls/:callId) and open over the log,
 * which stays mounted: both routes render the same page. The applied filters live in the query string.
 */
export default function App() {
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
