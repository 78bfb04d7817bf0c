import { type CallFilterParams, type FieldError } from '@callboard/contract';
import {
  SCORECARD_DEFAULTS,
  SCORECARD_GROUP_BY,
  SCORECARD_MAX_LIMIT,
  SCORECARD_MAX_MIN_CALLS,
  SCORECARD_MESSAGES,
  SCORECARD_SORT_COLUMNS,
  SCORECARD_SORT_DIRS,
  type ScorecardGroupBy,
  type ScorecardSortColumn,
} from '@callboard/contract/scorecard';
import { HttpError, validationFailed } from '../../http/http-error';
import { parseCallFilter, type CallFilter } from '../calls/call-filter';

/** A scorecard question as the query string asks it: every value as text, whatever the contract's types say. */
export type ScorecardQuery = CallFilterParams & { groupBy?: string; sortBy?: string; sortDir?: string; limit?: string; minCalls?: string };

export interface ScorecardRequest {
  filter: CallFilter;
  groupBy: ScorecardGroupBy;
  sortBy: ScorecardSortColumn;
  sortDir: 'asc' | 'desc';
  limit: number;
  /** A row's shares are flagged only from this many calls. */
  minCalls: number;
}

function oneOf<T extends string>(raw: string | undefined, allowed: readonly T[], fallback: T, error: FieldError, errors: FieldError[]): T {
  if (raw === undefined || raw === '') return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  errors.push(error);
  return fallback;
}

function wholeNumberOf(field: 'limit' | 'minCalls', raw: string | undefined, max: number, errors: FieldError[]): number {
  if (raw === undefined || raw === '') return SCORECARD_DEFAULTS[field];
  const value = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (value >= 1 && value <= max) return value;
  errors.push({ field, message: SCORECARD_MESSAGES[field] });
  return SCORECARD_DEFAULTS[field];
}

/** Reads the scorecard's params, with one 400 naming every bad one, its own beside the filter params'. */
export function parseScorecardQuery(query: ScorecardQuery, now: Date = new Date()): ScorecardRequest {
  const { groupBy, sortBy, sortDir, limit, minCalls, ...params } = query;
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
    limit: wholeNumberOf('limit', limit, SCORECARD_MAX_LIMIT, errors),
    minCalls: wholeNumberOf('minCalls', minCalls, SCORECARD_MAX_MIN_CALLS, errors),
  };
  if (errors.length > 0 || !filter) throw validationFailed(errors);
  return { filter, ...request };
}
