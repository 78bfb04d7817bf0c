import { DIMENSION_OF_PARAM } from '@callboard/contract';
import { type ScorecardGroupBy, type ScorecardRow } from '@callboard/contract/scorecard';
import { useNavigate } from '@callboard/shared-router';
import { filtersAtom, mergeFilters, type FilterState } from '@callboard/shared-ui/filter-atoms';
import { viewSearch } from '@callboard/shared-ui/filter-url';
import { useStore } from 'jotai';
import { useCallback } from 'react';

/**
 * The filters Reporting opens with for one scorecard row: the current ones
 * (the date range and every other narrowing the row's figures were counted
 * under) with the grouped dimension's selection replaced by that one source.
 */
export function sourceFilters(current: FilterState, groupBy: ScorecardGroupBy, row: ScorecardRow): FilterState {
  return mergeFilters(current, { [DIMENSION_OF_PARAM[groupBy]]: [{ value: row.key, label: row.label, count: row.calls }] });
}

/**
 * Opens Statistics & Records filtered to a row's source: the address moves to
 * Reporting's view of those filters, and the address leads
 * (useFiltersInUrl), as when a link is opened: the picker's chip gets its
 * name as a link's does. Changing the filters first would have them written
 * into the scorecard's own address before the move. The calls without a
 * target or buyer (key "0") are no selection a picker can make.
 */
export function useOpenSource(groupBy: ScorecardGroupBy): (row: ScorecardRow) => void {
  const navigate = useNavigate();
  const store = useStore();
  return useCallback(
    (row: ScorecardRow) => {
      if (row.key === '0') return;
      const next = sourceFilters(store.get(filtersAtom), groupBy, row);
      void navigate({ pathname: '..', search: `?${viewSearch('reporting', next)}` });
    },
    [groupBy, navigate, store],
  );
}
