import {
  SCORECARD_DEFAULTS,
  SCORECARD_GROUP_BY,
  SCORECARD_MAX_LIMIT,
  SCORECARD_MESSAGES,
  SCORECARD_SORT_COLUMNS,
  SCORECARD_SORT_DIRS,
  type CallFilterParams,
  type FieldError,
  type ScorecardGroupBy,
  type ScorecardSortColumn,
} from '@callboard/contract';
import { HttpError, validationFailed } from '../../http/http-error';
import { parseCallFilter, type CallFilter } from '../calls/call-filter';

/** A scorecard question as the query string asks it: every value as text, whatever the contract's types say. */
export type ScorecardQuery = CallFilterParams & { groupBy?: string; sortBy?: string; sortDir?: string; limit?: string };

export interface ScorecardRequest {
  filter: CallFilter;
  groupBy: ScorecardGroupBy;
  sortBy: ScorecardSortColumn;
  sortDir: 'asc' | 'desc';
  limit: number;
}

function oneOf<T extends string>(raw: string | undefined, allowed: readonly T[], fallback: T, error: FieldError, errors: FieldError[]): T {
  if (raw === undefined || raw === '') return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  errors.push(error);
  return fallback;
}

function limitOf(raw: string | undefined, errors: FieldError[]): number {
  if (raw === undefined || raw === '') return SCORECARD_DEFAULTS.limit;
  const limit = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (limit >= 1 && limit <= SCORECARD_MAX_LIMIT) return limit;
  errors.push({ field: 'limit', message: SCORECARD_MESSAGES.limit });
  return SCORECARD_DEFAULTS.limit;
}

/** Reads the scorecard's params, with one 400 naming every bad one, its own beside the filter params'. */
export function parseScorecardQuery(query: ScorecardQuery, now: Date = new Date()): ScorecardRequest {
  const { groupBy, sortBy, sortDir, limit, ...params } = query;
  const errors: FieldError[] = [];
  let filter: CallFilter | undefined;
  try {
    filter = parseCallFilter(params, now);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    errors.push(...error.errors);
  }
  const request = {
    groupBy: oneOf(groupBy, SCORECARD_GROUP_BY, SCORECARD_DEFAULTS.groupBy, { field: 'groupBy', message: SCORECARD_MESSAGES.groupBy }, errors),
    sortBy: oneOf(sortBy, SCORECARD_SORT_COLUMNS, SCORECARD_DEFAULTS.sortBy, { field: 'sortBy', message: SCORECARD_MESSAGES.sortBy }, errors),
    sortDir: oneOf(sortDir, SCORECARD_SORT_DIRS, SCORECARD_DEFAULTS.sortDir, { field: 'sortDir', message: SCORECARD_MESSAGES.sortDir }, errors),
    limit: limitOf(limit, errors),
  };
  if (errors.length > 0 || !filter) throw validationFailed(errors);
  return { filter, ...request };
}
