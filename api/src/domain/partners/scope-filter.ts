import { DIMENSIONS, DIMENSION_OF_PARAM, DIMENSION_PARAMS, partnerSeesDimension, type FieldError, type PartnerScope } from '@callboard/contract';
import { parseNewYorkTime } from '@callboard/contract/new-york-time';
import type { CallFilter } from '../../domain/calls/call-filter';
import type { TimeRange } from '../../domain/calls/date-range';

/**
 * Stands for "none of the partner's own": no publisher or buyer has id 0 (ids start at 1), so a filter that
 * asked only for others' sources matches no call, as a filter for an unknown id always has.
 */
export const NO_SOURCE_ID = 0;

/** The first instant a partner sees: its history day's New York midnight; undefined for all history. */
export function historyStart(scope: Pick<PartnerScope, 'historyFrom'>): Date | undefined {
  return scope.historyFrom ? parseNewYorkTime(scope.historyFrom).startOf('day').toJSDate() : undefined;
}

/** A time range cut to start no earlier than `start`; one wholly before it becomes empty at its end. */
function clamp<R extends TimeRange>(range: R, start: Date | undefined): R {
  if (!start || range.from >= start) return range;
  return { ...range, from: start < range.to ? start : range.to };
}

/**
 * What the partner may ask beyond what any filter may: not the other side's sources (a publisher partner
 * does not learn which buyers took its calls unless `counterparty` is on), not the transcript's words when
 * transcripts are hidden, not the caller's number unless it sees it in full.
 */
export function partnerFilterErrors(filter: CallFilter, scope: PartnerScope): FieldError[] {
  const errors: FieldError[] = [];
  for (const param of DIMENSION_PARAMS) {
    if (!partnerSeesDimension(scope, param) && filter[DIMENSIONS[DIMENSION_OF_PARAM[param]].idsField].length > 0) {
      errors.push({ field: param, message: `A ${scope.kind} partner cannot filter by ${param}` });
    }
  }
  if (filter.q !== undefined && !scope.transcripts) errors.push({ field: 'q', message: 'Transcript search is not available to this account' });
  if (scope.callerId !== 'full') {
    if (filter.search !== undefined) errors.push({ field: 'search', message: 'Caller id search is not available to this account' });
    if (filter.callerId !== undefined) errors.push({ field: 'callerId', message: 'Caller id search is not available to this account' });
  }
  return errors;
}

/**
 * A calls filter narrowed to a partner's scope: its own publishers (or buyers) only, intersected with any it
 * chose, and no call before its history start (the range and the range compared with both begin there at
 * the earliest). Every reader then answers from the rows of those sources (the per-dimension rollups, or
 * the calls), so no reader has a scope of its own to forget.
 */
export function withinPartnerScope(filter: CallFilter, scope: PartnerScope): CallFilter {
  const field = DIMENSIONS[DIMENSION_OF_PARAM[scope.kind]].idsField;
  const chosen = filter[field];
  const own = chosen.length === 0 ? [...scope.ids] : chosen.filter((id) => scope.ids.includes(id));
  const start = historyStart(scope);
  return {
    ...filter,
    [field]: own.length > 0 ? own : [NO_SOURCE_ID],
    range: { ...clamp(filter.range, start), previous: clamp(filter.range.previous, start) },
  };
}
