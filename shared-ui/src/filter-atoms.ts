/**
 * The filter state, persisted in localStorage so it survives a reload and
 * follows other tabs, and the only ways to change it. Writes go through the
 * write atoms below, never to the state directly, so these rules hold everywhere:
 * - any change other than the page itself sends the page back to 1;
 * - setting a custom start or end date makes the preset `custom`;
 * - the four dimensions' id lists are derived from their chosen options: the
 *   atom keeps the options only, and `filtersAtom` adds the ids.
 */
import {
  CONNECTED_PARAMS,
  DATE_PRESETS,
  DEFAULT_DATE_PRESET,
  DEFAULT_SORT,
  DIMENSION_PARAM,
  DIMENSION_PARAMS,
  FILTER_DIMENSIONS,
  RECORDS_DEFAULT_LIMIT,
  RECORDS_MAX_LIMIT,
  REPEAT_PARAMS,
  SORTABLE_COLUMNS,
  type ConnectedParam,
  type DatePreset,
  type FilterDimension,
  type FilterOption,
  type RecordsParams,
  type RepeatParam,
  type SortColumn,
} from '@callboard/contract';
import { DISPUTE_STATES, type DisputeState } from '@callboard/contract/disputes';
import { takesCustomDates } from '@callboard/contract/date-range';
import { newYorkInputToIso } from '@callboard/contract/new-york-time';
import { atom, type Atom, type WritableAtom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { persistedAtom, storedRecord } from './persisted-atom';
import { nextSort, type SortDir } from './sort';

export const FILTERS_STORAGE_KEY = 'callboard.filters';

/** The id/value lists the API takes as comma-joined params: the dimensions' ids, then the statuses. */
const QUERY_LISTS = [...DIMENSION_PARAMS, 'status', 'disposition'] as const;
/** The id/value lists the API filters by, one per filter param. */
const FILTER_LISTS = ['callerId', ...QUERY_LISTS] as const;

export interface FilterState {
  page: number;
  limit: number;
  sortBy: SortColumn;
  sortDir: SortDir;
  datePreset: DatePreset;
  /** `datetime-local` value ("2026-11-20T09:00"), New York wall-clock time; used only with preset `custom`. */
  startDate: string;
  endDate: string;
  /** The caller-id search (the search box in Caller ID mode). */
  search: string;
  /** The transcript search (the search box in Transcript mode): words of the transcript, summary and reason. */
  q: string;
  callerId: string[];
  /** Ids of the chosen campaigns, publishers, targets, buyers. */
  campaign: string[];
  publisher: string[];
  target: string[];
  buyer: string[];
  /** Effective dispositions (the Status column). */
  status: string[];
  /** Dispositions chosen in the records view's Dispositions dropdown. */
  disposition: string[];
  /** Only calls that reached a target (`true`), only those that never did (`false`, the Red No Connects), or all (''). */
  connected: '' | ConnectedParam;
  /** Only repeat calls (`true`), only first calls (`false`), or all (''). */
  repeat: '' | RepeatParam;
  /** Only calls in one dispute state (the API's `dispute`), or all (''). */
  dispute: '' | DisputeState;
  /** The chosen options of each picker (their labels are what chips show); the id lists above derive from them. */
  campaigns: FilterOption[];
  publishers: FilterOption[];
  targets: FilterOption[];
  buyers: FilterOption[];
}

export const DEFAULT_FILTERS: FilterState = {
  page: 1,
  limit: RECORDS_DEFAULT_LIMIT,
  sortBy: DEFAULT_SORT.sortBy,
  sortDir: DEFAULT_SORT.sortDir,
  datePreset: DEFAULT_DATE_PRESET,
  startDate: '',
  endDate: '',
  search: '',
  q: '',
  callerId: [],
  campaign: [],
  publisher: [],
  target: [],
  buyer: [],
  status: [],
  disposition: [],
  connected: '',
  repeat: '',
  dispute: '',
  campaigns: [],
  publishers: [],
  targets: [],
  buyers: [],
};

// ---- Reading stored state ----

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

function optionList(value: unknown): FilterOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const o = storedRecord(v);
    if (typeof o.value !== 'string' || o.value === '') return [];
    return [{ value: o.value, label: typeof o.label === 'string' ? o.label : o.value, count: typeof o.count === 'number' ? o.count : 0 }];
  });
}

function positiveInteger(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

/** Whatever storage held, as a valid FilterState: each unreadable field falls back to its default. */
export function sanitizeFilters(stored: unknown): FilterState {
  const s = storedRecord(stored);
  const text = (key: 'startDate' | 'endDate' | 'search' | 'q') => (typeof s[key] === 'string' ? (s[key]) : '');
  const state: FilterState = {
    page: positiveInteger(s.page, DEFAULT_FILTERS.page),
    limit: positiveInteger(s.limit, DEFAULT_FILTERS.limit, RECORDS_MAX_LIMIT),
    sortBy: (SORTABLE_COLUMNS as readonly unknown[]).includes(s.sortBy) ? (s.sortBy as SortColumn) : DEFAULT_FILTERS.sortBy,
    sortDir: s.sortDir === 'asc' || s.sortDir === 'desc' ? s.sortDir : DEFAULT_FILTERS.sortDir,
    datePreset: (DATE_PRESETS as readonly unknown[]).includes(s.datePreset) ? (s.datePreset as DatePreset) : DEFAULT_FILTERS.datePreset,
    startDate: text('startDate'),
    endDate: text('endDate'),
    search: text('search'),
    q: text('q'),
    callerId: stringList(s.callerId),
    campaign: stringList(s.campaign),
    publisher: stringList(s.publisher),
    target: stringList(s.target),
    buyer: stringList(s.buyer),
    status: stringList(s.status),
    disposition: stringList(s.disposition),
    connected: (CONNECTED_PARAMS as readonly unknown[]).includes(s.connected) ? (s.connected as ConnectedParam) : '',
    repeat: (REPEAT_PARAMS as readonly unknown[]).includes(s.repeat) ? (s.repeat as RepeatParam) : '',
    dispute: (DISPUTE_STATES as readonly unknown[]).includes(s.dispute) ? (s.dispute as DisputeState) : '',
    campaigns: optionList(s.campaigns),
    publishers: optionList(s.publishers),
    targets: optionList(s.targets),
    buyers: optionList(s.buyers),
  };
  // In stored data the id list is the truth the API saw: options without an id are dropped, and an id
  // without its option (saved by hand or by an older version) gets one labelled by the id, so it still filters.
  for (const dimension of FILTER_DIMENSIONS) {
    const param = DIMENSION_PARAM[dimension];
    if (Array.isArray(s[param])) state[dimension] = optionsForIds(state[param], state[dimension]);
    state[param] = state[dimension].map((o) => o.value);
  }
  return state;
}

/** The options of `ids`, in their order: the known option of each id, or one labelled by the id itself. */
function optionsForIds(ids: readonly string[], known: readonly FilterOption[]): FilterOption[] {
  const byValue = new Map(known.map((o) => [o.value, o]));
  return [...new Set(ids)].map((id) => byValue.get(id) ?? { value: id, label: id, count: 0 });
}

/** The four dimensions' id lists, which are derived, never stored in the atom. */
type IdList = (typeof DIMENSION_PARAM)[FilterDimension];

/** What the filter atom holds: the filter state without the id lists. */
export type StoredFilters = Omit<FilterState, IdList>;

/** The state with each dimension's id list derived from its chosen options. */
function withIdLists(stored: StoredFilters): FilterState {
  const state = { ...stored } as FilterState;
  for (const dimension of FILTER_DIMENSIONS) state[DIMENSION_PARAM[dimension]] = stored[dimension].map((o) => o.value);
  return state;
}

function withoutIdLists(state: FilterState): StoredFilters {
  const stored: Partial<FilterState> = { ...state };
  for (const dimension of FILTER_DIMENSIONS) delete stored[DIMENSION_PARAM[dimension]];
  return stored as StoredFilters;
}

// Storage keeps the id lists too (the format every version has written and read). It holds the last
// filters any tab used, what a new tab or a bare /reporting starts from; an open tab keeps its own view
// (its address says which: use-filters-in-url.ts), so another tab's change is not followed.
const storedFiltersAtom = persistedAtom<StoredFilters>(FILTERS_STORAGE_KEY, (stored) => withoutIdLists(sanitizeFilters(stored)), {
  toStored: withIdLists,
  followOtherTabs: false,
});

/** The whole filter state, read-only: change it through the write atoms below. */
export const filtersAtom = atom((get) => withIdLists(get(storedFiltersAtom)));

export const datePresetAtom = atom((get) => get(storedFiltersAtom).datePreset);
export const dispositionFilterAtom = atom((get) => get(storedFiltersAtom).disposition);

// ---- Changing it ----

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item, i) => {
    const other: unknown = b[i];
    if (typeof item === 'object' && item !== null && typeof other === 'object' && other !== null) {
      const x = item as FilterOption;
      const y = other as FilterOption;
      return x.value === y.value && x.label === y.label && x.count === y.count;
    }
    return Object.is(item, other);
  });
}

/**
 * `current` with `partial` merged in, following the rules of this module:
 * a custom date makes the preset custom, id lists follow the option lists,
 * and the page returns to 1 when anything but the page changed.
 */
export function mergeFilters(current: FilterState, partial: Partial<FilterState>): FilterState {
  const next: FilterState = { ...current };
  for (const key of Object.keys(partial) as (keyof FilterState)[]) {
    const value = partial[key];
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  // Choosing a range sets the preset to custom.
  if (partial.datePreset === undefined && ((partial.startDate ?? '') !== '' || (partial.endDate ?? '') !== '')) {
    next.datePreset = 'custom';
  }
  for (const dimension of FILTER_DIMENSIONS) {
    const param = DIMENSION_PARAM[dimension];
    // Ids given without options choose those options; the id list then follows the options.
    if (partial[dimension] === undefined && partial[param] !== undefined) next[dimension] = optionsForIds(next[param], next[dimension]);
    next[param] = next[dimension].map((o) => o.value);
  }
  next.page = Math.max(1, Math.trunc(next.page) || 1);
  next.limit = Math.min(RECORDS_MAX_LIMIT, Math.max(1, Math.trunc(next.limit) || DEFAULT_FILTERS.limit));

  const changed = (Object.keys(next) as (keyof FilterState)[]).some((key) => key !== 'page' && !sameValue(next[key], current[key]));
  // Any filter change, including sort, search, disposition and status, resets the page.
  if (changed) next.page = 1;
  return changed || next.page !== current.page ? next : current;
}

type Getter = <Value>(anAtom: Atom<Value>) => Value;
type Setter = <Value, Result>(anAtom: WritableAtom<Value, [StoredFilters], Result>, value: StoredFilters) => Result;

/** Applies `change` to the current state and stores the result, unless it returned the state unchanged. */
function changeFilters(get: Getter, set: Setter, change: (current: FilterState) => FilterState): void {
  const current = get(filtersAtom);
  const next = change(current);
  if (next !== current) set(storedFiltersAtom, withoutIdLists(next));
}

/** Merges a partial filter state (see mergeFilters). */
export const updateFiltersAtom = atom(null, (get, set, partial: Partial<FilterState>) => {
  changeFilters(get, set, (current) => mergeFilters(current, partial));
});

/** Goes to a page, at least 1. Whether the page exists is the pagination's concern. */
export const setPageAtom = atom(null, (get, set, page: number) => {
  if (!Number.isFinite(page)) return;
  changeFilters(get, set, (current) => mergeFilters(current, { page: Math.max(1, Math.trunc(page)) }));
});

/** A header click: sorts by `key` (ascending first) or flips its direction. Keys the API cannot sort by are ignored. */
export const toggleSortAtom = atom(null, (get, set, key: string) => {
  if (!(SORTABLE_COLUMNS as readonly string[]).includes(key)) return;
  changeFilters(get, set, (current) => mergeFilters(current, nextSort<SortColumn>(current, key as SortColumn)));
});

export interface Selection {
  kind: FilterDimension;
  options: FilterOption[];
}

/** A picker's Apply: the chosen options of one dimension; its id list follows. */
export const setSelectionAtom = atom(null, (get, set, { kind, options }: Selection) => {
  const unique = [...new Map(options.map((o) => [o.value, o])).values()];
  changeFilters(get, set, (current) => mergeFilters(current, { [kind]: unique }));
});

/**
 * A whole view, as the address bar gives it (arriving from a link, Back, Forward): it replaces the
 * state as it is, page included. Options labelled by their id get their names from nameOptionsAtom.
 */
export const replaceFiltersAtom = atom(null, (get, set, next: FilterState) => {
  changeFilters(get, set, (current) => (sameState(current, next) ? current : withIdLists(withoutIdLists(next))));
});

function sameState(a: FilterState, b: FilterState): boolean {
  return (Object.keys(a) as (keyof FilterState)[]).every((key) => sameValue(a[key], b[key]));
}

/**
 * Names for chosen options: each chosen option of `kind` whose value is among `options` takes its
 * label and count. The choice itself (which ids, in which order) and the page stay as they are.
 */
export const nameOptionsAtom = atom(null, (get, set, { kind, options }: Selection) => {
  const named = new Map(options.map((o) => [o.value, o]));
  const current = get(filtersAtom);
  const next = current[kind].map((o) => named.get(o.value) ?? o);
  if (!sameValue(next, current[kind])) set(storedFiltersAtom, withoutIdLists({ ...current, [kind]: next }));
});

/**
 * The filters after "Reset", which clears everything: preset back
 * to today, no custom dates, no search, every list and selection empty, the
 * default sort, page 1. The page size is a display preference and is kept.
 */
export function resetFilters(current: FilterState): FilterState {
  return { ...DEFAULT_FILTERS, limit: current.limit };
}

export const resetFiltersAtom = atom(null, (get, set) => {
  changeFilters(get, set, (current) => resetFilters(current));
});

/**
 * How many filters narrow the data, for the Filters button's badge:
 * - a date preset other than the default (today) counts 1 (a custom range is one such preset);
 * - a non-blank search counts 1, and so does a non-blank transcript search;
 * - each non-empty list counts 1, whatever its length: caller ids, campaigns,
 *   publishers, targets, buyers, status, disposition;
 * - a connected filter (reached a target, or never did) counts 1;
 * - a repeat filter (repeats only, or first calls only) counts 1;
 * - a dispute state counts 1.
 * Page, page size and sort are not filters.
 */
export function activeFilterCount(filters: FilterState): number {
  let count = 0;
  if (filters.datePreset !== DEFAULT_DATE_PRESET) count += 1;
  if (filters.search.trim() !== '') count += 1;
  if (filters.q.trim() !== '') count += 1;
  for (const list of FILTER_LISTS) if (filters[list].length > 0) count += 1;
  if (filters.connected !== '') count += 1;
  if (filters.repeat !== '') count += 1;
  if (filters.dispute !== '') count += 1;
  return count;
}

export const activeFilterCountAtom = atom((get) => activeFilterCount(get(filtersAtom)));

// ---- The API's query ----

/** Query params of the calls API: the filter params, plus paging and sort when asked. */
export type FilterQuery = RecordsParams;

export interface FilterQueryOptions {
  /** Add page, limit, sortBy and sortDir (the records list); stats, export and pickers do not take them. */
  paging?: boolean;
}

/**
 * The API's query params for these filters: the preset always; custom dates
 * only with a preset that takes them (converted from New York wall-clock time
 * to ISO with offset; unreadable text is sent as typed, so the API's 400 names
 * the field); search and q trimmed, only if non-empty; lists comma-joined, only if
 * non-empty. The API matches one exact caller id, so callerId is sent only when
 * exactly one is chosen.
 */
export function filterQuery(filters: FilterState, options: FilterQueryOptions = {}): FilterQuery {
  const query: FilterQuery = { datePreset: filters.datePreset };
  if (takesCustomDates(filters.datePreset)) {
    if (filters.startDate.trim() !== '') query.startDate = newYorkInputToIso(filters.startDate);
    if (filters.endDate.trim() !== '') query.endDate = newYorkInputToIso(filters.endDate);
  }
  const search = filters.search.trim();
  if (search !== '') query.search = search;
  const q = filters.q.trim();
  if (q !== '') query.q = q;
  for (const list of QUERY_LISTS) {
    if (filters[list].length > 0) query[list] = filters[list].join(',');
  }
  if (filters.callerId.length === 1) query.callerId = filters.callerId[0];
  if (filters.connected !== '') query.connected = filters.connected;
  if (filters.repeat !== '') query.repeat = filters.repeat;
  if (filters.dispute !== '') query.dispute = filters.dispute;
  if (options.paging) {
    query.page = filters.page;
    query.limit = filters.limit;
    query.sortBy = filters.sortBy;
    query.sortDir = filters.sortDir;
  }
  return query;
}

/** A query as a URL query string (no leading "?"), keys in a stable order so it can serve as a cache key. */
export function toQueryString(query: FilterQuery | Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

function sameQuery(a: FilterQuery, b: FilterQuery): boolean {
  const keys = Object.keys(a) as (keyof FilterQuery)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Filter params for stats and export: keeps its identity while only page or sort change. */
export const filterParamsAtom = selectAtom(filtersAtom, (filters) => filterQuery(filters), sameQuery);

/** Filter params plus page, limit and sort, for the records list. */
export const recordsParamsAtom = selectAtom(filtersAtom, (filters) => filterQuery(filters, { paging: true }), sameQuery);
