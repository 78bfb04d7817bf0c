import { DATE_RANGE_MESSAGES } from '@callboard/contract';
import { DEFAULT_FILTERS } from '@callboard/shared-ui/filter-atoms';
import {
  draftError,
  draftFromFilters,
  draftToUpdate,
  withoutValue,
  type FiltersDraft,
} from './filters-draft';

const draft = (partial: Partial<FiltersDraft> = {}): FiltersDraft => ({ ...draftFromFilters(DEFAULT_FILTERS), ...partial });

test('only a custom range can be invalid', () => {
  expect(draftError(draft({ datePreset: 'last_7_days', startDate: 'nonsense' }))).toBeNull();
  expect(draftError(draft({ datePreset: 'custom' }))).toBe(DATE_RANGE_MESSAGES.startRequired);
  expect(draftError(draft({ datePreset: 'custom', startDate: '2026-01-01T00:00', endDate: ' ' }))).toBe(DATE_RANGE_MESSAGES.endRequired);
  expect(draftError(draft({ datePreset: 'custom', startDate: 'soon', endDate: '2026-01-02T00:00' }))).toBe(DATE_RANGE_MESSAGES.startInvalid);
  expect(draftError(draft({ datePreset: 'custom', startDate: '2026-01-02T00:00', endDate: '2026-01-02T00:00' }))).toBe(DATE_RANGE_MESSAGES.endNotAfterStart);
  expect(draftError(draft({ datePreset: 'custom', startDate: '2025-01-01T00:00', endDate: '2026-06-01T00:00' }))).toBe(DATE_RANGE_MESSAGES.tooLong);
  expect(draftError(draft({ datePreset: 'custom', startDate: '2026-01-01T00:00', endDate: '2026-01-01T00:01' }))).toBeNull();
});

test('a custom range on a clock-change day is judged as the API judges it', () => {
  // The spring-forward day is 23 hours long and the fall-back day 25: each is one whole day.
  expect(draftError(draft({ datePreset: 'custom', startDate: '2026-03-08T00:00', endDate: '2026-03-09T00:00' }))).toBeNull();
  expect(draftError(draft({ datePreset: 'custom', startDate: '2026-11-01T00:00', endDate: '2026-11-02T00:00' }))).toBeNull();
  // 366 days on the New York wall that end across the spring-forward change.
  expect(draftError(draft({ datePreset: 'custom', startDate: '2025-03-08T00:00', endDate: '2026-03-09T00:00' }))).toBeNull();
  expect(draftError(draft({ datePreset: 'custom', startDate: '2025-03-08T00:00', endDate: '2026-03-09T02:00' }))).toBe(DATE_RANGE_MESSAGES.tooLong);
});

test('custom dates are written only with the custom preset', () => {
  const dates = { startDate: '2026-01-01T00:00', endDate: '2026-01-02T00:00' };
  expect(draftToUpdate(draft({ datePreset: 'yesterday', ...dates }))).toMatchObject({ datePreset: 'yesterday', startDate: '', endDate: '' });
  expect(draftToUpdate(draft({ datePreset: 'custom', ...dates }))).toMatchObject({ datePreset: 'custom', ...dates });
});

test('a chip removes one value from its own list only', () => {
  const base = draft({
    campaigns: [{ value: 'c1', label: 'A', count: 1 }, { value: 'c2', label: 'B', count: 1 }],
    disposition: ['Sales', 'DNC'],
  });
  expect(withoutValue(base, 'campaigns', 'c1').campaigns.map((o) => o.value)).toEqual(['c2']);
  expect(withoutValue(base, 'disposition', 'DNC').disposition).toEqual(['Sales']);
  expect(withoutValue(base, 'disposition', 'DNC').campaigns).toBe(base.campaigns);
});
