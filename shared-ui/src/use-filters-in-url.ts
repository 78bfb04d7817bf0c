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

  useEffect(() => {
    const to = (view: string) => ({ pathname, search: view === '' ? '' : `?${view}`, hash });
    if (search !== seen.current) {
      seen.current = search;
      const current = store.get(filtersAtom);
      const fromUrl = filtersFromSearch(area, search, current);
      if (fromUrl === null) {
        const own = viewSearch(area, current);
        synced.current = own;
        if (own !== '') void navigate(to(own), { replace: true });
      } else {
        synced.current = viewSearch(area, fromUrl);
        if (synced.current !== viewSearch(area, current)) replaceFilters(fromUrl);
      }
      setReady(true);
      return;
    }
    if (stateSearch !== synced.current) {
      synced.current = stateSearch;
      void navigate(to(stateSearch));
    }
  }, [area, hash, navigate, pathname, replaceFilters, search, stateSearch, store]);
  return ready;
}
