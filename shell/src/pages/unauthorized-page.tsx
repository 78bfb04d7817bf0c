import { Link } from '@callboard/shared-router';
import { paths } from '../app/paths';

/** The target of a role mismatch: the guard sends a signed-in person here when their role may not see a page. */
export function UnauthorizedPage() {
  return (
    <section className="page page--centered">
      <h1 className="page__title">You don't have access to this page</h1>
      <p>Your role does not allow this area. Ask an admin if you need it.</p>
      <Link to={paths.reporting}>Back to Reporting</Link>
    </section>
  );
}
