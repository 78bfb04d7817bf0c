import type { SavedView } from '@callboard/contract';
import { setPageAtom, updateFiltersAtom } from '@callboard/shared-ui/filter-atoms';
import { columnSettingsAtom, settingsShowing } from '@callboard/shared-ui/record-columns-atom';
import { atom } from 'jotai';
import { viewFiltersOf } from './view-query';

/**
 * Puts a view's filters (and its records columns, when it has them) in force.
 * Every filter the view leaves out goes back to its default, so what shows is
 * the view and not a mix with what was there before; the page size is a
 * display preference and stays. The page last: any other change sends it to 1.
 */
export const openViewAtom = atom(null, (_get, set, view: Pick<SavedView, 'area' | 'query' | 'columns'>) => {
  const { filters, page } = viewFiltersOf(view.area, view.query);
  set(updateFiltersAtom, filters);
  if (page !== undefined) set(setPageAtom, page);
  if (view.columns) set(columnSettingsAtom, settingsShowing(view.columns));
});
