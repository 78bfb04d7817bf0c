import { createStore } from 'jotai';
import {
  DEFAULT_FILTERS,
  FILTERS_STORAGE_KEY,
  activeFilterCount,
  activeFilterCountAtom,
  filterParamsAtom,
  filterQuery,
  filtersAtom,
  nameOptionsAtom,
  recordsParamsAtom,
  replaceFiltersAtom,
  resetFiltersAtom,
  sanitizeFilters,
  setPageAtom,
  setSelectionAtom,
  toQueryString,
  toggleSortAtom,
  updateFiltersAtom,
  type FilterState,
} from './filter-atoms';

const SOLAR = { value: '7', label: 'Solar', count: 120 };
const MEDICARE = { value: '9', label: 'Medicare', count: 30 };

let store: ReturnType<typeof createStore>;

beforeEach(() => {
  localStorage.clear();
  store = createStore();
});

const filters = () => store.get(filtersAtom);

/** A store on page 4, to watch the page go back to 1. */
function onPage4() {
  store.set(setPageAtom, 4);
  expect(store.get(filtersAtom).page).toBe(4);
}

describe('defaults', () => {
  test('the product defaults: page 1, 25 per page, newest first, today, nothing chosen', () => {
    expect(filters()).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toMatchObject({ page: 1, limit: 25, sortBy: 'callTimestamp', sortDir: 'desc', datePreset: 'today', search: '' });
  });
});

describe('page', () => {
  test.each<[string, Partial<FilterState>]>([
    ['search', { search: 'CA-1' }],
    ['sort column', { sortBy: 'callerId' }],
    ['sort direction', { sortDir: 'asc' }],
    ['disposition', { disposition: ['Sales'] }],
    ['status', { status: ['DNC'] }],
    ['date preset', { datePreset: 'yesterday' }],
    ['custom dates', { startDate: '2026-11-01T00:00' }],
    ['page size', { limit: 50 }],
    ['campaign ids', { campaign: ['7'] }],
    ['caller ids', { callerId: ['+15550001'] }],
  ])('any change of %s sends it back to 1', (_name, partial) => {
    onPage4();
    store.set(updateFiltersAtom, partial);
    expect(store.get(filtersAtom).page).toBe(1);
  });

  test('…and so do a header click and a picker selection', () => {
    onPage4();
    store.set(toggleSortAtom, 'callerId');
    expect(store.get(filtersAtom).page).toBe(1);
    onPage4();
    store.set(setSelectionAtom, { kind: 'publishers', options: [SOLAR] });
    expect(store.get(filtersAtom).page).toBe(1);
  });

  test('setting a value to what it already is changes nothing, the page included', () => {
    onPage4();
    const before = filters();
    store.set(updateFiltersAtom, { search: '', sortBy: 'callTimestamp', disposition: [] });
    expect(filters()).toBe(before);
    expect(store.get(filtersAtom).page).toBe(4);
  });

  test('a page change alone keeps the rest; a page sent with another change is overridden by the reset', () => {
    store.set(updateFiltersAtom, { search: 'x' });
    store.set(updateFiltersAtom, { page: 3 });
    expect(filters()).toMatchObject({ page: 3, search: 'x' });
    store.set(updateFiltersAtom, { page: 5, search: 'y' });
    expect(store.get(filtersAtom).page).toBe(1);
  });

  test('setPage keeps the page at least 1 and whole', () => {
    store.set(setPageAtom, 0);
    expect(store.get(filtersAtom).page).toBe(1);
    store.set(setPageAtom, -3);
    expect(store.get(filtersAtom).page).toBe(1);
    store.set(setPageAtom, 2.7);
    expect(store.get(filtersAtom).page).toBe(2);
    store.set(setPageAtom, Number.NaN);
    expect(store.get(filtersAtom).page).toBe(2);
  });
});

describe('sorting', () => {
  test('a new column sorts ascending, the same column flips; unknown columns are ignored', () => {
    store.set(toggleSortAtom, 'durationSec');
    expect(filters()).toMatchObject({ sortBy: 'durationSec', sortDir: 'asc' });
    store.set(toggleSortAtom, 'durationSec');
    expect(filters()).toMatchObject({ sortBy: 'durationSec', sortDir: 'desc' });
    store.set(toggleSortAtom, 'reason');
    expect(filters()).toMatchObject({ sortBy: 'durationSec', sortDir: 'desc' });
  });
});

describe('dates', () => {
  test('choosing a custom date sets the preset to custom', () => {
    store.set(updateFiltersAtom, { startDate: '2026-11-01T00:00', endDate: '2026-11-02T00:00' });
    expect(filters().datePreset).toBe('custom');
  });

  test('an explicit preset wins over dates sent with it', () => {
    store.set(updateFiltersAtom, { datePreset: 'last_7_days', startDate: '2026-11-01T00:00' });
    expect(filters().datePreset).toBe('last_7_days');
  });
});

describe('selections', () => {
  test('setting a picker selection sets its id list too', () => {
    store.set(setSelectionAtom, { kind: 'campaigns', options: [SOLAR, MEDICARE, SOLAR] });
    expect(filters().campaigns).toEqual([SOLAR, MEDICARE]);
    expect(filters().campaign).toEqual(['7', '9']);
    store.set(setSelectionAtom, { kind: 'campaigns', options: [] });
    expect(filters().campaign).toEqual([]);
  });

  test('removing an id (a chip) drops its option', () => {
    store.set(setSelectionAtom, { kind: 'buyers', options: [SOLAR, MEDICARE] });
    store.set(updateFiltersAtom, { buyer: ['9'] });
    expect(filters().buyers).toEqual([MEDICARE]);
  });
});

describe('reset', () => {
  test('clears everything: preset today, no dates, search, lists or selections; keeps the page size', () => {
    store.set(updateFiltersAtom, {
      limit: 50,
      search: 'abc',
      datePreset: 'custom',
      startDate: '2026-11-01T00:00',
      endDate: '2026-11-02T00:00',
      disposition: ['Sales'],
      status: ['DNC'],
      callerId: ['+1555'],
      sortBy: 'durationSec',
    });
    store.set(setSelectionAtom, { kind: 'campaigns', options: [SOLAR] });
    store.set(setSelectionAtom, { kind: 'publishers', options: [MEDICARE] });
    store.set(setSelectionAtom, { kind: 'targets', options: [SOLAR] });
    store.set(setSelectionAtom, { kind: 'buyers', options: [MEDICARE] });
    store.set(setPageAtom, 3);
    store.set(resetFiltersAtom);
    expect(filters()).toEqual({ ...DEFAULT_FILTERS, limit: 50 });
    expect(store.get(activeFilterCountAtom)).toBe(0);
  });
});

describe('active filter count', () => {
  test('counts a non-default preset, a search, and each non-empty list once', () => {
    expect(store.get(activeFilterCountAtom)).toBe(0);
    store.set(updateFiltersAtom, { search: '   ' });
    expect(store.get(activeFilterCountAtom)).toBe(0);
    store.set(updateFiltersAtom, { search: '555' });
    expect(store.get(activeFilterCountAtom)).toBe(1);
    store.set(updateFiltersAtom, { datePreset: 'last_30_days' });
    expect(store.get(activeFilterCountAtom)).toBe(2);
    store.set(setSelectionAtom, { kind: 'campaigns', options: [SOLAR, MEDICARE] });
    expect(store.get(activeFilterCountAtom)).toBe(3);
    store.set(updateFiltersAtom, { disposition: ['Sales', 'DNC'], status: ['IVR'] });
    expect(store.get(activeFilterCountAtom)).toBe(5);
    store.set(updateFiltersAtom, { sortBy: 'callerId', limit: 100 });
    expect(store.get(activeFilterCountAtom)).toBe(5);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, publisher: ['1'], target: ['2'], buyer: ['3'], callerId: ['4'] })).toBe(4);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, q: '  ' })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, q: 'refund' })).toBe(1);
  });
});

describe('filterQuery', () => {
  test('defaults: only the preset', () => {
    expect(filterQuery(DEFAULT_FILTERS)).toEqual({ datePreset: 'today' });
  });

  test('custom dates only with preset custom, as New York time with offset', () => {
    const withDates = { ...DEFAULT_FILTERS, startDate: '2026-11-20T09:00', endDate: '2026-07-01T00:00' };
    expect(filterQuery({ ...withDates, datePreset: 'last_7_days' })).toEqual({ datePreset: 'last_7_days' });
    expect(filterQuery({ ...withDates, datePreset: 'custom' })).toEqual({
      datePreset: 'custom',
      startDate: '2026-11-20T09:00:00-05:00',
      endDate: '2026-07-01T00:00:00-04:00',
    });
    expect(filterQuery({ ...DEFAULT_FILTERS, datePreset: 'custom', startDate: '2026-11-20T09:00' })).toEqual({
      datePreset: 'custom',
      startDate: '2026-11-20T09:00:00-05:00',
    });
  });

  test('repeat only when chosen, and a stored value it does not know is dropped', () => {
    expect(filterQuery({ ...DEFAULT_FILTERS, repeat: 'true' }).repeat).toBe('true');
    expect(filterQuery(DEFAULT_FILTERS)).not.toHaveProperty('repeat');
    expect(sanitizeFilters({ repeat: 'false' }).repeat).toBe('false');
    expect(sanitizeFilters({ repeat: 'yes' }).repeat).toBe('');
    expect(activeFilterCount({ ...DEFAULT_FILTERS, repeat: 'false' })).toBe(1);
  });

  test('dispute only when chosen, and a stored value it does not know is dropped', () => {
    expect(filterQuery({ ...DEFAULT_FILTERS, dispute: 'open' }).dispute).toBe('open');
    expect(filterQuery(DEFAULT_FILTERS)).not.toHaveProperty('dispute');
    expect(sanitizeFilters({ dispute: 'accepted' }).dispute).toBe('accepted');
    expect(sanitizeFilters({ dispute: 'credited' }).dispute).toBe('');
    expect(activeFilterCount({ ...DEFAULT_FILTERS, dispute: 'none' })).toBe(1);
  });

  test('connected only when chosen, and a stored value it does not know is dropped', () => {
    expect(filterQuery({ ...DEFAULT_FILTERS, connected: 'false' }).connected).toBe('false');
    expect(filterQuery(DEFAULT_FILTERS)).not.toHaveProperty('connected');
    expect(sanitizeFilters({ connected: 'false' }).connected).toBe('false');
    expect(sanitizeFilters({ connected: 'maybe' }).connected).toBe('');
    expect(activeFilterCount({ ...DEFAULT_FILTERS, connected: 'true' })).toBe(1);
  });

  test('search trimmed, and only when non-empty', () => {
    expect(filterQuery({ ...DEFAULT_FILTERS, search: '  555-01  ' }).search).toBe('555-01');
    expect(filterQuery({ ...DEFAULT_FILTERS, search: '   ' })).not.toHaveProperty('search');
  });

  test('the transcript search trimmed, and only when non-empty', () => {
    expect(filterQuery({ ...DEFAULT_FILTERS, q: '  "cancel my order" -refund ' }).q).toBe('"cancel my order" -refund');
    expect(filterQuery({ ...DEFAULT_FILTERS, q: '   ' })).not.toHaveProperty('q');
  });

  test('lists comma-joined, only when non-empty', () => {
    const query = filterQuery({
      ...DEFAULT_FILTERS,
      campaign: ['7', '9'],
      publisher: ['3'],
      target: [],
      buyer: ['1', '2', '3'],
      status: ['DNC', 'IVR'],
      disposition: ['Sales', 'subsidy/incentivised'],
    });
    expect(query).toEqual({
      datePreset: 'today',
      campaign: '7,9',
      publisher: '3',
      buyer: '1,2,3',
      status: 'DNC,IVR',
      disposition: 'Sales,subsidy/incentivised',
    });
  });

  test('a single caller id is sent; the API cannot take several', () => {
    expect(filterQuery({ ...DEFAULT_FILTERS, callerId: ['+15550001'] }).callerId).toBe('+15550001');
    expect(filterQuery({ ...DEFAULT_FILTERS, callerId: ['1', '2'] })).not.toHaveProperty('callerId');
  });

  test('paging and sort only when asked', () => {
    expect(filterQuery(DEFAULT_FILTERS)).not.toHaveProperty('page');
    expect(filterQuery({ ...DEFAULT_FILTERS, page: 2 }, { paging: true })).toEqual({
      datePreset: 'today',
      page: 2,
      limit: 25,
      sortBy: 'callTimestamp',
      sortDir: 'desc',
    });
  });

  test('an unreadable date is passed on as typed, for the API to name it', () => {
    expect(filterQuery({ ...DEFAULT_FILTERS, datePreset: 'custom', startDate: ' nonsense ' }).startDate).toBe('nonsense');
  });

  test('toQueryString: sorted keys, empty values left out', () => {
    expect(toQueryString({ search: 'a b', datePreset: 'today', campaign: '1,2', page: 2, startDate: '' })).toBe(
      'campaign=1%2C2&datePreset=today&page=2&search=a+b',
    );
  });
});

describe('derived params atoms', () => {
  test('filter params keep their identity while only the page or sort change', () => {
    const before = store.get(filterParamsAtom);
    store.set(setPageAtom, 3);
    store.set(toggleSortAtom, 'callerId');
    expect(store.get(filterParamsAtom)).toBe(before);
    expect(store.get(recordsParamsAtom)).toMatchObject({ page: 1, sortBy: 'callerId', sortDir: 'asc' });
    store.set(updateFiltersAtom, { search: 'x' });
    expect(store.get(filterParamsAtom)).toEqual({ datePreset: 'today', search: 'x' });
  });
});

describe('persistence', () => {
  test('changes are written under callboard.filters and read back by a new store', () => {
    store.set(updateFiltersAtom, { search: 'CA-9', disposition: ['Sales'] });
    store.set(setSelectionAtom, { kind: 'campaigns', options: [SOLAR] });
    expect(JSON.parse(localStorage.getItem(FILTERS_STORAGE_KEY) ?? '{}')).toMatchObject({ search: 'CA-9', campaign: ['7'] });
    const next = createStore();
    expect(next.get(filtersAtom)).toMatchObject({ search: 'CA-9', disposition: ['Sales'], campaigns: [SOLAR], campaign: ['7'] });
  });

  test('saved filters load with their ids and options; an id saved without its option keeps filtering, labelled by its id', () => {
    localStorage.setItem(
      FILTERS_STORAGE_KEY,
      JSON.stringify({ ...DEFAULT_FILTERS, campaign: ['7', '12'], campaigns: [SOLAR], buyer: ['3'], buyers: [] }),
    );
    const loaded = createStore().get(filtersAtom);
    expect(loaded.campaigns).toEqual([SOLAR, { value: '12', label: '12', count: 0 }]);
    expect(loaded.campaign).toEqual(['7', '12']);
    expect(loaded.buyer).toEqual(['3']);
  });

  test('a damaged or foreign stored value falls back field by field', () => {
    localStorage.setItem(
      FILTERS_STORAGE_KEY,
      JSON.stringify({ page: -1, limit: 5000, sortBy: 'DROP TABLE', sortDir: 'up', datePreset: 'last_week', search: 7, status: ['DNC', 3], campaigns: [SOLAR], campaign: [] }),
    );
    expect(createStore().get(filtersAtom)).toEqual({ ...DEFAULT_FILTERS, datePreset: 'last_week', status: ['DNC'] });
    localStorage.setItem(FILTERS_STORAGE_KEY, '{not json');
    expect(createStore().get(filtersAtom)).toEqual(DEFAULT_FILTERS);
  });

  test("another tab's filters are not followed: a tab keeps its own view, storage holds the last used", () => {
    const unsubscribe = store.sub(filtersAtom, () => undefined);
    store.set(updateFiltersAtom, { search: 'mine' });
    const otherTab = JSON.stringify({ ...DEFAULT_FILTERS, search: 'theirs' });
    localStorage.setItem(FILTERS_STORAGE_KEY, otherTab);
    window.dispatchEvent(new StorageEvent('storage', { key: FILTERS_STORAGE_KEY, newValue: otherTab, storageArea: localStorage }));
    expect(filters().search).toBe('mine');
    expect(createStore().get(filtersAtom).search).toBe('theirs');
    unsubscribe();
  });

  test('storage cleared by another tab (its logout) brings the filters back to their defaults', () => {
    const unsubscribe = store.sub(filtersAtom, () => undefined);
    store.set(updateFiltersAtom, { search: 'mine' });
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    expect(filters()).toEqual(DEFAULT_FILTERS);
    unsubscribe();
  });
});

describe('a view from the address bar', () => {
  test('replaces the whole state, page included, and is stored as the last used', () => {
    const view = { ...DEFAULT_FILTERS, page: 3, campaigns: [SOLAR], campaign: ['7'], search: '555' };
    store.set(replaceFiltersAtom, view);
    expect(filters()).toEqual(view);
    expect(createStore().get(filtersAtom)).toEqual(view);
  });

  test('names its chosen options without changing the choice or the page', () => {
    const unnamed = { value: '7', label: '7', count: 0 };
    store.set(replaceFiltersAtom, { ...DEFAULT_FILTERS, page: 2, campaigns: [unnamed, MEDICARE], campaign: ['7', '9'] });
    const before = filters();
    store.set(nameOptionsAtom, { kind: 'campaigns', options: [SOLAR, { value: '42', label: 'Not chosen', count: 1 }] });
    expect(filters()).toEqual({ ...before, campaigns: [SOLAR, MEDICARE] });
    store.set(nameOptionsAtom, { kind: 'campaigns', options: [SOLAR] });
    expect(filters().campaigns).toEqual([SOLAR, MEDICARE]);
  });
});
