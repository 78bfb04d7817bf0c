/**
 * The filter state ⇄ an area's query string, the one mapping between them.
 * The address bar of Reporting and Call Logs holds the applied filters with
 * the API's own param names (contract/src/view-query.ts lists them per area
 * and judges their values), written by `filterQuery` as the API is asked, so
 * the custom dates in a URL are ISO with their offset; defaults are left out
 * to keep links short, except the date preset, so a link always names a view
 * (a bare address restores the last used filters instead).
 */
import { DEFAULT_SORT, DIMENSION_PARAM, FILTER_DIMENSIONS, type FilterOption, type ViewArea } from '@callboard/contract';
import { toNewYorkInput } from '@callboard/contract/new-york-time';
import { hasViewParams, parseViewQuery, VIEW_QUERY_PARAMS } from '@callboard/contract/view-query';
// By package name, so a remote uses the shared module (Module Federation shares by that name).
import { DEFAULT_FILTERS, filterQuery, toQueryString, type FilterState } from '@callboard/shared-ui/filter-atoms';

function paramsOf(search: string): URLSearchParams {
  return new URLSearchParams(search);
}

/** The area's query string for these filters, without the leading "?" (keys in a stable order). */
export function viewSearch(area: ViewArea, filters: FilterState): string {
  const allowed: readonly string[] = VIEW_QUERY_PARAMS[area];
  const query: Record<string, string | number | undefined> = { ...filterQuery(filters, { paging: allowed.includes('page') }) };
  if (query.page === 1) delete query.page;
  if (query.sortBy === DEFAULT_SORT.sortBy) delete query.sortBy;
  if (query.sortDir === DEFAULT_SORT.sortDir) delete query.sortDir;
  for (const key of Object.keys(query)) if (!allowed.includes(key)) delete query[key];
  return toQueryString(query);
}

/** Whether a query string names a view of the area (any of its params), rather than being bare. */
export function namesView(area: ViewArea, search: string): boolean {
  return hasViewParams(area, paramsOf(search));
}

/** The chosen options of `ids`, in their order: the option `known` has for an id, or one labelled by the id until its name arrives. */
function optionsOf(ids: readonly string[] | undefined, known: readonly FilterOption[]): FilterOption[] {
  const byValue = new Map(known.map((o) => [o.value, o]));
  return (ids ?? []).map((id) => byValue.get(id) ?? { value: id, label: id, count: 0 });
}

/**
 * The filters a query string names, or null when it names none of the area's
 * params. What the query leaves out (or holds wrongly) takes its default;
 * what the area's view does not hold is kept from `current`: the page size
 * always, and the records table's order on Call Logs. Custom dates come back
 * as New York `datetime-local` values. Chosen ids keep the names `current`
 * knows for them.
 */
export function filtersFromSearch(area: ViewArea, search: string, current: FilterState): FilterState | null {
  const query = paramsOf(search);
  if (!hasViewParams(area, query)) return null;
  const { params } = parseViewQuery(area, query);
  const allowed: readonly string[] = VIEW_QUERY_PARAMS[area];
  const state: FilterState = {
    ...DEFAULT_FILTERS,
    limit: current.limit,
    datePreset: params.datePreset ?? DEFAULT_FILTERS.datePreset,
    startDate: params.startDate === undefined ? '' : toNewYorkInput(params.startDate),
    endDate: params.endDate === undefined ? '' : toNewYorkInput(params.endDate),
    search: params.search ?? '',
    q: params.q ?? '',
    status: params.status ?? [],
    disposition: params.disposition ?? [],
    connected: params.connected ?? '',
    repeat: params.repeat ?? '',
    dispute: params.dispute ?? '',
    page: params.page ?? 1,
    sortBy: allowed.includes('sortBy') ? (params.sortBy ?? DEFAULT_SORT.sortBy) : current.sortBy,
    sortDir: allowed.includes('sortDir') ? (params.sortDir ?? DEFAULT_SORT.sortDir) : current.sortDir,
  };
  for (const dimension of FILTER_DIMENSIONS) {
    const param = DIMENSION_PARAM[dimension];
    state[dimension] = optionsOf(params[param], current[dimension]);
    state[param] = state[dimension].map((o) => o.value);
  }
  return state;
}
