import { validateViewName, type CallFilterParams, type FieldError, type ViewArea } from '@callboard/contract';
import { parseViewQuery, type ViewQueryParams } from '@callboard/contract/view-query';
import { HttpError } from '../../http/http-error';
import { parseCallFilter } from '../calls/call-filter';

const prefixed = (errors: FieldError[]): FieldError[] => errors.map(({ field, message }) => ({ field: `query.${field}`, message }));

/**
 * The parsed view as the calls API's query params (lists comma-joined, as a URL carries them): what a view's
 * save is judged by, and what a scheduled report of it reads (domain/reports/report-content.ts).
 */
export function callFilterParams(params: ViewQueryParams): CallFilterParams {
  const joined = (list: string[] | undefined) => list?.join(',');
  return {
    datePreset: params.datePreset,
    startDate: params.startDate,
    endDate: params.endDate,
    campaign: joined(params.campaign),
    publisher: joined(params.publisher),
    target: joined(params.target),
    buyer: joined(params.buyer),
    status: joined(params.status),
    disposition: joined(params.disposition),
    connected: params.connected,
    repeat: params.repeat,
    dispute: params.dispute,
    search: params.search,
    q: params.q,
  };
}

/**
 * Whether `query` is a view `area` can show: the params of the area's address
 * (contract/src/view-query.ts, the parser the address bar uses), none given
 * twice (an address would silently keep one), and then the very check a calls
 * read runs (parseCallFilter). Each problem is named `query.<param>`, so a form
 * can tell the query from the other fields.
 */
export function viewQueryErrors(area: ViewArea, query: string): FieldError[] {
  const search = new URLSearchParams(query);
  const keys = [...search.keys()];
  const repeated = [...new Set(keys.filter((key, index) => keys.indexOf(key) !== index))];
  const { params, errors } = parseViewQuery(area, search);
  const problems = [...errors, ...repeated.map((key) => ({ field: key, message: `${key} is given more than once` }))];
  if (problems.length > 0) return prefixed(problems);
  try {
    parseCallFilter(callFilterParams(params));
    return [];
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    return prefixed(error.errors);
  }
}

/** Every problem with a view's name and query, in the order a form shows them. */
export function viewErrors(fields: { name: string; area: ViewArea; query: string }): FieldError[] {
  const nameError = validateViewName(fields.name);
  return [...(nameError ? [nameError] : []), ...viewQueryErrors(fields.area, fields.query)];
}
