/**
 * A saved view's query string, to and from the filter state. The query uses
 * the calls API's param names, as the areas' URLs do, so `?<query>` after an
 * area's route is the view. Reading is lenient: the server judged the query
 * when it was saved, and anything unreadable falls back to its default.
 */
import {
  CONNECTED_PARAMS,
  DEFAULT_SORT,
  isDatePreset,
  parseViewQuery,
  SORTABLE_COLUMNS,
  type ConnectedParam,
  type SortColumn,
  type ViewArea,
} from '@callboard/contract';
import { toNewYorkInput } from '@callboard/contract/new-york-time';
import { DEFAULT_FILTERS, filterQuery, toQueryString, type FilterState } from '@callboard/shared-ui/filter-atoms';
import { paths } from '../app/paths';

/** The area a path belongs to, or null where views do not apply (Users, sign-in). */
export function viewAreaOf(pathname: string): ViewArea | null {
  const within = (route: string) => pathname === route || pathname.startsWith(`${route}/`);
  if (within(paths.reporting)) return 'reporting';
  if (within(paths.callLogs)) return 'callLogs';
  return null;
}

export function viewRoute(area: ViewArea): string {
  return area === 'reporting' ? paths.reporting : paths.callLogs;
}

/** Where opening a view goes: the area's route with the view's query. */
export function viewLocation(area: ViewArea, query: string): string {
  return query === '' ? viewRoute(area) : `${viewRoute(area)}?${query}`;
}

/**
 * The query string of the filters in force, for saving them as a view of `area`:
 * the filter params every calls read takes (filterQuery), and for Reporting the
 * records order when it is not the default. Not the page: a view opens on its first page.
 */
export function viewQueryOf(filters: FilterState, area: ViewArea): string {
  const query: Record<string, string | number | undefined> = { ...filterQuery(filters) };
  if (area === 'reporting' && (filters.sortBy !== DEFAULT_SORT.sortBy || filters.sortDir !== DEFAULT_SORT.sortDir)) {
    query.sortBy = filters.sortBy;
    query.sortDir = filters.sortDir;
  }
  return toQueryString(query);
}

const list = (value: string | undefined): string[] =>
  value === undefined ? [] : [...new Set(value.split(',').map((v) => v.trim()).filter((v) => v !== ''))];

export interface ViewFilters {
  /**
   * Every filter the view decides (what it leaves out is back to its default).
   * The pickers' chosen options are left out on purpose: the write atom derives
   * them from the id lists, keeping the names it already knows.
   */
  filters: Partial<FilterState>;
  /** The records page the query names, if any. */
  page: number | undefined;
}

/** The filter state a view's query stands for. */
export function viewFiltersOf(area: ViewArea, query: string): ViewFilters {
  const { params } = parseViewQuery(area, query);
  const custom = params.datePreset === 'custom';
  const sortBy = (SORTABLE_COLUMNS as readonly string[]).includes(params.sortBy ?? '') ? (params.sortBy as SortColumn) : DEFAULT_SORT.sortBy;
  const page = params.page === undefined ? undefined : Number(params.page);
  return {
    filters: {
      datePreset: isDatePreset(params.datePreset ?? '') ? (params.datePreset as FilterState['datePreset']) : DEFAULT_FILTERS.datePreset,
      // The URL carries instants; the filters panel edits New York wall-clock time.
      startDate: custom && params.startDate ? toNewYorkInput(params.startDate) : '',
      endDate: custom && params.endDate ? toNewYorkInput(params.endDate) : '',
      search: params.search?.trim() ?? '',
      callerId: params.callerId ? [params.callerId.trim()] : [],
      campaign: list(params.campaign),
      publisher: list(params.publisher),
      target: list(params.target),
      buyer: list(params.buyer),
      status: list(params.status),
      disposition: list(params.disposition),
      connected: (CONNECTED_PARAMS as readonly string[]).includes(params.connected ?? '') ? (params.connected as ConnectedParam) : '',
      sortBy,
      sortDir: params.sortDir === 'asc' || params.sortDir === 'desc' ? params.sortDir : DEFAULT_SORT.sortDir,
    },
    page: page !== undefined && Number.isInteger(page) && page >= 1 ? page : undefined,
  };
}
