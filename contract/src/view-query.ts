/**
 * A view's query string: the filters an area shows, written with the API's
 * own param names, as the address bar of Reporting and Call Logs holds them
 * (and as a saved view keeps them). The front end reads the address with
 * `parseViewQuery` and drops what it reports; the server judges a saved view
 * with the same function and answers 400 with its errors. Its own entry
 * (`@callboard/contract/view-query`) because judging a custom range needs luxon.
 */
import type { FieldError } from './api-envelope';
import { CONNECTED_PARAMS, REPEAT_PARAMS, type ConnectedParam, type RepeatParam } from './calls';
import { DISPUTE_STATES, type DisputeState } from './disputes';
import { checkCustomRange, datesWithoutCustomError, takesCustomDates } from './date-range';
import { DATE_PRESETS, isDatePreset, type DatePreset } from './date-presets';
import { parseIdList } from './id-list';
import { DIMENSION_PARAMS } from './dimensions';
import { SEARCH_MAX_LENGTH, VALUE_LIST_ITEM_MAX_LENGTH, VALUE_LIST_MAX_ITEMS } from './limits';
import { SORTABLE_COLUMNS, type SortColumn } from './record-columns';
import type { ViewArea } from './saved-views';

/** The filter params of every area's view, in the order a URL writes them. */
export const VIEW_FILTER_PARAMS = [
  'datePreset',
  'startDate',
  'endDate',
  'campaign',
  'publisher',
  'target',
  'buyer',
  'status',
  'disposition',
  'connected',
  'repeat',
  'dispute',
  'search',
  'q',
] as const;

/** The records table's order and page: only Reporting has them (Call Logs scrolls, newest first). */
export const VIEW_RECORDS_PARAMS = ['sortBy', 'sortDir', 'page'] as const;

export type ViewQueryParam = (typeof VIEW_FILTER_PARAMS)[number] | (typeof VIEW_RECORDS_PARAMS)[number];

/** The params each area's view is made of; anything else in its query string is not part of the view. */
export const VIEW_QUERY_PARAMS: Record<ViewArea, readonly ViewQueryParam[]> = {
  reporting: [...VIEW_FILTER_PARAMS, ...VIEW_RECORDS_PARAMS],
  callLogs: VIEW_FILTER_PARAMS,
};

/** The id lists a view names: one a dimension (campaign, publisher, target, buyer). */
export const VIEW_ID_LISTS = DIMENSION_PARAMS;
/** The value lists a view names (effective dispositions, and the records view's Dispositions dropdown). */
export const VIEW_VALUE_LISTS = ['status', 'disposition'] as const;

/** A page number in a view: a positive whole number in plain digits, at most nine of them. */
const PAGE_PATTERN = /^[1-9]\d{0,8}$/;

/**
 * A parsed query string: what `URLSearchParams` offers, on the server and in
 * the browser alike (the contract is built without either one's types).
 */
export interface QueryParamsLike {
  get(name: string): string | null;
  keys(): Iterable<string>;
}

/** What a view's query string says, each value checked; a param that is absent (or was wrong) is left out. */
export interface ViewQueryParams {
  datePreset?: DatePreset;
  /** ISO 8601 as written in the query (with its offset, as the front end writes it); only with datePreset custom. */
  startDate?: string;
  endDate?: string;
  campaign?: string[];
  publisher?: string[];
  target?: string[];
  buyer?: string[];
  status?: string[];
  disposition?: string[];
  connected?: ConnectedParam;
  /** Repeat calls only (`true`) or first calls only (`false`). */
  repeat?: RepeatParam;
  /** Only calls in this dispute state (contract/src/disputes.ts DISPUTE_STATES). */
  dispute?: DisputeState;
  /** Trimmed, never blank. */
  search?: string;
  /** The transcript search; trimmed, never blank. */
  q?: string;
  sortBy?: SortColumn;
  sortDir?: 'asc' | 'desc';
  page?: number;
}

export interface ParsedViewQuery {
  params: ViewQueryParams;
  /** One per param that was not understood, naming it; empty when the whole query is a valid view. */
  errors: FieldError[];
}

function valueList(field: string, raw: string): string[] | FieldError {
  const values = [...new Set(raw.split(',').map((v) => v.trim()).filter((v) => v !== ''))];
  // The limits the calls API enforces (limits.ts), so a view it would refuse is refused when it is read.
  if (values.length > VALUE_LIST_MAX_ITEMS || values.some((v) => v.length > VALUE_LIST_ITEM_MAX_LENGTH)) {
    return { field, message: `${field} must list at most ${VALUE_LIST_MAX_ITEMS} values of at most ${VALUE_LIST_ITEM_MAX_LENGTH} characters` };
  }
  return values;
}

/**
 * Reads one area's view from a query string (`new URLSearchParams(text)`), by
 * the rules the calls API applies to the same params: a known date preset;
 * start and end dates only with `custom`, both then required and a valid
 * range (otherwise the preset and dates are all left out); id lists of plain
 * ids; value lists of at most 100 short values; `connected` and `repeat` true or false; a
 * search and a transcript search (`q`) of at most 100 characters each; a sortable column, `asc`/`desc`, a
 * positive page. Lists are de-duplicated in first-seen order; blank params
 * count as absent. A param the area's view does not have is an error too.
 */
export function parseViewQuery(area: ViewArea, search: QueryParamsLike): ParsedViewQuery {
  const allowed: readonly string[] = VIEW_QUERY_PARAMS[area];
  const params: ViewQueryParams = {};
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const key of search.keys()) {
    if (seen.has(key)) continue;
    seen.add(key);
    if (!allowed.includes(key)) errors.push({ field: key, message: `${key} is not a parameter of a ${area} view` });
  }
  const raw = (name: ViewQueryParam): string | undefined => {
    const value = search.get(name)?.trim();
    return value === undefined || value === '' || !allowed.includes(name) ? undefined : value;
  };

  readDates(raw('datePreset'), raw('startDate'), raw('endDate'), params, errors);

  for (const field of VIEW_ID_LISTS) {
    const ids = parseIdList(field, raw(field));
    if (!Array.isArray(ids)) errors.push(ids);
    else if (ids.length > 0) params[field] = ids.map(String);
  }
  for (const field of VIEW_VALUE_LISTS) {
    const text = raw(field);
    if (text === undefined) continue;
    const values = valueList(field, text);
    if (!Array.isArray(values)) errors.push(values);
    else if (values.length > 0) params[field] = values;
  }

  const connected = raw('connected');
  if (connected !== undefined) {
    if ((CONNECTED_PARAMS as readonly string[]).includes(connected)) params.connected = connected as ConnectedParam;
    else errors.push({ field: 'connected', message: `connected must be one of ${CONNECTED_PARAMS.join(', ')}` });
  }
  const repeat = raw('repeat');
  if (repeat !== undefined) {
    if ((REPEAT_PARAMS as readonly string[]).includes(repeat)) params.repeat = repeat as RepeatParam;
    else errors.push({ field: 'repeat', message: `repeat must be one of ${REPEAT_PARAMS.join(', ')}` });
  }
  const dispute = raw('dispute');
  if (dispute !== undefined) {
    if ((DISPUTE_STATES as readonly string[]).includes(dispute)) params.dispute = dispute as DisputeState;
    else errors.push({ field: 'dispute', message: `dispute must be one of ${DISPUTE_STATES.join(', ')}` });
  }
  for (const field of ['search', 'q'] as const) {
    const text = raw(field);
    if (text === undefined) continue;
    if (text.length <= SEARCH_MAX_LENGTH) params[field] = text;
    else errors.push({ field, message: `${field} must be at most ${SEARCH_MAX_LENGTH} characters` });
  }

  const sortBy = raw('sortBy');
  if (sortBy !== undefined) {
    if ((SORTABLE_COLUMNS as readonly string[]).includes(sortBy)) params.sortBy = sortBy as SortColumn;
    else errors.push({ field: 'sortBy', message: `sortBy must be one of ${SORTABLE_COLUMNS.join(', ')}` });
  }
  const sortDir = raw('sortDir');
  if (sortDir !== undefined) {
    if (sortDir === 'asc' || sortDir === 'desc') params.sortDir = sortDir;
    else errors.push({ field: 'sortDir', message: 'sortDir must be one of asc, desc' });
  }
  const page = raw('page');
  if (page !== undefined) {
    if (PAGE_PATTERN.test(page)) params.page = Number(page);
    else errors.push({ field: 'page', message: 'page must be a positive whole number' });
  }
  return { params, errors };
}

/** The preset and, with `custom`, its range: all of them or none, so a view never holds a range the API refuses. */
function readDates(
  preset: string | undefined,
  startDate: string | undefined,
  endDate: string | undefined,
  params: ViewQueryParams,
  errors: FieldError[],
): void {
  if (preset === undefined) {
    const stray = datesWithoutCustomError(startDate, endDate);
    if (stray) errors.push(stray);
    return;
  }
  if (!isDatePreset(preset)) {
    errors.push({ field: 'datePreset', message: `datePreset must be one of ${DATE_PRESETS.join(', ')}` });
    return;
  }
  if (!takesCustomDates(preset)) {
    const stray = datesWithoutCustomError(startDate, endDate);
    if (stray) errors.push(stray);
    params.datePreset = preset;
    return;
  }
  const range = checkCustomRange(startDate, endDate);
  if ('field' in range) {
    errors.push(range);
    return;
  }
  params.datePreset = preset;
  params.startDate = startDate;
  params.endDate = endDate;
}

/** Whether a query string holds any param of the area's view (a bare address restores the last used filters instead). */
export function hasViewParams(area: ViewArea, search: QueryParamsLike): boolean {
  return VIEW_QUERY_PARAMS[area].some((name) => (search.get(name) ?? '').trim() !== '');
}
