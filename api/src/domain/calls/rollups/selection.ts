import { DIMENSIONS, FILTER_DIMENSIONS, type FilterDimension } from '@callboard/contract';
import type { CallFilter } from '../call-filter';
import { selectedIds } from '../selected-ids';

/**
 * What a filter selects, as the rollups keyed by a dimension's values
 * (calls_daily_dim_status, calls_daily_dim, calls_monthly_dim, the
 * combinations) read it: their `answers` and the planner share these, as do
 * the pickers (pickerFilter) and narrowsBeyondStatus.
 */

/** A picker's selection as the per-dimension rollups key it: the dimension's rollup code and the values. */
export interface DimensionSelection {
  dim: number;
  ids: number[];
}

/**
 * No rollup keeps a caller id, a call's words or its dispute state: a filter by any of them (a caller-id search,
 * an exact caller id, a transcript search, `dispute=`) is read from the calls.
 */
export function narrowsByWhatNoRollupKeeps(filter: CallFilter): boolean {
  return filter.search !== undefined || filter.callerId !== undefined || filter.q !== undefined || filter.dispute !== undefined;
}

/** Whether the filter selects values in any dimension. */
export function selectsAny(filter: CallFilter): boolean {
  return FILTER_DIMENSIONS.some((d) => selectedIds(filter, d).length > 0);
}

/**
 * One picker's selection, when nothing else narrows the filter but the status,
 * the connection or repeats (not both: no rollup keeps repeats by connection);
 * undefined otherwise.
 */
export function singleSelection(filter: CallFilter): DimensionSelection | undefined {
  if (narrowsByWhatNoRollupKeeps(filter)) return undefined;
  if (filter.connected !== undefined && filter.repeat !== undefined) return undefined;
  const chosen = FILTER_DIMENSIONS.map((d) => ({ dim: DIMENSIONS[d].rollupCode, ids: selectedIds(filter, d) })).filter(({ ids }) => ids.length > 0);
  const [only] = chosen;
  return chosen.length === 1 ? only : undefined;
}

/**
 * The filter without its selection in `dimension`: what rows keyed by that dimension's values must answer
 * besides the values, and what that dimension's picker counts under (pickerFilter).
 */
export function withoutSelectionIn(filter: CallFilter, dimension: FilterDimension): CallFilter {
  return { ...filter, [DIMENSIONS[dimension].idsField]: [] };
}
