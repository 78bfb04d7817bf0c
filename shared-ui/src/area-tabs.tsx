import { Link, NavLink, useLocation, useParams, type To } from '@callboard/shared-router';
import type { ReactNode } from 'react';
import './area-tabs.css';

export interface AreaTabLink {
  /** Where it leads, under the area: '' for the area's index, '/costs' for a sub-path (useAreaBase adds where the area is mounted). */
  path: string;
  label: ReactNode;
  /** The query it carries (an area whose view lives in its address keeps it from tab to tab). */
  search?: string;
  /**
   * Marked as the current tab only on its own address, not its sub-paths: the index tab, which every other
   * tab's address starts with.
   */
  end?: boolean;
  /** Says which tab is current instead of the address (an area whose tabs' addresses overlap, as a log beside its details). */
  current?: boolean;
}

export interface AreaTabsProps {
  /** Names the navigation for screen readers ("Reporting views"). */
  label: string;
  tabs: readonly AreaTabLink[];
  /** `sm` for tabs inside a toolbar (Call Logs' header); `md` beside a page title. */
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * An area's tabs: links from where the area is mounted (useAreaBase), the current one marked for the eye and
 * for screen readers (aria-current="page"). One component for every area (Reporting, Call Logs, Users), so the
 * tabs look and behave alike everywhere and an area adds a tab with one entry in its list.
 */
export function AreaTabs({ label, tabs, size = 'md', className }: AreaTabsProps) {
  const base = useAreaBase();
  const classes = ['cb-area-tabs', size === 'sm' && 'cb-area-tabs--sm', className].filter(Boolean).join(' ');
  return (
    <nav className={classes} aria-label={label}>
      {tabs.map((tab) => {
        const to: To = { pathname: `${base}${tab.path}` || '/', search: tab.search ?? '' };
        const key = tab.path || 'index';
        if (tab.current !== undefined) {
          return (
            <Link key={key} to={to} className={tabClass(tab.current)} aria-current={tab.current ? 'page' : undefined}>
              {tab.label}
            </Link>
          );
        }
        return (
          <NavLink key={key} to={to} end={tab.end} className={({ isActive }) => tabClass(isActive)}>
            {tab.label}
          </NavLink>
        );
      })}
    </nav>
  );
}

function tabClass(active: boolean): string {
  return active ? 'cb-area-tabs__tab cb-area-tabs__tab--active' : 'cb-area-tabs__tab';
}

/**
 * Where the area is mounted: "/reporting" under the shell's `/reporting/*`, "" when the remote runs on its
 * own at /. Tabs link from there, absolutely: a relative link under a splat route resolves against the whole
 * address (react-router's relative splat paths), so "scorecard" pressed on /reporting/costs once led to
 * /reporting/costs/scorecard, an address the area does not know. It reads the last splat matched as
 * "everything below the area": call it where no route of the area's own has a splat deeper than that (a
 * layout route over paths such as `costs` and `calls/:callId`, or an area-wide `*`).
 */
export function useAreaBase(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'];
  if (rest === undefined) return '';
  // By segments, not characters: the address is percent-encoded, the matched rest is not.
  const segments = pathname.split('/').filter(Boolean);
  const restSegments = rest.split('/').filter(Boolean).length;
  return segments.slice(0, segments.length - restSegments).map((segment) => `/${segment}`).join('');
}
