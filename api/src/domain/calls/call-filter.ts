import {
  CONNECTED_PARAMS,
  REPEAT_PARAMS,
  DATE_PRESETS,
  DEFAULT_DATE_PRESET,
  DIMENSIONS,
  DIMENSION_PARAMS,
  FILTER_DIMENSIONS,
  LIST_PARAM_MAX_LENGTH,
  REJECTED_UNKNOWN,
  SEARCH_MAX_LENGTH,
  VALUE_LIST_ITEM_MAX_LENGTH,
  VALUE_LIST_MAX_ITEMS,
  canonicalDisposition,
  isDatePreset,
  parseIdList,
  type CallFilterParams,
  type DimensionIdsField,
  type DimensionParam,
  type FieldError,
} from '@callboard/contract';
import { DISPUTE_STATES, type DisputeState } from '@callboard/contract/disputes';
import { datesWithoutCustomError, takesCustomDates } from '@callboard/contract/date-range';
import { validationFailed } from '../../http/http-error';
import { DateRangeError, resolveCustom, resolvePreset, type ResolvedDateRange } from './date-range';
import { currentPartnerScope } from '../partners/request-scope';
import { partnerFilterErrors, withinPartnerScope } from '../partners/scope-filter';
import { selectsAny } from './rollups/selection';

/**
 * Every calls question is asked through one of these: a time range plus optional narrowing. The chosen
 * ids of each dimension are the field its row of the dimension table names (campaignIds, publisherIds…).
 */
export interface CallFilter extends Record<DimensionIdsField, number[]> {
  range: ResolvedDateRange;
  /** Effective dispositions (the Status column); empty means all. REJECTED_UNKNOWN stands for every status outside the 14 (status-condition.ts). */
  statuses: string[];
  /** Caller-id substring, trimmed; wildcards are literal. */
  search: string | undefined;
  /** Exact caller id. */
  callerId: string | undefined;
  /** Words in the transcript, summary and reason, as a web search writes them (transcript-search.ts), trimmed. */
  q: string | undefined;
  /** Only calls that reached a target (true), only those that never did (false), or all (undefined). */
  connected: boolean | undefined;
  /** Only repeat calls (true), only first calls (false), or all (undefined): migration 0019. */
  repeat: boolean | undefined;
  /** Only calls in this dispute state (calls.dispute_state, migration 0028); absent: all. No rollup keeps it. */
  dispute?: DisputeState;
}

/**
 * Whether anything beyond the time range, the status, `connected` and `repeat`
 * narrows the calls. The per-status rollups answer only those: they keep the
 * calls, the not-connected calls and the repeat calls of each status, so
 * connected=false is `not_connected` and connected=true is
 * `calls - not_connected`, and likewise `repeats` (their money is not kept
 * apart, nor repeats by connected: see planStatusTotals).
 */
export function narrowsBeyondStatus(filter: CallFilter): boolean {
  return (
    selectsAny(filter) ||
    filter.search !== undefined ||
    filter.callerId !== undefined ||
    filter.q !== undefined ||
    filter.dispute !== undefined ||
    // Repeats are kept per status, not per status and connection: both together are counted from the calls.
    (filter.connected !== undefined && filter.repeat !== undefined)
  );
}

function idList(field: string, raw: string | undefined, errors: FieldError[]): number[] {
  const ids = parseIdList(field, raw);
  if (Array.isArray(ids)) return ids;
  errors.push(ids);
  return [];
}

function valueList(field: string, raw: string | undefined, errors: FieldError[]): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const values = raw.split(',').map((v) => v.trim()).filter((v) => v !== '');
  if (values.length > VALUE_LIST_MAX_ITEMS || values.some((v) => v.length > VALUE_LIST_ITEM_MAX_LENGTH)) {
    errors.push({ field, message: `${field} must list at most ${VALUE_LIST_MAX_ITEMS} values of at most ${VALUE_LIST_ITEM_MAX_LENGTH} characters` });
    return [];
  }
  return values.map(statusValue);
}

/** A status filter value as stored: a disposition in its canonical spelling, Rejected / Unknown (the calls outside the 14) in any case, else as typed. */
function statusValue(value: string): string {
  return value.toLowerCase() === REJECTED_UNKNOWN.toLowerCase() ? REJECTED_UNKNOWN : canonicalDisposition(value);
}

/** A transcript search as given (the call detail takes it alone): trimmed, blank is none, at most SEARCH_MAX_LENGTH characters. */
export function transcriptQuery(raw: string | undefined, errors: FieldError[]): string | undefined {
  const q = raw?.trim();
  if (q && q.length > SEARCH_MAX_LENGTH) errors.push({ field: 'q', message: `q must be at most ${SEARCH_MAX_LENGTH} characters` });
  return q || undefined;
}

/** Reads the filter params of the calls API from a query string, with a 400 naming each bad one. */
export function parseCallFilter(query: CallFilterParams, now: Date = new Date()): CallFilter {
  const errors: FieldError[] = [];
  const preset = query.datePreset ?? DEFAULT_DATE_PRESET;
  let range: ResolvedDateRange | undefined;
  if (!isDatePreset(preset)) {
    errors.push({ field: 'datePreset', message: `datePreset must be one of ${DATE_PRESETS.join(', ')}` });
  } else if (takesCustomDates(preset)) {
    try {
      range = resolveCustom(query.startDate, query.endDate, now);
    } catch (error) {
      if (!(error instanceof DateRangeError)) throw error;
      errors.push({ field: error.field, message: error.message });
    }
  } else {
    const stray = datesWithoutCustomError(query.startDate, query.endDate);
    if (stray) errors.push(stray);
    range = resolvePreset(preset, now);
  }

  const search = query.search?.trim();
  if (search && search.length > SEARCH_MAX_LENGTH) errors.push({ field: 'search', message: `search must be at most ${SEARCH_MAX_LENGTH} characters` });
  const callerId = query.callerId?.trim();
  if (callerId && callerId.length > SEARCH_MAX_LENGTH) errors.push({ field: 'callerId', message: `callerId must be at most ${SEARCH_MAX_LENGTH} characters` });

  const q = transcriptQuery(query.q, errors);

  let connected: boolean | undefined;
  // Typed as the contract's values, but the query string can hold anything.
  const rawConnected: string | undefined = query.connected;
  if (rawConnected !== undefined && rawConnected !== '') {
    if ((CONNECTED_PARAMS as readonly string[]).includes(rawConnected)) connected = rawConnected === 'true';
    else errors.push({ field: 'connected', message: `connected must be one of ${CONNECTED_PARAMS.join(', ')}` });
  }

  let repeat: boolean | undefined;
  const rawRepeat: string | undefined = query.repeat;
  if (rawRepeat !== undefined && rawRepeat !== '') {
    if ((REPEAT_PARAMS as readonly string[]).includes(rawRepeat)) repeat = rawRepeat === 'true';
    else errors.push({ field: 'repeat', message: `repeat must be one of ${REPEAT_PARAMS.join(', ')}` });
  }

  let dispute: DisputeState | undefined;
  const rawDispute: string | undefined = query.dispute;
  if (rawDispute !== undefined && rawDispute !== '') {
    if ((DISPUTE_STATES as readonly string[]).includes(rawDispute)) dispute = rawDispute as DisputeState;
    else errors.push({ field: 'dispute', message: `dispute must be one of ${DISPUTE_STATES.join(', ')}` });
  }

  // In the dimensions' order, so the 400 names bad lists in the order it always has.
  const chosenIds = Object.fromEntries(
    FILTER_DIMENSIONS.map((d) => [DIMENSIONS[d].idsField, idList(DIMENSIONS[d].param, query[DIMENSIONS[d].param], errors)]),
  ) as Record<DimensionIdsField, number[]>;
  const filter = {
    ...chosenIds,
    statuses: [...new Set([...valueList('status', query.status, errors), ...valueList('disposition', query.disposition, errors)])],
    search: search || undefined,
    callerId: callerId || undefined,
    q,
    connected,
    repeat,
    ...(dispute ? { dispute } : {}),
  };
  if (errors.length > 0 || !range) throw validationFailed(errors);
  return scopedToRequest({ range, ...filter });
}

/**
 * The one place a request's calls filter meets its partner scope (docs/decisions/0037-partner-scope.md):
 * every filter the API builds from a query string passes here, so a new read is scoped without asking.
 */
function scopedToRequest(filter: CallFilter): CallFilter {
  const scope = currentPartnerScope();
  if (!scope) return filter;
  const errors = partnerFilterErrors(filter, scope);
  if (errors.length > 0) throw validationFailed(errors);
  return withinPartnerScope(filter, scope);
}

/** A comma-joined list of ids or values: its length bounded before it is split (parseCallFilter judges the items). */
const listParam = { type: 'string', maxLength: LIST_PARAM_MAX_LENGTH } as const;

/** The querystring schema shared by every route that takes filter params (types only; parseCallFilter judges values). */
export const callFilterQuerySchema = {
  datePreset: { type: 'string', maxLength: 40 },
  startDate: { type: 'string', maxLength: 40 },
  endDate: { type: 'string', maxLength: 40 },
  ...(Object.fromEntries(DIMENSION_PARAMS.map((param) => [param, listParam])) as Record<DimensionParam, typeof listParam>),
  status: listParam,
  disposition: listParam,
  search: { type: 'string', maxLength: 1000 },
  callerId: { type: 'string', maxLength: 1000 },
  q: { type: 'string', maxLength: 1000 },
  connected: { type: 'string', maxLength: 10 },
  repeat: { type: 'string', maxLength: 10 },
  dispute: { type: 'string', maxLength: 20 },
} as const;
