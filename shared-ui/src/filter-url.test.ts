import { DEFAULT_FILTERS, mergeFilters, type FilterState } from './filter-atoms';
import { filtersFromSearch, namesView, viewSearch } from './filter-url';

const SOLAR = { value: '7', label: 'Solar', count: 120 };
const MEDICARE = { value: '9', label: 'Medicare', count: 30 };

/** A view with every param of Reporting away from its default. */
const FULL: FilterState = mergeFilters(DEFAULT_FILTERS, {
  datePreset: 'custom',
  startDate: '2026-11-20T09:00',
  endDate: '2026-11-21T17:30',
  search: '555',
  q: '"cancel my order"',
  campaigns: [SOLAR, MEDICARE],
  buyers: [{ value: '3', label: 'Acme', count: 1 }],
  status: ['Converted', 'Voicemail'],
  disposition: ['Voicemail'],
  connected: 'false',
  sortBy: 'durationSec',
  sortDir: 'asc',
});
const FULL_ON_PAGE_3 = { ...FULL, page: 3 };

describe('viewSearch', () => {
  test("the default view is its date preset alone, so a link always names a view", () => {
    expect(viewSearch('reporting', DEFAULT_FILTERS)).toBe('datePreset=today');
    expect(viewSearch('callLogs', DEFAULT_FILTERS)).toBe('datePreset=today');
  });

  test("Reporting writes the API's names, custom dates as ISO with their New York offset, the order and page", () => {
    expect(Object.fromEntries(new URLSearchParams(viewSearch('reporting', FULL_ON_PAGE_3)))).toEqual({
      datePreset: 'custom',
      startDate: '2026-11-20T09:00:00-05:00',
      endDate: '2026-11-21T17:30:00-05:00',
      search: '555',
      q: '"cancel my order"',
      campaign: '7,9',
      buyer: '3',
      status: 'Converted,Voicemail',
      disposition: 'Voicemail',
      connected: 'false',
      sortBy: 'durationSec',
      sortDir: 'asc',
      page: '3',
    });
  });

  test('Call Logs has no page, order or page size; neither area writes the page size', () => {
    const search = new URLSearchParams(viewSearch('callLogs', { ...FULL_ON_PAGE_3, limit: 50 }));
    expect([...search.keys()].sort()).toEqual(['buyer', 'campaign', 'connected', 'datePreset', 'disposition', 'endDate', 'q', 'search', 'startDate', 'status']);
    expect(new URLSearchParams(viewSearch('reporting', { ...FULL, limit: 50 })).has('limit')).toBe(false);
  });
});

describe('filtersFromSearch', () => {
  test('round-trip: the view a query names is the view it was written from, names kept from the current state', () => {
    for (const area of ['reporting', 'callLogs'] as const) {
      const state = area === 'reporting' ? FULL_ON_PAGE_3 : FULL;
      expect(filtersFromSearch(area, `?${viewSearch(area, state)}`, state)).toEqual(state);
    }
    expect(filtersFromSearch('reporting', viewSearch('reporting', DEFAULT_FILTERS), DEFAULT_FILTERS)).toEqual(DEFAULT_FILTERS);
  });

  test('a bare query, or one with no param of the area, names no view', () => {
    expect(filtersFromSearch('reporting', '', FULL)).toBeNull();
    expect(filtersFromSearch('reporting', '?utm_source=mail', FULL)).toBeNull();
    expect(filtersFromSearch('callLogs', '?page=2', FULL)).toBeNull();
    expect(namesView('callLogs', '?page=2')).toBe(false);
    expect(namesView('reporting', '?page=2')).toBe(true);
  });

  test('ids arrive without names: each is labelled by its id until named; known ones keep their names', () => {
    const state = filtersFromSearch('reporting', '?campaign=12,7&publisher=4', { ...DEFAULT_FILTERS, campaigns: [SOLAR], campaign: ['7'] });
    expect(state?.campaigns).toEqual([{ value: '12', label: '12', count: 0 }, SOLAR]);
    expect(state?.campaign).toEqual(['12', '7']);
    expect(state?.publishers).toEqual([{ value: '4', label: '4', count: 0 }]);
    expect(state?.publisher).toEqual(['4']);
  });

  test('what the query leaves out takes its default, except the page size (and the order on Call Logs)', () => {
    const current = { ...FULL_ON_PAGE_3, limit: 100 };
    expect(filtersFromSearch('reporting', '?search=777', current)).toEqual({ ...DEFAULT_FILTERS, limit: 100, search: '777' });
    expect(filtersFromSearch('callLogs', '?connected=true', current)).toEqual({
      ...DEFAULT_FILTERS,
      limit: 100,
      connected: 'true',
      sortBy: 'durationSec',
      sortDir: 'asc',
    });
  });

  test('explicit defaults are read like omitted ones', () => {
    expect(filtersFromSearch('reporting', '?datePreset=today&page=1&sortBy=callTimestamp&sortDir=desc&search=', FULL)).toEqual(DEFAULT_FILTERS);
  });

  test('unknown and invalid values are dropped for their defaults; lists de-duplicated', () => {
    const state = filtersFromSearch(
      'reporting',
      '?datePreset=forever&campaign=7,x&buyer=3,3,5&status=DNC,DNC&connected=maybe&sortBy=revenue&sortDir=up&page=-2&limit=9999&bogus=1',
      DEFAULT_FILTERS,
    );
    expect(state).toEqual(
      mergeFilters(DEFAULT_FILTERS, {
        buyers: [
          { value: '3', label: '3', count: 0 },
          { value: '5', label: '5', count: 0 },
        ],
        status: ['DNC'],
      }),
    );
  });

  test('a custom preset without a valid range falls back to the default preset', () => {
    expect(filtersFromSearch('callLogs', '?datePreset=custom&startDate=2026-11-20T09:00:00-05:00', DEFAULT_FILTERS)).toEqual(DEFAULT_FILTERS);
  });

  test('custom dates are read back as New York datetime-local values, whatever offset they were written with', () => {
    const state = filtersFromSearch('callLogs', '?datePreset=custom&startDate=2026-07-01T13:00:00Z&endDate=2026-07-02T09:00:00-04:00', DEFAULT_FILTERS);
    expect(state).toMatchObject({ datePreset: 'custom', startDate: '2026-07-01T09:00', endDate: '2026-07-02T09:00' });
  });
});
