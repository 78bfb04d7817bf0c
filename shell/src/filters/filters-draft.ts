/**
 * The filters panel edits a copy of the filters and writes it only on Apply
 * (so a half-typed custom range never reaches the API). This file is that
 * copy: what it holds, how it is checked, and what Apply writes.
 */
import { FILTER_DIMENSIONS, type DatePreset, type FilterOption } from '@callboard/contract';
import { checkCustomRange, takesCustomDates } from '@callboard/contract/date-range';
import type { FilterState } from '@callboard/shared-ui/filter-atoms';

export interface FiltersDraft {
  datePreset: DatePreset;
  /** `datetime-local` values, New York wall-clock time, as the filter state keeps them. */
  startDate: string;
  endDate: string;
  search: string;
  /** The transcript search. */
  q: string;
  callerId: string[];
  status: string[];
  disposition: string[];
  /** Repeat calls only ('true'), first calls only ('false'), or all (''). */
  repeat: FilterState['repeat'];
  /** Calls in one dispute state, or all (''). */
  dispute: FilterState['dispute'];
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
    q: filters.q,
    callerId: filters.callerId,
    status: filters.status,
    disposition: filters.disposition,
    repeat: filters.repeat,
    dispute: filters.dispute,
    campaigns: filters.campaigns,
    publishers: filters.publishers,
    targets: filters.targets,
    buyers: filters.buyers,
  };
}

/**
 * Why the draft cannot be applied, or null. Only a custom range can be wrong,
 * and it is judged by the rule the API applies, in the API's words, so the
 * user hears it here rather than as a 400 on every screen.
 */
export function draftError(draft: FiltersDraft): string | null {
  if (!takesCustomDates(draft.datePreset)) return null;
  const range = checkCustomRange(draft.startDate, draft.endDate);
  return 'field' in range ? range.message : null;
}

/**
 * What Apply writes through updateFiltersAtom. Custom dates are kept only with
 * a preset that takes them (the API refuses them beside any other, and stale
 * ones would only confuse the next edit). The option lists carry their id
 * lists along.
 */
export function draftToUpdate(draft: FiltersDraft): Partial<FilterState> {
  const custom = takesCustomDates(draft.datePreset);
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
