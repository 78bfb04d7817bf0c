/**
 * The filters panel edits a copy of the filters and writes it only on Apply
 * (so a half-typed custom range never reaches the API). This file is that
 * copy: what it holds, how it is checked, and what Apply writes.
 */
import {
  CUSTOM_RANGE_MAX_DAYS,
  DISPLAY_TIME_ZONE,
  FILTER_DIMENSIONS,
  type DatePreset,
  type FilterOption,
} from '@callboard/contract';
import type { FilterState } from '@callboard/shared-ui/filter-atoms';
import { DateTime } from 'luxon';

export interface FiltersDraft {
  datePreset: DatePreset;
  /** `datetime-local` values, New York wall-clock time, as the filter state keeps them. */
  startDate: string;
  endDate: string;
  search: string;
  callerId: string[];
  status: string[];
  disposition: string[];
  campaigns: FilterOption[];
  publishers: FilterOption[];
  targets: FilterOption[];
  buyers: FilterOption[];
}

export function draftFromFilters(filters: FilterState): FiltersDraft {
  return {
    datePreset: filters.datePreset,
    startDate: filters.startDate,
    endDate: filters.endDate,
    search: filters.search,
    callerId: filters.callerId,
    status: filters.status,
    disposition: filters.disposition,
    campaigns: filters.campaigns,
    publishers: filters.publishers,
    targets: filters.targets,
    buyers: filters.buyers,
  };
}

export const MISSING_RANGE_MESSAGE = 'Choose both a start date and an end date.';
export const INVALID_DATE_MESSAGE = 'Enter a valid date and time.';
export const RANGE_ORDER_MESSAGE = 'The start date must be before the end date.';
export const RANGE_TOO_LONG_MESSAGE = `A custom range can span at most ${CUSTOM_RANGE_MAX_DAYS} days.`;

function newYorkTime(value: string): DateTime {
  return DateTime.fromISO(value.trim(), { zone: DISPLAY_TIME_ZONE });
}

/**
 * Why the draft cannot be applied, or null. Only a custom range can be wrong:
 * both ends present, readable, start before end, and no longer than the API
 * accepts (so the user hears it here rather than as a 400 on every screen).
 */
export function draftError(draft: FiltersDraft): string | null {
  if (draft.datePreset !== 'custom') return null;
  if (draft.startDate.trim() === '' || draft.endDate.trim() === '') return MISSING_RANGE_MESSAGE;
  const start = newYorkTime(draft.startDate);
  const end = newYorkTime(draft.endDate);
  if (!start.isValid || !end.isValid) return INVALID_DATE_MESSAGE;
  if (start >= end) return RANGE_ORDER_MESSAGE;
  if (end.diff(start, 'days').days > CUSTOM_RANGE_MAX_DAYS) return RANGE_TOO_LONG_MESSAGE;
  return null;
}

/**
 * What Apply writes through updateFiltersAtom. Custom dates are kept only with
 * the custom preset (spec §5 sends them only then; keeping stale ones would
 * only confuse the next edit). The option lists carry their id lists along.
 */
export function draftToUpdate(draft: FiltersDraft): Partial<FilterState> {
  const custom = draft.datePreset === 'custom';
  return {
    ...draft,
    startDate: custom ? draft.startDate.trim() : '',
    endDate: custom ? draft.endDate.trim() : '',
  };
}

/** The draft without one chosen value of a list (a chip's ×). */
export function withoutValue(draft: FiltersDraft, list: DraftList, value: string): FiltersDraft {
  if ((FILTER_DIMENSIONS as readonly string[]).includes(list)) {
    const dimension = list as (typeof FILTER_DIMENSIONS)[number];
    return { ...draft, [dimension]: draft[dimension].filter((option) => option.value !== value) };
  }
  const values = list as 'callerId' | 'status' | 'disposition';
  return { ...draft, [values]: draft[values].filter((v) => v !== value) };
}

export type DraftList = (typeof FILTER_DIMENSIONS)[number] | 'callerId' | 'status' | 'disposition';
