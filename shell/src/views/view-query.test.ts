import { DEFAULT_FILTERS, mergeFilters } from '@callboard/shared-ui/filter-atoms';
import { filtersFromSearch } from '@callboard/shared-ui/filter-url';
import { viewAreaOf, viewLocation, viewQueryOf } from './view-query';

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

test("a view keeps the area's address without the page; the order only in Reporting", () => {
  const filters = mergeFilters(DEFAULT_FILTERS, {
    datePreset: 'last_7_days',
    status: ['Sales', 'DNC'],
    campaign: ['3', '1'],
    connected: 'false',
    sortBy: 'durationSec',
    sortDir: 'asc',
  });
  const paged = { ...filters, page: 4 };
  expect(viewQueryOf(paged, 'reporting')).toBe('campaign=3%2C1&connected=false&datePreset=last_7_days&sortBy=durationSec&sortDir=asc&status=Sales%2CDNC');
  expect(viewQueryOf(paged, 'callLogs')).toBe('campaign=3%2C1&connected=false&datePreset=last_7_days&status=Sales%2CDNC');
  expect(viewQueryOf(DEFAULT_FILTERS, 'reporting')).toBe('datePreset=today');
});

test('the kept query reads back into the same filters (custom dates in New York wall-clock time)', () => {
  const filters = mergeFilters(DEFAULT_FILTERS, {
    datePreset: 'custom',
    startDate: '2026-11-01T09:00',
    endDate: '2026-11-03T17:30',
    buyer: ['9'],
    disposition: ['Voicemail'],
    sortBy: 'status',
    sortDir: 'asc',
  });
  const reopened = filtersFromSearch('reporting', viewQueryOf(filters, 'reporting'), DEFAULT_FILTERS);
  for (const key of ['datePreset', 'startDate', 'endDate', 'buyer', 'disposition', 'sortBy', 'sortDir', 'page'] as const) {
    expect(reopened?.[key]).toEqual(filters[key]);
  }
});
