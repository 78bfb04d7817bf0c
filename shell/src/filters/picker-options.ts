/**
 * What one picker asks the server for, and how its answer is read. Kept apart
 * from the hook so the rules below are plain functions.
 */
import {
  DIMENSION_PARAM,
  PICKER_LIST_LIMIT,
  type FilterDimension,
  type FilterOption,
} from '@callboard/contract';
import type { QueryValue } from '@callboard/shared-auth/api-fetch';
import { UNKNOWN_ERROR_MESSAGE } from '@callboard/shared-auth/api-error';
import { filterQuery, type FilterState } from '@callboard/shared-ui/filter-atoms';

export const PICKER_LOAD_ERROR = 'Failed to load items';

/**
 * The query of `GET /api/filters/<kind>`: the current date range and filters,
 * so the counts match what the rest of the screen shows, with two exceptions:
 * - the picker's own dimension is left out, or the list would only offer what
 *   is already chosen and the choice could never be widened;
 * - `search` is the picker's own name search; the global `search` (a caller
 *   id) means something else on this endpoint and is not sent.
 */
export function pickerQuery(kind: FilterDimension, filters: FilterState, search: string): Record<string, QueryValue> {
  const { search: _callerSearch, [DIMENSION_PARAM[kind]]: _ownSelection, ...rest } = filterQuery(filters);
  const query: Record<string, QueryValue> = { ...rest, limit: PICKER_LIST_LIMIT };
  const text = search.trim();
  if (text !== '') query.search = text;
  return query;
}

/**
 * The options in a `{ success, data: { <kind>: [...] } }` answer. An answer
 * without the list is a failure (carrying the server's message if it gave
 * one); entries that are not options are skipped rather than drawn broken.
 */
export function readPickerOptions(body: unknown, kind: FilterDimension): FilterOption[] {
  const record = isRecord(body) ? body : {};
  const data = isRecord(record.data) ? record.data : {};
  const list = data[kind];
  if (record.success === false || !Array.isArray(list)) {
    throw new Error(typeof record.message === 'string' ? record.message : '');
  }
  return list.flatMap((item: unknown) => {
    if (!isRecord(item) || (typeof item.value !== 'string' && typeof item.value !== 'number')) return [];
    const value = String(item.value);
    const label = typeof item.label === 'string' && item.label !== '' ? item.label : value;
    const count = typeof item.count === 'number' && Number.isFinite(item.count) ? item.count : 0;
    return [{ value, label, count }];
  });
}

/**
 * The error's message, else "Failed to load items". The API
 * client's last-resort "Unknown error occurred" counts as no message: the
 * picker's own default says more.
 */
export function pickerErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  return message === '' || message === UNKNOWN_ERROR_MESSAGE ? PICKER_LOAD_ERROR : message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
