import { SEARCH_MAX_LENGTH } from './limits';
import { hasViewParams as hasParams, parseViewQuery, VIEW_QUERY_PARAMS, type ParsedViewQuery } from './view-query';
import type { ViewArea } from './saved-views';

const parse = (area: ViewArea, query: string): ParsedViewQuery => parseViewQuery(area, new URLSearchParams(query));
const hasViewParams = (area: ViewArea, query: string): boolean => hasParams(area, new URLSearchParams(query));

test('Reporting has the filters and the records table order and page; Call Logs the filters only', () => {
  expect(VIEW_QUERY_PARAMS.reporting).toEqual([
    'datePreset', 'startDate', 'endDate', 'campaign', 'publisher', 'target', 'buyer', 'status', 'disposition', 'connected', 'repeat', 'dispute', 'search', 'q',
    'sortBy', 'sortDir', 'page',
  ]);
  expect(VIEW_QUERY_PARAMS.callLogs).not.toContain('page');
  expect(VIEW_QUERY_PARAMS.callLogs).not.toContain('sortBy');
});

test('a full Reporting view is read whole, lists de-duplicated, text trimmed', () => {
  const query =
    '?datePreset=custom&startDate=2026-11-20T09%3A00%3A00.000-05%3A00&endDate=2026-11-21T09%3A00%3A00.000-05%3A00' +
    '&campaign=3,1,3&publisher=7&target=2&buyer=9,9&status=Converted,Voicemail,Converted&disposition=Voicemail' +
    '&connected=false&repeat=true&dispute=partial&search=%20555%20&q=%20%22cancel%20my%20order%22%20-refund&sortBy=durationSec&sortDir=asc&page=4';
  expect(parse('reporting', query)).toEqual({
    params: {
      datePreset: 'custom',
      startDate: '2026-11-20T09:00:00.000-05:00',
      endDate: '2026-11-21T09:00:00.000-05:00',
      campaign: ['3', '1'],
      publisher: ['7'],
      target: ['2'],
      buyer: ['9'],
      status: ['Converted', 'Voicemail'],
      disposition: ['Voicemail'],
      connected: 'false',
      repeat: 'true',
      dispute: 'partial',
      search: '555',
      q: '"cancel my order" -refund',
      sortBy: 'durationSec',
      sortDir: 'asc',
      page: 4,
    },
    errors: [],
  });
});

test('an empty query is an empty view; blank params count as absent', () => {
  expect(parse('callLogs', '')).toEqual({ params: {}, errors: [] });
  expect(parse('callLogs', 'campaign=&search=%20%20&q=')).toEqual({ params: {}, errors: [] });
});

test('each wrong value is left out and named, the rest of the view kept', () => {
  const { params, errors } = parse(
    'reporting',
    'datePreset=last_7_days&campaign=1,x&publisher=2&connected=maybe&repeat=yes&dispute=maybe&sortBy=revenue&sortDir=up&page=0&search=' + 'a'.repeat(SEARCH_MAX_LENGTH + 1) + '&q=' + 'b'.repeat(SEARCH_MAX_LENGTH + 1),
  );
  expect(params).toEqual({ datePreset: 'last_7_days', publisher: ['2'] });
  expect(errors.map((e) => e.field)).toEqual(['campaign', 'connected', 'repeat', 'dispute', 'search', 'q', 'sortBy', 'sortDir', 'page']);
  expect(errors[0]).toEqual({ field: 'campaign', message: 'campaign must be a comma-separated list of ids' });
});

test('an unknown preset, or a custom preset without a valid range, leaves out the preset and its dates', () => {
  expect(parse('callLogs', 'datePreset=forever')).toEqual({
    params: {},
    errors: [{ field: 'datePreset', message: expect.stringContaining('datePreset must be one of today,') as string }],
  });
  expect(parse('callLogs', 'datePreset=custom&startDate=2026-11-20T09:00:00-05:00')).toEqual({
    params: {},
    errors: [{ field: 'endDate', message: 'endDate is required when datePreset is custom' }],
  });
  expect(parse('callLogs', 'datePreset=custom&startDate=2026-11-21T09:00:00-05:00&endDate=2026-11-20T09:00:00-05:00').errors).toEqual([
    { field: 'endDate', message: 'endDate must be after startDate' },
  ]);
});

test('dates beside a preset that takes none are an error; the preset stays', () => {
  expect(parse('reporting', 'datePreset=today&startDate=2026-11-20T09:00:00-05:00')).toEqual({
    params: { datePreset: 'today' },
    errors: [{ field: 'startDate', message: 'startDate and endDate are only allowed with datePreset=custom' }],
  });
});

test("a param the area's view does not have is named and ignored", () => {
  expect(parse('callLogs', 'page=2&sortBy=durationSec&limit=50&campaign=4')).toEqual({
    params: { campaign: ['4'] },
    errors: [
      { field: 'page', message: 'page is not a parameter of a callLogs view' },
      { field: 'sortBy', message: 'sortBy is not a parameter of a callLogs view' },
      { field: 'limit', message: 'limit is not a parameter of a callLogs view' },
    ],
  });
});

test('a value list is bounded as the calls API bounds it', () => {
  const many = Array.from({ length: 101 }, (_, i) => `s${i}`).join(',');
  expect(parse('callLogs', `status=${many}`).errors).toEqual([
    { field: 'status', message: 'status must list at most 100 values of at most 100 characters' },
  ]);
});

test('whether a query holds any param of the view', () => {
  expect(hasViewParams('reporting', '')).toBe(false);
  expect(hasViewParams('reporting', '?utm=1')).toBe(false);
  expect(hasViewParams('reporting', '?page=2')).toBe(true);
  expect(hasViewParams('callLogs', '?page=2')).toBe(false);
  expect(hasViewParams('callLogs', 'datePreset=today')).toBe(true);
});
