/**
 * The scorecard endpoint, read in one place: its SWR key and the hook. The key
 * is `[path, query]` like every other read's, so the filters, the grouping and
 * the order are part of the cache key and a change of any is a new request.
 */
import { API_PATHS, type ApiSuccess } from '@callboard/contract';
import { type ScorecardData, type ScorecardGroupBy, type ScorecardSortColumn } from '@callboard/contract/scorecard';
import { filterParamsAtom, type FilterQuery } from '@callboard/shared-ui/filter-atoms';
import type { SortState } from '@callboard/shared-ui/table';
import { usePollOptions } from '@callboard/shared-ui/use-poll-options';
import { useAtomValue } from 'jotai';
import useSWR from 'swr';

export type ScorecardSort = SortState<ScorecardSortColumn>;

type ScorecardQuery = FilterQuery & { groupBy: ScorecardGroupBy; sortBy: ScorecardSortColumn; sortDir: 'asc' | 'desc'; minCalls: number };

export const scorecardKey = (filters: FilterQuery, groupBy: ScorecardGroupBy, sort: ScorecardSort, minCalls: number): readonly [string, ScorecardQuery] => [
  API_PATHS.scorecard,
  { ...filters, groupBy, sortBy: sort.sortBy, sortDir: sort.sortDir, minCalls },
];

/**
 * The scorecard for the current filters, grouped and ordered as asked (the
 * server sorts, so the limit keeps the top rows of that order), its shares
 * flagged from `minCalls` calls.
 */
export function useScorecard(groupBy: ScorecardGroupBy, sort: ScorecardSort, minCalls: number) {
  const filters = useAtomValue(filterParamsAtom);
  return useSWR<ApiSuccess<ScorecardData>, Error>(scorecardKey(filters, groupBy, sort, minCalls), usePollOptions());
}
