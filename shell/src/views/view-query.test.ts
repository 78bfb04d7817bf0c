import { DEFAULT_FILTERS, mergeFilters } from '@callboard/shared-ui/filter-atoms';
import { viewAreaOf, viewFiltersOf, viewLocation, viewQueryOf } from './view-query';

test('views belong to Reporting and Call Logs, nested routes included; not to Users', () => {
  expect(viewAreaOf('/reporting')).toBe('reporting');
  expect(viewAreaOf('/reporting/calls/7')).toBe('reporting');
  expect(viewAreaOf('/callLogs')).toBe('callLogs');
  expect(viewAreaOf('/users')).toBeNull();
  expect(viewAreaOf('/reportingX')).toBeNull();
});

test('a view opens at its area with its query', () => {
  expect(viewLocation('reporting', 'datePreset=yesterday')).toBe('/reporting?datePreset=yesterday');
  expect(viewLocation('callLogs', '')).toBe('/callLogs');
});

test('the saved query holds the filters in the API names; the order only for Reporting and only when not the default', () => {
  const filters = mergeFilters(DEFAULT_FILTERS, {
    datePreset: 'last_7_days',
    status: ['Sales', 'DNC'],
    campaign: ['3', '1'],
    connected: 'false',
    search: ' 555 ',
    sortBy: 'durationSec',
    sortDir: 'asc',
    page: 4,
  });
  expect(viewQueryOf(filters, 'reporting')).toBe('campaign=3%2C1&connected=false&datePreset=last_7_days&search=555&sortBy=durationSec&sortDir=asc&status=Sales%2CDNC');
  expect(viewQueryOf(filters, 'callLogs')).toBe('campaign=3%2C1&connected=false&datePreset=last_7_days&search=555&status=Sales%2CDNC');
  expect(viewQueryOf(DEFAULT_FILTERS, 'reporting')).toBe('datePreset=today');
});

test('a saved query reads back into the same filters (custom dates in New York wall-clock time)', () => {
  const filters = mergeFilters(DEFAULT_FILTERS, {
    datePreset: 'custom',
    startDate: '2026-11-01T09:00',
    endDate: '2026-11-03T17:30',
    buyer: ['9'],
    disposition: ['Voicemail'],
    callerId: ['+15551234567'],
    sortBy: 'status',
    sortDir: 'asc',
  });
  const { filters: read, page } = viewFiltersOf('reporting', viewQueryOf(filters, 'reporting'));
  expect(page).toBeUndefined();
  const reopened = mergeFilters(DEFAULT_FILTERS, read);
  for (const key of ['datePreset', 'startDate', 'endDate', 'buyer', 'disposition', 'callerId', 'sortBy', 'sortDir'] as const) {
    expect(reopened[key]).toEqual(filters[key]);
  }
});

test('what a view leaves out is back to its default, and unreadable values fall back', () => {
  const { filters, page } = viewFiltersOf('reporting', 'datePreset=forever&connected=maybe&sortBy=nope&page=3&status=Sales,,Sales');
  expect(filters).toMatchObject({
    datePreset: DEFAULT_FILTERS.datePreset,
    connected: '',
    sortBy: DEFAULT_FILTERS.sortBy,
    sortDir: DEFAULT_FILTERS.sortDir,
    status: ['Sales'],
    search: '',
    campaign: [],
    startDate: '',
  });
  expect(page).toBe(3);
});
