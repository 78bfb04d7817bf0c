/**
 * Drill-through: what a click on a stats card, a timeline legend label or a
 * timeline bar does to the filters. Each returns the partial filter state to
 * merge through `updateFiltersAtom`, so the page rule and "dates only with
 * custom" of shared-ui/src/filter-atoms.ts hold here too.
 */
import { REJECTED_UNKNOWN, type StatsCard } from '@callboard/contract';
import { toNewYorkInput } from '@callboard/contract/new-york-time';
import type { FilterState } from '@callboard/shared-ui/filter-atoms';

/** A series key (one of the 14 dispositions, or REJECTED_UNKNOWN): only that status. */
export function statusNarrowing(key: string): Partial<FilterState> {
  return { status: [key] };
}

/**
 * A stats card: Total Processed clears the status and connected narrowing,
 * Red No Connects shows the calls that never reached a target, Rejected /
 * Unknown the calls whose status is empty or none of the 14 (the API reads
 * REJECTED_UNKNOWN so), a disposition card that disposition.
 */
export function cardNarrowing(card: StatsCard): Partial<FilterState> {
  switch (card.source.kind) {
    case 'total':
      return { status: [], connected: '' };
    case 'redNoConnect':
      return { status: [], connected: 'false' };
    case 'rejectedUnknown':
      return statusNarrowing(REJECTED_UNKNOWN);
    case 'disposition':
      return statusNarrowing(card.source.disposition);
  }
}

/** Whether the filters are what clicking this card sets: the card shows it as pressed. */
export function isCardNarrowing(card: StatsCard, filters: { status: readonly string[]; connected: FilterState['connected'] }): boolean {
  const onlyStatus = (value: string) => filters.status.length === 1 && filters.status[0] === value;
  switch (card.source.kind) {
    case 'total':
      return filters.status.length === 0 && filters.connected === '';
    case 'redNoConnect':
      return filters.status.length === 0 && filters.connected === 'false';
    case 'rejectedUnknown':
      return onlyStatus(REJECTED_UNKNOWN);
    case 'disposition':
      return onlyStatus(card.source.disposition);
  }
}

/**
 * A timeline bar segment: that bucket as a custom range (its bounds as New
 * York `datetime-local` values; the bucket's end is exclusive, as a custom
 * range's is) and that status.
 */
export function bucketNarrowing(bucket: { from: string; to: string }, key: string): Partial<FilterState> {
  return { datePreset: 'custom', startDate: toNewYorkInput(bucket.from), endDate: toNewYorkInput(bucket.to), ...statusNarrowing(key) };
}
