import type { QueryParams } from '@callboard/shared-auth/api-fetch';
import type { FilterQuery } from '@callboard/shared-ui/filter-atoms';

/**
 * The filter atoms' query as the API client's query type. FilterQuery is an
 * interface (no index signature), so TypeScript will not widen it on its own;
 * every value in it is already a string or a number.
 */
export function asQuery(params: FilterQuery): QueryParams {
  return params as QueryParams;
}
