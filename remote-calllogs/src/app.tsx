import { Route, Routes } from '@callboard/shared-router';
import { CallLogPage } from './features/call-log/components/call-log-page';

/**
 * The area's route tree, exposed to the shell as `./App` (no required props;
 * it reads the shared store). The shell mounts it under its own route.
 */
export default function App() {
  return (
    <Routes>
      <Route index element={<CallLogPage />} />
    </Routes>
  );
}
