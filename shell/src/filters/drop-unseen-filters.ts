import { DIMENSION_PARAM, FILTER_DIMENSIONS } from '@callboard/contract';
import { useScreenAccess, type ScreenAccess } from '@callboard/shared-auth/permission-gate';
import { filtersAtom, updateFiltersAtom, type FilterState } from '@callboard/shared-ui/filter-atoms';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/**
 * The filters in force that the person may not use, emptied; null when there are none. A partner's
 * filters can still hold them from a link, a view or this browser's earlier user (the filters are kept in
 * localStorage), and the server answers every read under them 400 (api/src/domain/partners/scope-filter.ts):
 * a counterparty's selection, a caller-id search unless caller ids are given whole, a transcript search
 * without transcripts.
 */
export function unseenFilters(filters: FilterState, access: Pick<ScreenAccess, 'partner' | 'seesDimension' | 'seesField'>): Partial<FilterState> | null {
  if (access.partner === null) return null;
  const drop: Partial<FilterState> = {};
  for (const kind of FILTER_DIMENSIONS) {
    if (!access.seesDimension(DIMENSION_PARAM[kind]) && filters[kind].length > 0) drop[kind] = [];
  }
  if (access.partner.callerId !== 'full') {
    if (filters.search !== '') drop.search = '';
    if (filters.callerId.length > 0) drop.callerId = [];
  }
  if (!access.seesField('transcript') && filters.q !== '') drop.q = '';
  return Object.keys(drop).length > 0 ? drop : null;
}

/** Mounted once by the signed-in layout: empties what unseenFilters finds, whenever the filters change. */
export function DropUnseenFilters(): null {
  const access = useScreenAccess();
  const filters = useAtomValue(filtersAtom);
  const updateFilters = useSetAtom(updateFiltersAtom);
  const drop = unseenFilters(filters, access);
  // By value: a new object each render names the same change.
  const dropped = drop === null ? null : JSON.stringify(drop);
  useEffect(() => {
    if (dropped !== null) updateFilters(JSON.parse(dropped) as Partial<FilterState>);
  }, [dropped, updateFilters]);
  return null;
}
