import { Link } from '@callboard/shared-router';
import { paths } from '../app/paths';

/**
 * The Callboard mark and wordmark, linking to the default area. The link's
 * name is the wordmark alone: naming it after an area ("Reporting") would make
 * it a second match wherever that area's sidebar link is looked for.
 */
export function AppLogo() {
  return (
    <Link to={paths.reporting} className="app-logo">
      <svg className="app-logo__mark" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect width="24" height="24" rx="6" fill="currentColor" />
        {/* A call's level meter: the product is about listening to calls and counting them. */}
        <path d="M7 15v-3M10.5 17V9M14 14.5v-4M17.5 16V8" stroke="var(--cb-accent-fg)" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="app-logo__wordmark">Callboard</span>
    </Link>
  );
}
