import { parseViewQuery, validateViewName, type CallFilterParams, type FieldError, type ViewArea } from '@callboard/contract';
import { HttpError } from '../../http/http-error';
import { parseCallFilter } from '../calls/call-filter';

/**
 * Whether `query` is a view `area` can show: the params the area's URL takes
 * (contract/src/saved-view-query.ts), with values the calls API would accept
 * (parseCallFilter, the very check a calls read runs). Each problem is named
 * `query.<param>`, so a form can tell the query from the other fields.
 */
export function viewQueryErrors(area: ViewArea, query: string): FieldError[] {
  const { params, errors } = parseViewQuery(area, query);
  if (errors.length > 0) return errors;
  try {
    // Typed as the contract's values, but the strings are whatever the query held: parseCallFilter judges them.
    parseCallFilter(params as CallFilterParams);
    return [];
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    return error.errors.map(({ field, message }) => ({ field: `query.${field}`, message }));
  }
}

/** Every problem with a view's name and query, in the order a form shows them. */
export function viewErrors(fields: { name: string; area: ViewArea; query: string }): FieldError[] {
  const nameError = validateViewName(fields.name);
  return [...(nameError ? [nameError] : []), ...viewQueryErrors(fields.area, fields.query)];
}
