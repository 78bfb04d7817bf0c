/**
 * Keeps an area's address bar and the filter state in step, so a view can be
 * linked, bookmarked and stepped through with Back and Forward.
 *
 * - The address leads when it moves (arrival, a link, Back, Forward): the
 *   view it names replaces the filters. An address naming none of the area's
 *   params is "bare": the filters this tab holds (on a new tab, the last used
 *   ones from storage) are written into it, replacing the entry.
 * - The filters lead when they change (a picker's Apply, a page of the
 *   records table…): their query string is pushed as a new history entry.
 *   The first sync on arrival only ever replaces, so Back never lands on a
 *   step that shows nothing new.
 *
 * Returns whether the address has been read: until then the filters are
 * still the last used ones from storage, so an area renders its screens
 * only once it is true (no request, no flash, for a view it is not showing).
 */
import type { ViewArea } from '@callboard/contract';
import { useLocation, useNavigate } from '@callboard/shared-router';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
// By package name, not './filter-atoms': Module Federation shares modules by that name, and a relative
// import would give a remote its own copy of the atoms, apart from the one the screens change.
import { filtersAtom, replaceFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { filtersFromSearch, viewSearch } from '@callboard/shared-ui/filter-url';

export function useFiltersInUrl(area: ViewArea): boolean {
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
      seen.current = search;
      const current = store.get(filtersAtom);
      const fromUrl = filtersFromSearch(area, search, current);
      if (fromUrl === null) {
        const own = viewSearch(area, current);
        synced.current = own;
        if (own !== '') write(own, { replace: true });
      } else {
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
  }, [area, hash, moves, navigate, pathname, replaceFilters, search, stateSearch, store]);
  return ready;
}
