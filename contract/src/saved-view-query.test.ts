import { VIEW_NAME_MAX_LENGTH } from './saved-views';
import { parseViewQuery, validateViewName, VIEW_MESSAGES, VIEW_QUERY_MAX_LENGTH } from './saved-view-query';

describe('parseViewQuery', () => {
  test('reads the filter params of either area, with or without the leading "?"', () => {
    const query = 'datePreset=custom&startDate=2026-11-01T00%3A00%3A00-04%3A00&campaign=1%2C2&connected=false&search=555';
    for (const area of ['reporting', 'callLogs'] as const) {
      expect(parseViewQuery(area, query)).toEqual({
        params: { datePreset: 'custom', startDate: '2026-11-01T00:00:00-04:00', campaign: '1,2', connected: 'false', search: '555' },
        errors: [],
      });
      expect(parseViewQuery(area, `?${query}`).params).toEqual(parseViewQuery(area, query).params);
    }
  });

  test('an empty query is a view of the defaults', () => {
    expect(parseViewQuery('reporting', '')).toEqual({ params: {}, errors: [] });
  });

  test('blank values count as absent', () => {
    expect(parseViewQuery('reporting', 'search=%20&status=')).toEqual({ params: {}, errors: [] });
  });

  test('the records order and page belong to Reporting only', () => {
    expect(parseViewQuery('reporting', 'sortBy=status&sortDir=asc&page=3')).toEqual({ params: { sortBy: 'status', sortDir: 'asc', page: '3' }, errors: [] });
    expect(parseViewQuery('callLogs', 'sortBy=status&page=3').errors).toEqual([
      { field: 'query.sortBy', message: 'sortBy is not a param of Call Logs' },
      { field: 'query.page', message: 'page is not a param of Call Logs' },
    ]);
  });

  test('unknown and repeated params are named', () => {
    expect(parseViewQuery('reporting', 'limit=50&status=Sales&status=DNC').errors).toEqual([
      { field: 'query.limit', message: 'limit is not a param of Reporting' },
      { field: 'query.status', message: 'status is given more than once' },
    ]);
  });

  test.each([
    ['sortBy=transcript', 'query.sortBy'],
    ['sortDir=up', 'query.sortDir'],
    ['page=0', 'query.page'],
    ['page=1.5', 'query.page'],
    ['page=1000001', 'query.page'],
  ])('%s is refused under %s', (query, field) => {
    const { errors } = parseViewQuery('reporting', query);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.field).toBe(field);
    expect(errors[0]?.message).toMatch(new RegExp(`^${field.slice('query.'.length)} must be`));
  });

  test('decodes as a browser does: + is a space, escapes are read; a broken escape is refused', () => {
    expect(parseViewQuery('reporting', 'search=a+b%2Bc&callerId=%2B1555').params).toEqual({ search: 'a b+c', callerId: '+1555' });
    expect(parseViewQuery('reporting', 'search=%E0%A4%A').errors).toEqual([{ field: 'query', message: VIEW_MESSAGES.queryMalformed }]);
  });

  test('a query past the length bound is refused whole', () => {
    expect(parseViewQuery('reporting', `search=${'x'.repeat(VIEW_QUERY_MAX_LENGTH)}`).errors).toEqual([{ field: 'query', message: VIEW_MESSAGES.queryTooLong }]);
  });
});

describe('validateViewName', () => {
  test('a name is 1 to the maximum characters once trimmed', () => {
    expect(validateViewName('  Sales today  ')).toBeNull();
    expect(validateViewName(' '.repeat(5) + 'x'.repeat(VIEW_NAME_MAX_LENGTH))).toBeNull();
    expect(validateViewName('   ')).toEqual({ field: 'name', message: VIEW_MESSAGES.nameRequired });
    expect(validateViewName(undefined)).toEqual({ field: 'name', message: VIEW_MESSAGES.nameRequired });
    expect(validateViewName('x'.repeat(VIEW_NAME_MAX_LENGTH + 1))).toEqual({ field: 'name', message: VIEW_MESSAGES.nameTooLong });
  });
});
