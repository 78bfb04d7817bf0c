import { API_PATHS, callRecordPath, filterOptionsPath, paymentPath, userPath, viewPath } from './endpoints';

describe('endpoint paths', () => {
  test('every path is under /api', () => {
    for (const path of Object.values(API_PATHS)) expect(path).toMatch(/^\/api\/[a-z-]+(?:\/[a-z-]+)*$/);
  });

  test('an id is one encoded segment under its collection', () => {
    expect(callRecordPath('42')).toBe('/api/calls/records/42');
    expect(paymentPath('a/b')).toBe('/api/cost/payments/a%2Fb');
    expect(userPath('u 1')).toBe('/api/users/u%201');
    expect(viewPath('v?1')).toBe('/api/views/v%3F1');
  });

  test('a picker reads its dimension under /api/filters', () => {
    expect(filterOptionsPath('publishers')).toBe('/api/filters/publishers');
  });
});
