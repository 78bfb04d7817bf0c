import { DIMENSIONS, type FilterDimension } from '@callboard/contract';
import type { CallFilter } from './call-filter';

/** The ids a filter selects in one dimension (empty: not narrowed by it). */
export function selectedIds(filter: CallFilter, dimension: FilterDimension): number[] {
  return filter[DIMENSIONS[dimension].idsField];
}
