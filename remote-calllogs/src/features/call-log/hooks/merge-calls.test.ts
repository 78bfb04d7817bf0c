import { makeCall, makeCalls } from '../../../testing/call-logs';
import { mergeBatches, newestFirst, pollNews } from './merge-calls';

describe('mergeBatches', () => {
  test('keeps every call once, newest first, across overlapping pages', () => {
    // Two calls arrived between the requests: page 2 starts with the last two of page 1.
    const page1 = makeCalls(6, 10).sort(newestFirst);
    const page2 = makeCalls(3, 7).sort(newestFirst);
    const rows = mergeBatches([
      { receivedAt: 1, calls: page1 },
      { receivedAt: 2, calls: page2 },
    ]);
    expect(rows.map((c) => c.id)).toEqual(['10', '9', '8', '7', '6', '5', '4', '3']);
  });

  test('the later answer wins for a call both hold, wherever it sits', () => {
    const rows = mergeBatches([
      { receivedAt: 5, calls: [makeCall(2, { status: 'DNC' })] },
      { receivedAt: 1, calls: [makeCall(2, { status: 'Sales' }), makeCall(1)] },
    ]);
    expect(rows.map((c) => [c.id, c.status])).toEqual([
      ['2', 'DNC'],
      ['1', 'Sales'],
    ]);
  });

  test('calls at the same instant are ordered by id, larger first, without losing precision', () => {
    const at = '2026-03-09T18:00:00.000Z';
    const rows = mergeBatches([{ receivedAt: 1, calls: [makeCall(1, { id: '999999999999999998', callTimestamp: at }), makeCall(2, { id: '999999999999999999', callTimestamp: at }), makeCall(3, { id: '1000', callTimestamp: at })] }]);
    expect(rows.map((c) => c.id)).toEqual(['999999999999999999', '999999999999999998', '1000']);
  });
});

describe('pollNews', () => {
  const shown = new Set(['5', '4', '3']);

  test('counts the calls the log does not show yet', () => {
    const news = pollNews([makeCall(7), makeCall(6), makeCall(5), makeCall(4)], shown, 4);
    expect(news.unseen.map((c) => c.id)).toEqual(['7', '6']);
    expect(news.gap).toBe(false);
  });

  test('a full poll that shares nothing with the log may hide more calls behind it', () => {
    expect(pollNews(makeCalls(10, 13), shown, 4).gap).toBe(true);
    // Not full: that is all there is.
    expect(pollNews(makeCalls(10, 12), shown, 4).gap).toBe(false);
    // An empty log has no hole to leave.
    expect(pollNews(makeCalls(10, 13), new Set(), 4).gap).toBe(false);
  });
});
