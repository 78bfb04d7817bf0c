import type { FilterDimension } from '@callboard/contract';
import type { CallFilter } from './call-filter';

/** The ids a filter selects in one dimension (empty: not narrowed by it). */
export function selectedIds(filter: CallFilter, dimension: FilterDimension): number[] {
  switch (dimension) {
    case 'campaigns':
      return filter.campaignIds;
    case 'publishers':
      return filter.publisherIds;
    case 'targets':
      return filter.targetIds;
    case 'buyers':
      return filter.buyerIds;
  }
}
