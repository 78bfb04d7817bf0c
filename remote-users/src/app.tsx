import { Navigate, Route, Routes } from '@callboard/shared-router';
import { UsersPage } from './features/user-list/components/users-page';

/**
 * The area's route tree, exposed to the shell as `./App` (no required props;
 * it reads the shared store). The shell mounts it under its own route.
 */
export default function App() {
  return (
    <Routes>
      <Route index element={<UsersPage />} />
      {/* Any other address goes to / (in the shell, /reporting; a remote on its own shows its index), replacing it so Back skips it. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
