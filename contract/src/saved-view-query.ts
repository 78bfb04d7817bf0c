/**
 * What a saved view may hold, judged the same way by the Views menu and the API
 * (POST/PUT /api/views): its name, and its query string read back into the
 * params of the calls API. The query carries the URL params of the view's area
 * and nothing else; whether their values make sense (a known preset, dates only
 * with `custom`, id lists) is the calls API's own judgement, which the server
 * runs on the params parsed here (api/src/domain/views/view-rules.ts).
 */
import type { FieldError } from './api-envelope';
import type { CallFilterParams } from './calls';
import { SORTABLE_COLUMNS } from './record-columns';
import { VIEW_NAME_MAX_LENGTH, type ViewArea } from './saved-views';

/** The filter params every calls read takes (CallFilterParams), as they appear in an area's URL. */
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
  'search',
  'callerId',
] as const satisfies readonly (keyof CallFilterParams)[];

/** The records table's order and page: only Reporting has them (Call Logs scrolls and keeps its own order). */
export const VIEW_RECORDS_PARAMS = ['sortBy', 'sortDir', 'page'] as const;

/** The params a view of each area may carry. */
export const VIEW_QUERY_PARAMS: Record<ViewArea, readonly string[]> = {
  reporting: [...VIEW_FILTER_PARAMS, ...VIEW_RECORDS_PARAMS],
  callLogs: VIEW_FILTER_PARAMS,
};

export const VIEW_AREA_LABELS: Record<ViewArea, string> = { reporting: 'Reporting', callLogs: 'Call Logs' };

/** Longer than any URL a browser keeps comfortably; bounds what one view stores. */
export const VIEW_QUERY_MAX_LENGTH = 8000;
/** How many views one person may keep: the menu stays a menu, and the table cannot be filled by one account. */
export const VIEWS_PER_OWNER_MAX = 200;
export const RECORDS_PAGE_MAX = 1_000_000;

export const VIEW_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${VIEW_NAME_MAX_LENGTH} characters`,
  queryTooLong: `query must be at most ${VIEW_QUERY_MAX_LENGTH} characters`,
  queryMalformed: 'query is not a valid URL query string',
  duplicateName: 'You already have a view with this name',
  tooMany: `You can keep at most ${VIEWS_PER_OWNER_MAX} views; delete one first`,
  notFound: 'View not found',
  ownerOnly: 'Only the owner can change this view',
  deleteForbidden: 'Only the owner or an admin can delete this view',
} as const;

/** The params of a view's query, as the calls API reads them (every value a string, as in a URL). */
export type ViewQueryParams = { [K in (typeof VIEW_FILTER_PARAMS)[number]]?: string } & {
  sortBy?: string;
  sortDir?: string;
  page?: string;
};

export interface ParsedViewQuery {
  params: ViewQueryParams;
  /** One per problem, each field named `query.<param>`, each message worded as the calls API words it (`sortBy must be …`). */
  errors: FieldError[];
}

/** The name as it is kept (trimmed), or the problem with it under `field` (`name`). */
export function validateViewName(name: unknown): FieldError | null {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed === '') return { field: 'name', message: VIEW_MESSAGES.nameRequired };
  if (trimmed.length > VIEW_NAME_MAX_LENGTH) return { field: 'name', message: VIEW_MESSAGES.nameTooLong };
  return null;
}

/**
 * The key-value pairs of a query string, decoded as a browser's URLSearchParams
 * decodes them (`+` is a space); null when a `%` escape is broken. Written out
 * because the contract runs where URLSearchParams is not declared (no DOM, no
 * Node types).
 */
function queryPairs(query: string): [string, string][] | null {
  const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
  try {
    return query
      .split('&')
      .filter((pair) => pair !== '')
      .map((pair) => {
        const at = pair.indexOf('=');
        return at === -1 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
      });
  } catch {
    return null;
  }
}

/**
 * Reads a view's query string (with or without the leading "?") into the
 * params of its area. Refused here: a param the area does not take, a param
 * given twice (a URL would keep only one of them, silently), and the records
 * params' values (sortBy a sortable column, sortDir asc or desc, page a whole
 * number from 1). Blank values count as absent, as in the area's URL.
 */
export function parseViewQuery(area: ViewArea, query: string): ParsedViewQuery {
  const errors: FieldError[] = [];
  const params: Record<string, string> = {};
  if (query.length > VIEW_QUERY_MAX_LENGTH) return { params, errors: [{ field: 'query', message: VIEW_MESSAGES.queryTooLong }] };
  const pairs = queryPairs(query.startsWith('?') ? query.slice(1) : query);
  if (!pairs) return { params, errors: [{ field: 'query', message: VIEW_MESSAGES.queryMalformed }] };
  const allowed = VIEW_QUERY_PARAMS[area];
  const seen = new Set<string>();
  for (const [key, value] of pairs) {
    const field = `query.${key}`;
    if (!allowed.includes(key)) {
      errors.push({ field, message: `${key} is not a param of ${VIEW_AREA_LABELS[area]}` });
      continue;
    }
    if (seen.has(key)) {
      errors.push({ field, message: `${key} is given more than once` });
      continue;
    }
    seen.add(key);
    if (value.trim() !== '') params[key] = value;
  }

  const { sortBy, sortDir, page } = params;
  if (sortBy !== undefined && !(SORTABLE_COLUMNS as readonly string[]).includes(sortBy)) {
    errors.push({ field: 'query.sortBy', message: `sortBy must be one of ${SORTABLE_COLUMNS.join(', ')}` });
  }
  if (sortDir !== undefined && sortDir !== 'asc' && sortDir !== 'desc') {
    errors.push({ field: 'query.sortDir', message: 'sortDir must be one of asc, desc' });
  }
  if (page !== undefined && !(/^[1-9][0-9]{0,6}$/.test(page) && Number(page) <= RECORDS_PAGE_MAX)) {
    errors.push({ field: 'query.page', message: `page must be a whole number from 1 to ${RECORDS_PAGE_MAX}` });
  }
  return { params, errors };
}
