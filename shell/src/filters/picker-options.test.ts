import { ApiError } from '@callboard/shared-auth/api-error';
import { DEFAULT_FILTERS, type FilterState } from '@callboard/shared-ui/filter-atoms';
import { PICKER_LOAD_ERROR, pickerErrorMessage, pickerQuery, readPickerOptions } from './picker-options';

const filters = (partial: Partial<FilterState>): FilterState => ({ ...DEFAULT_FILTERS, ...partial });

test('the query keeps the range and the other dimensions, drops its own and the caller-id search', () => {
  const query = pickerQuery(
    'publishers',
    filters({ datePreset: 'custom', startDate: '2026-11-20T09:00', endDate: '2026-11-21T09:00', campaign: ['c1'], publisher: ['p1'], search: '555' }),
    '  acme ',
  );
  expect(query).toEqual({
    datePreset: 'custom',
    startDate: '2026-11-20T09:00:00-05:00',
    endDate: '2026-11-21T09:00:00-05:00',
    campaign: 'c1',
    limit: 1000,
    search: 'acme',
  });
});

test('reads the list under the kind, skipping entries that are not options', () => {
  const body = { success: true, data: { targets: [{ value: 't1', label: 'T', count: 2 }, { value: 7, count: 'x' }, null] } };
  expect(readPickerOptions(body, 'targets')).toEqual([
    { value: 't1', label: 'T', count: 2 },
    { value: '7', label: '7', count: 0 },
  ]);
  expect(() => readPickerOptions({ success: true, data: {} }, 'targets')).toThrow();
});

test('the error message, else "Failed to load items"', () => {
  expect(pickerErrorMessage(new ApiError({ kind: 'HTTP_ERROR', status: 503, body: { message: 'Database unavailable' } }))).toBe('Database unavailable');
  expect(pickerErrorMessage(new ApiError({ kind: 'HTTP_ERROR', status: 500 }))).toBe(PICKER_LOAD_ERROR);
  expect(pickerErrorMessage(new Error(''))).toBe(PICKER_LOAD_ERROR);
  expect(pickerErrorMessage('boom')).toBe(PICKER_LOAD_ERROR);
});
