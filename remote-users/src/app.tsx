import { Route, Routes } from '@callboard/shared-router';

/**
 * The area's route tree, exposed to the shell as `./App` (no required props;
 * it reads the shared store). The shell mounts it under its own route.
 */
export default function App() {
  return (
    <Routes>
      <Route index element={<AreaHome />} />
    </Routes>
  );
}

function AreaHome() {
  return (
    <section className="cb-page">
      <h1 className="cb-page__title">User Management</h1>
    </section>
  );
}
