import type { SavedView } from '@callboard/contract';
import { DEFAULT_FILTERS, filtersAtom, replaceFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { filtersFromSearch } from '@callboard/shared-ui/filter-url';
import { columnSettingsAtom, settingsShowing } from '@callboard/shared-ui/record-columns-atom';
import { atom } from 'jotai';

/**
 * Puts a view's filters (and its records columns, when it has them) in force,
 * before its address is opened. The area would read the same filters from the
 * address (use-filters-in-url.ts), but a view with an empty query has a bare
 * address, which restores the last used filters: set here first, the last used
 * are the view's. What the view leaves out is its default; the page size stays.
 */
export const openViewAtom = atom(null, (get, set, view: Pick<SavedView, 'area' | 'query' | 'columns'>) => {
  const current = get(filtersAtom);
  set(replaceFiltersAtom, filtersFromSearch(view.area, view.query, current) ?? { ...DEFAULT_FILTERS, limit: current.limit });
  if (view.columns) set(columnSettingsAtom, settingsShowing(view.columns));
});
