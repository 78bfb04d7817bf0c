import { DEFAULT_FILTERS } from '@callboard/shared-ui/filter-atoms';
import {
  INVALID_DATE_MESSAGE,
  MISSING_RANGE_MESSAGE,
  RANGE_ORDER_MESSAGE,
  RANGE_TOO_LONG_MESSAGE,
  draftError,
  draftFromFilters,
  draftToUpdate,
  withoutValue,
  type FiltersDraft,
} from './filters-draft';

const draft = (partial: Partial<FiltersDraft> = {}): FiltersDraft => ({ ...draftFromFilters(DEFAULT_FILTERS), ...partial });

test('only a custom range can be invalid', () => {
  expect(draftError(draft({ datePreset: 'last_7_days', startDate: 'nonsense' }))).toBeNull();
  expect(draftError(draft({ datePreset: 'custom' }))).toBe(MISSING_RANGE_MESSAGE);
  expect(draftError(draft({ datePreset: 'custom', startDate: '2026-01-01T00:00', endDate: ' ' }))).toBe(MISSING_RANGE_MESSAGE);
  expect(draftError(draft({ datePreset: 'custom', startDate: 'soon', endDate: '2026-01-02T00:00' }))).toBe(INVALID_DATE_MESSAGE);
  expect(draftError(draft({ datePreset: 'custom', startDate: '2026-01-02T00:00', endDate: '2026-01-02T00:00' }))).toBe(RANGE_ORDER_MESSAGE);
  expect(draftError(draft({ datePreset: 'custom', startDate: '2025-01-01T00:00', endDate: '2026-06-01T00:00' }))).toBe(RANGE_TOO_LONG_MESSAGE);
  expect(draftError(draft({ datePreset: 'custom', startDate: '2026-01-01T00:00', endDate: '2026-01-01T00:01' }))).toBeNull();
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
