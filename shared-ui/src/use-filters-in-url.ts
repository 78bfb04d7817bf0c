/**
 * Keeps an area's address bar and the filter state in step, so a view can be
 * linked, bookmarked and stepped through with Back and Forward.
 *
 * - The address leads when it moves (arrival, a link, Back, Forward): the
 *   view it names replaces the filters. An address naming none of the area's
 *   params is "bare": the person's default view of the area, when they chose
 *   one (useDefaultView), else the filters this tab holds (on a new tab, the
 *   last used ones from storage), is written into it, replacing the entry.
 * - The filters lead when they change (a picker's Apply, a page of the
 *   records table…): their query string is pushed as a new history entry.
 *   The first sync on arrival only ever replaces, so Back never lands on a
 *   step that shows nothing new.
 *
 * Returns whether the address has been read: until then the filters are
 * still the last used ones from storage, so an area renders its screens
 * only once it is true (no request, no flash, for a view it is not showing).
 */
import { API_PATHS, type ApiSuccess, type SavedView, type ViewArea, type ViewDefaults } from '@callboard/contract';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useLocation, useNavigate } from '@callboard/shared-router';
import { atom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
// By package name, not './filter-atoms': Module Federation shares modules by that name, and a relative
// import would give a remote its own copy of the atoms, apart from the one the screens change.
import { DEFAULT_FILTERS, filtersAtom, replaceFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { filtersFromSearch, viewSearch } from '@callboard/shared-ui/filter-url';
import { columnSettingsAtom, settingsShowing } from '@callboard/shared-ui/record-columns-atom';

/**
 * Puts a saved view's filters (and its records columns, when it has them) in
 * force: the Views menu before it opens the view's address, and a bare address
 * for the person's default view. A view with an empty query has a bare address,
 * which restores the filters the tab holds: set here first, those are the
 * view's. What the view leaves out is its default; the page size stays.
 */
export const openViewAtom = atom(null, (get, set, view: Pick<SavedView, 'area' | 'query' | 'columns'>) => {
  const current = get(filtersAtom);
  set(replaceFiltersAtom, filtersFromSearch(view.area, view.query, current) ?? { ...DEFAULT_FILTERS, limit: current.limit });
  if (view.columns) set(columnSettingsAtom, settingsShowing(view.columns));
});

/** The view a bare address opens: the person's default, none (null), or 'unknown' until the server has said. */
export type DefaultView = Pick<SavedView, 'query' | 'columns'> | null | 'unknown';

/**
 * The signed-in person's default view of `area` (GET /api/views/defaults,
 * cached by SWR under that path, which the Views menu revalidates when the
 * person changes it). A failed read is no default: the bare address then opens
 * the last used filters, as it did before defaults existed.
 */
export function useDefaultView(area: ViewArea): DefaultView {
  const apiFetch = useApiFetch();
  const swr = useSWR(API_PATHS.viewDefaults, (path: string) => apiFetch<ApiSuccess<ViewDefaults>>(path));
  if (swr.data !== undefined) return swr.data.data[area] ?? null;
  // SWR types a failure as `any`; only whether there is one matters here.
  return swr.error === undefined ? 'unknown' : null;
}

/**
 * `defaultView` (from useDefaultView; none when not given) is what a bare
 * address opens; while it is 'unknown' a bare address waits for it, so the
 * area does not first show, and fetch, the filters it is about to replace.
 */
export function useFiltersInUrl(area: ViewArea, defaultView: DefaultView = null): boolean {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const replaceFilters = useSetAtom(replaceFiltersAtom);
  const stateSearch = viewSearch(area, useAtomValue(filtersAtom));
  /** The address's query last read; null before the first. */
  const seen = useRef<string | null>(null);
  /** The view's query string the address and the state last agreed on. */
  const synced = useRef<string | null>(null);
  const [ready, setReady] = useState(false);
  /**
   * Counts the tab's Back and Forward moves. The router renders a move as a transition, so a Back pressed
   * before an address the filters wrote was rendered lands in the same render as it: the router then
   * names the address it had rendered last, nothing read from it changes, and only this count says that
   * the address moved (away from what `seen` holds).
   */
  const [moves, setMoves] = useState(0);
  useEffect(() => {
    const onMove = () => setMoves((count) => count + 1);
    window.addEventListener('popstate', onMove);
    return () => window.removeEventListener('popstate', onMove);
  }, []);

  useEffect(() => {
    const asSearch = (view: string) => (view === '' ? '' : `?${view}`);
    /** Writes `view` into the address; `seen` takes it at once, not once the router has rendered it (see `moves`). */
    const write = (view: string, options?: { replace: true }) => {
      seen.current = asSearch(view);
      void navigate({ pathname, search: asSearch(view), hash }, options);
    };
    if (search !== seen.current) {
      const current = store.get(filtersAtom);
      const fromUrl = filtersFromSearch(area, search, current);
      if (fromUrl === null) {
        if (defaultView === 'unknown') return;
        seen.current = search;
        if (defaultView !== null) store.set(openViewAtom, { area, ...defaultView });
        const own = viewSearch(area, store.get(filtersAtom));
        synced.current = own;
        if (own !== '') write(own, { replace: true });
      } else {
        seen.current = search;
        synced.current = viewSearch(area, fromUrl);
        if (synced.current !== viewSearch(area, current)) replaceFilters(fromUrl);
      }
      setReady(true);
      return;
    }
    if (stateSearch !== synced.current) {
      synced.current = stateSearch;
      write(stateSearch);
    }
  }, [area, defaultView, hash, moves, navigate, pathname, replaceFilters, search, stateSearch, store]);
  return ready;
}
