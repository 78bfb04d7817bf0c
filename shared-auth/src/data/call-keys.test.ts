import { API_PATHS, callRecordPath, paymentPath } from '@callboard/contract';
import { dependsOnDispositions, keyPath, recordsKey, seriesKey, statsKey } from '@callboard/shared-auth/data/call-keys';
import { callDetailKey } from '@callboard/shared-auth/data/call-detail';

describe('call data keys', () => {
  test('keys are [path, query], or the path alone for one call', () => {
    expect(recordsKey({ page: 2 })).toEqual([API_PATHS.records, { page: 2 }]);
    expect(statsKey({ datePreset: 'today' })).toEqual([API_PATHS.stats, { datePreset: 'today' }]);
    expect(seriesKey({ datePreset: 'today' })).toEqual([API_PATHS.series, { datePreset: 'today' }]);
    expect(callDetailKey('7')).toBe(callRecordPath('7'));
    expect(callDetailKey(null)).toBeNull();
    expect(callDetailKey('7', ' "cancel order" ')).toBe('/api/calls/records/7?q=%22cancel+order%22');
    expect(callDetailKey('7', '  ')).toBe(callRecordPath('7'));
    expect(keyPath(recordsKey({}))).toBe(API_PATHS.records);
    expect(keyPath(callDetailKey('7'))).toBe('/api/calls/records/7');
    expect(keyPath({ path: '/api/stats' })).toBeNull();
  });

  test('a re-disposition makes the records, a call, the stats, the timeline and the cost figures stale', () => {
    for (const key of [
      recordsKey({ page: 1 }),
      callDetailKey('7'),
      callDetailKey('7', 'refund'),
      statsKey({}),
      seriesKey({ status: 'Sales' }),
      [API_PATHS.costStats, {}],
      [API_PATHS.costBreakdown, { groupBy: 'publisher' }],
    ]) {
      expect(dependsOnDispositions(key)).toBe(true);
    }
  });

  test('nothing else is revalidated', () => {
    for (const key of [[API_PATHS.payments, { limit: 50 }], paymentPath('1'), [API_PATHS.users, { page: 1 }], ['calllogs/newest-page', {}], null, 42]) {
      expect(dependsOnDispositions(key)).toBe(false);
    }
  });
});
