/**
 * Where a saved view lives in the app: which area a path belongs to, the
 * address a view opens at, and the query a view keeps. The query is the
 * area's address as the address bar writes it (shared-ui/src/filter-url.ts),
 * so a saved view and a copied link are the same text.
 */
import type { ViewArea } from '@callboard/contract';
import type { FilterState } from '@callboard/shared-ui/filter-atoms';
import { viewSearch } from '@callboard/shared-ui/filter-url';
import { paths } from '../app/paths';

/** The area a path belongs to, or null where views do not apply (Users, sign-in). */
export function viewAreaOf(pathname: string): ViewArea | null {
  const within = (route: string) => pathname === route || pathname.startsWith(`${route}/`);
  if (within(paths.reporting)) return 'reporting';
  if (within(paths.callLogs)) return 'callLogs';
  return null;
}

export function viewRoute(area: ViewArea): string {
  return area === 'reporting' ? paths.reporting : paths.callLogs;
}

/** Where opening a view goes: the area's route with the view's query. */
export function viewLocation(area: ViewArea, query: string): string {
  return query === '' ? viewRoute(area) : `${viewRoute(area)}?${query}`;
}

/** The query a view of `area` keeps for these filters: the area's address, without the page (a view opens on its first). */
export function viewQueryOf(filters: FilterState, area: ViewArea): string {
  return viewSearch(area, { ...filters, page: 1 });
}

/**
 * Where a view's Schedule… goes: Reporting's Reports tab with the schedule form open on the view. The tab reads
 * `view` and `new` once and takes them off the address (remote-reporting/src/features/report-schedules/components/reports-page.tsx):
 * one form for scheduling, wherever it is asked from.
 */
export function scheduleLocation(viewId: string): string {
  return `${paths.reporting}/reports?${new URLSearchParams({ view: viewId, new: '1' }).toString()}`;
}
